// SPDX-License-Identifier: GPL-3.0-or-later
#include "AttentionRollout.h"

namespace attn {

Matrix attentionRollout(const Run &run, int layers) {
    const auto n = Eigen::Index(run.ids.size());
    const int count =
        layers < 0 || std::size_t(layers) > run.layers.size() ? int(run.layers.size()) : layers;
    Matrix rollout = Matrix::Identity(n, n);
    for (int l = 0; l < count; ++l) {
        const LayerRun &layer = run.layers[std::size_t(l)];
        if (layer.heads.empty())
            continue;
        Matrix mixing = Matrix::Zero(n, n);
        for (const HeadRun &head : layer.heads)
            mixing += head.weights;
        mixing /= double(layer.heads.size());
        mixing = 0.5 * mixing + 0.5 * Matrix::Identity(n, n);
        mixing.array().colwise() /= mixing.rowwise().sum().array();
        rollout = mixing * rollout;
    }
    return rollout;
}

} // namespace attn
