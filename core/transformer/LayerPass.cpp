// SPDX-License-Identifier: GPL-3.0-or-later
// The layer machinery of a model's forward pass (LayerPass.h): the products, norms, RoPE,
// attention and interventions of one layer, shared by the whole run (Forward.cpp), the compact
// run's recomputation (CompactRun.cpp) and the KV-cached continuation (ContinuedRun.cpp).
#include "LayerPass.h"

#include "Allocator.h"
#include "Blas.h"
#include "InputError.h"
#include "Interventions.h"
#include "PanelProduct.h"
#include "Parallel.h"
#include "Translate.h"
#include "VectorExp.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <functional>
#include <mutex>
#include <numbers>

namespace attn::forwardpass {

namespace {

// A panel of a weight matrix widened to double holds about this many numbers (1 MB): small
// enough that it stays in the L2 cache between its widening and the kernel reading it (8 MB
// panels made both wait on memory), and memory never holds a whole weight matrix in double.
constexpr std::int64_t kPanelValues = std::int64_t(1) << 17;

// Output columns of a product per block: a panel of at most kPanelValues numbers, at least 16
// columns (so a panel of a layer wider than 65,536 inputs holds more).
std::int64_t blockWidth(std::int64_t in) {
    return std::clamp<std::int64_t>(kPanelValues / std::max<std::int64_t>(in, 1), 16, 512);
}

// Conv1D's (in × out) blocks are this many output columns wide, and a panel this many rows of
// inputs (128 KB). Its kernel reads a panel 16 columns at a time down its rows: narrow blocks
// keep those rows close (a 512-wide panel put them 4 KB apart, and the kernel ran at a third of
// its speed), and a panel stays in the L2 cache with the columns of x it is multiplied by. The
// kernel adds the panels' products in order.
constexpr std::int64_t kInputMajorBlock = 64;
constexpr std::int64_t kInputMajorRows = 256;

} // namespace

// The largest panel `linear` widens for a product of `in` inputs (either layout).
std::int64_t panelValues(std::int64_t in) {
    return std::max(kPanelValues, blockWidth(in) * in);
}

namespace {

// A panel of the pool for as long as a block lasts.
class Panel {
public:
    explicit Panel(PanelPool &pool) : m_pool(pool), m_data(pool.take()) {}
    ~Panel() { m_pool.give(std::move(m_data)); }
    Panel(const Panel &) = delete;
    Panel &operator=(const Panel &) = delete;
    double *data() { return m_data.get(); }

private:
    PanelPool &m_pool;
    std::unique_ptr<double[]> m_data;
};

// parallelBlocks for a body that may throw (InputError for a NaN weight met in a panel): the
// first exception is kept and thrown again on the calling thread once every block is done.
void forBlocks(Eigen::Index count, Eigen::Index block,
               const std::function<void(Eigen::Index, Eigen::Index)> &body) {
    std::mutex mutex;
    std::exception_ptr error;
    parallelBlocks(count, block, [&](Eigen::Index first, Eigen::Index last) {
        try {
            body(first, last);
        } catch (...) {
            const std::lock_guard<std::mutex> lock(mutex);
            if (!error)
                error = std::current_exception();
        }
    });
    if (error)
        std::rethrow_exception(error);
}

} // namespace

// y = x·Wᵀ + b (nn.Linear, W: out × in) or x·W + b (Conv1D, W: in × out), widening W one panel
// at a time. The output's columns are split into blocks of a fixed width (whatever the number
// of threads, so the sums are added in the same order and a run is the same bits on any
// machine); each block is a product of x with its panels of W.
Matrix linear(PanelPool &pool, const Matrix &x, const LinearWeights &l) {
    const std::int64_t in = l.inputs(), out = l.outputs();
    Matrix y(x.rows(), static_cast<Eigen::Index>(out));
    if (y.size() >= (std::int64_t(4) << 20)) // beyond glibc's heap, mapped afresh: the logits
        adviseHugePages(y.data(), std::size_t(y.size()) * sizeof(double));
    const std::int64_t block = l.inputMajor ? kInputMajorBlock : blockWidth(in);
    forBlocks(Eigen::Index(out), Eigen::Index(block), [&](Eigen::Index c0, Eigen::Index c1) {
        const std::int64_t width = c1 - c0;
        auto target = y.middleCols(c0, width);
        Panel storage(pool);
        if (!l.inputMajor) {
            l.weight.widenBlock(c0, width, 0, in, storage.data());
            productTransposed(x, storage.data(), target, false);
            return;
        }
        const std::int64_t rows = kInputMajorRows;
        for (std::int64_t r0 = 0; r0 < in; r0 += rows) {
            const std::int64_t r = std::min(rows, in - r0);
            l.weight.widenBlock(r0, r, c0, width, storage.data());
            product(x.middleCols(Eigen::Index(r0), Eigen::Index(r)), storage.data(), target,
                    r0 != 0);
        }
    });
    if (l.bias.present())
        y.rowwise() += l.bias.widenVector();
    return y;
}

// LayerNorm (its bias optional), each row on its own.
Matrix layerNorm(const Matrix &x, const NormWeights &n, double eps) {
    const RowVector w = n.weight.widenVector();
    const RowVector b = n.bias.present() ? n.bias.widenVector() : RowVector();
    Matrix y(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double mean = x.row(i).mean();
        const RowVector centred = x.row(i).array() - mean;
        const double variance = centred.squaredNorm() / double(x.cols());
        y.row(i) = (centred / std::sqrt(variance + eps)).cwiseProduct(w) + b;
    }
    return y;
}

namespace {

// v ← v / (1 + exp(−z(v))) for every value of m: the gated activations, with the softmax's vector
// exp (expShiftedSum: within 2 ulp of std::exp) a row at a time. std::tanh and std::exp one value
// at a time were 8% of GPT-2's run.
template <typename Argument> void sigmoidGate(Matrix &m, Argument z) {
    Eigen::ArrayXd e(m.cols());
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        auto row = m.row(i).array();
        e = -row.unaryExpr(z).transpose();
        expShiftedSum(e.data(), e.size(), 0.0); // exactly 0 below e^−708: then v itself
        row /= (1.0 + e).transpose();
    }
}

} // namespace

