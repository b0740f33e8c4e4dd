// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "Initializer.h"
#include "Limits.h"

#include <random>
#include <utility>
#include <vector>

namespace attn::ui {

enum class Dimension {
    Tokens,           // n: rows of X
    Embedding,        // p: columns of X, rows of Wq (and of Wk, Wv in self-attention)
    KeyDim,           // d_k of every head
    ValueDim,         // d_v of every head
    Heads,            // H
    ContextLength,    // m: the number of keys (= n in self-attention; editable with a context)
    OutputDim,        // p_out: columns of Wo (only when Wo exists)
    ContextEmbedding, // p_c: columns of the context, rows of Wk and Wv (only with a context)
};

// The current value of a dimension (d_k, d_v: of head 0; p_out: 0 without Wo).
int dimensionOf(const attn::AttentionInputs &in, Dimension dim);

// The inputs with one dimension changed. Numbers that still fit keep their place; new cells,
// tokens ("t4", "c2") and heads come from the initializer. Going to several heads creates Wo
// ((H·d_v) × p, so the output is back in the embedding space), going back to one head drops it.
// The mask follows the number of queries and keys. Does not check limits or validate.
attn::AttentionInputs withDimension(const attn::AttentionInputs &in, Dimension dim, int value,
                                    Initializer init, std::mt19937 &rng);

// The shape withDimension() would give, computed without building it (to check the limits
// before allocating).
attn::InputShape shapeWithDimension(const attn::AttentionInputs &in, Dimension dim, int value);
// The same after several changes in order (a Resize and import may change rows and columns).
attn::InputShape shapeWithDimensions(const attn::AttentionInputs &in,
                                     const std::vector<std::pair<Dimension, int>> &changes);

// Cross-attention on: the context is a copy of X with X's tokens, so the result does not move
// until the context is edited. Off: the context is dropped and Wk, Wv get p rows again.
attn::AttentionInputs withCrossAttention(const attn::AttentionInputs &in, bool on, Initializer init,
                                         std::mt19937 &rng);

// The mask resized to queries × keys, keeping the overlap (an empty mask stays empty).
void fitMask(attn::AttentionInputs &in);

} // namespace attn::ui
