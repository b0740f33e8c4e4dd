// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TensorView.h"

#include <vector>

namespace attn {

// A linear map y = x·Wᵀ + b as nn.Linear stores it (W: out × in), or y = x·W + b as GPT-2's
// Conv1D does (W: in × out, inputMajor).
struct LinearWeights {
    TensorView weight, bias; // bias absent when the layer has none
    bool inputMajor = false;

    std::int64_t inputs() const { return inputMajor ? weight.rows() : weight.cols(); }
    std::int64_t outputs() const { return inputMajor ? weight.cols() : weight.rows(); }
};

// LayerNorm (weight and bias) or RMSNorm (weight only).
struct NormWeights {
    TensorView weight, bias;
};

// One transformer layer's tensors, named by role whatever the family calls them.
struct LayerWeights {
    // Decoders: the norm before attention (GPT-2 ln_1, Llama input_layernorm) and before the MLP
    // (ln_2, post_attention_layernorm). BERT (post-LN): the norm after attention
    // (attention.output.LayerNorm) and after the MLP (output.LayerNorm).
    NormWeights attentionNorm, mlpNorm;
    // Gemma's sandwich norms: of the attention's output and of the MLP's, before each is added
    // to the residual stream (there mlpNorm is pre_feedforward_layernorm).
    NormWeights postAttentionNorm, postMlpNorm;
    NormWeights qNorm, kNorm;     // Qwen3, Gemma 3: each head's q and k (length head_dim)
    LinearWeights qkv;            // GPT-2's fused c_attn (d × 3d: q, k, v side by side)
    LinearWeights q, k, v;        // the others' separate projections (Phi-3's: views of qkv_proj)
    LinearWeights o;              // the output projection
    LinearWeights up, gate, down; // gate only in the gated (SiLU) MLP
};

// Every tensor the forward pass reads, bound and shape-checked when the checkpoint is opened.
struct ModelWeights {
    TensorView tokenEmbedding;    // vocab × d
    TensorView positionEmbedding; // GPT-2, BERT: positions × d
    TensorView typeEmbedding;     // BERT: types × d (row 0 is used)
    NormWeights embeddingNorm;    // BERT
    std::vector<LayerWeights> layers;
    NormWeights finalNorm; // GPT-2 ln_f, Llama/Qwen2 norm; absent for BERT
    // The LM head: vocab × d as nn.Linear, the token embeddings when tied.
    LinearWeights lmHead;
    // BERT's masked-LM head: transform dense + activation + LayerNorm, then lmHead (the word
    // embeddings and cls.predictions.bias). Absent in a bare encoder, which has no logits.
    LinearWeights mlmTransform;
    NormWeights mlmNorm;
    bool hasLmHead = false;
};

} // namespace attn
