// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Interventions.h"
#include "Predictions.h"

#include <QByteArray>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace attn {

class Checkpoint;

struct GenerationOptions {
    std::int64_t tokens = 1; // how many to write
    // 0: greedy (the most probable token, the smaller id on a tie, as torch.argmax); above 0:
    // sampled from softmax(logits / temperature) with a generator seeded by `seed`, so the same
    // seed writes the same text.
    double temperature = 0;
    std::uint64_t seed = 0;
    int top = 5; // the alternatives each step reports
};

struct GeneratedToken {
    std::int64_t id = 0;
    double probability = 0;      // of the chosen token, under the model's softmax (T = 1)
    std::vector<Prediction> top; // the model's most probable tokens at that step
};

struct Generation {
    std::vector<std::int64_t> prompt;
    std::vector<GeneratedToken> tokens;
    std::vector<std::string> interventions; // Intervention::describe() of those in force
    bool cancelled = false;                 // stopped by the progress callback
};

// Continues `prompt` by `options.tokens` tokens with a KV cache (ContinuedRun): the prompt runs
// once, then each new token costs one position. Every token is written (an end-of-text token is
// a token like any other). `progress`, when given, is called after each token with how many
// are done and may return false to stop there. Throws InputError: an encoder, interventions
// that cannot apply while positions are added, a text longer than the model's positions, a
// temperature that is negative or not finite.
Generation generate(const Checkpoint &checkpoint, const std::vector<std::int64_t> &prompt,
                    const Interventions &interventions, const GenerationOptions &options,
                    const std::function<bool(std::int64_t)> &progress = {});

// {"prompt": ids, "ids": the written ids, "tokens": their strings (when `label` is given),
//  "text": the whole text (when `decode` is given), "steps": [{"id", "token", "probability",
//  "top": [{"id", "token", "probability"}]}], "temperature", "seed", "interventions"}.
QByteArray generationToJson(const Generation &g, const GenerationOptions &options,
                            const std::function<std::string(std::int64_t)> &label,
                            const std::string &text);

} // namespace attn
