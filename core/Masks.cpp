// SPDX-License-Identifier: GPL-3.0-or-later
#include "Masks.h"

#include <cmath>

namespace attn {

Mask slidingWindowMask(const AttentionOptions &o, Eigen::Index n, Eigen::Index m) {
    if (o.window <= 0)
        return {};
    Mask mask(n, m);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < m; ++j)
            mask(i, j) = !windowSees(o, i, j);
    return mask;
}

bool windowSees(const AttentionOptions &o, Eigen::Index i, Eigen::Index j) {
    if (o.window <= 0)
        return true;
    const bool inWindow = (j < i && j >= i - o.window) || (j == i && o.windowSelf);
    return inWindow || j < o.globalTokens || i < o.globalTokens;
}

double standardAlibiSlope(std::size_t head, std::size_t heads) {
    return std::exp2(-8.0 * double(head + 1) / double(heads));
}

std::vector<double> alibiSlopes(const AttentionOptions &options, std::size_t heads) {
    if (!options.alibiSlopes.empty())
        return options.alibiSlopes;
    std::vector<double> slopes;
    for (std::size_t h = 0; h < heads; ++h)
        slopes.push_back(standardAlibiSlope(h, heads));
    return slopes;
}

Matrix alibiBias(double slope, Eigen::Index n, Eigen::Index m) {
    Matrix bias(n, m);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < m; ++j)
            bias(i, j) = slope * double(j - i);
    return bias;
}

Matrix headBias(const AttentionInputs &in, std::size_t head) {
    if (!in.options.alibi)
        return {};
    return alibiBias(alibiSlopes(in.options, in.heads.size()).at(head), in.queryCount(),
                     in.keyCount());
}

} // namespace attn
