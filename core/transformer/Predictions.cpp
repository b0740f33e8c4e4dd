// SPDX-License-Identifier: GPL-3.0-or-later
#include "Predictions.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn {

std::vector<Prediction> topPredictions(const Run &run, std::int64_t position, int k) {
    // A compact run keeps the logits of its last positions only (Run::logitsFirst).
    const std::int64_t row = position - run.logitsFirst;
    if (run.logits.cols() == 0 || row < 0 || row >= run.logits.rows())
        return {};
    return topOfLogits(run.logits.row(Eigen::Index(row)), k);
}

std::vector<Prediction> topOfLogits(const RowVector &row, int k) {
    if (row.size() == 0 || k <= 0)
        return {};
    const double top = row.maxCoeff();
    const double sum = (row.array() - top).exp().sum();
    std::vector<Eigen::Index> order(std::size_t(row.size()));
    std::iota(order.begin(), order.end(), Eigen::Index(0));
    const auto count = std::min<std::size_t>(std::size_t(k), order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(count), order.end(),
                      [&](Eigen::Index a, Eigen::Index b) {
                          return row(a) > row(b) || (row(a) == row(b) && a < b);
                      });
    std::vector<Prediction> out;
    for (std::size_t i = 0; i < count; ++i)
        out.push_back({std::int64_t(order[i]), std::exp(row(order[i]) - top) / sum});
    return out;
}

double probabilityOf(const RowVector &logits, std::int64_t id) {
    const double top = logits.maxCoeff();
    return std::exp(logits(Eigen::Index(id)) - top) / (logits.array() - top).exp().sum();
}

double probabilityAt(const Run &run, std::int64_t position, std::int64_t id) {
    return probabilityOf(run.logits.row(Eigen::Index(position - run.logitsFirst)), id);
}

} // namespace attn
