// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LessonScript.h"
#include "networkreadings/CircuitReadings.h"

#include <QString>

#include <cstdint>
#include <functional>

namespace attn {

// The third lesson, "How a circuit forms", on the model training in the "Watch a circuit
// form" panel: the task, the previous-token head of layer 0, the induction head of layer 1,
// its keys reading what layer 0 wrote (K-composition), and the ablation that breaks it. Each
// step states the current numbers, so the text follows the training; before the circuit has
// formed the steps say so and what to wait for. `tokenName` names a token id for the text.
std::vector<LessonStep> circuitLessonSteps(const CircuitReadings &readings,
                                           const std::function<QString(std::int64_t)> &tokenName);

} // namespace attn
