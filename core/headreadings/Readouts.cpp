// SPDX-License-Identifier: GPL-3.0-or-later
#include "Readouts.h"

#include <cmath>

RowReadout rowReadout(const attn::RowVector &weights, const std::vector<bool> &masked) {
    RowReadout r;
    for (int j = 0; j < weights.size(); ++j) {
        if (j < int(masked.size()) && masked[size_t(j)])
            continue;
        ++r.visibleKeys;
        const double w = weights(j);
        r.sum += w;
        if (w > 0)
            r.entropy -= w * std::log(w); // 0·ln 0 = 0: a zero weight adds nothing
        if (r.argmax < 0 || w > r.maxWeight) {
            r.maxWeight = w;
            r.argmax = j;
        }
    }
    for (int j = 0; j < weights.size() && r.argmax >= 0; ++j)
        if (j != r.argmax && !(j < int(masked.size()) && masked[size_t(j)]) &&
            std::abs(weights(j) - r.maxWeight) <= 1e-12)
            r.tie = true;
    if (r.entropy < 0)
        r.entropy = 0; // −0 and rounding below zero for one-hot rows
    return r;
}

std::vector<RowReadout> rowReadouts(const attn::Matrix &weights, const attn::Mask &masked) {
    std::vector<RowReadout> out;
    out.reserve(size_t(weights.rows()));
    const bool hasMask = masked.rows() == weights.rows() && masked.cols() == weights.cols();
    std::vector<bool> rowMask;
    for (int i = 0; i < weights.rows(); ++i) {
        rowMask.assign(hasMask ? size_t(weights.cols()) : 0, false);
        if (hasMask)
            for (int j = 0; j < weights.cols(); ++j)
                rowMask[size_t(j)] = masked(i, j);
        out.push_back(rowReadout(weights.row(i), rowMask));
    }
    return out;
}
