// SPDX-License-Identifier: GPL-3.0-or-later
// A compact run's numbers derived on demand (Forward.h): a layer recomputed from the residual
// stream before it, a head's weights a block of queries at a time, the logits of any position.
#include "Forward.h"

#include "Blas.h"
#include "InputError.h"
#include "Interventions.h"
#include "LayerPass.h"
#include "Parallel.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"

#include <algorithm>

namespace attn {

// The layer machinery (LayerPass.h); declarations, not a directive, as the source may share
// a unity batch.
using forwardpass::Attending;
using forwardpass::attendingOf;
using forwardpass::capLogits;
using forwardpass::editResidual;
using forwardpass::linear;
using forwardpass::PanelPool;
using forwardpass::panelValues;
using forwardpass::release;
using forwardpass::runLayer;

LayerRun expandLayer(const Checkpoint &checkpoint, const Run &run, int layer,
                     const std::vector<bool> &heads) {
    const ModelConfig &c = checkpoint.config();
    const ModelWeights &w = checkpoint.weights();
    if (layer < 0 || layer >= int(run.layers.size()) || run.layers.size() != w.layers.size())
        throw InputError(translate("attn::transformer", "there is no layer %1: the model has %2")
                             .arg(qs(std::int64_t(layer)), qs(c.layers)));
    if (!run.compact && heads.empty())
        return run.layers[std::size_t(layer)];
    const Interventions none;
    const Interventions &edits = run.interventions ? *run.interventions : none;
    const Matrix &input = layer == 0 ? run.embedded : run.layers[std::size_t(layer) - 1].hidden;
    PanelPool pool(panelValues(std::max({c.dModel, c.ffn, c.heads * c.headDim})), threadCount());
    LayerRun r = runLayer(pool, c, w.layers[std::size_t(layer)], input, edits, layer, 0, nullptr,
                          heads.empty() ? nullptr : &heads, true);
    editResidual(r.hidden, edits, layer);
    release(w.layers[std::size_t(layer)]);
    return r;
}

Matrix weightRows(const ModelConfig &config, const HeadRun &head, int layer, Eigen::Index first,
                  Eigen::Index count) {
    const Attending a = attendingOf(config, layer);
    const Eigen::Index keys = head.k.rows();
    if (first < 0 || count < 0 || first + count > head.q.rows() ||
        head.rowMax.size() < first + count || head.rowSum.size() < first + count)
        throw InputError(translate("attn::transformer",
                                   "the head keeps no q, k or statistics for those queries"));
    Matrix w(count, keys);
    gemm(head.q.middleRows(first, count), false, head.k, true, w);
    // As attend() computes them, row by row, so the numbers are the run's own.
    w *= a.scale;
    if (a.softcap > 0)
        w = a.softcap * (w.array() / a.softcap).tanh();
    const Eigen::Index offset = keys - head.q.rows(); // a continued run's cached keys: none here
    for (Eigen::Index r = 0; r < count; ++r) {
        const Eigen::Index i = first + r;
        const Eigen::Index end = a.causal ? offset + i + 1 : keys;
        const Eigen::Index from =
            a.causal && a.window > 0 ? std::max<Eigen::Index>(0, end - a.window) : 0;
        auto row = w.row(r);
        auto seen = row.segment(from, end - from);
        seen = (seen.array() - head.rowMax(i)).exp();
        seen /= head.rowSum(i);
        row.head(from).setZero();
        row.tail(keys - end).setZero();
    }
    return w;
}

Matrix logitsOf(const Checkpoint &checkpoint, const Run &run, std::int64_t first,
                std::int64_t count) {
    const auto n = std::int64_t(run.ids.size());
    first = std::clamp<std::int64_t>(first, 0, n);
    count = std::clamp<std::int64_t>(count, 0, n - first);
    const std::int64_t kept = run.logits.rows();
    if (first >= run.logitsFirst && first + count <= run.logitsFirst + kept)
        return run.logits.middleRows(Eigen::Index(first - run.logitsFirst), Eigen::Index(count));
    const ModelConfig &c = checkpoint.config();
    if (!c.decoder())
        throw InputError(translate("attn::transformer",
                                   "BERT has no final norm and LM head after each layer: the "
                                   "logit lens reads decoders"));
    const ModelWeights &w = checkpoint.weights();
    PanelPool pool(panelValues(c.dModel), threadCount());
    Matrix logits =
        linear(pool, run.final.middleRows(Eigen::Index(first), Eigen::Index(count)), w.lmHead);
    capLogits(c, logits);
    release(w.lmHead);
    return logits;
}

} // namespace attn
