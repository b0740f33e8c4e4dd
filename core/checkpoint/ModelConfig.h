// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Positional.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace attn {

// The model families attnviz runs, each as Hugging Face's modeling code defines it. Each is
// described once, in its own file under checkpoint/families/ (ModelFamilies.h): the config keys
// it reads, its tensor names and the features it turns on. Everything after the checkpoint reads
// the features, never the family.
enum class ModelFamily { Gpt2, Llama, Qwen2, Bert, Mistral, Qwen3, Gemma2, Gemma3, Phi3 };

// The family's name in config.json's "model_type" and in `model inspect`.
const char *familyName(ModelFamily family);

// The nonlinearity between the MLP's two products.
enum class Activation {
    GeluTanh, // gelu_new, gelu_pytorch_tanh: 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
    GeluErf,  // gelu: 0.5·x·(1 + erf(x/√2))
    Silu,     // silu, swish: x·σ(x), in the gated MLP down(silu(gate(x)) ⊙ up(x))
    Relu,
};

// How a norm scales: LayerNorm (centred, weight and bias), RMSNorm (x/rms·w), or Gemma's RMSNorm
// whose stored weight sits around 0 and multiplies as (1 + w).
enum class NormKind { LayerNorm, RmsNorm, RmsNormPlusOne };

// RoPE's frequencies: θ^(−2i/r) for the pairs (i, i + r/2) of the first r = rotaryDims
// dimensions of each head (Hugging Face's rotate_half), rewritten by a scaling.
struct RopeFeatures {
    double theta = 10000;
    double localTheta = 0;       // Gemma 3's sliding layers turn with this base (0: theta)
    std::int64_t rotaryDims = 0; // the dimensions turned; the rest pass through (Phi-4-mini)
    // Llama 3's "llama3" scaling of the inverse frequencies by their wavelength (factor 0: none).
    double llama3Factor = 0, lowFreqFactor = 1, highFreqFactor = 4;
    double originalMaxPositions = 8192;
    double linearFactor = 0; // "linear": every inverse frequency divided by it (0: none)
    // One factor per turned pair, dividing its inverse frequency after the scaling: llama.cpp's
    // rope_freqs, how its GGUF files store Llama 3's scaling (empty: none).
    std::vector<double> frequencyFactors;
};

// What a family's layers compute, beyond their sizes. The forward pass, the gradient, taking a
// head apart and the readings read these.
struct ModelFeatures {
    NormKind norm = NormKind::LayerNorm;
    bool postNorm = false;         // BERT: the norm after each sublayer's residual sum
    bool learnedPositions = false; // GPT-2, BERT: a position embedding added to the tokens
    bool rope = false;
    RopeFeatures ropes;
    bool qkNorm = false;     // Qwen3, Gemma 3: a norm (of `norm`'s kind) of each head's q and k
    double queryScalar = 0;  // q·k is multiplied by its −½ power (Gemma); 0: head_dim
    double attnSoftcap = 0;  // Gemma 2: scores → c·tanh(scores/c) before the mask (0: none)
    double finalSoftcap = 0; // Gemma 2: logits → c·tanh(logits/c) (0: none)
    // Each layer's sliding window: query i sees key j when i − W < j ≤ i (0: every earlier key).
    std::vector<std::int64_t> window;
    bool sandwichNorms = false; // Gemma: a norm of each sublayer's output before the residual sum
    bool gatedMlp = false;      // down(act(gate(x)) ⊙ up(x)): SwiGLU with silu, GeGLU with gelu
    double embeddingScale = 1;  // Gemma: √d_model, rounded to the checkpoint's dtype

    std::int64_t windowOf(std::int64_t layer) const {
        return layer >= 0 && layer < std::int64_t(window.size()) ? window[std::size_t(layer)] : 0;
    }
    bool anyWindow() const;
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
    Activation activation = Activation::GeluTanh;
    bool tiedEmbeddings = true; // the LM head is the token embedding matrix
    bool qkvBias = false;       // Llama's attention_bias, always for Qwen2
    bool outputBias = false;    // Llama's attention_bias also biases o_proj
    bool mlpBias = false;       // Llama's mlp_bias
    QString dtype;              // torch_dtype when the config names one ("bfloat16")
    ModelFeatures features;

    bool decoder() const { return family != ModelFamily::Bert; }
    // What q·k is multiplied by before the softmax.
    double queryScale() const;
};

// How layer `layer` turns q and k, in the workbench's terms (Positional.h): Hugging Face's
// rotate_half pairs, the local base on Gemma 3's sliding layers, the scaling and the frequency
// factors elsewhere.
Rope layerRope(const ModelConfig &config, std::int64_t layer);
// RoPE's inverse frequencies for layer `layer`: θ^(−2i/r) for i < r/2 (r the rotary dimensions),
// with the local base on Gemma 3's sliding layers and the scaling elsewhere, as Hugging Face's
// modeling_rope_utils computes them (in double).
std::vector<double> ropeFrequencies(const ModelConfig &config, std::int64_t layer);

// The features in plain words, for the model view and `model inspect`: "Gemma 2: soft-capped
// attention (50), sliding window of 4096 on layers 0, 2, 4 …".
QString describeFeatures(const ModelConfig &config);

// Parses config.json's bytes. Throws InputError with a one-line message (without the file's
// name): an unknown model_type, a field missing, of the wrong type or absurd, sizes that do not
// fit together, and features attnviz does not compute (another rope_type, …), each named.
ModelConfig parseModelConfig(const QByteArray &json);

} // namespace attn
