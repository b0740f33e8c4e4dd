// SPDX-License-Identifier: GPL-3.0-or-later
// Gemma 2 (modeling_gemma2): RMSNorms that multiply by (1 + w); embeddings times √d_model in the
// checkpoint's dtype; sandwich norms around attention and the MLP; GeGLU; scores scaled by
// query_pre_attn_scalar^−½ and soft-capped before the mask; the logits soft-capped; a sliding
// window on layers 0, 2, 4, …; the LM head tied.
#include "checkpoint/ModelFamilies.h"

#include "Limits.h"
#include "Translate.h"

#include <QJsonArray>

#include <cmath>
#include <string_view>

namespace attn {

namespace {

// v rounded to a float with `mantissa` stored bits (bfloat16 7, float16 10), to nearest even, as
// torch.tensor(v, dtype=…) does through a float.
double roundToMantissa(double v, int mantissa) {
    const float f = float(v);
    int exponent = 0;
    std::frexp(f, &exponent); // f = m·2^exponent, m in [0.5, 1)
    const double quantum = std::ldexp(1.0, exponent - 1 - mantissa);
    return std::nearbyint(double(f) / quantum) * quantum;
}

void parseGemma2Config(const ConfigFields &f, ModelConfig &c) {
    readGemmaLayers(f, c, 2);
    // Absent: Gemma2Config's defaults; null: no cap.
    c.features.attnSoftcap = f.positiveOrOff("attn_logit_softcapping", 50.0);
    c.features.finalSoftcap = f.positiveOrOff("final_logit_softcapping", 30.0);
}

} // namespace

void readGemmaLayers(const ConfigFields &f, ModelConfig &c, std::int64_t slidingPattern) {
    // Gemma's configs name the MLP's activation hidden_activation (hidden_act is older).
    readLlamaSizes(f, c, f.has("hidden_activation") ? "hidden_activation" : "hidden_act");
    c.tiedEmbeddings = f.flag("tie_word_embeddings", true);
    c.qkvBias = c.outputBias = f.flag("attention_bias", false);
    ModelFeatures &x = c.features;
    x.norm = NormKind::RmsNormPlusOne;
    x.sandwichNorms = true;
    x.queryScalar = f.positive("query_pre_attn_scalar", 256);
    // √d_model as a tensor of the model's dtype (Gemma2Model: normalizer = torch.tensor(…,
    // dtype=hidden_states.dtype)).
    const double root = std::sqrt(double(c.dModel));
    if (c.dtype == "bfloat16")
        x.embeddingScale = roundToMantissa(root, 7);
    else if (c.dtype == "float16")
        x.embeddingScale = roundToMantissa(root, 10);
    else if (c.dtype == "float32" || c.dtype.isEmpty())
        x.embeddingScale = double(float(root));
    else
        x.embeddingScale = root;
    // Which layers slide: layer_types when the config lists them, else every layer but each
    // pattern-th.
    const std::int64_t window = readSlidingWindow(f);
    x.window.assign(std::size_t(c.layers), 0);
    const QJsonValue types = f.json().value("layer_types");
    if (types.isArray()) {
        const QJsonArray a = types.toArray();
        if (a.size() != c.layers)
            refuseConfig(
                translate("attn::checkpoint", "\"layer_types\" names %1 layers, the model has %2")
                    .arg(qs(std::int64_t(a.size())), qs(c.layers)));
        for (std::int64_t i = 0; i < c.layers; ++i) {
            const QString type = a.at(i).toString();
            if (type == "sliding_attention")
                x.window[std::size_t(i)] = window;
            else if (type != "full_attention")
                refuseConfig(translate("attn::checkpoint",
                                       "\"layer_types\" names %1, not sliding_attention or "
                                       "full_attention")
                                 .arg(quotedField(type)));
        }
    } else {
        const std::int64_t pattern =
            f.size("sliding_window_pattern", kMaxModelLayers, slidingPattern);
        for (std::int64_t i = 0; i < c.layers; ++i)
            if ((i + 1) % pattern != 0)
                x.window[std::size_t(i)] = window;
    }
    if (window == 0)
        x.window.assign(std::size_t(c.layers), 0);
}

GgufLayout gemmaGgufLayout(const char *architecture, void (*configure)(QJsonObject &config)) {
    GgufLayout l = llamaGgufLayout(architecture, false);
    l.keys.push_back({"final_logit_softcapping", "final_logit_softcapping", false});
    l.keys.push_back({"attention.sliding_window", "sliding_window", false});
    // gguf-py's tensor_mapping: ffn_norm is the norm before the MLP, the sublayers' outputs have
    // norms of their own.
    for (GgufLayout::Name &n : l.layer)
        if (n.gguf == std::string_view("ffn_norm"))
            n.hf = "pre_feedforward_layernorm";
    l.layer.push_back({"post_attention_norm", "post_attention_layernorm"});
    l.layer.push_back({"post_ffw_norm", "post_feedforward_layernorm"});
    l.configure = configure;
    l.normsStoredPlusOne = true;
    return l;
}

void completeGemmaGgufConfig(QJsonObject &config, std::int64_t largeLayers) {
    // llama.cpp's Gemma graphs use ggml_gelu, the tanh form (LLM_FFN_GELU).
    config["hidden_activation"] = QStringLiteral("gelu_pytorch_tanh");
    // f_attention_scale: 1/√(n_embd / n_head) for the 27B model, else 1/√n_embd_head_k.
    const double width = config["hidden_size"].toDouble(),
                 heads = config["num_attention_heads"].toDouble();
    const double layers = config["num_hidden_layers"].toDouble();
    if (layers == double(largeLayers) && heads >= 1)
        config["query_pre_attn_scalar"] = std::floor(width / heads);
    else if (config.contains("head_dim"))
        config["query_pre_attn_scalar"] = config["head_dim"];
    else if (heads >= 1)
        config["query_pre_attn_scalar"] = std::floor(width / heads);
}

namespace {

void configureGemma2Gguf(QJsonObject &config) {
    completeGemmaGgufConfig(config, 46);
    // llama.cpp's gemma2 always soft-caps the scores and slides every other layer, with
    // 4096 (Gemma 2's window) when the file gives none; the caps default to 50 and 30 as in
    // Gemma2Config.
    if (!config.contains("sliding_window"))
        config["sliding_window"] = 4096;
}

} // namespace

const ModelFamilySpec &gemma2Family() {
    static const GgufLayout gguf = [] {
        GgufLayout l = gemmaGgufLayout("gemma2", configureGemma2Gguf);
        l.keys.push_back({"attn_logit_softcapping", "attn_logit_softcapping", false});
        return l;
    }();
    static const ModelFamilySpec spec{
        ModelFamily::Gemma2, "gemma2",        "Gemma 2", parseGemma2Config,
        llamaPrefix,         bindLlamaLayers, &gguf};
    return spec;
}

} // namespace attn
