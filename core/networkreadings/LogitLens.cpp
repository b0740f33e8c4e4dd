// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogitLens.h"

#include "transformer/Forward.h"

namespace attn {

LogitLens logitLens(const Checkpoint &checkpoint, const Run &run, int k) {
    LogitLens lens;
    for (const LayerRun &layer : run.layers) {
        const Matrix logits = decoderLogits(checkpoint, layer.hidden);
        std::vector<std::vector<Prediction>> positions;
        for (Eigen::Index i = 0; i < logits.rows(); ++i)
            positions.push_back(topOfLogits(logits.row(i), k));
        lens.top.push_back(std::move(positions));
    }
    return lens;
}

} // namespace attn
