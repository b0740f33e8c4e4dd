// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

#include <vector>

namespace attn {

// Decoding with a KV cache, the way a causal model generates text: tokens arrive one at a time;
// step t projects only token t, appends its key and value rows to the cache (K, V), lets its
// one query row attend to the t + 1 cached keys and appends one output row. Nothing already
// computed is recomputed, so after the last token the outputs equal the full causal result.
// The custom mask, the sliding window, ALiBi, positions (sinusoidal or RoPE) and shared
// key/value groups apply as in the full computation; decoding is causal whatever
// options.causal says.

struct KvCacheStep {
    Eigen::Index token = 0; // t
    RowVector q, k, v;      // token t's query, key and value
    RowVector logits;       // q·kⱼ × factor (+ bias), j = 0..t; masked −∞
    RowVector weights;      // their softmax (all 0 when every key is masked)
    RowVector output;       // weights·V of the cache
    // Multiply-adds of this step (q, k, v of one token, t + 1 scores, the weighted sum) and of
    // recomputing the whole causal attention for t + 1 tokens from scratch.
    long long stepCost = 0, fullCost = 0;
};

struct KvCacheState {
    Eigen::Index head = 0;
    Matrix K, V;    // the cache after the steps so far: one row per token
    Matrix outputs; // one output row per token so far
    std::vector<KvCacheStep> steps;
    long long totalStepCost() const;
    long long totalFullCost() const; // recomputing from scratch at every step
};

// The state after the first `tokens` tokens of head `head` (0 ≤ tokens ≤ n). Throws InputError
// for cross-attention (the cache is the context, it does not grow), a head or count out of
// range, or inputs that cannot be computed on.
KvCacheState kvCacheDecode(const AttentionInputs &inputs, Eigen::Index head, Eigen::Index tokens);

// The inputs of the full computation decoding reproduces: the same with causal on.
AttentionInputs causalInputs(AttentionInputs inputs);

} // namespace attn
