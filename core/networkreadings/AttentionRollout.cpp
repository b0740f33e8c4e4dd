// SPDX-License-Identifier: GPL-3.0-or-later
#include "AttentionRollout.h"

#include "HeadOverview.h"
#include "Parallel.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/Forward.h"

#include <algorithm>
#include <optional>

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

std::vector<Matrix> rolloutOverview(const Checkpoint &checkpoint, const Run &run, int cells,
                                    const std::atomic<bool> *cancel,
                                    const std::function<void(int)> &progress) {
    const ModelConfig &c = checkpoint.config();
    const auto n = Eigen::Index(run.ids.size());
    const auto heads = std::size_t(c.heads);
    const bool causal = c.decoder();
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    const Eigen::Index step = queryRowsPerBlock(n, Eigen::Index(1) << 20);
    std::vector<Matrix> out;
    Matrix rollout = Matrix::Identity(n, n);
    Matrix mixing(n, n);
    for (int l = 0; l < int(run.layers.size()); ++l) {
        const std::vector<bool> none(heads, false);
        const std::optional<LayerRun> expanded =
            run.compact ? std::optional<LayerRun>(expandLayer(checkpoint, run, l, none))
                        : std::nullopt;
        const LayerRun &layer = expanded ? *expanded : run.layers[std::size_t(l)];
        // The heads' weights summed in head order, as attentionRollout sums them, a block of
        // queries (rows of the mixing) a thread.
        parallelFor(n, step, [&](Eigen::Index first, Eigen::Index last) {
            for (Eigen::Index row = first; row < last && !cancelled(); row += step) {
                const Eigen::Index count = std::min(step, last - row);
                auto rows = mixing.middleRows(row, count);
                rows.setZero();
                for (const HeadRun &head : layer.heads)
                    rows += run.compact ? weightRows(c, head, l, row, count)
                                        : Matrix(head.weights.middleRows(row, count));
            }
        });
        if (cancelled())
            return {};
        mixing /= double(layer.heads.size());
        mixing = 0.5 * mixing + 0.5 * Matrix::Identity(n, n);
        mixing.array().colwise() /= mixing.rowwise().sum().array();
        // Causal mixings are lower triangular, and so are their products: half the work.
        if (causal)
            rollout = mixing.triangularView<Eigen::Lower>() * rollout;
        else
            rollout = mixing * rollout;
        out.push_back(headOverview(rollout, run.ids, causal, cells).maxima);
        if (progress)
            progress(l + 1);
        if (cancelled())
            return {};
    }
    return out;
}

} // namespace attn