void activate(Matrix &m, Activation a) {
    switch (a) {
    case Activation::GeluTanh: {
        // 0.5·v·(1 + tanh(u)) = v / (1 + exp(−2u)), u = √(2/π)·(v + 0.044715·v³): no
        // cancellation where tanh(u) is near −1.
        const double c = 2.0 * std::sqrt(2.0 / std::numbers::pi);
        sigmoidGate(m, [c](double v) { return c * (v + 0.044715 * v * v * v); });
        break;
    }
    case Activation::GeluErf:
        m = m.unaryExpr(
            [](double v) { return 0.5 * v * (1.0 + std::erf(v / std::numbers::sqrt2)); });
        break;
    case Activation::Silu:
        sigmoidGate(m, [](double v) { return v; });
        break;
    case Activation::Relu:
        m = m.cwiseMax(0.0);
        break;
    }
}

namespace {

// A norm's gain: w, or 1 + w for Gemma's norms.
RowVector normGain(const ModelConfig &c, const NormWeights &n) {
    RowVector w = n.weight.widenVector();
    if (c.features.norm == NormKind::RmsNormPlusOne)
        w.array() += 1.0;
    return w;
}

// Each row of m RMS-normalised and multiplied by `gain`, in place (a head's q or k, or the
// residual stream).
void rmsNormRows(Matrix &m, const RowVector &gain, double eps) {
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        const double scale = 1.0 / std::sqrt(m.row(i).squaredNorm() / double(m.cols()) + eps);
        m.row(i) = (m.row(i) * scale).cwiseProduct(gain);
    }
}

// The norm of the model's kind of each row of x.
Matrix norm(const ModelConfig &c, const Matrix &x, const NormWeights &n) {
    if (c.features.norm == NormKind::LayerNorm)
        return layerNorm(x, n, c.normEps);
    Matrix y = x;
    rmsNormRows(y, normGain(c, n), c.normEps);
    return y;
}

// Hugging Face's rotate_half RoPE on the first 2·|inverse| columns of m, whose row p is
// position offset + p: that position turns the pair (i, i + |inverse|) by its index times
// inverse[i]; the columns after them pass through.
void applyRope(Matrix &m, const std::vector<double> &inverse, std::int64_t offset) {
    const auto half = Eigen::Index(inverse.size());
    for (Eigen::Index i = 0; i < half; ++i) {
        for (Eigen::Index p = 0; p < m.rows(); ++p) {
            const double angle = double(offset + p) * inverse[std::size_t(i)];
            const double c = std::cos(angle), s = std::sin(angle);
            double &a = m(p, i), &b = m(p, i + half);
            const double a0 = a, b0 = b;
            a = a0 * c - b0 * s;
            b = b0 * c + a0 * s;
        }
    }
}

} // namespace

