// SPDX-License-Identifier: GPL-3.0-or-later
#include "DecoderPass.h"

#include "Blas.h"
#include "InputError.h"
#include "Parallel.h"
#include "Translate.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace attn {

namespace {

// C = op(A)·op(B) + beta·C with C's rows split over the threads in blocks of 32: each entry is
// the same sum however the rows are split, so the result does not depend on the threads.
void threadedProduct(ConstMatrixRef A, bool transA, ConstMatrixRef B, bool transB, MatrixRef C,
                     double beta = 0.0) {
    const Eigen::Index rows = C.rows();
    const Eigen::Index work = C.cols() * (transA ? A.rows() : A.cols());
    // Below ~100,000 multiply-adds per block of rows a thread's start costs more than it saves.
    const Eigen::Index grain = std::max<Eigen::Index>(32, 100000 / std::max<Eigen::Index>(work, 1));
    parallelFor(rows, grain, [&](Eigen::Index first, Eigen::Index last) {
        const Eigen::Index count = last - first;
        if (transA)
            gemm(A.middleCols(first, count), true, B, transB, C.middleRows(first, count), beta);
        else
            gemm(A.middleRows(first, count), false, B, transB, C.middleRows(first, count), beta);
    });
}

// y = x·W + b (Conv1D, W: in × out) or x·Wᵀ + b (nn.Linear, W: out × in).
Matrix linear(const Matrix &x, const LinearParameters &l) {
    const Matrix &w = l.weight.value;
    Matrix y(x.rows(), l.inputMajor ? w.cols() : w.rows());
    threadedProduct(x, false, w, !l.inputMajor, y);
    if (l.bias.present())
        y.rowwise() += l.bias.value.row(0);
    return y;
}

// The gradients of y = linear(x, l) given dy: dW += xᵀ·dy (Conv1D) or dyᵀ·x (nn.Linear),
// db += Σ_rows dy, and dx = dy·Wᵀ (Conv1D) or dy·W, added into *dx (beta 1) when `accumulate`.
void linearBackward(const Matrix &x, const Matrix &dy, const LinearParameters &l,
                    LinearParameters &g, Matrix *dx, bool accumulate = false) {
    const Matrix &w = l.weight.value;
    if (l.inputMajor)
        threadedProduct(x, true, dy, false, g.weight.value, 1.0);
    else
        threadedProduct(dy, true, x, false, g.weight.value, 1.0);
    if (l.bias.present())
        g.bias.value.row(0) += dy.colwise().sum();
    if (dx == nullptr)
        return;
    if (!accumulate)
        dx->resize(dy.rows(), l.inputMajor ? w.rows() : w.cols());
    threadedProduct(dy, false, w, l.inputMajor, *dx, accumulate ? 1.0 : 0.0);
}

// A norm's gain: w, or 1 + w for Gemma's RMSNorm.
RowVector gainOf(const NormParameters &n, NormKind kind) {
    RowVector w = n.weight.value.row(0);
    if (kind == NormKind::RmsNormPlusOne)
        w.array() += 1.0;
    return w;
}

// LayerNorm (with bias) or RMSNorm (without: no centring): xhat = (x − mean)·rstd or x·rstd,
// y = xhat ⊙ gain + b. Keeps xhat and rstd for the backward pass.
void normForward(const Matrix &x, const NormParameters &n, double eps, NormKind kind, Matrix &xhat,
                 RowVector &rstd, Matrix &y) {
    const bool rms = kind != NormKind::LayerNorm;
    xhat.resize(x.rows(), x.cols());
    rstd.resize(x.rows());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        if (rms) {
            rstd(i) = 1.0 / std::sqrt(x.row(i).squaredNorm() / double(x.cols()) + eps);
            xhat.row(i) = x.row(i) * rstd(i);
        } else {
            const double mean = x.row(i).mean();
            xhat.row(i) = x.row(i).array() - mean;
            rstd(i) = 1.0 / std::sqrt(xhat.row(i).squaredNorm() / double(x.cols()) + eps);
            xhat.row(i) *= rstd(i);
        }
    }
    y = xhat.array().rowwise() * gainOf(n, kind).array();
    if (n.bias.present())
        y.rowwise() += n.bias.value.row(0);
}

