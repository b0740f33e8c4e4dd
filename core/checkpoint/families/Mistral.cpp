// SPDX-License-Identifier: GPL-3.0-or-later
// Mistral (modeling_mistral): Llama's layers, where every layer attends through a sliding window
// of `sliding_window` keys (null: every earlier key, as Mistral 7B v0.2 and later).
#include "checkpoint/ModelFamilies.h"

namespace attn {

namespace {

void parseMistralConfig(const ConfigFields &f, ModelConfig &c) {
    readLlamaSizes(f, c);
    c.tiedEmbeddings = f.flag("tie_word_embeddings", false);
    c.features.window.assign(std::size_t(c.layers), readSlidingWindow(f));
}

} // namespace

const ModelFamilySpec &mistralFamily() {
    static const ModelFamilySpec spec{ModelFamily::Mistral, "mistral",   "Mistral",
                                      parseMistralConfig,   llamaPrefix, bindLlamaLayers};
    return spec;
}

} // namespace attn