Attending attendingOf(const ModelConfig &c, int layer) {
    Attending how;
    how.causal = c.decoder();
    how.scale = c.queryScale();
    how.softcap = c.features.attnSoftcap;
    how.window = c.features.windowOf(layer);
    return how;
}

namespace {

// One head: weights = softmax(mask(cap(q·kᵀ·scale))), output = weights·v. Query row i is
// position offset + i (a continued run's new rows see every cached key before them). Masked
// cells (keys after the query, or before its window) are exactly 0.
void attend(HeadRun &h, const Attending &a, std::int64_t offset) {
    const Eigen::Index n = h.q.rows(), keys = h.k.rows();
    h.weights.resize(n, keys);
    h.rowMax.resize(n);
    h.rowSum.resize(n);
    gemm(h.q, false, h.k, true, h.weights);
    h.weights *= a.scale;
    if (a.softcap > 0)
        h.weights = a.softcap * (h.weights.array() / a.softcap).tanh();
    for (Eigen::Index i = 0; i < n; ++i) {
        const Eigen::Index end = a.causal ? Eigen::Index(offset) + i + 1 : keys;
        const Eigen::Index first =
            a.causal && a.window > 0 ? std::max<Eigen::Index>(0, end - a.window) : 0;
        auto row = h.weights.row(i);
        auto seen = row.segment(first, end - first);
        const double top = seen.maxCoeff();
        seen = (seen.array() - top).exp();
        const double sum = seen.sum();
        seen /= sum;
        h.rowMax(i) = top;
        h.rowSum(i) = sum;
        row.head(first).setZero();
        row.tail(keys - end).setZero();
    }
    h.output.resize(n, h.v.cols());
    gemm(h.weights, false, h.v, false, h.output);
}

// The edits of `interventions` on the heads of layer `layer`, in their order, once every head
// of the layer is computed. Returns the contributions that replace whole heads (values n × d,
// one per head at most: the last edit wins), null for the others.
std::vector<const Matrix *> editHeads(LayerRun &r, const Interventions &interventions, int layer) {
    std::vector<const Matrix *> contributions(r.heads.size(), nullptr);
    for (const Intervention &e : interventions.edits) {
        if (e.layer != layer || e.kind == Intervention::Kind::PatchResidual ||
            e.kind == Intervention::Kind::Steer)
            continue;
        Matrix &output = r.heads[std::size_t(e.head)].output;
        switch (e.kind) {
        case Intervention::Kind::Zero:
            output.setZero();
            break;
        case Intervention::Kind::Mean:
            output.rowwise() = RowVector(output.colwise().mean());
            break;
        case Intervention::Kind::Scale:
            if (e.factor == 0) // not 0·v, whose −0 would differ in sign from Zero
                output.setZero();
            else
                output *= e.factor;
            break;
        case Intervention::Kind::PatchHead: {
            const Matrix &b =
                interventions.source->layers[std::size_t(layer)].heads[std::size_t(e.head)].output;
            if (e.position < 0)
                output = b;
            else
                output.row(Eigen::Index(e.position)) = b.row(Eigen::Index(e.position));
            break;
        }
        case Intervention::Kind::ReplaceOutput:
            output = e.values;
            break;
        case Intervention::Kind::ReplaceContribution:
            contributions[std::size_t(e.head)] = &e.values;
            break;
        case Intervention::Kind::PatchResidual:
        case Intervention::Kind::Steer:
            break;
        }
    }
    return contributions;
}

} // namespace

