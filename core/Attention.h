// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "AttentionResult.h"

#include <memory>
#include <string>
#include <vector>

namespace attn {

// Validates and computes; throws InputError on inputs it cannot compute on.
AttentionResult compute(const AttentionInputs &inputs, Layout layout = Layout::Rows);

// The same head in the other layout: its stored matrices transposed, the layout flag flipped.
HeadResult transposed(const HeadResult &head);
// The same result in the other layout: every matrix transposed (and the layout flag flipped).
AttentionResult transposed(const AttentionResult &result);

// The head whose Wk and Wv head `head` uses: the first head of its key/value group, or itself.
size_t kvSource(const AttentionInputs &inputs, size_t head);

// X and the source of K and V (the context, or X) as the projections read them: with
// sinusoidal positions X + P (the context with its own P), otherwise unchanged.
Matrix positionedQueries(const AttentionInputs &inputs);
Matrix positionedSource(const AttentionInputs &inputs);

// Each row of m divided by its root mean square and multiplied by the gain (1 × cols; empty =
// 1): x ← x/√(mean(x²) + ε) ⊙ g, the QK norm (options.qkNorm).
void rmsNormRowsInPlace(Eigen::Ref<Matrix> m, const Matrix &gain, double epsilon);

// The combined mask (custom ∪ causal ∪ sliding window) in the row layout, n × m.
Mask effectiveMask(const AttentionInputs &inputs);

// 1/√d_k/temperature (1/√scaleDim when set), or 1/temperature without scaling.
double logitFactor(const AttentionOptions &options, Eigen::Index dk);

// In-place numerically stable softmax of each row (subtract the row maximum, so logits around
// 1e4 give exact, finite weights). −∞ entries get weight exactly 0; a row that is entirely −∞
// becomes all zeros. Returns the indices of such rows. Rows are contiguous in Matrix.
std::vector<Eigen::Index> softmaxRowsInPlace(Matrix &m);
// The same down each column (the column layout). Returns the indices of all-−∞ columns.
std::vector<Eigen::Index> softmaxColumnsInPlace(Matrix &m);

} // namespace attn
