// SPDX-License-Identifier: GPL-3.0-or-later
// Qwen3 (modeling_qwen3): Llama's layers with q_norm and k_norm, RMSNorms over head_dim of each
// head's q and k after the projection and before RoPE (v is not normalised).
#include "checkpoint/ModelFamilies.h"

#include "Translate.h"

namespace attn {

namespace {

void parseQwen3Config(const ConfigFields &f, ModelConfig &c) {
    readLlamaSizes(f, c);
    c.tiedEmbeddings = f.flag("tie_word_embeddings", false);
    c.qkvBias = c.outputBias = f.flag("attention_bias", false);
    c.features.qkNorm = true;
    if (f.flag("use_sliding_window", false))
        refuseConfig(
            translate("attn::checkpoint", "\"use_sliding_window\": true is not supported"));
}

} // namespace

const ModelFamilySpec &qwen3Family() {
    static const GgufLayout gguf = llamaGgufLayout("qwen3", false);
    static const ModelFamilySpec spec{
        ModelFamily::Qwen3, "qwen3",         "Qwen3", parseQwen3Config,
        llamaPrefix,        bindLlamaLayers, &gguf};
    return spec;
}

} // namespace attn