LayerRun runLayer(PanelPool &pool, const ModelConfig &c, const LayerWeights &w, const Matrix &input,
                  const Interventions &interventions, int layer, std::int64_t offset,
                  LayerCache *cache, const std::vector<bool> *keep, bool keepVectors) {
    LayerRun r;
    const ModelFeatures &x = c.features;
    r.x = x.postNorm ? input : norm(c, input, w.attentionNorm);

    Matrix q, k, v;
    Eigen::Index qCol = 0, kCol = 0, vCol = 0; // where q, k and v start in their matrices
    if (w.qkv.weight.present()) {
        q = linear(pool, r.x, w.qkv); // one product for the three: k and v are its later columns
        kCol = Eigen::Index(c.heads * c.headDim);
        vCol = Eigen::Index(kCol + c.kvHeads * c.headDim);
    } else {
        q = linear(pool, r.x, w.q);
        k = linear(pool, r.x, w.k);
        v = linear(pool, r.x, w.v);
    }
    const Matrix &keys = w.qkv.weight.present() ? q : k;
    const Matrix &values = w.qkv.weight.present() ? q : v;
    const std::int64_t d = c.headDim, group = c.heads / c.kvHeads;
    const std::vector<double> inverse = x.rope ? ropeFrequencies(c, layer) : std::vector<double>();
    const Attending how = attendingOf(c, layer);
    const RowVector qGain = x.qkNorm ? normGain(c, w.qNorm) : RowVector();
    const RowVector kGain = x.qkNorm ? normGain(c, w.kNorm) : RowVector();
    // Each key/value head's k (normed, turned) and v once, for the heads of its group.
    std::vector<Matrix> groupKeys(std::size_t(c.kvHeads)), groupValues(std::size_t(c.kvHeads));
    for (std::int64_t g = 0; g < c.kvHeads; ++g) {
        Matrix &kg = groupKeys[std::size_t(g)];
        kg = keys.middleCols(kCol + Eigen::Index(g * d), Eigen::Index(d));
        if (x.qkNorm)
            rmsNormRows(kg, kGain, c.normEps);
        if (x.rope)
            applyRope(kg, inverse, offset);
        groupValues[std::size_t(g)] =
            values.middleCols(vCol + Eigen::Index(g * d), Eigen::Index(d));
        if (cache) {
            for (auto [all, rows] :
                 {std::pair{&cache->keys[std::size_t(g)], &kg},
                  std::pair{&cache->values[std::size_t(g)], &groupValues[std::size_t(g)]}}) {
                const Eigen::Index before = all->rows();
                all->conservativeResize(before + rows->rows(), Eigen::Index(d));
                all->bottomRows(rows->rows()) = *rows;
                *rows = *all;
            }
        }
    }
    // Sized here, so that the helper threads write into the main heap (see PanelPool).
    r.heads.resize(std::size_t(c.heads));
    const Eigen::Index n = r.x.rows(), seen = groupKeys[0].rows();
    const auto kept = [keep](std::size_t h) { return !keep || (*keep)[h]; };
    for (std::size_t h = 0; h < r.heads.size(); ++h) {
        HeadRun &head = r.heads[h];
        head.output.resize(n, Eigen::Index(d));
        head.rowMax.resize(n);
        head.rowSum.resize(n);
        if (kept(h) || keepVectors)
            head.q.resize(n, Eigen::Index(d));
        if (kept(h))
            head.weights.resize(n, seen);
    }
    parallelFor(Eigen::Index(c.heads), 1, [&](Eigen::Index first, Eigen::Index last) {
        for (Eigen::Index h = first; h < last; ++h) {
            HeadRun &head = r.heads[std::size_t(h)];
            const auto kv = std::size_t(h / group);
            head.q = q.middleCols(qCol + h * d, d);
            head.k = groupKeys[kv];
            head.v = groupValues[kv];
            if (x.qkNorm)
                rmsNormRows(head.q, qGain, c.normEps);
            if (x.rope)
                applyRope(head.q, inverse, offset);
            attend(head, how, offset);
            if (!kept(std::size_t(h))) {
                head.weights = Matrix();
                if (!keepVectors)
                    head.q = head.k = head.v = Matrix();
            }
        }
    });
    const std::vector<const Matrix *> replaced = editHeads(r, interventions, layer);
    Matrix concat(r.x.rows(), static_cast<Eigen::Index>(c.heads * d));
    for (std::int64_t h = 0; h < c.heads; ++h) {
        if (replaced[std::size_t(h)]) // its contribution comes whole, below
            concat.middleCols(Eigen::Index(h * d), d).setZero();
        else
            concat.middleCols(Eigen::Index(h * d), d) = r.heads[std::size_t(h)].output;
    }
    r.attnOut = linear(pool, concat, w.o);
    for (const Matrix *contribution : replaced)
        if (contribution)
            r.attnOut += *contribution;

    if (x.postNorm) {
        r.mid = layerNorm(r.attnOut + input, w.attentionNorm, c.normEps);
        Matrix inner = linear(pool, r.mid, w.up);
        activate(inner, c.activation);
        r.mlpOut = linear(pool, inner, w.down);
        r.hidden = layerNorm(r.mlpOut + r.mid, w.mlpNorm, c.normEps);
        return r;
    }
    r.mid = input + (x.sandwichNorms ? norm(c, r.attnOut, w.postAttentionNorm) : r.attnOut);
    const Matrix m = norm(c, r.mid, w.mlpNorm);
    Matrix inner;
    if (w.gate.weight.present()) {
        inner = linear(pool, m, w.gate);
        activate(inner, c.activation);
        inner = inner.cwiseProduct(linear(pool, m, w.up));
    } else {
        inner = linear(pool, m, w.up);
        activate(inner, c.activation);
    }
    r.mlpOut = linear(pool, inner, w.down);
    r.hidden = r.mid + (x.sandwichNorms ? norm(c, r.mlpOut, w.postMlpNorm) : r.mlpOut);
    return r;
}

