// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "Run.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

class Checkpoint;
struct ModelConfig;

// The workbench's inputs of one head of a layer of a run (head ≥ 0), or of the whole layer
// (head == −1), so that every stage of the workbench shows the model's own numbers:
//   X        the layer's attention input on the run's tokens (Run's LayerRun::x);
//   Wq/Wk/Wv the head's columns of the projections (in × out, as the workbench multiplies),
//            with their biases (GPT-2, BERT, Qwen2);
//   Wo       the head's rows of the output projection, so the final output is this head's
//            contribution to the layer; the whole projection and its bias for the layer, whose
//            final output is then the layer's attn_out;
//   options  causal for decoders, half-split RoPE with the model's θ for Llama and Qwen2, the
//            heads of a key/value group sharing it (the whole layer).
// `tokens` label X's rows (the run's pieces, one per id). Throws InputError for a layer or head
// out of range, labels of the wrong count, or inputs over attnviz's limits (the whole layer of a
// large model: layerTooLarge says so first).
AttentionInputs takeApart(const Checkpoint &checkpoint, const Run &run,
                          const std::vector<std::string> &tokens, int layer, int head);

// Head `head` of layer `layer` as the workbench multiplies it (x·W): Wq, Wk, Wv (d × head_dim,
// its kv group's keys and values) with their biases, and Wo, its rows of the output projection
// (head_dim × d): the factors of its circuits. Throws InputError for a layer or head out of
// range.
struct HeadProjections {
    HeadWeights qkv;
    Matrix Wo;
};
HeadProjections headProjections(const Checkpoint &checkpoint, int layer, int head);

// Only Wo of those (head_dim × d): what the head writes into the residual stream per unit of
// its output.
Matrix headOutputRows(const Checkpoint &checkpoint, int layer, int head);

// Empty when the whole layer of a `tokens`-token run fits the workbench's limits; otherwise one
// line saying why ("32 heads: at most 16 …").
std::string layerTooLarge(const ModelConfig &config, std::int64_t tokens);

} // namespace attn
