#pragma once

#include "AttentionInputs.h"

#include <string>
#include <vector>

namespace attn {

// Row layout: tokens are rows, softmax(QKᵀ/√d_k)·V, softmax along each row.
// Column layout (the article's second formula): tokens are columns, V·softmax(KᵀQ/√d_k),
// softmax down each column; every matrix it returns is the transpose of the row layout's.
enum class Layout { Rows, Columns };

struct HeadResult {
    Matrix Q, K, V; // with RoPE, Q and K are the rotated ones
    Matrix scores;  // QKᵀ, unscaled
    Matrix logits;  // scores/√d_k/temperature, masked cells = −∞
    Matrix weights; // softmax of the logits; all-zero for a fully masked query
    Matrix output;  // weights·V
};

struct AttentionResult {
    Layout layout = Layout::Rows;
    std::vector<HeadResult> heads;
    Matrix concat; // the heads' outputs side by side (stacked, in the column layout)
    Matrix output; // concat·Wo, or concat when there is no Wo
    Mask masked;   // n × m (m × n in the column layout): which logits are −∞
    std::vector<std::string> warnings; // e.g. a query row with every key masked
};

// Validates and computes; throws InputError on inputs it cannot compute on.
AttentionResult compute(const AttentionInputs &inputs, Layout layout = Layout::Rows);

// The same result as compute(inputs, Layout::Rows) after only rows first..last of X changed
// since `previous` was computed (a cell edit): the projections and scores of the other tokens
// are reused, so an edit at n = 1024 skips most of the work. Falls back to compute() when
// `previous` does not fit the inputs' shapes. Agrees with compute() up to rounding.
AttentionResult recomputeRows(const AttentionInputs &inputs, const AttentionResult &previous,
                              Eigen::Index first, Eigen::Index last);
bool canRecomputeRows(const AttentionInputs &inputs, const AttentionResult &previous);

// The same result in the other layout: every matrix transposed (and the layout flag flipped).
AttentionResult transposed(const AttentionResult &result);

// The head whose Wk and Wv head `head` uses: the first head of its key/value group, or itself.
size_t kvSource(const AttentionInputs &inputs, size_t head);

// X and the source of K and V (the context, or X) as the projections read them: with
// sinusoidal positions X + P (the context with its own P), otherwise unchanged.
Matrix positionedQueries(const AttentionInputs &inputs);
Matrix positionedSource(const AttentionInputs &inputs);

// The combined mask (custom ∪ causal ∪ sliding window) in the row layout, n × m.
Mask effectiveMask(const AttentionInputs &inputs);

// 1/√d_k/temperature, or 1/temperature without scaling.
double logitFactor(const AttentionOptions &options, Eigen::Index dk);

// In-place numerically stable softmax of each row (subtract the row maximum, so logits around
// 1e4 give exact, finite weights). −∞ entries get weight exactly 0; a row that is entirely −∞
// becomes all zeros. Returns the indices of such rows. Rows are contiguous in Matrix.
std::vector<Eigen::Index> softmaxRowsInPlace(Matrix &m);
// The same down each column (the column layout). Returns the indices of all-−∞ columns.
std::vector<Eigen::Index> softmaxColumnsInPlace(Matrix &m);

} // namespace attn
