// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>

namespace attn {

// The model families attnviz runs, each as Hugging Face's modeling code defines it.
enum class ModelFamily { Gpt2, Llama, Qwen2, Bert };

// The family's name in config.json's "model_type" and in `model inspect`.
const char *familyName(ModelFamily family);

// The nonlinearity between the MLP's two products.
enum class Activation {
    GeluTanh, // gelu_new, gelu_pytorch_tanh: 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
    GeluErf,  // gelu: 0.5·x·(1 + erf(x/√2))
    Silu,     // silu, swish: x·σ(x), in the gated MLP down(silu(gate(x)) ⊙ up(x))
    Relu,
};

// What config.json says about the model, in one vocabulary for every family (GPT-2's n_embd is
// dModel like Llama's hidden_size). Every size is checked against core/Limits.h and for
// consistency (heads dividing d_model, kv heads dividing heads) when it is parsed.
struct ModelConfig {
    ModelFamily family = ModelFamily::Gpt2;
    std::int64_t layers = 0, heads = 0, kvHeads = 0, dModel = 0, headDim = 0;
    std::int64_t ffn = 0; // the MLP's inner width
    std::int64_t vocab = 0, maxPositions = 0;
    std::int64_t typeVocab = 0; // BERT's token types
    double normEps = 1e-5;      // LayerNorm's or RMSNorm's ε
    double ropeTheta = 10000;   // Llama, Qwen2: the base θ of RoPE's angles
    Activation activation = Activation::GeluTanh;
    bool tiedEmbeddings = true; // the LM head is the token embedding matrix
    bool qkvBias = false;       // Llama's attention_bias, always for Qwen2
    bool outputBias = false;    // Llama's attention_bias also biases o_proj
    bool mlpBias = false;       // Llama's mlp_bias

    bool decoder() const { return family != ModelFamily::Bert; }
};

// Parses config.json's bytes. Throws InputError with a one-line message (without the file's
// name): an unknown model_type, a field missing, of the wrong type or absurd, sizes that do not
// fit together, and features attnviz does not compute (rope_scaling, sliding windows, …), each
// named.
ModelConfig parseModelConfig(const QByteArray &json);

} // namespace attn