// The norm's backward: dw += Σ dy ⊙ xhat, db += Σ dy, and with g = dy ⊙ w,
// dx = rstd·(g − mean(g) − xhat·mean(g ⊙ xhat)) (LayerNorm: the mean and the variance both
// depend on every entry of the row) or rstd·(g − xhat·mean(g ⊙ xhat)) (RMSNorm: only the
// scale does). Added into dx.
void normBackward(const Matrix &dy, const Matrix &xhat, const RowVector &rstd,
                  const NormParameters &n, NormParameters &g, NormKind kind, Matrix &dx) {
    const bool rms = kind != NormKind::LayerNorm;
    g.weight.value.row(0) += dy.cwiseProduct(xhat).colwise().sum();
    if (n.bias.present())
        g.bias.value.row(0) += dy.colwise().sum();
    const RowVector gain = gainOf(n, kind);
    const auto w = gain.array();
    const double d = double(dy.cols());
    for (Eigen::Index i = 0; i < dy.rows(); ++i) {
        const Eigen::ArrayXd gi = (dy.row(i).array() * w).transpose();
        const double dotX = (gi * xhat.row(i).transpose().array()).sum() / d;
        const double mean = rms ? 0.0 : gi.sum() / d;
        dx.row(i).array() += rstd(i) * (gi.transpose() - mean - xhat.row(i).array() * dotX);
    }
}

constexpr double kGeluC = 0.044715;

const double kGeluS = std::numbers::sqrt2 / std::sqrt(std::numbers::pi);

// tanh(√(2/π)·(x + 0.044715·x³)): gelu_new(x) = 0.5·x·(1 + t). Kept from the forward pass, since
// tanh is most of the MLP's time outside its products and the derivative needs it again.
double geluTanhOf(double x) {
    return std::tanh(kGeluS * (x + kGeluC * x * x * x));
}

// d/dx of 0.5·x·(1 + t), t = tanh(u), u = √(2/π)·(x + 0.044715·x³).
double geluTanhDerivative(double x, double t) {
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * kGeluS * (1.0 + 3.0 * kGeluC * x * x);
}

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

// Hugging Face's rotate_half RoPE on a T × hd block whose row p is position p: the pair
// (i, i + |inverse|) turns by p·inverse[i] (columns past 2·|inverse| pass through); sign −1
// turns it back, which is the rotation's transpose and so its backward pass.
void rope(Eigen::Ref<Matrix, 0, Eigen::OuterStride<>> m, const std::vector<double> &inverse,
          double sign) {
    const auto half = Eigen::Index(inverse.size());
    for (Eigen::Index i = 0; i < half; ++i) {
        for (Eigen::Index p = 0; p < m.rows(); ++p) {
            const double angle = double(p) * inverse[std::size_t(i)];
            const double c = std::cos(angle), s = sign * std::sin(angle);
            const double a = m(p, i), b = m(p, i + half);
            m(p, i) = a * c - b * s;
            m(p, i + half) = b * c + a * s;
        }
    }
}

// Qwen3's and Gemma 3's per-head norm of q or k: each hd-wide block of each row of m
// RMS-normalised (kept in hat, with its 1/rms in rstd, one column per head) and multiplied by
// `gain`, in place.
void headNormForward(Matrix &m, Eigen::Index hd, const RowVector &gain, double eps, Matrix &hat,
                     Matrix &rstd) {
    const Eigen::Index heads = m.cols() / hd;
    hat.resize(m.rows(), m.cols());
    rstd.resize(m.rows(), heads);
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index h = 0; h < heads; ++h) {
            auto block = m.row(i).segment(h * hd, hd);
            rstd(i, h) = 1.0 / std::sqrt(block.squaredNorm() / double(hd) + eps);
            hat.row(i).segment(h * hd, hd) = block * rstd(i, h);
            block = hat.row(i).segment(h * hd, hd).cwiseProduct(gain);
        }
}

// Its backward, in place on dm (the gradient of the normed blocks on entry, of the raw ones on
// return): dgain += Σ dm ⊙ hat, dm = rstd·(g − hat·mean(g ⊙ hat)) with g = dm ⊙ gain.
void headNormBackward(Matrix &dm, Eigen::Index hd, const RowVector &gain, const Matrix &hat,
                      const Matrix &rstd, Parameter &dGain) {
    const Eigen::Index heads = dm.cols() / hd;
    for (Eigen::Index i = 0; i < dm.rows(); ++i)
        for (Eigen::Index h = 0; h < heads; ++h) {
            auto block = dm.row(i).segment(h * hd, hd);
            const auto x = hat.row(i).segment(h * hd, hd);
            dGain.value.row(0) += block.cwiseProduct(x);
            const RowVector g = block.cwiseProduct(gain);
            const double dot = g.dot(x) / double(hd);
            block = rstd(i, h) * (g - x * dot);
        }
}

