// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogitAttribution.h"

#include "InputError.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"
#include "io/JsonWrite.h"

#include <QJsonValue>

#include <cmath>

namespace attn {

namespace {

// A norm's gain: w, or 1 + w for Gemma's.
RowVector attributionGain(const ModelConfig &c, const NormWeights &n) {
    RowVector w = n.weight.widenVector();
    if (c.features.norm == NormKind::RmsNormPlusOne)
        w.array() += 1.0;
    return w;
}

// 1/√(mean of squares + ε) of row x (RMSNorm), or 1/√(variance + ε) (LayerNorm).
double inverseScale(const RowVector &x, bool centred, double eps) {
    const double mean = centred ? x.mean() : 0.0;
    return 1.0 / std::sqrt((x.array() - mean).square().sum() / double(x.size()) + eps);
}

// The vector r such that a frozen RMSNorm (scale s, gain g) of x, read along `along`, is x·r.
RowVector throughRmsNorm(const RowVector &along, double scale, const RowVector &gain) {
    return scale * gain.cwiseProduct(along);
}

} // namespace

LogitAttribution attributeLogit(const Checkpoint &checkpoint, const Run &run, std::int64_t target,
                                std::int64_t position) {
    const ModelConfig &c = checkpoint.config();
    const ModelWeights &w = checkpoint.weights();
    if (!c.decoder())
        throw InputError(translate("attn::networkreadings",
                                   "%1 is not a decoder: logit attribution reads a decoder's "
                                   "final norm and LM head")
                             .arg(QString::fromLatin1(familyName(c.family))));
    if (target < 0 || target >= c.vocab)
        throw InputError(
            translate("attn::networkreadings", "token id %1 is outside the vocabulary 0 … %2")
                .arg(qs(target), qs(c.vocab - 1)));
    const auto n = std::int64_t(run.ids.size());
    if (position < 0 || position >= n)
        throw InputError(
            translate("attn::networkreadings", "there is no position %1: the run has %2 tokens")
                .arg(qs(position), qs(n)));
    const auto p = Eigen::Index(position);
    const std::int64_t d = c.dModel, hd = c.headDim;

    // The token's row of the LM head (the token embeddings when tied).
    RowVector unembed(d);
    if (w.lmHead.inputMajor)
        w.lmHead.weight.widenBlock(0, d, target, 1, unembed.data());
    else
        w.lmHead.weight.widenRows(target, 1, unembed.data());
    const double headBias =
        w.lmHead.bias.present() ? w.lmHead.bias.widenVector()(Eigen::Index(target)) : 0.0;

    // The final norm frozen at p: a part x contributes x·read.
    const bool layerNorm = c.features.norm == NormKind::LayerNorm;
    const RowVector last = run.layers.back().hidden.row(p);
    RowVector read = throughRmsNorm(unembed, inverseScale(last, layerNorm, c.normEps),
                                    attributionGain(c, w.finalNorm));
    if (layerNorm) // (x − mean x)·u = x·(u − mean u)
        read.array() -= read.mean();

    LogitAttribution a;
    a.target = target;
    a.position = position;
    a.logit = run.final.row(p).dot(unembed) + headBias;
    a.cappedLogit = run.logits.cols() > target ? run.logits(p, Eigen::Index(target)) : a.logit;
    a.embeddings = run.embedded.row(p).dot(read);
    a.finalBias =
        headBias + (w.finalNorm.bias.present() ? w.finalNorm.bias.widenVector().dot(unembed) : 0.0);
    double sum = a.embeddings + a.finalBias;
    for (std::size_t l = 0; l < run.layers.size(); ++l) {
        const LayerRun &r = run.layers[l];
        const LayerWeights &lw = w.layers[l];
        RowVector attnRead = read, mlpRead = read;
        if (c.features.sandwichNorms) {
            attnRead = throughRmsNorm(read, inverseScale(r.attnOut.row(p), false, c.normEps),
                                      attributionGain(c, lw.postAttentionNorm));
            mlpRead = throughRmsNorm(read, inverseScale(r.mlpOut.row(p), false, c.normEps),
                                     attributionGain(c, lw.postMlpNorm));
        }
        LogitAttribution::Layer layer;
        for (std::int64_t h = 0; h < c.heads; ++h) {
            // Head h's rows of W_O (hd × d as x·W), widened for this head alone.
            Matrix wo{Eigen::Index{hd}, Eigen::Index{d}};
            if (lw.o.inputMajor) {
                lw.o.weight.widenBlock(h * hd, hd, 0, d, wo.data());
            } else {
                Matrix t{Eigen::Index{d}, Eigen::Index{hd}};
                lw.o.weight.widenBlock(0, d, h * hd, hd, t.data());
                wo = t.transpose();
            }
            const RowVector written = r.heads[std::size_t(h)].output.row(p) * wo;
            layer.heads.push_back(written.dot(attnRead));
            sum += layer.heads.back();
        }
        if (lw.o.bias.present())
            layer.attentionBias = lw.o.bias.widenVector().dot(attnRead);
        layer.mlp = r.mlpOut.row(p).dot(mlpRead);
        sum += layer.attentionBias + layer.mlp;
        a.layers.push_back(std::move(layer));
    }
    a.sum = sum;

    a.caveats.push_back(
        translate("attn::networkreadings",
                  "the final norm is frozen at position %1: its scale%2 comes from the whole "
                  "residual stream there, so each part is what it adds through that scale")
            .arg(qs(position),
                 layerNorm ? translate("attn::networkreadings", " and centring") : QString())
            .toStdString());
    if (c.features.norm == NormKind::RmsNormPlusOne)
        a.caveats.push_back(translate("attn::networkreadings",
                                      "the norms are RMSNorm with a gain of 1 + w, as stored")
                                .toStdString());
    if (c.features.sandwichNorms)
        a.caveats.push_back(translate("attn::networkreadings",
                                      "each attention and MLP output passes its own norm before "
                                      "the residual sum; those norms are frozen at the position "
                                      "too")
                                .toStdString());
    if (c.features.finalSoftcap > 0)
        a.caveats.push_back(translate("attn::networkreadings",
                                      "the logits are soft-capped (%1·tanh(logit/%1)), which is "
                                      "not a sum: the parts add up to the logit before the cap "
                                      "(%2); after it the logit is %3")
                                .arg(QString::number(c.features.finalSoftcap),
                                     QString::number(a.logit, 'f', 6),
                                     QString::number(a.cappedLogit, 'f', 6))
                                .toStdString());
    return a;
}

QByteArray attributionToJson(const LogitAttribution &a, const std::string &targetToken) {
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);
    const auto number = [&](const char *key, double v) {
        root.key(key);
        json::appendNumber(out, v);
    };
    root.key("target");
    out += QByteArray::number(qlonglong(a.target));
    root.key("target_token");
    json::appendValue(out, QJsonValue(QString::fromStdString(targetToken)), root.inner());
    root.key("position");
    out += QByteArray::number(qlonglong(a.position));
    number("logit", a.logit);
    if (a.cappedLogit != a.logit)
        number("capped_logit", a.cappedLogit);
    number("sum", a.sum);
    number("embeddings", a.embeddings);
    root.key("layers");
    json::Block layers(out, root.inner(), json::Block::Array);
    for (const LogitAttribution::Layer &l : a.layers) {
        layers.item();
        json::Block o(out, layers.inner(), json::Block::Object);
        o.key("heads");
        out += '[';
        for (std::size_t h = 0; h < l.heads.size(); ++h) {
            if (h)
                out += ", ";
            json::appendNumber(out, l.heads[h]);
        }
        out += ']';
        o.key("attn_bias");
        json::appendNumber(out, l.attentionBias);
        o.key("mlp");
        json::appendNumber(out, l.mlp);
        o.close();
    }
    layers.close();
    number("final_bias", a.finalBias);
    root.key("caveats");
    json::Block caveats(out, root.inner(), json::Block::Array);
    for (const std::string &c : a.caveats) {
        caveats.item();
        json::appendValue(out, QJsonValue(QString::fromStdString(c)), caveats.inner());
    }
    caveats.close();
    root.close();
    out += '\n';
    return out;
}

} // namespace attn
