// SPDX-License-Identifier: GPL-3.0-or-later
#include "ValueWeightedNorms.h"

#include "HeadOverview.h"
#include "InputError.h"
#include "Parallel.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/Forward.h"
#include "transformer/TakeApart.h"

#include <algorithm>
#include <optional>

namespace attn {

ValueWeightedHead valueWeightedHead(const Checkpoint &checkpoint, const Run &run, int layer,
                                    int head) {
    headOutputRows(checkpoint, layer, head); // checks layer and head
    if (std::size_t(layer) >= run.layers.size() ||
        std::size_t(head) >= run.layers[std::size_t(layer)].heads.size())
        throw InputError(translate("attn::transformer", "the run is not a run of this model"));
    return valueWeightedHead(checkpoint, run.layers[std::size_t(layer)].heads[std::size_t(head)],
                             layer, head);
}

ValueWeightedHead valueWeightedHead(const Checkpoint &checkpoint, const HeadRun &h, int layer,
                                    int head) {
    const Matrix wo = headOutputRows(checkpoint, layer, head); // checks layer and head
    if (h.v.cols() != wo.rows() || h.weights.rows() != h.v.rows())
        throw InputError(translate("attn::transformer", "the run is not a run of this model"));
    ValueWeightedHead out;
    const Matrix written = h.v * wo; // n × d: what each key's value writes
    out.valueNorms = written.rowwise().norm().transpose();
    out.norms = h.weights.array().rowwise() * out.valueNorms.array();
    return out;
}

std::vector<ValueWeightedHead> layerValueWeightedOverview(const Checkpoint &checkpoint,
                                                          const Run &run, int layer, int cells,
                                                          const std::atomic<bool> *cancel) {
    const ModelConfig &c = checkpoint.config();
    const auto n = Eigen::Index(run.ids.size());
    const std::size_t heads = std::size_t(c.heads);
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    // Every head's q, k and v, none of its weights (a full run's own layer has them all).
    const std::vector<bool> none(heads, false);
    const std::optional<LayerRun> expanded =
        run.compact ? std::optional<LayerRun>(expandLayer(checkpoint, run, layer, none))
                    : std::nullopt;
    const LayerRun &lr = expanded ? *expanded : run.layers.at(std::size_t(layer));
    const Eigen::Index step = queryRowsPerBlock(n); // as the weights' overview
    std::vector<ValueWeightedHead> out(heads);
    parallelFor(Eigen::Index(heads), 1, [&](Eigen::Index firstHead, Eigen::Index lastHead) {
        for (Eigen::Index h = firstHead; h < lastHead && !cancelled(); ++h) {
            const HeadRun &head = lr.heads[std::size_t(h)];
            const Matrix written = head.v * headOutputRows(checkpoint, layer, int(h));
            ValueWeightedHead &o = out[std::size_t(h)];
            o.valueNorms = written.rowwise().norm().transpose();
            // The builder's maxima of the norms; its scores (of weights) are not read.
            HeadOverviewBuilder maxima(n, run.ids, c.decoder(), cells);
            for (Eigen::Index first = 0; first < n && !cancelled(); first += step) {
                const Eigen::Index count = std::min(step, n - first);
                const Matrix w = run.compact ? weightRows(c, head, layer, first, count)
                                             : Matrix(head.weights.middleRows(first, count));
                maxima.addRows(first, w.array().rowwise() * o.valueNorms.array());
            }
            o.norms = maxima.finish().maxima;
        }
    });
    return cancelled() ? std::vector<ValueWeightedHead>() : out;
}

std::vector<std::vector<ValueWeightedHead>> valueWeightedNorms(const Checkpoint &checkpoint,
                                                               const Run &run) {
    std::vector<std::vector<ValueWeightedHead>> out(run.layers.size());
    for (std::size_t l = 0; l < run.layers.size(); ++l)
        for (std::size_t h = 0; h < run.layers[l].heads.size(); ++h)
            out[l].push_back(valueWeightedHead(checkpoint, run, int(l), int(h)));
    return out;
}

} // namespace attn