// Throws InputError naming a feature of the model that the gradient does not follow yet.
void checkDifferentiable(const ModelConfig &c) {
    const ModelFeatures &x = c.features;
    QString missing;
    if (c.activation != Activation::GeluTanh && !(x.gatedMlp && c.activation == Activation::Silu))
        missing = translate("attn::training", "this MLP activation");
    else if (x.postNorm)
        missing = translate("attn::training", "norms after each sublayer");
    if (!missing.isEmpty())
        throw InputError(
            translate("attn::training", "%1 uses %2, which the gradient does not follow yet")
                .arg(QString::fromLatin1(familyName(c.family)), missing));
}

const Matrix &headWeights(const DecoderParameters &p) {
    return p.lmHead.weight.present() ? p.lmHead.weight.value : p.tokenEmbedding.value;
}

} // namespace

double DecoderPass::forward(const DecoderParameters &p, const std::vector<std::int64_t> &ids,
                            std::int64_t sequences, const std::vector<char> &counted) {
    const ModelConfig &c = p.config;
    const auto total = std::int64_t(ids.size());
    if (!counted.empty() && counted.size() != ids.size())
        throw InputError(translate("attn::training", "%1 loss flags for %2 tokens")
                             .arg(qs(std::int64_t(counted.size())), qs(total)));
    if (sequences < 1 || total % sequences != 0)
        throw InputError(translate("attn::training", "%1 tokens do not split into %2 sequences")
                             .arg(qs(total), qs(sequences)));
    const std::int64_t T = total / sequences;
    if (T < 2)
        throw InputError(translate("attn::training",
                                   "a sequence needs at least 2 tokens for a next-token loss"));
    if (T > c.maxPositions)
        throw InputError(
            translate("attn::training", "%1 tokens are more than the model's %2 positions")
                .arg(qs(T), qs(c.maxPositions)));
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] < 0 || ids[i] >= c.vocab)
            throw InputError(translate("attn::training",
                                       "token id %1 (at position %2) is outside the vocabulary "
                                       "0 … %3")
                                 .arg(qs(ids[i]), qs(std::int64_t(i)), qs(c.vocab - 1)));
    checkDifferentiable(c);
    m_ids = ids;
    m_counted = counted;
    m_sequences = sequences;
    m_length = T;
    const auto N = Eigen::Index(total);
    const std::int64_t d = c.dModel, hd = c.headDim, H = c.heads, group = c.heads / c.kvHeads;
    const ModelFeatures &features = c.features;
    const NormKind kind = features.norm;

    Matrix h(N, Eigen::Index(d));
    for (Eigen::Index i = 0; i < N; ++i) {
        h.row(i) = p.tokenEmbedding.value.row(Eigen::Index(ids[std::size_t(i)]));
        if (features.embeddingScale != 1)
            h.row(i) *= features.embeddingScale;
        if (p.positionEmbedding.present())
            h.row(i) += p.positionEmbedding.value.row(i % T);
    }

    m_layers.resize(p.layers.size());
    const double scale = c.queryScale();
    for (std::size_t l = 0; l < p.layers.size(); ++l) {
        const LayerParameters &w = p.layers[l];
        LayerCache &a = m_layers[l];
        const std::vector<double> inverse =
            c.features.rope ? ropeFrequencies(c, std::int64_t(l)) : std::vector<double>();
        const Eigen::Index window = Eigen::Index(c.features.windowOf(std::int64_t(l)));
        a.input = std::move(h);
        normForward(a.input, w.attentionNorm, c.normEps, kind, a.xhat1, a.rstd1, a.x);
        if (w.qkv.weight.present()) {
            const Matrix qkv = linear(a.x, w.qkv);
            a.q = qkv.leftCols(Eigen::Index(d));
            a.k = qkv.middleCols(Eigen::Index(d), Eigen::Index(d));
            a.v = qkv.rightCols(Eigen::Index(d));
        } else {
            a.q = linear(a.x, w.q);
            a.k = linear(a.x, w.k);
            a.v = linear(a.x, w.v);
        }
        if (features.qkNorm) {
            headNormForward(a.q, hd, gainOf(w.qNorm, kind), c.normEps, a.qHat, a.qRstd);
            headNormForward(a.k, hd, gainOf(w.kNorm, kind), c.normEps, a.kHat, a.kRstd);
        }
        a.probs.resize(std::size_t(sequences * H));
        a.capTanh.resize(features.attnSoftcap > 0 ? std::size_t(sequences * H) : 0);
        a.concat.resize(N, Eigen::Index(H * hd));
        // Each (sequence, head) on its own: RoPE on its q (and, once per kv head, its k), the
        // causal softmax of its scores, their product with v.
        if (c.features.rope)
            parallelFor(Eigen::Index(sequences * c.kvHeads), 1,
                        [&](Eigen::Index first, Eigen::Index last) {
                            for (Eigen::Index i = first; i < last; ++i) {
                                const Eigen::Index b = i / c.kvHeads, g = i % c.kvHeads;
                                rope(a.k.block(b * T, g * hd, T, hd), inverse, 1.0);
                                for (std::int64_t h2 = g * group; h2 < (g + 1) * group; ++h2)
                                    rope(a.q.block(b * T, h2 * hd, T, hd), inverse, 1.0);
                            }
                        });
        parallelFor(Eigen::Index(sequences * H), 1, [&](Eigen::Index first, Eigen::Index last) {
            for (Eigen::Index i = first; i < last; ++i) {
                const Eigen::Index b = i / H, head = i % H, kv = head / group;
                Matrix &P = a.probs[std::size_t(i)];
                P.resize(T, T);
                gemm(a.q.block(b * T, head * hd, T, hd), false, a.k.block(b * T, kv * hd, T, hd),
                     true, P);
                P *= scale;
                if (const double cap = features.attnSoftcap; cap > 0) {
                    // Gemma 2: cap·tanh(scores/cap) before the mask.
                    Matrix &t = a.capTanh[std::size_t(i)];
                    t = (P.array() / cap).tanh();
                    P = cap * t;
                }
                for (Eigen::Index r = 0; r < T; ++r) {
                    // Keys first … r: every earlier one, or the window's last ones.
                    const Eigen::Index from =
                        window > 0 ? std::max<Eigen::Index>(0, r + 1 - window) : 0;
                    auto row = P.row(r).segment(from, r + 1 - from);
                    const double top = row.maxCoeff();
                    row = (row.array() - top).exp();
                    row /= row.sum();
                    P.row(r).head(from).setZero();
                    P.row(r).tail(T - r - 1).setZero();
                }
                gemm(P, false, a.v.block(b * T, kv * hd, T, hd), false,
                     a.concat.block(b * T, head * hd, T, hd));
            }
        });
        a.attnOut = linear(a.concat, w.o);
        if (features.sandwichNorms) {
            Matrix normed;
            normForward(a.attnOut, w.postAttentionNorm, c.normEps, kind, a.xhatPostAttention,
                        a.rstdPostAttention, normed);
            a.residual = a.input + normed;
        } else {
            a.residual = a.input + a.attnOut;
        }
        if (p.attentionOnly) {
            h = a.residual;
        } else {
            normForward(a.residual, w.mlpNorm, c.normEps, kind, a.xhat2, a.rstd2, a.m);
            if (w.gate.weight.present()) {
                // SwiGLU down(silu(gate(m)) ⊙ up(m)), or GeGLU with gelu_tanh.
                a.preActivation = linear(a.m, w.gate);
                a.up = linear(a.m, w.up);
                if (c.activation == Activation::Silu) {
                    a.activated = a.preActivation.unaryExpr([](double x) { return x * sigmoid(x); })
                                      .cwiseProduct(a.up);
                } else {
                    a.tanhGelu = a.preActivation.unaryExpr(&geluTanhOf);
                    a.activated =
                        0.5 * a.preActivation.cwiseProduct((1.0 + a.tanhGelu.array()).matrix())
                                  .cwiseProduct(a.up);
                }
            } else {
                a.preActivation = linear(a.m, w.up);
                a.tanhGelu = a.preActivation.unaryExpr(&geluTanhOf);
                a.activated =
                    0.5 * a.preActivation.cwiseProduct((1.0 + a.tanhGelu.array()).matrix());
            }
            Matrix mlpOut = linear(a.activated, w.down);
            if (features.sandwichNorms) {
                Matrix normed;
                normForward(mlpOut, w.postMlpNorm, c.normEps, kind, a.xhatPostMlp, a.rstdPostMlp,
                            normed);
                mlpOut = std::move(normed);
            }
            h = a.residual + mlpOut;
        }
        a.output = h;
    }

    normForward(h, p.finalNorm, c.normEps, kind, m_xhatFinal, m_rstdFinal, m_final);
    const Matrix &head = headWeights(p);
    m_logits.resize(N, head.rows());
    threadedProduct(m_final, false, head, true, m_logits);
    if (p.lmHead.bias.present())
        m_logits.rowwise() += p.lmHead.bias.value.row(0);
    if (const double cap = features.finalSoftcap; cap > 0) {
        m_logitTanh = (m_logits.array() / cap).tanh();
        m_logits = cap * m_logitTanh;
    }

    // Softmax of every row, and −log p(next token) where there is a next token.
    m_probabilities.resize(N, m_logits.cols());
    double sum = 0;
    m_count = 0;
    for (Eigen::Index i = 0; i < N; ++i) {
        const double top = m_logits.row(i).maxCoeff();
        m_probabilities.row(i) = (m_logits.row(i).array() - top).exp();
        const double z = m_probabilities.row(i).sum();
        m_probabilities.row(i) /= z;
        if (i % T != T - 1 && (counted.empty() || counted[std::size_t(i)] != 0)) {
            sum += top + std::log(z) - m_logits(i, Eigen::Index(ids[std::size_t(i + 1)]));
            m_count += 1;
        }
    }
    m_loss = m_count > 0 ? sum / m_count : 0.0;
    return m_loss;
}

