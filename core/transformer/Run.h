// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace attn {

// One head of one layer on the run's tokens (n of them), as the reference files name them.
struct HeadRun {
    Matrix q, k, v; // n × head_dim: after the biases and RoPE (k and v: the head's kv group's)
    Matrix weights; // n × n: softmax(q·kᵀ/√head_dim), causal for decoders (masked cells 0)
    Matrix output;  // n × head_dim: weights·v
    // Each query's softmax statistics: the largest scaled (and capped) score it sees and the
    // sum of exp(score − that maximum) over its keys, so weights[i][j] = exp(s_ij − max_i) /
    // sum_i. Kept by every run; a compact run keeps them and nothing else of the head.
    Vector rowMax, rowSum;
};

struct LayerRun {
    Matrix x; // n × d: the attention's input (decoders: the normalised residual; BERT: the
              // layer's input)
    std::vector<HeadRun> heads;
    Matrix attnOut; // n × d: the heads' outputs side by side through the output projection
    // n × d: the residual stream between attention and the MLP (TransformerLens's resid_mid):
    // the layer's input plus attnOut (Gemma: plus its post-attention norm); BERT: the
    // attention's LayerNorm of input + attnOut, which the MLP reads.
    Matrix mid;
    Matrix mlpOut; // n × d: the MLP's output with its bias (before Gemma's post-MLP norm)
    Matrix hidden; // n × d: the residual stream after the layer
};

// A whole forward pass of a checkpoint on token ids: every intermediate the views and the
// reference files know, in double. A value, like ResultSnapshot: made once (runModel), then
// shared read-only (RunPtr) and never changed.
struct Interventions;

struct Run {
    std::vector<std::int64_t> ids;
    // A compact run (RunOptions::Keep::Compact) keeps of each layer only `hidden` and its heads'
    // rowMax and rowSum, and the logits of its last position alone (logitsFirst = n − 1):
    // expandLayer and logitsOf recompute the rest exactly, one layer at a time.
    bool compact = false;
    std::int64_t logitsFirst = 0; // the position of the logits' first row
    // The edits the run was made with (for expandLayer); null without any.
    std::shared_ptr<const Interventions> interventions;
    Matrix embedded; // n × d: the residual stream before layer 0 (embeddings, scaled, positions)
    std::vector<LayerRun> layers;
    Matrix final;  // n × d: decoders: the final norm of the last hidden; BERT: the last hidden
    Matrix logits; // n × vocab, every position (a compact run: the last); 0 columns for an
                   // encoder without an LM head
};

using RunPtr = std::shared_ptr<const Run>;

} // namespace attn
