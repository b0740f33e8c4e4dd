// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "checkpoint/ModelConfig.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <vector>

namespace attn {

class Checkpoint;

// One tensor of a decoder, in double and in memory (training changes it), with the name and
// shape the checkpoint file gives it. A 1-D tensor (a bias, a norm's weight) is one row.
struct Parameter {
    QString name;                    // as Hugging Face names it; empty: the model has none
    std::vector<std::int64_t> shape; // as stored
    Matrix value;

    bool present() const { return !name.isEmpty(); }
};

// nn.Linear (weight out × in, y = x·Wᵀ + b) or GPT-2's Conv1D (in × out, y = x·W + b).
struct LinearParameters {
    Parameter weight, bias;
    bool inputMajor = false;
};

// LayerNorm (weight and bias) or RMSNorm (weight only).
struct NormParameters {
    Parameter weight, bias;
};

// One layer's tensors by role, as ModelWeights names them (LayerWeights).
struct LayerParameters {
    NormParameters attentionNorm, mlpNorm;
    NormParameters postAttentionNorm, postMlpNorm; // Gemma's sandwich norms
    NormParameters qNorm, kNorm;                   // Qwen3's, Gemma 3's per-head norms
    LinearParameters qkv;                          // GPT-2's fused c_attn (d × 3d)
    LinearParameters q, k, v; // the others' (Phi-3's: rows of qkv_proj, named NAME[a:b])
    LinearParameters o;
    LinearParameters up, gate, down; // gate: the SiLU-gated MLP only
};

// Every tensor of a decoder (every family but BERT) in memory: what training reads and changes,
// and, with the same names and shapes, its gradient. The inference forward (runModel) streams
// the weights from the file instead and cannot be trained.
struct DecoderParameters {
    ModelConfig config;
    // A GPT-2 whose MLPs are exactly zero (n_inner small, every MLP weight and bias 0): the MLP
    // adds exactly 0 to the residual stream, so training skips it and never changes it, and
    // any GPT-2 loader runs the written folder.
    bool attentionOnly = false;
    Parameter tokenEmbedding;    // vocab × d
    Parameter positionEmbedding; // GPT-2: positions × d
    std::vector<LayerParameters> layers;
    NormParameters finalNorm;
    LinearParameters lmHead; // absent when tied to the token embeddings

    // Every present tensor once, in the file's order (the embeddings, each layer, the final
    // norm, a separate LM head).
    std::vector<Parameter *> tensors();
    std::vector<const Parameter *> tensors() const;
    // The same names and shapes, every value 0: a gradient to add into.
    DecoderParameters zerosLike() const;
    // The numbers of all tensors.
    std::int64_t count() const;
};

// Every tensor of a decoder checkpoint widened to double. Throws InputError for BERT (an
// encoder has no next-token loss) and for weights the forward pass refuses (NaN, ±∞).
DecoderParameters loadDecoderParameters(const Checkpoint &checkpoint);

// The config of a GPT-2 that `model train` makes: d_model / heads per head, an MLP of 4·d (1
// when attention-only), LayerNorm ε 1e-5, gelu_new, the LM head tied to the token embeddings.
// `tiedHead` false: a separate LM head (lm_head.weight, vocab × d), which GPT-2 loaders read
// when config.json says "tie_word_embeddings": false.
ModelConfig trainingConfig(std::int64_t layers, std::int64_t heads, std::int64_t dModel,
                           std::int64_t vocab, std::int64_t positions, bool attentionOnly,
                           bool tiedHead = true);

// A new GPT-2 of `config` as GPT-2's paper and Hugging Face initialise one: every weight
// N(0, 0.02), the two projections into the residual stream (attn.c_proj, mlp.c_proj)
// N(0, 0.02/√(2·layers)) so the stream's variance does not grow with depth, biases 0, the
// LayerNorms' weights 1. The same seed gives the same numbers on any machine (a Box-Muller
// transform of a 64-bit Mersenne Twister, not std::normal_distribution, which varies by
// library). Attention-only: the MLPs 0.
// `deviation` replaces 0.02 (the residual projections' is scaled the same way).
DecoderParameters initialGpt2(const ModelConfig &config, bool attentionOnly, std::uint64_t seed,
                              double deviation = 0.02);

// config.json of a GPT-2 written by `model train` (Hugging Face's GPT2LMHeadModel keys).
QJsonObject gpt2ConfigJson(const ModelConfig &config);

} // namespace attn
