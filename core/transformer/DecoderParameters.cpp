// SPDX-License-Identifier: GPL-3.0-or-later
#include "DecoderParameters.h"

#include "InputError.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"

#include <QJsonArray>

#include <cmath>
#include <numbers>
#include <random>

namespace attn {

namespace {

Parameter widened(const TensorView &view) {
    Parameter p;
    if (!view.present())
        return p;
    p.name = view.name;
    p.shape = view.shape;
    p.value = view.shape.size() == 1 ? Matrix(view.widenVector()) : view.widen();
    return p;
}

LinearParameters widened(const LinearWeights &l) {
    return {widened(l.weight), widened(l.bias), l.inputMajor};
}

NormParameters widened(const NormWeights &n) {
    return {widened(n.weight), widened(n.bias)};
}

template <typename P, typename F> void forEachTensor(P &p, F f) {
    f(p.tokenEmbedding);
    f(p.positionEmbedding);
    for (auto &l : p.layers) {
        f(l.attentionNorm.weight);
        f(l.attentionNorm.bias);
        f(l.qNorm.weight);
        f(l.kNorm.weight);
        f(l.postAttentionNorm.weight);
        f(l.postMlpNorm.weight);
        for (auto *linear : {&l.qkv, &l.q, &l.k, &l.v}) {
            f(linear->weight);
            f(linear->bias);
        }
        f(l.o.weight);
        f(l.o.bias);
        f(l.mlpNorm.weight);
        f(l.mlpNorm.bias);
        for (auto *linear : {&l.up, &l.gate, &l.down}) {
            f(linear->weight);
            f(linear->bias);
        }
    }
    f(p.finalNorm.weight);
    f(p.finalNorm.bias);
    f(p.lmHead.weight);
    f(p.lmHead.bias);
}

// N(0, 1) by Box-Muller from a 64-bit Mersenne Twister: the same numbers everywhere.
class Normal {
public:
    explicit Normal(std::uint64_t seed) : m_generator(seed) {}
    double operator()() {
        if (m_spare) {
            m_spare = false;
            return m_next;
        }
        // 53 random bits in (0, 1]: log never sees 0.
        const double u1 = double((m_generator() >> 11) + 1) * 0x1.0p-53;
        const double u2 = double(m_generator() >> 11) * 0x1.0p-53;
        const double r = std::sqrt(-2.0 * std::log(u1));
        m_next = r * std::sin(2.0 * std::numbers::pi * u2);
        m_spare = true;
        return r * std::cos(2.0 * std::numbers::pi * u2);
    }

private:
    std::mt19937_64 m_generator;
    bool m_spare = false;
    double m_next = 0;
};

Parameter filled(const QString &name, std::vector<std::int64_t> shape, double value) {
    Parameter p{name, shape, Matrix()};
    const auto rows = Eigen::Index(shape.size() == 2 ? shape[0] : 1);
    p.value = Matrix::Constant(rows, Eigen::Index(shape.back()), value);
    return p;
}

Parameter normal(const QString &name, std::vector<std::int64_t> shape, double deviation,
                 Normal &draw) {
    Parameter p = filled(name, std::move(shape), 0.0);
    for (Eigen::Index i = 0; i < p.value.size(); ++i)
        p.value.data()[i] = deviation * draw();
    return p;
}

} // namespace

std::vector<Parameter *> DecoderParameters::tensors() {
    std::vector<Parameter *> all;
    forEachTensor(*this, [&](Parameter &p) {
        if (p.present())
            all.push_back(&p);
    });
    return all;
}

std::vector<const Parameter *> DecoderParameters::tensors() const {
    std::vector<const Parameter *> all;
    forEachTensor(*this, [&](const Parameter &p) {
        if (p.present())
            all.push_back(&p);
    });
    return all;
}

DecoderParameters DecoderParameters::zerosLike() const {
    DecoderParameters zeros = *this;
    for (Parameter *p : zeros.tensors())
        p->value.setZero();
    return zeros;
}

std::int64_t DecoderParameters::count() const {
    std::int64_t n = 0;
    for (const Parameter *p : tensors())
        n += p->value.size();
    return n;
}

DecoderParameters loadDecoderParameters(const Checkpoint &checkpoint) {
    const ModelConfig &c = checkpoint.config();
    if (!c.decoder())
        throw InputError(translate("attn::checkpoint",
                                   "%1: %2 is an encoder; it has no next-token loss to train")
                             .arg(checkpoint.folder(), familyName(c.family)));
    const ModelWeights &w = checkpoint.weights();
    DecoderParameters p;
    p.config = c;
    p.tokenEmbedding = widened(w.tokenEmbedding);
    p.positionEmbedding = widened(w.positionEmbedding);
    for (const LayerWeights &l : w.layers) {
        LayerParameters layer;
        layer.attentionNorm = widened(l.attentionNorm);
        layer.mlpNorm = widened(l.mlpNorm);
        layer.postAttentionNorm = widened(l.postAttentionNorm);
        layer.postMlpNorm = widened(l.postMlpNorm);
        layer.qNorm = widened(l.qNorm);
        layer.kNorm = widened(l.kNorm);
        layer.qkv = widened(l.qkv);
        layer.q = widened(l.q);
        layer.k = widened(l.k);
        layer.v = widened(l.v);
        layer.o = widened(l.o);
        layer.up = widened(l.up);
        layer.gate = widened(l.gate);
        layer.down = widened(l.down);
        p.layers.push_back(std::move(layer));
    }
    p.finalNorm = widened(w.finalNorm);
    if (!c.tiedEmbeddings)
        p.lmHead = widened(w.lmHead);
    // A folder `model train` wrote attention-only: every MLP tensor exactly 0.
    p.attentionOnly = c.family == ModelFamily::Gpt2;
    for (const LayerParameters &l : p.layers)
        for (const LinearParameters *m : {&l.up, &l.down})
            p.attentionOnly =
                p.attentionOnly && m->weight.value.isZero(0.0) && m->bias.value.isZero(0.0);
    return p;
}

ModelConfig trainingConfig(std::int64_t layers, std::int64_t heads, std::int64_t dModel,
                           std::int64_t vocab, std::int64_t positions, bool attentionOnly,
                           bool tiedHead) {
    ModelConfig c;
    c.family = ModelFamily::Gpt2;
    c.layers = layers;
    c.heads = c.kvHeads = heads;
    c.dModel = dModel;
    c.headDim = dModel / heads;
    c.ffn = attentionOnly ? 1 : 4 * dModel;
    c.vocab = vocab;
    c.maxPositions = positions;
    c.normEps = 1e-5;
    c.activation = Activation::GeluTanh;
    c.tiedEmbeddings = tiedHead;
    c.qkvBias = c.outputBias = c.mlpBias = true;
    return c;
}

DecoderParameters initialGpt2(const ModelConfig &c, bool attentionOnly, std::uint64_t seed,
                              double deviation) {
    Normal draw(seed);
    const std::int64_t d = c.dModel;
    const double sd = deviation, residual = deviation / std::sqrt(2.0 * double(c.layers));
    const double mlp = attentionOnly ? 0.0 : 1.0;
    DecoderParameters p;
    p.config = c;
    p.attentionOnly = attentionOnly;
    p.tokenEmbedding = normal("wte.weight", {c.vocab, d}, sd, draw);
    p.positionEmbedding = normal("wpe.weight", {c.maxPositions, d}, sd, draw);
    for (std::int64_t i = 0; i < c.layers; ++i) {
        const QString n = QString("h.%1.").arg(i);
        LayerParameters l;
        l.attentionNorm = {filled(n + "ln_1.weight", {d}, 1.0), filled(n + "ln_1.bias", {d}, 0)};
        l.qkv = {normal(n + "attn.c_attn.weight", {d, 3 * d}, sd, draw),
                 filled(n + "attn.c_attn.bias", {3 * d}, 0), true};
        l.o = {normal(n + "attn.c_proj.weight", {d, d}, residual, draw),
               filled(n + "attn.c_proj.bias", {d}, 0), true};
        l.mlpNorm = {filled(n + "ln_2.weight", {d}, 1.0), filled(n + "ln_2.bias", {d}, 0)};
        l.up = {normal(n + "mlp.c_fc.weight", {d, c.ffn}, sd * mlp, draw),
                filled(n + "mlp.c_fc.bias", {c.ffn}, 0), true};
        l.down = {normal(n + "mlp.c_proj.weight", {c.ffn, d}, residual * mlp, draw),
                  filled(n + "mlp.c_proj.bias", {d}, 0), true};
        p.layers.push_back(std::move(l));
    }
    p.finalNorm = {filled("ln_f.weight", {d}, 1.0), filled("ln_f.bias", {d}, 0)};
    // Drawn last, so a tied model's numbers do not depend on whether this exists.
    if (!c.tiedEmbeddings)
        p.lmHead = {normal("lm_head.weight", {c.vocab, d}, sd, draw), {}, false};
    return p;
}

QJsonObject gpt2ConfigJson(const ModelConfig &c) {
    return QJsonObject{
        {"model_type", "gpt2"},
        {"architectures", QJsonArray{"GPT2LMHeadModel"}},
        {"n_layer", qint64(c.layers)},
        {"n_head", qint64(c.heads)},
        {"n_embd", qint64(c.dModel)},
        {"n_inner", qint64(c.ffn)},
        {"n_positions", qint64(c.maxPositions)},
        {"n_ctx", qint64(c.maxPositions)},
        {"vocab_size", qint64(c.vocab)},
        {"layer_norm_epsilon", c.normEps},
        {"activation_function", "gelu_new"},
        {"tie_word_embeddings", c.tiedEmbeddings},
        {"torch_dtype", "float32"},
    };
}

} // namespace attn
