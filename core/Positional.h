// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <optional>
#include <string>
#include <utility>

namespace attn {

// How token positions enter the computation (options.positional).
//   Sinusoidal: X' = X + P before the projections (a context gets its own P).
//   Rope: every row of Q and of K is rotated pair by pair by the angle pos·θ^(−2i/d_k), the
//         pairs as RopeStyle says.
enum class Positional { None, Sinusoidal, Rope };

// Which columns RoPE turns together. Interleaved: (2i, 2i+1), the RoFormer paper's. HalfSplit:
// (i, i + d/2), Hugging Face's rotate_half, which Llama, Qwen2 and most checkpoints use. The same
// rotation of other pairs, so a model's numbers need its own convention.
enum class RopeStyle { Interleaved, HalfSplit };

// How RoPE turns: its pairs and its base θ (10000 in RoFormer and Llama 2, 500000 in Llama 3,
// 1000000 in Qwen2).
struct Rope {
    RopeStyle style = RopeStyle::Interleaved;
    double theta = 10000.0;
    bool operator==(const Rope &) const = default;
};

// "interleaved", "half" (the session format's and the CLI's names).
const char *ropeStyleName(RopeStyle style);
std::optional<RopeStyle> ropeStyleFromName(const std::string &name);

// "none", "sinusoidal", "rope" (the session format's and the CLI's names).
const char *positionalName(Positional positional);
std::optional<Positional> positionalFromName(const std::string &name);

// The sinusoidal table, rows × cols: P[pos, 2i] = sin(pos / 10000^(2i/cols)),
// P[pos, 2i+1] = cos(pos / 10000^(2i/cols)), pos = 0…rows−1.
Matrix sinusoidalTable(Eigen::Index rows, Eigen::Index cols);
// Its row `pos` alone (the same numbers): an edit of one token needs only its own.
RowVector sinusoidalRow(Eigen::Index pos, Eigen::Index cols);

// The RoPE angles, rows × cols/2: angle[pos, i] = pos · θ^(−2i/cols). cols must be even.
Matrix ropeAngles(Eigen::Index rows, Eigen::Index cols, double theta = 10000.0);

// Rotates rows first…first+m.rows()−1 (their positions) of a matrix of row vectors in place:
// each pair (a, b) of the style ← (a cos φ − b sin φ, a sin φ + b cos φ), φ = pos·θ^(−2i/d).
// With inverse the rotation goes back by −φ (the transpose, which the gradient needs).
// m.cols() must be even.
void ropeRotateRows(Eigen::Ref<Matrix> m, Eigen::Index first = 0, bool inverse = false,
                    const Rope &rope = {});
// The two columns pair i of a d-column row turns: (2i, 2i+1) or (i, i + d/2).
std::pair<Eigen::Index, Eigen::Index> ropePair(RopeStyle style, Eigen::Index i, Eigen::Index d);

} // namespace attn
