// SPDX-License-Identifier: GPL-3.0-or-later
#include "Forward.h"

#include "Allocator.h"
#include "InputError.h"
#include "Interventions.h"
#include "LayerPass.h"
#include "Limits.h"
#include "Parallel.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"

#include <algorithm>
#include <climits>

namespace attn {

// The layer machinery (LayerPass.h); declarations, not a directive, as the source may share
// a unity batch.
using forwardpass::activate;
using forwardpass::capLogits;
using forwardpass::editResidual;
using forwardpass::embedAt;
using forwardpass::finalNorm;
using forwardpass::layerNorm;
using forwardpass::linear;
using forwardpass::PanelPool;
using forwardpass::panelValues;
using forwardpass::release;
using forwardpass::runLayer;

namespace {

std::int64_t saturatingAdd(std::int64_t a, std::int64_t b) {
    return a > INT64_MAX - b ? INT64_MAX : a + b;
}

} // namespace

std::int64_t keptValues(const Run &run) {
    std::int64_t values = run.embedded.size() + run.final.size() + run.logits.size();
    for (const LayerRun &l : run.layers) {
        for (const Matrix *m : {&l.x, &l.attnOut, &l.mid, &l.mlpOut, &l.hidden})
            values += m->size();
        for (const HeadRun &h : l.heads) {
            for (const Matrix *m : {&h.q, &h.k, &h.v, &h.weights, &h.output})
                values += m->size();
            values += h.rowMax.size() + h.rowSum.size();
        }
    }
    return values;
}

std::int64_t runValues(const ModelConfig &c, std::int64_t n) {
    // Per head q, k, v, output (n × head_dim each) and the n × n weights.
    const std::int64_t perHead =
        saturatingAdd(saturatingProduct(4 * n, c.headDim), saturatingProduct(n, n));
    // Per layer x, attn_out, mid, mlp_out, hidden (n × d each) and the heads.
    const std::int64_t perLayer =
        saturatingAdd(saturatingProduct(5 * n, c.dModel), saturatingProduct(c.heads, perHead));
    // The embeddings and the final norm (n × d each), and the logits.
    return saturatingAdd(
        saturatingAdd(saturatingProduct(c.layers, perLayer), saturatingProduct(2 * n, c.dModel)),
        saturatingProduct(n, c.vocab));
}

std::int64_t compactRunValues(const ModelConfig &c, std::int64_t n) {
    // Per layer hidden (n × d) and each head's two statistics per query; the embeddings and
    // the final norm (n × d each), and one row of logits.
    const std::int64_t perLayer =
        saturatingAdd(saturatingProduct(n, c.dModel), saturatingProduct(2 * n, c.heads));
    return saturatingAdd(
        saturatingAdd(saturatingProduct(c.layers, perLayer), saturatingProduct(2 * n, c.dModel)),
        c.vocab);
}

void checkRunIds(const ModelConfig &c, const std::vector<std::int64_t> &ids, bool compact) {
    const auto n = std::int64_t(ids.size());
    if (n == 0)
        throw InputError(translate("attn::checkpoint", "there are no token ids to run"));
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] < 0 || ids[i] >= c.vocab)
            throw InputError(translate("attn::checkpoint",
                                       "token id %1 (at position %2) is outside the vocabulary "
                                       "0 … %3")
                                 .arg(qs(ids[i]), qs(std::int64_t(i)), qs(c.vocab - 1)));
    if (n > c.maxPositions)
        throw InputError(
            translate("attn::checkpoint", "%1 tokens are more than the model's %2 positions")
                .arg(qs(n), qs(c.maxPositions)));
    checkTokenCount(n, translate("attn::checkpoint", "the text").toStdString());
    if (compact)
        checkCompactRunValues(compactRunValues(c, n), n);
    else
        checkRunValues(runValues(c, n), n);
}

RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids) {
    return runModel(checkpoint, ids, Interventions());
}

RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                const Interventions &interventions) {
    return runModel(checkpoint, ids, interventions, RunOptions());
}

RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                const Interventions &interventions, const RunOptions &options) {
    const ModelConfig &c = checkpoint.config();
    const ModelWeights &w = checkpoint.weights();
    const auto n = Eigen::Index(ids.size());
    bool compact = options.keep == RunOptions::Keep::Compact;
    if (options.keep == RunOptions::Keep::Auto)
        compact = c.decoder() && runValues(c, std::int64_t(n)) > kMaxRunValues;
    if (compact && !c.decoder())
        throw InputError(
            translate("attn::transformer", "%1 is not a decoder: its runs keep every attention map")
                .arg(QString::fromLatin1(familyName(c.family))));
    checkRunIds(c, ids, compact);
    checkInterventions(c, std::int64_t(ids.size()), interventions);
    auto run = std::make_shared<Run>();
    run->ids = ids;
    run->compact = compact;
    if (!interventions.empty())
        run->interventions = std::make_shared<const Interventions>(interventions);

    run->embedded = embedAt(c, w, ids, 0);
    PanelPool pool(panelValues(std::max({c.dModel, c.ffn, c.heads * c.headDim})), threadCount());
    run->layers.reserve(w.layers.size());
    const std::vector<bool> none(std::size_t(c.heads), false);
    const Matrix *h = &run->embedded;
    for (const LayerWeights &layer : w.layers) {
        const int index = int(run->layers.size());
        run->layers.push_back(runLayer(pool, c, layer, *h, interventions, index, 0, nullptr,
                                       compact ? &none : nullptr));
        LayerRun &r = run->layers.back();
        editResidual(r.hidden, interventions, index);
        if (compact) { // the residual stream and the statistics: the rest is recomputed
            r.x = r.attnOut = r.mid = r.mlpOut = Matrix();
            for (HeadRun &head : r.heads)
                head.output = Matrix();
        }
        h = &r.hidden;
        release(layer);
        if (options.cancel && options.cancel->load())
            throw RunCancelled();
        if (options.layerDone)
            options.layerDone(int(run->layers.size()));
    }
    if (compact) {
        run->final = finalNorm(c, w, *h);
        run->logitsFirst = std::int64_t(n) - 1;
        run->logits = linear(pool, run->final.bottomRows(1), w.lmHead);
        capLogits(c, run->logits);
        release(w.lmHead);
        w.tokenEmbedding.release();
        return run;
    }

    if (!c.decoder()) {
        run->final = *h;
        if (w.hasLmHead) {
            Matrix t = linear(pool, run->final, w.mlmTransform);
            activate(t, c.activation);
            run->logits = linear(pool, layerNorm(t, w.mlmNorm, c.normEps), w.lmHead);
        } else {
            run->logits.resize(n, 0);
        }
    } else {
        run->final = finalNorm(c, w, *h);
        run->logits = linear(pool, run->final, w.lmHead);
        capLogits(c, run->logits);
    }
    release(w.lmHead);
    w.tokenEmbedding.release();
    return run;
}

Matrix decoderLogits(const Checkpoint &checkpoint, const Matrix &residual) {
    const ModelConfig &c = checkpoint.config();
    const ModelWeights &w = checkpoint.weights();
    if (!c.decoder())
        throw InputError(translate("attn::transformer",
                                   "BERT has no final norm and LM head after each layer: the "
                                   "logit lens reads decoders"));
    PanelPool pool(panelValues(c.dModel), threadCount());
    Matrix logits = linear(pool, finalNorm(c, w, residual), w.lmHead);
    capLogits(c, logits);
    release(w.lmHead);
    return logits;
}

} // namespace attn
