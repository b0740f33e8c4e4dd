// SPDX-License-Identifier: GPL-3.0-or-later
#include "ConfigFields.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"

#include <QJsonValue>

#include <cmath>

namespace attn {

void refuseConfig(const QString &message) {
    throw InputError(message);
}

QString quotedField(const QString &text) {
    return "\"" + text + "\"";
}

bool ConfigFields::has(const char *key) const {
    return m_o.contains(QLatin1String(key)) && !m_o.value(QLatin1String(key)).isNull();
}

std::int64_t ConfigFields::size(const char *key, std::int64_t limit, std::int64_t fallback) const {
    if (!has(key)) {
        if (fallback > 0)
            return fallback;
        refuseConfig(
            translate("attn::checkpoint", "the field %1 is missing").arg(quotedField(key)));
    }
    const QJsonValue v = m_o.value(QLatin1String(key));
    const double d = v.toDouble(-1);
    if (!v.isDouble() || !(d >= 1) || d != std::floor(d))
        refuseConfig(translate("attn::checkpoint", "the field %1 is not a whole number ≥ 1")
                         .arg(quotedField(key)));
    // Compared as a double first: 1e300 does not fit an int64.
    if (d > double(limit))
        checkModelSize(d > 9e18 ? std::int64_t(9e18) : std::int64_t(d), limit, key);
    return std::int64_t(d);
}

double ConfigFields::positive(const char *key, double fallback) const {
    if (!has(key))
        return fallback;
    const QJsonValue v = m_o.value(QLatin1String(key));
    const double d = v.toDouble(-1);
    if (!v.isDouble() || !(d > 0) || !std::isfinite(d))
        refuseConfig(translate("attn::checkpoint", "the field %1 is not a positive number")
                         .arg(quotedField(key)));
    return d;
}

double ConfigFields::positiveOrOff(const char *key, double fallback) const {
    if (m_o.contains(QLatin1String(key)) && m_o.value(QLatin1String(key)).isNull())
        return 0;
    return positive(key, fallback);
}

bool ConfigFields::flag(const char *key, bool fallback) const {
    if (!has(key))
        return fallback;
    const QJsonValue v = m_o.value(QLatin1String(key));
    if (!v.isBool())
        refuseConfig(translate("attn::checkpoint", "the field %1 is not true or false")
                         .arg(quotedField(key)));
    return v.toBool();
}

QString ConfigFields::text(const char *key, const QString &fallback) const {
    if (!has(key))
        return fallback;
    const QJsonValue v = m_o.value(QLatin1String(key));
    if (!v.isString())
        refuseConfig(
            translate("attn::checkpoint", "the field %1 is not a text").arg(quotedField(key)));
    return v.toString();
}

QJsonObject ConfigFields::object(const char *key) const {
    if (!has(key))
        return {};
    const QJsonValue v = m_o.value(QLatin1String(key));
    if (!v.isObject())
        refuseConfig(
            translate("attn::checkpoint", "the field %1 is not an object").arg(quotedField(key)));
    return v.toObject();
}

Activation activationNamed(const QString &name, const char *key) {
    if (name == "gelu_new" || name == "gelu_pytorch_tanh" || name == "gelu_fast")
        return Activation::GeluTanh;
    if (name == "gelu")
        return Activation::GeluErf;
    if (name == "silu" || name == "swish")
        return Activation::Silu;
    if (name == "relu")
        return Activation::Relu;
    refuseConfig(translate("attn::checkpoint", "the activation %1 = %2 is not supported")
                     .arg(quotedField(key), quotedField(name)));
}

void readLlamaSizes(const ConfigFields &f, ModelConfig &c, const char *activationKey) {
    c.dModel = f.size("hidden_size", kMaxModelWidth);
    c.heads = f.size("num_attention_heads", kMaxModelHeads);
    c.kvHeads = f.size("num_key_value_heads", kMaxModelHeads, c.heads);
    c.layers = f.size("num_hidden_layers", kMaxModelLayers);
    c.vocab = f.size("vocab_size", kMaxVocabulary);
    c.maxPositions = f.size("max_position_embeddings", kMaxModelPositions, 2048);
    c.ffn = f.size("intermediate_size", kMaxModelWidth);
    c.normEps = f.positive("rms_norm_eps", 1e-6);
    c.activation = activationNamed(f.text(activationKey, "silu"), activationKey);
    if (f.has("head_dim")) {
        c.headDim = f.size("head_dim", kMaxModelHeadDim);
    } else {
        if (c.dModel % c.heads != 0)
            refuseConfig(translate("attn::checkpoint",
                                   "num_attention_heads %1 does not divide hidden_size %2")
                             .arg(qs(c.heads), qs(c.dModel)));
        c.headDim = c.dModel / c.heads;
    }
    if (c.headDim % 2 != 0)
        refuseConfig(translate("attn::checkpoint", "head_dim %1 is odd: RoPE rotates pairs")
                         .arg(qs(c.headDim)));
    if (c.heads % c.kvHeads != 0)
        refuseConfig(translate("attn::checkpoint",
                               "num_key_value_heads %1 does not divide num_attention_heads %2")
                         .arg(qs(c.kvHeads), qs(c.heads)));
    ModelFeatures &x = c.features;
    x.norm = NormKind::RmsNorm;
    x.rope = true;
    x.ropes.theta = f.positive("rope_theta", 10000);
    x.ropes.rotaryDims = c.headDim;
    x.gatedMlp = true;
    readRopeScaling(f, x.ropes);
}

void readRopeScaling(const ConfigFields &f, RopeFeatures &rope) {
    if (!f.has("rope_scaling"))
        return;
    const QJsonValue value = f.json().value("rope_scaling");
    if (!value.isObject())
        refuseConfig(translate("attn::checkpoint", "the field %1 is not an object")
                         .arg(quotedField("rope_scaling")));
    const ConfigFields s(value.toObject());
    const QString type = s.text("rope_type", s.text("type", {}));
    if (type == "default")
        return;
    if (type == "linear") {
        rope.linearFactor = s.positive("factor", 1);
        return;
    }
    if (type != "llama3")
        refuseConfig(translate("attn::checkpoint",
                               "\"rope_scaling\" of type %1 is not supported (llama3 and linear "
                               "are)")
                         .arg(quotedField(type.isEmpty() ? QStringLiteral("?") : type)));
    rope.llama3Factor = s.positive("factor", 8);
    rope.lowFreqFactor = s.positive("low_freq_factor", 1);
    rope.highFreqFactor = s.positive("high_freq_factor", 4);
    rope.originalMaxPositions = s.positive("original_max_position_embeddings", 8192);
    if (!(rope.highFreqFactor > rope.lowFreqFactor))
        refuseConfig(translate("attn::checkpoint",
                               "\"rope_scaling\": high_freq_factor %1 is not above "
                               "low_freq_factor %2")
                         .arg(rope.highFreqFactor)
                         .arg(rope.lowFreqFactor));
}

std::int64_t readSlidingWindow(const ConfigFields &f) {
    return f.has("sliding_window") ? f.size("sliding_window", kMaxModelPositions) : 0;
}

} // namespace attn
