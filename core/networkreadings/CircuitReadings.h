// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <limits>

namespace attn {

// What the induction task's model does now, read on held-out sequences of random tokens
// repeated once (DecoderTraining::circuitReadings): the heads that form the circuit, their
// scores, one example of the circuit at work, and what zeroing the previous-token head does.
// The third lesson (lessons/CircuitLesson) tells them.
// Every number is NaN (and every head −1) when it cannot be read yet.
struct CircuitReadings {
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    std::int64_t step = 0;
    std::int64_t tokens = 0; // the task's random tokens (ln tokens: the loss of a guess)
    double loss = kNaN;      // mean −log p over the repeat (second half)
    int previousLayer = -1, previousHead = -1; // layer 0's best previous-token head
    double previousScore = kNaN;
    int inductionLayer = -1, inductionHead = -1; // the best induction head of a later layer
    double inductionScore = kNaN;
    // One query of the first held-out sequence in its repeat: its position and token, the
    // position after the earlier occurrence and that token (what comes next), the induction
    // head's weight there, and the previous-token head's weight, at that key, on the token
    // before it (the earlier occurrence of the query's token).
    int exampleQuery = -1, exampleKey = -1;
    std::int64_t queryToken = -1, nextToken = -1;
    double exampleInductionWeight = kNaN, examplePreviousWeight = kNaN;
    // With the previous-token head's output set to 0 (Intervention::zero): the induction
    // head's score and the loss over the repeat. And, as a control, with the layer-0 head of
    // the lowest previous-token score zeroed instead.
    double ablatedInduction = kNaN, ablatedLoss = kNaN;
    int controlHead = -1;
    double controlInduction = kNaN, controlLoss = kNaN;
};

} // namespace attn
