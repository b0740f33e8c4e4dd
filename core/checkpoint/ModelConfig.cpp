// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelConfig.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>

namespace attn {

namespace {

[[noreturn]] void fail(const QString &message) {
    throw InputError(message);
}

QString quoted(const QString &text) {
    return "\"" + text + "\"";
}

class Fields {
public:
    explicit Fields(const QJsonObject &o) : m_o(o) {}

    bool has(const char *key) const {
        return m_o.contains(QLatin1String(key)) && !m_o.value(QLatin1String(key)).isNull();
    }

    // A whole number ≥ 1 and ≤ limit; absent gives `fallback` when there is one (> 0).
    std::int64_t size(const char *key, std::int64_t limit, std::int64_t fallback = 0) const {
        if (!has(key)) {
            if (fallback > 0)
                return fallback;
            fail(translate("attn::checkpoint", "the field %1 is missing").arg(quoted(key)));
        }
        const QJsonValue v = m_o.value(QLatin1String(key));
        const double d = v.toDouble(-1);
        if (!v.isDouble() || !(d >= 1) || d != std::floor(d))
            fail(translate("attn::checkpoint", "the field %1 is not a whole number ≥ 1")
                     .arg(quoted(key)));
        // Compared as a double first: 1e300 does not fit an int64.
        if (d > double(limit))
            checkModelSize(d > 9e18 ? std::int64_t(9e18) : std::int64_t(d), limit, key);
        return std::int64_t(d);
    }

    // A positive finite number; absent gives `fallback`.
    double positive(const char *key, double fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue v = m_o.value(QLatin1String(key));
        const double d = v.toDouble(-1);
        if (!v.isDouble() || !(d > 0) || !std::isfinite(d))
            fail(translate("attn::checkpoint", "the field %1 is not a positive number")
                     .arg(quoted(key)));
        return d;
    }

    bool flag(const char *key, bool fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (!v.isBool())
            fail(translate("attn::checkpoint", "the field %1 is not true or false")
                     .arg(quoted(key)));
        return v.toBool();
    }

    QString text(const char *key, const QString &fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (!v.isString())
            fail(translate("attn::checkpoint", "the field %1 is not a text").arg(quoted(key)));
        return v.toString();
    }

