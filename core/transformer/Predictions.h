// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Run.h"

#include <cstdint>
#include <vector>

namespace attn {

struct Prediction {
    std::int64_t id = 0;
    double probability = 0; // softmax of the position's logits
};

// The k most probable tokens at `position` of the run (softmax over its logits), most probable
// first; ties by the smaller id. Empty when the run has no logits there (a compact run keeps
// its last position's only: logitsOf computes the others).
std::vector<Prediction> topPredictions(const Run &run, std::int64_t position, int k);

// The same for one row of logits (the logit lens's rows).
std::vector<Prediction> topOfLogits(const RowVector &logits, int k);

// The softmax probability of `id` in one row of logits.
double probabilityOf(const RowVector &logits, std::int64_t id);
// The same at `position` of the run, which must keep that position's logits (a compact run
// keeps its last ones only, from Run::logitsFirst).
double probabilityAt(const Run &run, std::int64_t position, std::int64_t id);

} // namespace attn
