// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunDifference.h"

#include "HeadOverview.h"
#include "InputError.h"
#include "Parallel.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/Forward.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

namespace {

bool comparable(const Run &a, const Run &b) {
    if (a.ids.size() != b.ids.size() || a.layers.size() != b.layers.size() ||
        a.logits.cols() != b.logits.cols())
        return false;
    for (std::size_t l = 0; l < a.layers.size(); ++l)
        if (a.layers[l].heads.size() != b.layers[l].heads.size() ||
            a.layers[l].hidden.cols() != b.layers[l].hidden.cols())
            return false;
    return true;
}

void checkComparable(const Run &a, const Run &b) {
    if (!comparable(a, b))
        throw InputError(
            translate("attn::transformer", "the runs are not of one model on as many tokens"));
}

// Per position, ‖y − x‖ / ‖x‖ of two residual streams (‖y − x‖ where x is 0).
RowVector residualChange(const Matrix &x, const Matrix &y) {
    RowVector change(x.rows());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double size = x.row(i).norm();
        const double moved = (y.row(i) - x.row(i)).norm();
        change(i) = size > 0 ? moved / size : moved;
    }
    return change;
}

// The top-k tokens of either row of logits, a's first, each with its probability in both.
std::vector<PredictionChange> predictionChanges(const RowVector &a, const RowVector &b, int k) {
    std::vector<std::int64_t> ids;
    for (const Prediction &p : topOfLogits(a, k))
        ids.push_back(p.id);
    for (const Prediction &p : topOfLogits(b, k))
        if (std::find(ids.begin(), ids.end(), p.id) == ids.end())
            ids.push_back(p.id);
    std::vector<PredictionChange> changes;
    for (std::int64_t id : ids)
        changes.push_back({id, probabilityOf(a, id), probabilityOf(b, id)});
    return changes;
}

bool hasPosition(const Run &run, std::int64_t position) {
    return run.logits.cols() > 0 && position >= run.logitsFirst &&
           position < run.logitsFirst + run.logits.rows();
}

} // namespace

RunDifference runDifference(const Run &a, const Run &b, std::int64_t position, int k) {
    checkComparable(a, b);
    RunDifference d;
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        d.residual.push_back(residualChange(a.layers[l].hidden, b.layers[l].hidden));
        std::vector<double> heads;
        for (std::size_t h = 0; h < a.layers[l].heads.size(); ++h)
            heads.push_back((b.layers[l].heads[h].weights - a.layers[l].heads[h].weights)
                                .cwiseAbs()
                                .maxCoeff());
        d.weights.push_back(heads);
    }
    if (hasPosition(a, position))
        d.predictions = predictionChanges(a.logits.row(Eigen::Index(position - a.logitsFirst)),
                                          b.logits.row(Eigen::Index(position - b.logitsFirst)), k);
    return d;
}

RunDifference runDifference(const Checkpoint &checkpoint, const Run &a, const Run &b,
                            std::int64_t position, int k, const std::atomic<bool> *cancel) {
    if (!a.compact && !b.compact)
        return runDifference(a, b, position, k);
    checkComparable(a, b);
    const ModelConfig &c = checkpoint.config();
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    const auto n = Eigen::Index(a.ids.size());
    const std::vector<bool> none(std::size_t(c.heads), false);
    const Eigen::Index step = queryRowsPerBlock(n);
    RunDifference d;
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        d.residual.push_back(residualChange(a.layers[l].hidden, b.layers[l].hidden));
        // Every head's q and k, none of its weights: those come a block of queries at a time.
        const LayerRun la = expandLayer(checkpoint, a, int(l), none);
        const LayerRun lb = expandLayer(checkpoint, b, int(l), none);
        std::vector<double> heads(la.heads.size(), 0.0);
        parallelFor(Eigen::Index(heads.size()), 1, [&](Eigen::Index first, Eigen::Index last) {
            for (Eigen::Index h = first; h < last && !cancelled(); ++h) {
                const HeadRun &ha = la.heads[std::size_t(h)], &hb = lb.heads[std::size_t(h)];
                double top = 0;
                for (Eigen::Index row = 0; row < n && !cancelled(); row += step) {
                    const Eigen::Index count = std::min(step, n - row);
                    top = std::max(top, (weightRows(c, hb, int(l), row, count) -
                                         weightRows(c, ha, int(l), row, count))
                                            .cwiseAbs()
                                            .maxCoeff());
                }
                heads[std::size_t(h)] = top;
            }
        });
        if (cancelled())
            return {};
        d.weights.push_back(heads);
    }
    if (c.decoder() && position >= 0 && position < std::int64_t(n) && a.logits.cols() > 0)
        d.predictions = predictionChanges(logitsOf(checkpoint, a, position, 1).row(0),
                                          logitsOf(checkpoint, b, position, 1).row(0), k);
    return d;
}

double restoredFraction(const Run &a, const Run &patched, const Run &b, std::int64_t position) {
    checkComparable(a, b);
    checkComparable(a, patched);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (!hasPosition(b, position))
        return nan;
    const std::int64_t target = topPredictions(b, position, 1).front().id;
    const double before = probabilityAt(a, position, target);
    const double wanted = probabilityAt(b, position, target) - before;
    if (wanted == 0)
        return nan;
    return (probabilityAt(patched, position, target) - before) / wanted;
}

} // namespace attn
