// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelConfig.h"

#include "ConfigFields.h"
#include "Limits.h"
#include "ModelFamilies.h"
#include "Translate.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace attn {

const char *familyName(ModelFamily family) {
    return familySpec(family).modelType;
}

bool ModelFeatures::anyWindow() const {
    for (std::int64_t w : window)
        if (w > 0)
            return true;
    return false;
}

double ModelConfig::queryScale() const {
    return 1.0 / std::sqrt(features.queryScalar > 0 ? features.queryScalar : double(headDim));
}

Rope layerRope(const ModelConfig &c, std::int64_t layer) {
    const RopeFeatures &r = c.features.ropes;
    const bool local = r.localTheta > 0 && c.features.windowOf(layer) > 0;
    Rope rope;
    rope.style = RopeStyle::HalfSplit;
    rope.theta = local ? r.localTheta : r.theta;
    rope.rotaryDims = r.rotaryDims > 0 && r.rotaryDims != c.headDim ? int(r.rotaryDims) : 0;
    // Gemma 3's sliding layers turn with their own base and no scaling.
    if (!local && r.llama3Factor > 0) {
        rope.scaling = RopeScaling::Llama3;
        rope.factor = r.llama3Factor;
        rope.lowFreqFactor = r.lowFreqFactor;
        rope.highFreqFactor = r.highFreqFactor;
        rope.originalPositions = r.originalMaxPositions;
    } else if (!local && r.linearFactor > 0) {
        rope.scaling = RopeScaling::Linear;
        rope.factor = r.linearFactor;
    }
    if (!local)
        rope.frequencyFactors = r.frequencyFactors;
    return rope;
}

std::vector<double> ropeFrequencies(const ModelConfig &c, std::int64_t layer) {
    return ropeInverseFrequencies(layerRope(c, layer), c.headDim);
}

namespace {

QString sixDigits(double v) {
    return QString::number(v, 'g', 6);
}

// "0, 2, 4 …" for the layers that slide; "every layer" when all do.
QString layerList(const std::vector<std::int64_t> &window) {
    QStringList layers;
    for (std::size_t i = 0; i < window.size(); ++i)
        if (window[i] > 0)
            layers << QString::number(i);
    if (std::size_t(layers.size()) == window.size())
        return translate("attn::checkpoint", "every layer");
    if (layers.size() > 6)
        layers = layers.mid(0, 4) << QStringLiteral("…");
    return translate("attn::checkpoint", "layers %1").arg(layers.join(", "));
}

} // namespace

