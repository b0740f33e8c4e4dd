// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

namespace attn {

// Which tokens' values changed since a result was computed: rows of X (queries; in
// self-attention also keys and values) and rows of the context (cross-attention's keys and
// values). An empty range (first > last) = none.
struct TokenEdit {
    Eigen::Index xFirst = 0, xLast = -1;
    Eigen::Index contextFirst = 0, contextLast = -1;
};

// The result compute(inputs) gives, from `previous` (computed in the row layout from inputs
// that differ from these only in the values of the edited rows), in O(n·(p + d)) per edited
// token instead of O(n²·d): the token's Q, K and V rows; its own query row whole; for every
// other query only the one changed logit, its softmax statistics corrected (rescaled when the
// new logit is the row's new maximum) and its output row corrected by the changed weight and
// value terms. A row whose maximum fell away (its sum drops below ½) is recomputed whole.
//
// Drift: each correction adds rounding error, so every output row carries a worst-case bound
// on what it has accumulated since it was last computed whole (HeadResult::drift; the sum's in
// sumDrift), against exact arithmetic on the logits as the kernels compute them: with the block
// kernels a logit has the same bits in the forward pass, in a refresh and in an update (and an
// edited token's Q, K and V rows the bits compute() gives them), so only the update's own
// operations count; without them also the difference between compute()'s matrix product and
// this dot product. The terms are derived in errorBounds() (IncrementalAttention.cpp). A row
// whose bound exceeds kDriftTolerance times the largest output entry (or whose sum's relative
// bound exceeds kDriftTolerance) is recomputed whole, which resets it, together with the rows
// nearest to it; so after any number of edits the result stays within 1e-12 of compute()
// relative to the output's size (the other half of it is compute()'s own rounding).
// Falls back to compute() when `previous` does not fit the inputs (shapes, options, layout).
//
// `spare`, when given, is a result nobody else holds any more whose matrices the new result may
// take instead of allocating and filling its own: used when it is the result `previous` was
// updated from (previous.update.from), when only the rows that update changed need copying;
// ignored otherwise. When used it is left a husk, to be discarded, not read.
AttentionResult updateTokens(const AttentionInputs &inputs, const AttentionResult &previous,
                             const TokenEdit &edit, AttentionResult *spare = nullptr);
bool canUpdateTokens(const AttentionInputs &inputs, const AttentionResult &previous);

// updateTokens() after rows first … last of X changed (a cell edit of X).
AttentionResult recomputeRows(const AttentionInputs &inputs, const AttentionResult &previous,
                              Eigen::Index first, Eigen::Index last);
inline bool canRecomputeRows(const AttentionInputs &inputs, const AttentionResult &previous) {
    return canUpdateTokens(inputs, previous);
}

// Half the 1e-12 promised: the full recompute has rounding error of its own. The bound is a
// worst case (every rounding in the same direction); the errors measured after 1,000 edits
// are orders of magnitude below it (tests/core/test_incremental.cpp).
inline constexpr double kDriftTolerance = 5e-13;

} // namespace attn
