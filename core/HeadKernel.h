// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionResult.h"
#include "Blas.h"

#include <vector>

// The inner loops shared by the forward pass, the derived stages of HeadResult and the
// incremental update, so that all three compute a logit and a weight the same way.
namespace attn::kernel {

// Soft-capping in place: every value s ← cap·tanh(s/cap); nothing when cap is 0.
void capRows(MatrixRef scaled, double cap);

// The logits of queries first … first + count − 1 against every key, row layout: Q is n × d,
// K is m × d. out is count × m.
void logitRows(const Matrix &Q, const Matrix &K, const HeadResult &head, Eigen::Index first,
               MatrixRef out);
// Scores only (no factor, bias or mask).
void scoreRows(const Matrix &Q, const Matrix &K, Eigen::Index first, MatrixRef out);
// Turns each row of logits into exp(logit − shift) with the row's own maximum as the shift,
// and stores the shift and the sum (an all-masked row: shift −∞, sum 0, all zeros).
void expRows(MatrixRef logits, double *shift, double *sum);
// Turns each row of logits into weights with the given shifts and sums.
void weightRows(MatrixRef logits, const double *shift, const double *sum);

// From Q, K and V on (all in the row layout, and the head's factor, slope and mask set):
// shift, expSum and output, the queries split over threads.
void attend(HeadResult &head);
// The same for the given query rows only (an incremental update: the edited tokens' rows and
// the rows it refreshes), in blocks split over threads.
void attendQueries(HeadResult &head, const std::vector<Eigen::Index> &queries);

// concat, the final output and the warnings, once every head is done.
void finishResult(const AttentionInputs &inputs, AttentionResult &result);

// exp(x), 0 below the floor where the vectorized exponential would not give 0.
double expOrZero(double x);

} // namespace attn::kernel
