// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

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

// How a checkpoint rewrites RoPE's frequencies for longer inputs (Hugging Face's rope_scaling).
//   Linear: every inverse frequency divided by the factor.
//   Llama3: Llama 3.1's: long wavelengths (beyond originalPositions/lowFreqFactor) slowed by
//           the factor, short ones (below originalPositions/highFreqFactor) kept, those between
//           blended by where their wavelength falls.
enum class RopeScaling { None, Linear, Llama3 };

// How RoPE turns: its pairs, its base θ (10000 in RoFormer and Llama 2, 500000 in Llama 3,
// 1000000 in Qwen2), how many of a head's dimensions turn, the frequencies' scaling, and
// factors per pair (llama.cpp's rope_freqs).
struct Rope {
    RopeStyle style = RopeStyle::Interleaved;
    double theta = 10000.0;
    // The first rotaryDims dimensions of each row turn (Phi-3's and GPT-NeoX's partial RoPE);
    // the rest pass through unchanged. 0 = all of them.
    int rotaryDims = 0;
    RopeScaling scaling = RopeScaling::None;
    double factor = 8.0; // Linear and Llama3
    double lowFreqFactor = 1.0, highFreqFactor = 4.0, originalPositions = 8192.0; // Llama3
    // One factor per turned pair, each inverse frequency divided by its own after the scaling:
    // how llama.cpp's GGUF files store Llama 3's scaled RoPE (the tensor rope_freqs). Empty: none.
    // validate() (AttentionInputs.h) requires finite factors above 0, one per pair.
    std::vector<double> frequencyFactors;
    bool operator==(const Rope &) const = default;
};

// "none", "linear", "llama3" (the session format's and the CLI's names).
const char *ropeScalingName(RopeScaling scaling);
std::optional<RopeScaling> ropeScalingFromName(const std::string &name);

// The dimensions of a d-wide row that RoPE turns: rotaryDims, or d when it is 0.
Eigen::Index ropeDims(const Rope &rope, Eigen::Index d);
// RoPE's inverse frequencies for rows of width d: 1/θ^(2i/r) for the r/2 pairs of the r =
// ropeDims turned dimensions, then the scaling, as Hugging Face's modeling_rope_utils computes
// them in double, then pair i's frequency factor (when there is one per pair) divides f_i.
// Pair i turns by the angle pos·frequency[i].
std::vector<double> ropeInverseFrequencies(const Rope &rope, Eigen::Index d);

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
// each pair (a, b) of the style among the first ropeDims columns ← (a cos φ − b sin φ,
// a sin φ + b cos φ), φ = pos·frequency_i (ropeInverseFrequencies). With inverse the rotation
// goes back by −φ (the transpose, which the gradient needs). ropeDims must be even.
void ropeRotateRows(Eigen::Ref<Matrix> m, Eigen::Index first = 0, bool inverse = false,
                    const Rope &rope = {});
// The two columns pair i of the d turned columns turns: (2i, 2i+1) or (i, i + d/2).
std::pair<Eigen::Index, Eigen::Index> ropePair(RopeStyle style, Eigen::Index i, Eigen::Index d);

} // namespace attn
