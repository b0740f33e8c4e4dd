// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ConfigFields.h"
#include "ModelConfig.h"
#include "ModelWeights.h"
#include "TensorBinder.h"

#include <vector>

namespace attn {

// One model family, described once (llama.cpp's src/models/<arch>.cpp is the model): each file
// under checkpoint/families/ defines one, and ModelFamilies.cpp lists them. A family reads its
// config keys into sizes and features, names its tensor prefix, and binds its tensors to their
// roles. Nothing after the checkpoint asks which family a model is: it reads the features.
struct ModelFamilySpec {
    ModelFamily family;
    const char *modelType;   // config.json's "model_type"
    const char *displayName; // "Gemma 2", for the model view
    // Reads the config's fields into c (family already set): sizes and features. Throws
    // InputError, one line, for a field missing or absurd and for a feature not computed.
    void (*parse)(const ConfigFields &f, ModelConfig &c);
    // The prefix of the tensors' names in this checkpoint ("model.", "transformer.", ""): the
    // ones a file saved from the base model lacks.
    QString (*prefix)(const TensorBinder &b);
    // Binds every tensor the forward pass reads, with its shape checked.
    void (*bind)(const TensorBinder &b, const ModelConfig &c, ModelWeights &w);
};

// Every family attnviz opens, in the order `model inspect --help` lists them.
const std::vector<const ModelFamilySpec *> &modelFamilies();
// The family of a model_type, or null.
const ModelFamilySpec *familyOfModelType(const QString &modelType);
const ModelFamilySpec &familySpec(ModelFamily family);

// The families' own descriptions (checkpoint/families/*.cpp).
const ModelFamilySpec &gpt2Family();
const ModelFamilySpec &llamaFamily();
const ModelFamilySpec &mistralFamily();
const ModelFamilySpec &qwen2Family();
const ModelFamilySpec &qwen3Family();
const ModelFamilySpec &gemma2Family();
const ModelFamilySpec &gemma3Family();
const ModelFamilySpec &phi3Family();
const ModelFamilySpec &bertFamily();

// What the Llama-shaped families share: "model." or no prefix, and the layers' tensors of
// Llama's names (input_layernorm, self_attn.{q,k,v,o}_proj, post_attention_layernorm,
// mlp.{gate,up,down}_proj), the final "norm" and a tied or separate "lm_head".
QString llamaPrefix(const TensorBinder &b);
void bindLlamaLayers(const TensorBinder &b, const ModelConfig &c, ModelWeights &w);

// What Gemma 2 and 3 share (families/Gemma2.cpp): Llama's sizes, (1 + w) norms, sandwich norms,
// GeGLU, the query_pre_attn_scalar scale, √d_model embeddings, tied head, and which layers slide
// (layer_types, or all but every `slidingPattern`-th).
void readGemmaLayers(const ConfigFields &f, ModelConfig &c, std::int64_t slidingPattern);

} // namespace attn
