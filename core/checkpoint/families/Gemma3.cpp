// SPDX-License-Identifier: GPL-3.0-or-later
// Gemma 3's text model (modeling_gemma3, model_type "gemma3_text"): Gemma 2's layers with q_norm
// and k_norm (also (1 + w)), no soft-capping by default, and local layers (five in six) whose RoPE
// turns with rope_local_base_freq and no scaling, the global ones with rope_theta and
// rope_scaling.
#include "checkpoint/ModelFamilies.h"

namespace attn {

namespace {

void parseGemma3Config(const ConfigFields &f, ModelConfig &c) {
    readGemmaLayers(f, c, 6);
    ModelFeatures &x = c.features;
    x.qkNorm = true;
    x.attnSoftcap = f.positiveOrOff("attn_logit_softcapping", 0); // Gemma 3 has no caps by default
    x.finalSoftcap = f.positiveOrOff("final_logit_softcapping", 0);
    x.ropes.localTheta = f.positive("rope_local_base_freq", 10000);
}

// llama.cpp's gemma3: without a window (or with 0) no layer slides; with one, five layers in six
// slide (set_swa_pattern(6), whatever the model's own sliding_window_pattern was) and turn with
// the base 10000 unscaled (hard-coded, as Gemma3Config's rope_local_base_freq); the attention is
// never soft-capped, the logits only when final_logit_softcapping is above 0.
void configureGemma3Gguf(QJsonObject &config) {
    completeGemmaGgufConfig(config, 62);
    if (config["sliding_window"].toDouble(0) <= 0)
        config.remove("sliding_window");
    if (config.contains("final_logit_softcapping") &&
        !(config["final_logit_softcapping"].toDouble(0) > 0))
        config["final_logit_softcapping"] = QJsonValue::Null;
}

} // namespace

const ModelFamilySpec &gemma3Family() {
    static const GgufLayout gguf = gemmaGgufLayout("gemma3", configureGemma3Gguf);
    static const ModelFamilySpec spec{
        ModelFamily::Gemma3, "gemma3_text",   "Gemma 3", parseGemma3Config,
        llamaPrefix,         bindLlamaLayers, &gguf};
    return spec;
}

} // namespace attn
