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

} // namespace

const ModelFamilySpec &gemma3Family() {
    static const ModelFamilySpec spec{ModelFamily::Gemma3, "gemma3_text", "Gemma 3",
                                      parseGemma3Config,   llamaPrefix,   bindLlamaLayers};
    return spec;
}

} // namespace attn