QString describeFeatures(const ModelConfig &c) {
    const ModelFeatures &x = c.features;
    QStringList parts;
    switch (x.norm) {
    case NormKind::LayerNorm:
        parts << (x.postNorm ? translate("attn::checkpoint", "LayerNorm after each sublayer")
                             : translate("attn::checkpoint", "LayerNorm"));
        break;
    case NormKind::RmsNorm:
        parts << translate("attn::checkpoint", "RMSNorm");
        break;
    case NormKind::RmsNormPlusOne:
        parts << translate("attn::checkpoint", "RMSNorm with (1 + w)");
        break;
    }
    if (x.sandwichNorms)
        parts << translate("attn::checkpoint", "sandwich norms");
    if (x.learnedPositions)
        parts << translate("attn::checkpoint", "learned positions");
    if (x.rope) {
        QString rope = translate("attn::checkpoint", "RoPE θ %1").arg(sixDigits(x.ropes.theta));
        if (x.ropes.localTheta > 0)
            rope += translate("attn::checkpoint", " (sliding layers %1)")
                        .arg(sixDigits(x.ropes.localTheta));
        if (x.ropes.rotaryDims < c.headDim)
            rope += translate("attn::checkpoint", " on %1 of %2 dimensions")
                        .arg(x.ropes.rotaryDims)
                        .arg(c.headDim);
        if (x.ropes.linearFactor > 0)
            rope += translate("attn::checkpoint", ", linear scaling ×%1")
                        .arg(sixDigits(x.ropes.linearFactor));
        if (x.ropes.llama3Factor > 0)
            rope += translate("attn::checkpoint", ", llama3 scaling ×%1")
                        .arg(sixDigits(x.ropes.llama3Factor));
        if (!x.ropes.frequencyFactors.empty())
            rope += translate("attn::checkpoint", ", frequency factors %1 to %2")
                        .arg(sixDigits(*std::min_element(x.ropes.frequencyFactors.begin(),
                                                         x.ropes.frequencyFactors.end())),
                             sixDigits(*std::max_element(x.ropes.frequencyFactors.begin(),
                                                         x.ropes.frequencyFactors.end())));
        parts << rope;
    }
    if (c.kvHeads < c.heads)
        parts << (c.kvHeads == 1
                      ? translate("attn::checkpoint", "%1 heads share one key/value head")
                            .arg(c.heads)
                      : translate("attn::checkpoint", "%1 heads share %2 key/value heads")
                            .arg(c.heads)
                            .arg(c.kvHeads));
    if (x.qkNorm)
        parts << translate("attn::checkpoint", "q and k normalised per head");
    if (x.queryScalar > 0)
        parts << translate("attn::checkpoint", "scores divided by \u221a%1")
                     .arg(sixDigits(x.queryScalar));
    if (x.attnSoftcap > 0)
        parts << translate("attn::checkpoint", "soft-capped attention (%1)")
                     .arg(sixDigits(x.attnSoftcap));
    if (x.finalSoftcap > 0)
        parts << translate("attn::checkpoint", "soft-capped logits (%1)")
                     .arg(sixDigits(x.finalSoftcap));
    if (x.anyWindow()) {
        std::int64_t w = 0;
        for (std::int64_t v : x.window)
            w = std::max(w, v);
        parts << translate("attn::checkpoint", "sliding window of %1 on %2")
                     .arg(w)
                     .arg(layerList(x.window));
    }
    if (x.gatedMlp)
        parts << (c.activation == Activation::Silu ? translate("attn::checkpoint", "SwiGLU MLP")
                                                   : translate("attn::checkpoint", "GeGLU MLP"));
    if (x.embeddingScale != 1)
        parts << translate("attn::checkpoint", "embeddings ×%1").arg(sixDigits(x.embeddingScale));
    parts << (c.tiedEmbeddings ? translate("attn::checkpoint", "tied LM head")
                               : translate("attn::checkpoint", "separate LM head"));
    return QStringLiteral("%1: %2").arg(QString::fromLatin1(familySpec(c.family).displayName),
                                        parts.join(", "));
}

ModelConfig parseModelConfig(const QByteArray &json) {
    checkConfigBytes(json.size(), kMaxConfigBytes, "config.json");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        refuseConfig(translate("attn::checkpoint", "not JSON (%1 at byte %2)")
                         .arg(error.errorString(), QString::number(error.offset)));
    if (!doc.isObject())
        refuseConfig(translate("attn::checkpoint", "not a JSON object"));
    const ConfigFields f(doc.object());
    if (!f.has("model_type"))
        refuseConfig(translate("attn::checkpoint", "the field %1 is missing")
                         .arg(quotedField("model_type")));
    const QString type = f.text("model_type", {});
    const ModelFamilySpec *family = familyOfModelType(type);
    if (!family) {
        QStringList known;
        for (const ModelFamilySpec *s : modelFamilies())
            known << QString::fromLatin1(s->modelType);
        refuseConfig(translate("attn::checkpoint", "the model_type %1 is not supported (%2 are)")
                         .arg(quotedField(type), known.join(", ")));
    }
    ModelConfig c;
    c.family = family->family;
    // Newer configs say "dtype", older ones "torch_dtype".
    c.dtype = f.text("torch_dtype", f.text("dtype", {}));
    family->parse(f, c);
    checkModelSize(c.headDim, kMaxModelHeadDim, "head_dim");
    for (std::int64_t w : c.features.window)
        checkModelSize(std::max<std::int64_t>(w, 1), kMaxModelPositions, "sliding_window");
    return c;
}

} // namespace attn
