// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>

#include "Matrix.h"
#include "transformer/Predictions.h"
#include "transformer/Run.h"

#include <cstdint>
#include <vector>

namespace attn {

class Checkpoint;

// What changed between two runs of one model on as many tokens: a run and the same run with
// interventions (the Δ view of an ablation), or the two sentences of an A/B comparison.
struct PredictionChange {
    std::int64_t id = 0;
    double before = 0, after = 0; // the token's probability in run a and in run b
};

struct RunDifference {
    // [layer]: per position, ‖hidden_b − hidden_a‖ / ‖hidden_a‖, the relative change of the
    // residual stream after the layer (0 where nothing changed).
    std::vector<RowVector> residual;
    // [layer][head]: the largest change of a weight, max |w_b − w_a|, in [0, 1].
    std::vector<std::vector<double>> weights;
    // The top-k tokens of either run at the position asked for, the most probable in a first,
    // then b's that a's top-k lacks: each with its probability before (a) and after (b).
    std::vector<PredictionChange> predictions;
};

// Throws InputError when the runs are not of one model on as many tokens.
RunDifference runDifference(const Run &a, const Run &b, std::int64_t position, int k = 5);

// The same for runs of `checkpoint` that may be compact (long texts; RunOptions): each layer of a
// compact run is recomputed (expandLayer, no head's n × n) and the weights' largest change read a
// block of queries at a time, so memory grows with n, not n²; the predictions come from the
// logits of `position` (logitsOf). Equal to runDifference on full runs within rounding. Returns
// an empty difference (no layers) when `cancel` is set before it is done.
RunDifference runDifference(const Checkpoint &checkpoint, const Run &a, const Run &b,
                            std::int64_t position, int k = 5,
                            const std::atomic<bool> *cancel = nullptr);

// Activation patching's measure: how much of run B's prediction a patch of run A restores, as
// (p_patched − p_a) / (p_b − p_a) for the probability of B's most probable token at `position`:
// 0 nothing, 1 all of it (and beyond either end when the patch overshoots). NaN when that token
// is as probable in A as in B.
double restoredFraction(const Run &a, const Run &patched, const Run &b, std::int64_t position);

} // namespace attn
