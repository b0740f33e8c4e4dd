// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LessonScript.h"

// The second lesson, "Where the weights come from": positions, a loss and the gradient of one
// weight, a step downhill, a few training steps, and the pattern that emerges. Like
// lessonSteps, every number is the current one (inputs and a row-layout result), so the text
// follows the heatmaps as the class edits, steps or trains.
std::vector<LessonStep> learningLessonSteps(const attn::AttentionInputs &inputs,
                                            const attn::AttentionResult &rowResult, int query,
                                            int head);
