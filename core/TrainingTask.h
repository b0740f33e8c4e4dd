// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"

#include <optional>
#include <random>
#include <string>
#include <vector>

namespace attn {

// The toy tasks one attention layer learns in seconds. Tokens come from a small vocabulary
// (A, B, C, …) embedded one-hot, so a row of Wq is one token's query and a row of Wk its key.
// The target of a query is the input row of the key it should attend to, as the layer sees it
// (with sinusoidal positions: embedding + P): an output can only reach it by putting the weight
// on that key (with Wv near the identity), so lowering the loss teaches the attention pattern.
//   PreviousToken: causal self-attention; query i should attend to key i − 1 (query 0 to
//                  itself, and it is not scored). Needs positions.
//   FirstToken:    causal self-attention; every query should attend to key 0 (query 0 is not
//                  scored). Needs absolute positions: sinusoidal.
//   Match:         cross-attention; the context holds 5 different tokens of the 8 and every
//                  query is one of them: it should attend to the context token equal to its
//                  own. Needs no positions. (With every token in every context, Wv could learn a
//                  permutation and attention the inverse one: zero loss, wrong keys.)
enum class TrainingTask { PreviousToken, FirstToken, Match };

const char *taskName(TrainingTask task); // "previous-token", "first-token", "match"
std::optional<TrainingTask> taskFromName(const std::string &name);
// The positions a task learns best with: rope, sinusoidal, none.
Positional defaultPositional(TrainingTask task);
// One sentence about what the layer learns, for the user guide, the CLI's help and the Train panel.
const char *taskDescription(TrainingTask task);

inline constexpr Eigen::Index kTaskVocabulary = 8; // A … H
inline constexpr Eigen::Index kTaskLength = 8;     // tokens per sequence
inline constexpr Eigen::Index kTaskContext = 5;    // Match: context tokens, all different
// The embedding width: the one-hot columns then zeros. Sinusoidal positions need the room: with
// p = 8 only one pair turns fast enough to tell nearby positions apart, and it comes round
// again (cos 6 ≈ cos 0), so position 6 looks like position 0.
inline constexpr Eigen::Index kTaskWidth = 16;

// One sequence of a task: the inputs (no heads yet: the trainer adds its weights) and, per
// query, the key it should attend to (−1 = not scored).
struct TaskExample {
    AttentionInputs inputs;
    std::vector<Eigen::Index> rightKey;
};

// A random sequence of the task drawn from rng. The draws use mt19937's raw numbers only, so a
// seed gives the same sequences with every standard library.
TaskExample sampleTask(TrainingTask task, Positional positional, std::mt19937 &rng);
// The fixed sequence the window and the saved session show ("a sentence to watch").
TaskExample watchedExample(TrainingTask task, Positional positional);

// The fraction of scored queries whose largest weight (of head 0) is on their right key.
double correctFraction(const std::vector<Eigen::Index> &rightKey, const Matrix &weights);

} // namespace attn
