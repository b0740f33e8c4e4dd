// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

#include <vector>

namespace attn {

// One head's part of the backward pass, row layout. The intermediates are kept because the
// window explains one entry of a weight's gradient as the chain of terms that made it.
struct HeadGradient {
    Matrix Wq, Wk,
        Wv; // ∂L/∂Wq, ∂L/∂Wk, ∂L/∂Wv (a key/value group's shared Wk, Wv: the group's sum)
    Matrix output;  // ∂L/∂(this head's output), n × d_v
    Matrix weights; // ∂L/∂A, n × m
    Matrix logits; // ∂L/∂logits: A ⊙ (∂L/∂A − rowsum(A ⊙ ∂L/∂A)), zero where masked
    // ∂L/∂Q, ∂L/∂K of the projections' outputs (with their biases): before the rotation and
    // before the QK norm
    Matrix Q, K;
    Matrix V; // ∂L/∂V
    // ∂L/∂bq, ∂L/∂bk, ∂L/∂bv: the column sums of ∂L/∂Q, ∂L/∂K, ∂L/∂V (a group's: its sum);
    // empty when the head has no such bias.
    Matrix bq, bk, bv;
    // ∂L/∂gq, ∂L/∂gk: the QK norm's gains (a group's gk: its sum); empty without the norm or
    // without gains.
    Matrix gq, gk;
};

// loss = ½·Σ(output − target)² over the final output (after Wo when there is one) and its
// exact gradient with respect to every input matrix, by backpropagation through softmax
// attention (masks, causal, sliding window, ALiBi, shared key/value groups, temperature, scale,
// soft-capping, the QK norm, sinusoidal positions and RoPE, partial or scaled).
struct Gradient {
    double loss = 0;
    Matrix output;  // ∂L/∂output = output − target
    Matrix X;       // ∂L/∂X (the token embeddings; P is a constant)
    Matrix context; // ∂L/∂context; empty (0×0) for self-attention
    std::vector<HeadGradient> heads;
    Matrix Wo; // ∂L/∂Wo; empty (0×0) without Wo
    Matrix bo; // ∂L/∂bo: the column sums of ∂L/∂output; empty without bo
};

// Throws InputError when the inputs cannot be computed on or have no target.
Gradient gradient(const AttentionInputs &inputs);
// The same from a result already computed on these inputs in the row layout.
Gradient gradient(const AttentionInputs &inputs, const AttentionResult &result);
// The same for an arbitrary ∂L/∂output (the loss field is then left 0): the backward pass alone.
Gradient backward(const AttentionInputs &inputs, const AttentionResult &result,
                  const Matrix &outputGradient);

} // namespace attn
