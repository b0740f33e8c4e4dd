// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogitLens.h"

#include "transformer/Forward.h"

#include <algorithm>

namespace attn {

LogitLens logitLens(const Checkpoint &checkpoint, const Run &run, int k) {
    // A block of positions at a time: a layer's n × vocabulary logits at once would be 4 GB
    // for a Llama 3 at 4,096 tokens; each row's norm and products are its own either way.
    constexpr Eigen::Index kBlock = 128;
    LogitLens lens;
    for (const LayerRun &layer : run.layers) {
        std::vector<std::vector<Prediction>> positions;
        const Eigen::Index n = layer.hidden.rows();
        for (Eigen::Index first = 0; first < n; first += kBlock) {
            const Eigen::Index count = std::min(kBlock, n - first);
            const Matrix logits = decoderLogits(checkpoint, layer.hidden.middleRows(first, count));
            for (Eigen::Index i = 0; i < logits.rows(); ++i)
                positions.push_back(topOfLogits(logits.row(i), k));
        }
        lens.top.push_back(std::move(positions));
    }
    return lens;
}

} // namespace attn
