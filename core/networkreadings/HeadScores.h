// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "transformer/Run.h"

#include <cstdint>
#include <vector>

namespace attn {

// What a head's weights (n × n, queries × keys, causal or not) do on a sequence, as the
// interpretability literature names the patterns. Each is a mean weight, so it lies in [0, 1]
// and reads the same for any length; NaN when no position qualifies (one token; no repeated
// token). The definitions of previous-token and first-token are the reference files'
// (reference.json → analysis.scores), which the tests check.
struct HeadScores {
    double previousToken = 0;  // mean over i ≥ 1 of w[i][i−1]
    double firstToken = 0;     // mean over every i of w[i][0] (the "attention sink")
    double induction = 0;      // mean over i whose token occurred before, of w[i][j+1], where j
                               // is the latest earlier occurrence of ids[i] (j + 1 ≤ i)
    double duplicateToken = 0; // over the same i, w[i][j]: the weight on that occurrence itself
};

// `ids` are the run's tokens (size n). Induction and duplicate-token read only positions
// whose token repeats an earlier one, so on sequences of random tokens repeated once they are
// the second half's means, as Olsson et al. (2022) measure induction heads.
HeadScores headScores(const Matrix &weights, const std::vector<std::int64_t> &ids);

// Every head of a run, [layer][head]: the scores of its weights on the run's ids (the
// references' analysis.scores).
std::vector<std::vector<HeadScores>> headScores(const Run &run);

// Random tokens, each sequence repeated once: ids = r₀ … r_{m−1} r₀ … r_{m−1}, drawn uniformly
// from [first, first + count) with a seeded generator, so the same seed gives the same tokens
// everywhere (the induction task, its held-out sequences and the scores' tests).
std::vector<std::int64_t> repeatedRandomTokens(int half, std::int64_t first, std::int64_t count,
                                               std::uint64_t seed);

} // namespace attn
