// SPDX-License-Identifier: GPL-3.0-or-later
// Llama 1, 2 and 3 (modeling_llama): RMSNorm, RoPE (Llama 3.1 and 3.2 with the "llama3"
// frequency scaling), grouped-query attention, the SiLU-gated MLP; attention_bias and mlp_bias.
#include "checkpoint/ModelFamilies.h"

namespace attn {

namespace {

void parseLlamaConfig(const ConfigFields &f, ModelConfig &c) {
    readLlamaSizes(f, c);
    c.tiedEmbeddings = f.flag("tie_word_embeddings", false);
    c.qkvBias = c.outputBias = f.flag("attention_bias", false);
    c.mlpBias = f.flag("mlp_bias", false);
}

} // namespace

const ModelFamilySpec &llamaFamily() {
    static const GgufLayout gguf = llamaGgufLayout("llama", true);
    static const ModelFamilySpec spec{
        ModelFamily::Llama, "llama",         "Llama", parseLlamaConfig,
        llamaPrefix,        bindLlamaLayers, &gguf};
    return spec;
}

} // namespace attn
