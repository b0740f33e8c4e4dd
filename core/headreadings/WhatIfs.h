// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

#include <QString>

#include <vector>

// Hypothetical computations for the what-if panel: each runs attn::compute (or the softmax) on
// a modified copy of the inputs and compares with the original, so a property of attention can
// be shown with the user's own numbers without touching the document. Results are in the row
// layout (the properties do not depend on the layout). Functions that compute throw
// attn::InputError when the modified inputs cannot be computed on (e.g. c·Wq overflows).
namespace whatif {

// How peaked a head's weights are: for one query and on average over the queries.
struct Sharpness {
    double rowMax = 0; // the query's largest weight
    int rowArgmax = -1;
    bool rowTie = false;   // another key has the same largest weight
    double rowEntropy = 0; // nats
    double meanMax = 0;    // over the queries that see at least one key
    double meanEntropy = 0;
};
Sharpness sharpness(const attn::Matrix &weights, const attn::Mask &masked, int row);

// (a) The head's weights with the 1/√d_k scaling and without it, every other option kept.
struct ScalingComparison {
    Eigen::Index dk = 0;
    Sharpness scaled, unscaled;
};
ScalingComparison compareScaling(const attn::AttentionInputs &inputs, int head, int row);

// A case where the scaling matters: d_k = 512, n = 8 tokens, p = 16; X ~ N(0, 1) and Wq, Wk ~
// N(0, 1/p), so every entry of q and k has variance about 1 and q·k has variance d_k = 512.
// Without the scaling the logits spread over ±√512 ≈ ±23 and the softmax saturates.
inline constexpr quint32 kScalingDemoSeed = 512;
attn::AttentionInputs scalingDemoInputs(quint32 seed = kScalingDemoSeed);

// (b) The same constant added to every logit of a row: the softmax does not change.
struct ShiftCheck {
    double shift = 0;
    attn::RowVector logits; // the row before the shift (masked = −∞, which stays −∞)
    attn::RowVector before; // the result's weights
    attn::RowVector after;  // softmax(logits + shift)
    double maxDifference = 0;
};
ShiftCheck shiftLogits(const attn::RowVector &logits, const attn::RowVector &weights, double shift);

// (c) Permuting the tokens permutes the output rows: the new row k is the old row π(k). In
// self-attention the keys move with the queries (the mask too); under cross-attention only the
// queries are permuted, and separately the context (keys and values together), which leaves
// the output unchanged. A causal mask is tied to positions, so there equivariance fails, and
// `positional` says so.
struct PermutationCheck {
    std::vector<int> permutation; // new position k holds old token permutation[k]
    attn::Matrix before, after;   // final outputs
    double maxDifference = 0;     // max |after.row(k) − before.row(π(k))|
    bool positional = false;      // a causal mask: not expected to hold
    bool positionEncoded = false; // sinusoidal or RoPE positions: not expected to hold either
    bool hasContext = false;
    std::vector<int> contextPermutation;
    double contextDifference = 0; // max |output after permuting the context − before|
};
std::vector<int> shuffledPermutation(int n, quint32 seed); // never the identity when n > 1
attn::AttentionInputs permuteQueries(const attn::AttentionInputs &inputs,
                                     const std::vector<int> &permutation);
PermutationCheck checkPermutation(const attn::AttentionInputs &inputs, quint32 seed);

// (d) Wq·c and Wk/c for one head: Q and K change, their products do not.
struct QkScalingCheck {
    double c = 1;
    double maxQDifference = 0;      // Q itself changes …
    double maxScoreDifference = 0;  // … but not QKᵀ (up to rounding)
    double maxWeightDifference = 0; // so neither do the weights
    double maxOutputDifference = 0;
};
QkScalingCheck scaleQueryKey(const attn::AttentionInputs &inputs, int head, double c);

} // namespace whatif
