// SPDX-License-Identifier: GPL-3.0-or-later
#include "TakeApart.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"

#include <cmath>

namespace attn {

namespace {

// Output columns [first, first + count) of a linear map as the workbench's in × count matrix
// (x·W): Conv1D stores that layout already, nn.Linear its transpose.
Matrix outputColumns(const LinearWeights &l, std::int64_t first, std::int64_t count) {
    const std::int64_t in = l.inputs();
    if (l.inputMajor) {
        Matrix m(static_cast<Eigen::Index>(in), static_cast<Eigen::Index>(count));
        l.weight.widenBlock(0, in, first, count, m.data());
        return m;
    }
    Matrix t(static_cast<Eigen::Index>(count), static_cast<Eigen::Index>(in));
    l.weight.widenBlock(first, count, 0, in, t.data());
    return t.transpose();
}

// Input rows [first, first + count) of a linear map in the same in × out layout: the part of
// the output projection that one head's output multiplies.
Matrix inputRows(const LinearWeights &l, std::int64_t first, std::int64_t count) {
    const std::int64_t out = l.outputs();
    if (l.inputMajor) {
        Matrix m(static_cast<Eigen::Index>(count), static_cast<Eigen::Index>(out));
        l.weight.widenBlock(first, count, 0, out, m.data());
        return m;
    }
    Matrix t(static_cast<Eigen::Index>(out), static_cast<Eigen::Index>(count));
    l.weight.widenBlock(0, out, first, count, t.data());
    return t.transpose();
}

// The bias of those output columns as a 1 × count matrix; empty when the map has none.
Matrix biasColumns(const LinearWeights &l, std::int64_t first, std::int64_t count) {
    if (!l.bias.present())
        return Matrix();
    return l.bias.widenVector().segment(Eigen::Index(first), Eigen::Index(count));
}

// The QK norm's gain as the workbench multiplies it: the stored weight, or 1 + w for Gemma's
// norms; empty when the layer has no QK norm.
Matrix qkNormGain(const ModelConfig &c, const NormWeights &norm) {
    if (!c.features.qkNorm || !norm.weight.present())
        return Matrix();
    RowVector gain = norm.weight.widenVector();
    if (c.features.norm == NormKind::RmsNormPlusOne)
        gain.array() += 1.0;
    return gain;
}

// Head `head`'s query, key and value projections (its kv group's keys and values).
HeadWeights headWeights(const ModelConfig &c, const LayerWeights &w, std::int64_t head) {
    const std::int64_t d = c.headDim, kv = head / (c.heads / c.kvHeads);
    HeadWeights h;
    if (w.qkv.weight.present()) { // GPT-2's fused c_attn: q, k and v side by side
        const std::int64_t k0 = c.heads * d, v0 = k0 + c.kvHeads * d;
        h.Wq = outputColumns(w.qkv, head * d, d);
        h.Wk = outputColumns(w.qkv, k0 + kv * d, d);
        h.Wv = outputColumns(w.qkv, v0 + kv * d, d);
        h.bq = biasColumns(w.qkv, head * d, d);
        h.bk = biasColumns(w.qkv, k0 + kv * d, d);
        h.bv = biasColumns(w.qkv, v0 + kv * d, d);
    } else {
        h.Wq = outputColumns(w.q, head * d, d);
        h.Wk = outputColumns(w.k, kv * d, d);
        h.Wv = outputColumns(w.v, kv * d, d);
        h.bq = biasColumns(w.q, head * d, d);
        h.bk = biasColumns(w.k, kv * d, d);
        h.bv = biasColumns(w.v, kv * d, d);
    }
    h.gq = qkNormGain(c, w.qNorm);
    h.gk = qkNormGain(c, w.kNorm);
    return h;
}

InputShape layerShape(const ModelConfig &c, std::int64_t tokens, std::int64_t heads) {
    InputShape s;
    s.tokens = tokens;
    s.embedding = c.dModel;
    s.keyDims.assign(std::size_t(heads), c.headDim);
    s.valueDims.assign(std::size_t(heads), c.headDim);
    s.outputDim = c.dModel;
    return s;
}

// Throws InputError naming what of the model's attention the workbench cannot compute, so that
// a head taken apart is never computed differently from the model.
void checkWorkbenchComputes(const ModelConfig &c, int layer) {
    // The workbench's window counts the keys before the query (0 is no window at all).
    if (c.features.windowOf(layer) == 1)
        throw InputError(translate("attn::transformer",
                                   "%1's heads use %2, which the workbench does not compute")
                             .arg(QString::fromLatin1(familyName(c.family)),
                                  translate("attn::transformer", "a sliding window of one key")));
}

// Throws InputError unless head L:H is in the checkpoint.
void checkHead(const Checkpoint &checkpoint, int layer, int head) {
    const ModelConfig &c = checkpoint.config();
    if (layer < 0 || layer >= int(checkpoint.weights().layers.size()))
        throw InputError(translate("attn::transformer", "there is no layer %1: the model has %2")
                             .arg(qs(layer), qs(c.layers)));
    if (head < 0 || head >= c.heads)
        throw InputError(translate("attn::transformer", "there is no head %1: the layer has %2")
                             .arg(qs(head), qs(c.heads)));
}

} // namespace

HeadProjections headProjections(const Checkpoint &checkpoint, int layer, int head) {
    checkHead(checkpoint, layer, head);
    const ModelConfig &c = checkpoint.config();
    const LayerWeights &w = checkpoint.weights().layers[std::size_t(layer)];
    return {headWeights(c, w, head), inputRows(w.o, head * c.headDim, c.headDim)};
}

Matrix headOutputRows(const Checkpoint &checkpoint, int layer, int head) {
    checkHead(checkpoint, layer, head);
    const ModelConfig &c = checkpoint.config();
    return inputRows(checkpoint.weights().layers[std::size_t(layer)].o, head * c.headDim,
                     c.headDim);
}

std::string layerTooLarge(const ModelConfig &config, std::int64_t tokens) {
    try {
        checkLimits(layerShape(config, tokens, config.heads));
    } catch (const InputError &e) {
        return e.what();
    }
    return {};
}

AttentionInputs takeApart(const Checkpoint &checkpoint, const Run &run,
                          const std::vector<std::string> &tokens, int layer, int head) {
    const ModelConfig &c = checkpoint.config();
    if (layer < 0 || std::size_t(layer) >= run.layers.size() ||
        layer >= int(checkpoint.weights().layers.size()))
        throw InputError(translate("attn::transformer", "there is no layer %1: the model has %2")
                             .arg(qs(layer), qs(std::int64_t(run.layers.size()))));
    if (head < -1 || head >= c.heads)
        throw InputError(translate("attn::transformer", "there is no head %1: the layer has %2")
                             .arg(qs(head), qs(c.heads)));
    const LayerRun &lr = run.layers[std::size_t(layer)];
    if (tokens.size() != std::size_t(lr.x.rows()))
        throw InputError(translate("attn::transformer", "%1 token labels for a run of %2 tokens")
                             .arg(qs(std::int64_t(tokens.size())), qs(std::int64_t(lr.x.rows()))));
    // The limits first, from the shape alone: a layer of a large model would otherwise widen
    // hundreds of megabytes before validate() refused it.
    checkLimits(layerShape(c, lr.x.rows(), head < 0 ? c.heads : 1));

    const LayerWeights &w = checkpoint.weights().layers[std::size_t(layer)];
    AttentionInputs in;
    in.tokens = tokens;
    in.X = lr.x;
    checkWorkbenchComputes(c, layer);
    const ModelFeatures &x = c.features;
    in.options.scale = true;
    in.options.scaleDim = x.queryScalar; // Gemma's query_pre_attn_scalar (0: d_k)
    in.options.softcap = x.attnSoftcap;
    in.options.qkNorm = x.qkNorm;
    if (x.qkNorm)
        in.options.qkNormEpsilon = c.normEps;
    in.options.causal = c.decoder();
    // The model's window i − W < j ≤ i: the W − 1 keys before the query and itself.
    if (const std::int64_t window = x.windowOf(layer); window > 0 && c.decoder()) {
        in.options.window = int(window - 1);
        in.options.windowSelf = true;
    }
    if (x.rope) {
        in.options.positional = Positional::Rope;
        in.options.rope = layerRope(c, layer);
    }
    const std::int64_t d = c.headDim, group = c.heads / c.kvHeads;
    if (head >= 0) {
        in.heads.push_back(headWeights(c, w, head));
        in.Wo = inputRows(w.o, head * d, d);
    } else {
        for (std::int64_t h = 0; h < c.heads; ++h) {
            HeadWeights hw = headWeights(c, w, h);
            // Grouped-query attention: the heads reading one key/value head form a group.
            if (group > 1)
                hw.kvGroup = int(h / group);
            in.heads.push_back(std::move(hw));
        }
        in.Wo = inputRows(w.o, 0, c.heads * d);
        in.bo = biasColumns(w.o, 0, c.dModel);
    }
    validate(in);
    return in;
}

} // namespace attn
