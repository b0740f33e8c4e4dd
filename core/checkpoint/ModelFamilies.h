// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ConfigFields.h"
#include "ModelConfig.h"
#include "ModelWeights.h"
#include "TensorBinder.h"

#include <QJsonObject>

#include <vector>

namespace attn {

// How llama.cpp's GGUF files store a family (its src/llama-arch.cpp names): the architecture in
// general.architecture, the {arch}.* keys that give config.json's sizes, and the tensors'
// names beside Hugging Face's. A GGUF file is read by writing its keys as the config.json they
// stand for and naming its tensors as Hugging Face does, so that the family's own parse and
// bind read it; names in messages stay the file's.
struct GgufLayout {
    const char *architecture;
    struct Key {
        const char *gguf;   // after "{arch}.": "embedding_length"
        const char *config; // config.json's key: "hidden_size"
        bool required;
    };
    std::vector<Key> keys;
    struct Name {
        const char *gguf; // "token_embd", or within a layer "attn_q"
        const char *hf;   // "model.embed_tokens", or within a layer "self_attn.q_proj"
    };
    std::vector<Name> globals, layer;
    const char *layerPrefix; // Hugging Face's prefix of layer %1's tensors: "model.layers.%1."
    // llama.cpp's converter interleaves the halves of each head's q and k rows (Llama, not
    // Qwen2): the views read them back in Hugging Face's order (TensorView::interleavedHeadDim).
    bool interleavedQk = false;
    // Binds the tensors when the family's own bind does not fit (GPT-2: GGUF stores its Conv1D
    // weights out × in); null: the family's bind.
    void (*bind)(const TensorBinder &b, const ModelConfig &c, ModelWeights &w) = nullptr;
    // Completes the config written from the keys with what llama.cpp decides without a key
    // (Gemma: the activation, the query scale, a default window); null: nothing to add.
    void (*configure)(QJsonObject &config) = nullptr;
    // The converter stores Gemma's norm weights as 1 + w (Gemma2Model.modify_tensors), so the
    // norms multiply by the stored weight as it is: a plain RMSNorm.
    bool normsStoredPlusOne = false;
};

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
    // How llama.cpp's GGUF files store it; null when attnviz does not read them.
    const GgufLayout *gguf = nullptr;
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

// The GGUF layout of the Llama-shaped families (llama, qwen2, …): {arch}.embedding_length,
// block_count, attention.head_count(_kv), feed_forward_length, context_length, vocab_size,
// attention.layer_norm_rms_epsilon, rope.freq_base, attention.key_length; token_embd,
// blk.N.attn_{norm,q,k,v,output}, ffn_{norm,gate,up,down}, output_norm, output.
GgufLayout llamaGgufLayout(const char *architecture, bool interleavedQk);
// The family whose GGUF architecture is `architecture`, or null.
const ModelFamilySpec *familyOfGgufArchitecture(const QString &architecture);

// What Gemma 2 and 3 share (families/Gemma2.cpp): Llama's sizes, (1 + w) norms, sandwich norms,
// GeGLU, the query_pre_attn_scalar scale, √d_model embeddings, tied head, and which layers slide
// (layer_types, or all but every `slidingPattern`-th).
void readGemmaLayers(const ConfigFields &f, ModelConfig &c, std::int64_t slidingPattern);
// The GGUF layout of gemma2 and gemma3 (families/Gemma2.cpp): Llama's names and keys, the
// sandwich norms (post_attention_norm, ffn_norm before the MLP, post_ffw_norm), the final soft
// cap and the window, norms stored as 1 + w; `configure` completes the config.
GgufLayout gemmaGgufLayout(const char *architecture, void (*configure)(QJsonObject &config));
// What llama.cpp's gemma2 and gemma3 decide without a key (src/llama-model.cpp): the MLP's
// activation is GELU's tanh form, and q·k is scaled by head_dim^−½, except on the 27B model
// (`largeLayers` layers), where it is (d_model / heads)^−½ (Hugging Face's query_pre_attn_scalar
// of every published Gemma 2 and 3 is one of the two).
void completeGemmaGgufConfig(QJsonObject &config, std::int64_t largeLayers);

} // namespace attn