void DecoderPass::backward(const DecoderParameters &p, DecoderParameters &g) {
    const ModelConfig &c = p.config;
    const std::int64_t T = m_length, B = m_sequences;
    const auto N = Eigen::Index(B * T);
    const std::int64_t d = c.dModel, hd = c.headDim, H = c.heads, group = c.heads / c.kvHeads;
    const ModelFeatures &features = c.features;
    const NormKind kind = features.norm;
    for (Parameter *t : g.tensors())
        t->value.setZero();

    // Cross-entropy: ∂L/∂logits = (softmax − one-hot(next)) / count on the rows that predict a
    // counted token, 0 on the others (each sequence's last row, rows not flagged).
    Matrix dLogits = m_probabilities;
    const double count = std::max(m_count, 1.0);
    for (Eigen::Index i = 0; i < N; ++i) {
        if (i % T == T - 1 || (!m_counted.empty() && m_counted[std::size_t(i)] == 0)) {
            dLogits.row(i).setZero();
            continue;
        }
        dLogits(i, Eigen::Index(m_ids[std::size_t(i + 1)])) -= 1.0;
        dLogits.row(i) /= count;
    }
    // Through the soft-cap: d(cap·tanh(z/cap))/dz = 1 − tanh².
    if (features.finalSoftcap > 0)
        dLogits.array() *= 1.0 - m_logitTanh.array().square();
    // logits = final·Wᵀ: dW += dLogitsᵀ·final (into the token embeddings when the head is tied:
    // their gradient then holds both uses), dFinal = dLogits·W.
    Matrix &dHead = p.lmHead.weight.present() ? g.lmHead.weight.value : g.tokenEmbedding.value;
    threadedProduct(dLogits, true, m_final, false, dHead, 1.0);
    if (p.lmHead.bias.present())
        g.lmHead.bias.value.row(0) += dLogits.colwise().sum();
    Matrix dFinal(N, Eigen::Index(d));
    threadedProduct(dLogits, false, headWeights(p), false, dFinal);
    Matrix dh = Matrix::Zero(N, Eigen::Index(d));
    normBackward(dFinal, m_xhatFinal, m_rstdFinal, p.finalNorm, g.finalNorm, kind, dh);

    const double scale = c.queryScale();
    for (std::size_t l = p.layers.size(); l-- > 0;) {
        const LayerParameters &w = p.layers[l];
        LayerParameters &gw = g.layers[l];
        const LayerCache &a = m_layers[l];
        const std::vector<double> inverse =
            c.features.rope ? ropeFrequencies(c, std::int64_t(l)) : std::vector<double>();
        // output = residual + mlp(norm2(residual)): the residual's gradient is dh plus what
        // flows back through the MLP.
        Matrix dResidual = dh;
        if (!p.attentionOnly) {
            Matrix dMlpOut = dh;
            if (features.sandwichNorms) {
                dMlpOut.setZero();
                normBackward(dh, a.xhatPostMlp, a.rstdPostMlp, w.postMlpNorm, gw.postMlpNorm, kind,
                             dMlpOut);
            }
            Matrix dActivated;
            linearBackward(a.activated, dMlpOut, w.down, gw.down, &dActivated);
            Matrix dm;
            if (w.gate.weight.present()) {
                // a = act(gate) ⊙ up: d gate = da ⊙ up ⊙ act'(gate), d up = da ⊙ act(gate);
                // silu' = σ·(1 + x·(1 − σ)).
                const bool silu = c.activation == Activation::Silu;
                const Matrix activatedGate =
                    silu
                        ? Matrix(a.preActivation.unaryExpr([](double x) { return x * sigmoid(x); }))
                        : Matrix(0.5 *
                                 a.preActivation.cwiseProduct((1.0 + a.tanhGelu.array()).matrix()));
                const Matrix slope =
                    silu ? Matrix(a.preActivation.unaryExpr([](double x) {
                        const double s = sigmoid(x);
                        return s * (1.0 + x * (1.0 - s));
                    }))
                         : Matrix(a.preActivation.binaryExpr(a.tanhGelu, &geluTanhDerivative));
                const Matrix dUp = dActivated.cwiseProduct(activatedGate);
                const Matrix dGate = dActivated.cwiseProduct(a.up).cwiseProduct(slope);
                linearBackward(a.m, dGate, w.gate, gw.gate, &dm);
                linearBackward(a.m, dUp, w.up, gw.up, &dm, true);
            } else {
                const Matrix dPre = dActivated.cwiseProduct(
                    a.preActivation.binaryExpr(a.tanhGelu, &geluTanhDerivative));
                linearBackward(a.m, dPre, w.up, gw.up, &dm);
            }
            normBackward(dm, a.xhat2, a.rstd2, w.mlpNorm, gw.mlpNorm, kind, dResidual);
        }
        // residual = input + o(concat) (through its norm, Gemma): both get dResidual.
        Matrix dAttnOut = dResidual;
        if (features.sandwichNorms) {
            dAttnOut.setZero();
            normBackward(dResidual, a.xhatPostAttention, a.rstdPostAttention, w.postAttentionNorm,
                         gw.postAttentionNorm, kind, dAttnOut);
        }
        Matrix dConcat;
        linearBackward(a.concat, dAttnOut, w.o, gw.o, &dConcat);

        // Attention, per sequence and kv head (its query heads in order, so the sums into the
        // shared k and v are in a fixed order): with dO the head's output gradient,
        // dP = dO·vᵀ, dv += Pᵀ·dO, dS = P ⊙ (dP − rowsum(dP ⊙ P)) (the softmax's Jacobian;
        // masked cells have P = 0 and stay 0), dq = dS·k/√hd, dk += dSᵀ·q/√hd.
        Matrix dq(N, Eigen::Index(H * hd)), dk = Matrix::Zero(N, Eigen::Index(c.kvHeads * hd)),
                                            dv = Matrix::Zero(N, Eigen::Index(c.kvHeads * hd));
        parallelFor(Eigen::Index(B * c.kvHeads), 1, [&](Eigen::Index first, Eigen::Index last) {
            Matrix dP(T, T);
            for (Eigen::Index i = first; i < last; ++i) {
                const Eigen::Index b = i / c.kvHeads, kv = i % c.kvHeads;
                const auto k = a.k.block(b * T, kv * hd, T, hd);
                const auto v = a.v.block(b * T, kv * hd, T, hd);
                auto dK = dk.block(b * T, kv * hd, T, hd);
                auto dV = dv.block(b * T, kv * hd, T, hd);
                for (Eigen::Index head = kv * group; head < (kv + 1) * group; ++head) {
                    const Matrix &P = a.probs[std::size_t(b * H + head)];
                    const auto dO = dConcat.block(b * T, head * hd, T, hd);
                    gemm(dO, false, v, true, dP);
                    gemm(P, true, dO, false, dV, 1.0);
                    for (Eigen::Index r = 0; r < T; ++r) {
                        const double dot = P.row(r).dot(dP.row(r));
                        dP.row(r) = P.row(r).array() * (dP.row(r).array() - dot);
                    }
                    if (features.attnSoftcap > 0) // through cap·tanh(s/cap): 1 − tanh²
                        dP.array() *= 1.0 - a.capTanh[std::size_t(b * H + head)].array().square();
                    dP *= scale;
                    gemm(dP, false, k, false, dq.block(b * T, head * hd, T, hd));
                    gemm(dP, true, a.q.block(b * T, head * hd, T, hd), false, dK, 1.0);
                }
                if (c.features.rope) {
                    // q and k were rotated after their projection: turn their gradients back.
                    rope(dK, inverse, -1.0);
                    for (Eigen::Index head = kv * group; head < (kv + 1) * group; ++head)
                        rope(dq.block(b * T, head * hd, T, hd), inverse, -1.0);
                }
            }
        });

        if (features.qkNorm) {
            headNormBackward(dq, hd, gainOf(w.qNorm, kind), a.qHat, a.qRstd, gw.qNorm.weight);
            headNormBackward(dk, hd, gainOf(w.kNorm, kind), a.kHat, a.kRstd, gw.kNorm.weight);
        }
        Matrix dx;
        if (w.qkv.weight.present()) {
            Matrix dqkv(N, Eigen::Index(H * hd + 2 * c.kvHeads * hd));
            dqkv << dq, dk, dv;
            linearBackward(a.x, dqkv, w.qkv, gw.qkv, &dx);
        } else {
            linearBackward(a.x, dq, w.q, gw.q, &dx);
            linearBackward(a.x, dk, w.k, gw.k, &dx, true);
            linearBackward(a.x, dv, w.v, gw.v, &dx, true);
        }
        dh = std::move(dResidual);
        normBackward(dx, a.xhat1, a.rstd1, w.attentionNorm, gw.attentionNorm, kind, dh);
    }

    // The embeddings: each row of dh into its token's row and its position's row, in order.
    for (Eigen::Index i = 0; i < N; ++i) {
        g.tokenEmbedding.value.row(Eigen::Index(m_ids[std::size_t(i)])) +=
            features.embeddingScale * dh.row(i);
        if (p.positionEmbedding.present())
            g.positionEmbedding.value.row(i % T) += dh.row(i);
    }
}

