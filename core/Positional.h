// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <optional>
#include <string>

namespace attn {

// How token positions enter the computation (options.positional).
//   Sinusoidal: X' = X + P before the projections (a context gets its own P).
//   Rope: every row of Q and of K is rotated pair by pair (2i, 2i+1), the RoFormer paper's
//         interleaved pairs, by the angle pos·10000^(−2i/d_k).
enum class Positional { None, Sinusoidal, Rope };

// "none", "sinusoidal", "rope" (the session format's and the CLI's names).
const char *positionalName(Positional positional);
std::optional<Positional> positionalFromName(const std::string &name);

// The sinusoidal table, rows × cols: P[pos, 2i] = sin(pos / 10000^(2i/cols)),
// P[pos, 2i+1] = cos(pos / 10000^(2i/cols)), pos = 0…rows−1.
Matrix sinusoidalTable(Eigen::Index rows, Eigen::Index cols);
// Its row `pos` alone (the same numbers): an edit of one token needs only its own.
RowVector sinusoidalRow(Eigen::Index pos, Eigen::Index cols);

// The RoPE angles, rows × cols/2: angle[pos, i] = pos · 10000^(−2i/cols). cols must be even.
Matrix ropeAngles(Eigen::Index rows, Eigen::Index cols);

// Rotates rows first…first+m.rows()−1 (their positions) of a matrix of row vectors in place:
// (x_2i, x_2i+1) ← (x_2i cos θ − x_2i+1 sin θ, x_2i sin θ + x_2i+1 cos θ). With inverse the
// rotation goes back by −θ (the transpose, which the gradient needs). m.cols() must be even.
void ropeRotateRows(Eigen::Ref<Matrix> m, Eigen::Index first = 0, bool inverse = false);

} // namespace attn
