// SPDX-License-Identifier: GPL-3.0-or-later
// Qwen2 and Qwen2.5 (modeling_qwen2): Llama's layers with biases on q, k and v (not on o).
#include "checkpoint/ModelFamilies.h"

#include "Translate.h"

namespace attn {

namespace {

void parseQwen2Config(const ConfigFields &f, ModelConfig &c) {
    readLlamaSizes(f, c);
    c.tiedEmbeddings = f.flag("tie_word_embeddings", false);
    c.qkvBias = true;
    // Its sliding window covers only the layers from max_window_layers on, and no published
    // checkpoint turns it on.
    if (f.flag("use_sliding_window", false))
        refuseConfig(
            translate("attn::checkpoint", "\"use_sliding_window\": true is not supported"));
}

} // namespace

const ModelFamilySpec &qwen2Family() {
    static const GgufLayout gguf = llamaGgufLayout("qwen2", false);
    static const ModelFamilySpec spec{
        ModelFamily::Qwen2, "qwen2",         "Qwen2", parseQwen2Config,
        llamaPrefix,        bindLlamaLayers, &gguf};
    return spec;
}

} // namespace attn