Run DecoderPass::run() const {
    Run r;
    const Eigen::Index T = Eigen::Index(m_length);
    r.ids.assign(m_ids.begin(), m_ids.begin() + T);
    const std::int64_t H = std::int64_t(m_layers.empty() ? 0 : m_layers[0].probs.size()) /
                           std::max<std::int64_t>(m_sequences, 1);
    for (const LayerCache &a : m_layers) {
        LayerRun layer;
        layer.x = a.x.topRows(T);
        const Eigen::Index hd = H > 0 ? a.concat.cols() / H : 0;
        const Eigen::Index group = a.k.cols() > 0 ? a.q.cols() / a.k.cols() : 1;
        for (std::int64_t h = 0; h < H; ++h) {
            const Eigen::Index kv = Eigen::Index(h) / group;
            layer.heads.push_back({a.q.block(0, h * hd, T, hd),
                                   a.k.block(0, kv * hd, T, hd),
                                   a.v.block(0, kv * hd, T, hd),
                                   a.probs[std::size_t(h)],
                                   a.concat.block(0, h * hd, T, hd),
                                   {},
                                   {}});
        }
        layer.attnOut = a.attnOut.topRows(T);
        layer.hidden = a.output.topRows(T);
        r.layers.push_back(std::move(layer));
    }
    r.final = m_final.topRows(T);
    r.logits = m_logits.topRows(T);
    return r;
}

const Matrix &DecoderPass::weights(std::int64_t layer, std::int64_t head,
                                   std::int64_t sequence) const {
    const LayerCache &a = m_layers[std::size_t(layer)];
    const auto heads = std::int64_t(a.probs.size()) / m_sequences;
    return a.probs[std::size_t(sequence * heads + head)];
}

double decoderGradient(const DecoderParameters &parameters, const std::vector<std::int64_t> &ids,
                       DecoderParameters &gradient) {
    DecoderPass pass;
    const double loss = pass.forward(parameters, ids, 1);
    gradient = parameters.zerosLike();
    pass.backward(parameters, gradient);
    return loss;
}

} // namespace attn
