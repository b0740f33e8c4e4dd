// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <cmath>

namespace attn {

// Row-major: a token is a row, so a row of the scores (one query against every key) is
// contiguous and the row-wise softmax runs over contiguous memory, vectorized. Heatmaps also
// read rows in this order. (Eigen's default column-major storage makes the idiomatic rowwise()
// softmax strided and unvectorized: 40-60% of a forward pass at n = 1024.)
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using RowVector = Eigen::RowVectorXd;
// true = the (query, key) cell is switched off.
using Mask = Eigen::Array<bool, Eigen::Dynamic, Eigen::Dynamic>;
// The same, row-major: a query's row of the mask is contiguous (the attention kernel's order).
using RowMask = Eigen::Array<bool, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Inputs larger than this in magnitude are refused: with dimensions below 10^6 every
// intermediate (Q, scores, output) then stays far from double overflow, so a finite input
// always gives a finite answer.
inline constexpr double kMaxAbsInput = 1e15;

// True when no entry is NaN or ±∞. Eigen's allFinite() is not vectorized (3 ms for a 1024×1024
// matrix); x·0 is NaN exactly for NaN and ±∞, so one vectorized sum answers the same question.
template <typename Derived> bool allFiniteFast(const Eigen::DenseBase<Derived> &m) {
    return std::isfinite((m.derived().array() * 0.0).sum());
}

} // namespace attn