namespace {

// Row `id` of the embedding matrix, `count` times `id` … as rows of a matrix.
Matrix embed(const TensorView &table, const std::vector<std::int64_t> &ids) {
    Matrix m(static_cast<Eigen::Index>(ids.size()), static_cast<Eigen::Index>(table.cols()));
    for (std::size_t i = 0; i < ids.size(); ++i)
        table.widenRows(ids[i], 1, m.row(Eigen::Index(i)).data());
    return m;
}

} // namespace

void release(const LinearWeights &l) {
    l.weight.release();
    l.bias.release();
}

// A layer's weights once the layer is done (TensorView::release).
void release(const LayerWeights &w) {
    for (const LinearWeights *l : {&w.qkv, &w.q, &w.k, &w.v, &w.o, &w.up, &w.gate, &w.down})
        release(*l);
}

// Decoders' final norm (GPT-2 ln_f, Llama's norm) of the residual stream.
Matrix finalNorm(const ModelConfig &c, const ModelWeights &w, const Matrix &residual) {
    return norm(c, residual, w.finalNorm);
}

// Gemma 2's final soft-cap of the logits, c·tanh(logits/c), in place.
void capLogits(const ModelConfig &c, Matrix &logits) {
    const double cap = c.features.finalSoftcap;
    if (cap > 0)
        logits = cap * (logits.array() / cap).tanh();
}

// The residual stream before layer 0 of `ids` at positions offset, offset + 1, …: the token
// embeddings (scaled for Gemma), plus the learned positions (GPT-2), plus token type 0 and the
// embedding LayerNorm (BERT).
Matrix embedAt(const ModelConfig &c, const ModelWeights &w, const std::vector<std::int64_t> &ids,
               std::int64_t offset) {
    Matrix h = embed(w.tokenEmbedding, ids);
    if (w.positionEmbedding.present()) {
        std::vector<std::int64_t> positions(ids.size());
        for (std::size_t i = 0; i < positions.size(); ++i)
            positions[i] = offset + std::int64_t(i);
        h += embed(w.positionEmbedding, positions);
    }
    if (c.features.embeddingScale != 1)
        h *= c.features.embeddingScale;
    if (w.typeEmbedding.present()) {
        h.rowwise() += w.typeEmbedding.widenRows(0, 1).row(0); // token type 0
        h = layerNorm(h, w.embeddingNorm, c.normEps);
    }
    return h;
}

// The edits of the residual stream after layer `layer`, in their order: run B's rows patched
// in (all, or one position), steering vectors added to every row.
void editResidual(Matrix &hidden, const Interventions &interventions, int layer) {
    for (const Intervention &e : interventions.edits) {
        if (e.layer != layer)
            continue;
        if (e.kind == Intervention::Kind::PatchResidual) {
            const Matrix &b = interventions.source->layers[std::size_t(layer)].hidden;
            if (e.position < 0)
                hidden = b;
            else
                hidden.row(Eigen::Index(e.position)) = b.row(Eigen::Index(e.position));
        } else if (e.kind == Intervention::Kind::Steer) {
            hidden.rowwise() += e.values.row(0);
        }
    }
}

} // namespace attn::forwardpass
