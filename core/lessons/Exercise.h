// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Stage.h"
#include "headreadings/Derivation.h"

#include <QString>

#include <cstdint>
#include <vector>

// Exercises for the "predict, then reveal" way attention is taught by hand: one small piece of
// the current numbers (a score, a logit, the softmax of 3–4 logits, one output cell, which key
// wins), its question with the numbers it needs, its answer and the worked solution, which
// quotes the tooltips' derivation (Derivation.h). Pure and seeded: the same inputs and seed give
// the same exercises, so the GUI's exercise, its worksheet and attnviz-cli worksheet agree.
namespace attn {

enum class ExerciseKind { Score, Logit, Softmax, Output, LargestWeight };
inline constexpr int kExerciseKinds = 5;
// A worksheet's exercises: at least one, at most this many (docs/limits.md).
inline constexpr int kMaxExercises = 20;
// Sub-problems stay this small, whatever the size of the document: the terms of one dot
// product, the logits of one softmax, the terms of one output cell.
inline constexpr int kMaxExerciseTerms = 4;

// A block of cells of a stage, in the row layout's indices (rows are queries, K and V rows keys).
struct ExerciseCells {
    Stage stage = Stage::Q;
    int row = 0, col = 0, rows = 1, cols = 1;
    bool operator==(const ExerciseCells &) const = default;
};

struct Exercise {
    ExerciseKind kind = ExerciseKind::Score;
    int head = 0;
    int query = 0;
    int key = 0;           // Score and Logit: the key; LargestWeight: the answer
    int feature = 0;       // Output: the column of V
    std::vector<int> keys; // Softmax, Output, LargestWeight: the keys it is about
    std::vector<int> dims; // Score: the features summed
    bool partial = false;  // a sub-problem of a larger row (the question says so)
    QString title;         // "A score", rich text
    QString question;      // rich text, with every number it needs
    // Score, Logit, Output: one number; Softmax: one weight per key of `keys`; LargestWeight:
    // the key's index.
    std::vector<double> answer;
    QString answerText; // the answer as printed in a key: "a = 0.21, 0.47, 0.32"
    QString solution;   // rich text: the worked solution, with the tooltips' derivation
    std::vector<ExerciseCells> given;  // the inputs it needs: outlined in the heatmaps
    std::vector<ExerciseCells> hidden; // cells that show the answer: covered until revealed
};

QString exerciseKindName(ExerciseKind kind); // "score", "logit", … (for --text and tests)

// One exercise of `kind` on head c.head, chosen by `seed`. The inputs and result of `c` must be
// set and agree (a row-layout result of the inputs); throws InputError otherwise.
Exercise makeExercise(const derivation::Context &c, ExerciseKind kind, std::uint64_t seed);
// `count` exercises (1..kMaxExercises, else InputError), the kinds taking turns in order.
std::vector<Exercise> makeExercises(const derivation::Context &c, int count, std::uint64_t seed);

} // namespace attn
