// SPDX-License-Identifier: GPL-3.0-or-later
#include "ValueWeightedNorms.h"

#include "InputError.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/TakeApart.h"

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

std::vector<std::vector<ValueWeightedHead>> valueWeightedNorms(const Checkpoint &checkpoint,
                                                               const Run &run) {
    std::vector<std::vector<ValueWeightedHead>> out(run.layers.size());
    for (std::size_t l = 0; l < run.layers.size(); ++l)
        for (std::size_t h = 0; h < run.layers[l].heads.size(); ++h)
            out[l].push_back(valueWeightedHead(checkpoint, run, int(l), int(h)));
    return out;
}

} // namespace attn