    const QJsonObject &object() const { return m_o; }

private:
    QJsonObject m_o;
};

Activation activationNamed(const QString &name, const char *key) {
    if (name == "gelu_new" || name == "gelu_pytorch_tanh" || name == "gelu_fast")
        return Activation::GeluTanh;
    if (name == "gelu")
        return Activation::GeluErf;
    if (name == "silu" || name == "swish")
        return Activation::Silu;
    if (name == "relu")
        return Activation::Relu;
    fail(translate("attn::checkpoint", "the activation %1 = %2 is not supported")
             .arg(quoted(key), quoted(name)));
}

void gpt2(const Fields &f, ModelConfig &c) {
    c.dModel = f.size("n_embd", kMaxModelWidth);
    c.heads = f.size("n_head", kMaxModelHeads);
    c.kvHeads = c.heads;
    c.layers = f.size("n_layer", kMaxModelLayers);
    c.vocab = f.size("vocab_size", kMaxVocabulary);
    c.maxPositions = f.size("n_positions", kMaxModelPositions);
    c.ffn = f.size("n_inner", kMaxModelWidth, 4 * c.dModel);
    c.normEps = f.positive("layer_norm_epsilon", 1e-5);
    c.activation =
        activationNamed(f.text("activation_function", "gelu_new"), "activation_function");
    if (!f.flag("scale_attn_weights", true))
        fail(translate("attn::checkpoint",
                       "\"scale_attn_weights\": false is not supported (scores are divided by "
                       "√d_k)"));
    if (f.flag("scale_attn_by_inverse_layer_idx", false))
        fail(translate("attn::checkpoint",
                       "\"scale_attn_by_inverse_layer_idx\": true is not supported"));
    if (c.dModel % c.heads != 0)
        fail(translate("attn::checkpoint", "n_head %1 does not divide n_embd %2")
                 .arg(qs(c.heads), qs(c.dModel)));
    c.headDim = c.dModel / c.heads;
    // GPT-2 ties its LM head to the token embeddings unless the config says otherwise (as
    // Hugging Face's GPT2LMHeadModel does; the induction task's models have their own head).
    c.tiedEmbeddings = f.flag("tie_word_embeddings", true);
    c.qkvBias = c.outputBias = c.mlpBias = true;
}

void llama(const Fields &f, ModelConfig &c) {
    c.dModel = f.size("hidden_size", kMaxModelWidth);
    c.heads = f.size("num_attention_heads", kMaxModelHeads);
    c.kvHeads = f.size("num_key_value_heads", kMaxModelHeads, c.heads);
    c.layers = f.size("num_hidden_layers", kMaxModelLayers);
    c.vocab = f.size("vocab_size", kMaxVocabulary);
    c.maxPositions = f.size("max_position_embeddings", kMaxModelPositions, 2048);
    c.ffn = f.size("intermediate_size", kMaxModelWidth);
    c.normEps = f.positive("rms_norm_eps", 1e-6);
    c.ropeTheta = f.positive("rope_theta", 10000);
    c.activation = activationNamed(f.text("hidden_act", "silu"), "hidden_act");
    if (c.activation != Activation::Silu)
        fail(translate("attn::checkpoint",
                       "the activation \"hidden_act\" = %1 is not supported here (silu is)")
                 .arg(quoted(f.text("hidden_act", "silu"))));
    c.tiedEmbeddings = f.flag("tie_word_embeddings", false);
    if (f.has("rope_scaling")) {
        const QJsonValue scaling = f.object().value("rope_scaling");
        const QJsonObject o = scaling.toObject();
        const QString type = o.value("rope_type").toString(o.value("type").toString());
        fail(translate("attn::checkpoint",
                       "\"rope_scaling\" of type %1 is not supported (only plain RoPE is)")
                 .arg(quoted(type.isEmpty() ? QStringLiteral("?") : type)));
    }
    if (f.has("head_dim")) {
        c.headDim = f.size("head_dim", kMaxModelHeadDim);
    } else {
        if (c.dModel % c.heads != 0)
            fail(translate("attn::checkpoint",
                           "num_attention_heads %1 does not divide hidden_size %2")
                     .arg(qs(c.heads), qs(c.dModel)));
        c.headDim = c.dModel / c.heads;
    }
    if (c.headDim % 2 != 0)
        fail(translate("attn::checkpoint", "head_dim %1 is odd: RoPE rotates pairs")
                 .arg(qs(c.headDim)));
    if (c.heads % c.kvHeads != 0)
        fail(translate("attn::checkpoint",
                       "num_key_value_heads %1 does not divide num_attention_heads %2")
                 .arg(qs(c.kvHeads), qs(c.heads)));
    if (c.family == ModelFamily::Qwen2) {
        c.qkvBias = true;
        if (f.flag("use_sliding_window", false))
            fail(translate("attn::checkpoint", "\"use_sliding_window\": true is not supported"));
    } else {
        c.qkvBias = c.outputBias = f.flag("attention_bias", false);
        c.mlpBias = f.flag("mlp_bias", false);
    }
}

void bert(const Fields &f, ModelConfig &c) {
    c.dModel = f.size("hidden_size", kMaxModelWidth);
    c.heads = f.size("num_attention_heads", kMaxModelHeads);
    c.kvHeads = c.heads;
    c.layers = f.size("num_hidden_layers", kMaxModelLayers);
    c.vocab = f.size("vocab_size", kMaxVocabulary);
    c.maxPositions = f.size("max_position_embeddings", kMaxModelPositions, 512);
    c.ffn = f.size("intermediate_size", kMaxModelWidth);
    c.typeVocab = f.size("type_vocab_size", kMaxVocabulary, 2);
    c.normEps = f.positive("layer_norm_eps", 1e-12);
    c.activation = activationNamed(f.text("hidden_act", "gelu"), "hidden_act");
    const QString position = f.text("position_embedding_type", "absolute");
    if (position != "absolute")
        fail(translate("attn::checkpoint",
                       "\"position_embedding_type\" %1 is not supported (absolute is)")
                 .arg(quoted(position)));
    if (c.dModel % c.heads != 0)
        fail(translate("attn::checkpoint", "num_attention_heads %1 does not divide hidden_size %2")
                 .arg(qs(c.heads), qs(c.dModel)));
    c.headDim = c.dModel / c.heads;
    // GPT-2 ties its LM head to the token embeddings unless the config says otherwise (as
    // Hugging Face's GPT2LMHeadModel does; the induction task's models have their own head).
    c.tiedEmbeddings = f.flag("tie_word_embeddings", true);
    c.qkvBias = c.outputBias = c.mlpBias = true;
}

} // namespace

const char *familyName(ModelFamily family) {
    switch (family) {
    case ModelFamily::Gpt2:
        return "gpt2";
    case ModelFamily::Llama:
        return "llama";
    case ModelFamily::Qwen2:
        return "qwen2";
    case ModelFamily::Bert:
        return "bert";
    }
    return "?";
}

ModelConfig parseModelConfig(const QByteArray &json) {
    checkConfigBytes(json.size(), kMaxConfigBytes, "config.json");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        fail(translate("attn::checkpoint", "not JSON (%1 at byte %2)")
                 .arg(error.errorString(), QString::number(error.offset)));
    if (!doc.isObject())
        fail(translate("attn::checkpoint", "not a JSON object"));
    const Fields f(doc.object());
    if (!f.has("model_type"))
        fail(translate("attn::checkpoint", "the field %1 is missing").arg(quoted("model_type")));
    const QString type = f.text("model_type", {});
    ModelConfig c;
    if (type == "gpt2") {
        c.family = ModelFamily::Gpt2;
        gpt2(f, c);
    } else if (type == "llama" || type == "qwen2") {
        c.family = type == "llama" ? ModelFamily::Llama : ModelFamily::Qwen2;
        llama(f, c);
    } else if (type == "bert") {
        c.family = ModelFamily::Bert;
        bert(f, c);
    } else {
        fail(translate("attn::checkpoint",
                       "the model_type %1 is not supported (gpt2, llama, qwen2 and bert are)")
                 .arg(quoted(type)));
    }
    checkModelSize(c.headDim, kMaxModelHeadDim, "head_dim");
    return c;
}

} // namespace attn
