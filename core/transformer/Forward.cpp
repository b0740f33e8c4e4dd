// SPDX-License-Identifier: GPL-3.0-or-later
#include "Forward.h"

#include "Allocator.h"
#include "Blas.h"
#include "InputError.h"
#include "Interventions.h"
#include "Limits.h"
#include "PanelProduct.h"
#include "Parallel.h"
#include "Translate.h"
#include "VectorExp.h"
#include "checkpoint/Checkpoint.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <numbers>
#include <vector>

namespace attn {

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

// Named (not file-local) because ContinuedRun::State holds one.
namespace forwardpass {

// The panels' storage, shared by every product of a run: a block takes a buffer and gives it back
// when done, so a run allocates one per thread, on the calling thread (in the main heap, which
// keepLargeAllocationsInHeap puts in huge pages; a helper thread's arena is not). A fresh 8 MB
// panel per block cost a page fault per 4 KB the first time it was written: a tenth of GPT-2's
// run was spent in the kernel.
class PanelPool {
public:
    // `values`: the largest panel of the model's products; `count`: how many threads take one.
    PanelPool(std::int64_t values, int count) : m_values(values) {
        for (int i = 0; i < count; ++i)
            m_free.push_back(std::make_unique_for_overwrite<double[]>(std::size_t(values)));
    }
    std::unique_ptr<double[]> take() {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (m_free.empty())
            return std::make_unique_for_overwrite<double[]>(std::size_t(m_values));
        std::unique_ptr<double[]> panel = std::move(m_free.back());
        m_free.pop_back();
        return panel;
    }
    void give(std::unique_ptr<double[]> panel) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_free.push_back(std::move(panel));
    }

private:
    std::int64_t m_values;
    std::mutex m_mutex;
    std::vector<std::unique_ptr<double[]>> m_free;
};

} // namespace forwardpass

namespace {

using forwardpass::PanelPool;

// The largest panel `linear` widens for a product of `in` inputs (either layout).
std::int64_t panelValues(std::int64_t in) {
    return std::max(kPanelValues, blockWidth(in) * in);
}

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

// How one layer's heads attend, from the model's features.
struct Attending {
    bool causal = true;
    double scale = 1;
    double softcap = 0;      // c·tanh(s/c) of the scaled scores, before the mask (0: none)
    std::int64_t window = 0; // query i sees keys i − window < j ≤ i (0: all j ≤ i)
};

Attending attendingOf(const ModelConfig &c, int layer) {
    Attending how;
    how.causal = c.decoder();
    how.scale = c.queryScale();
    how.softcap = c.features.attnSoftcap;
    how.window = c.features.windowOf(layer);
    return how;
}

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

namespace forwardpass {

// A layer's keys and values so far, one matrix per key/value head (t × head_dim, after the
// norm and RoPE): what a continued run reuses instead of recomputing the earlier positions.
struct LayerCache {
    std::vector<Matrix> keys, values;
};

} // namespace forwardpass

namespace {

using forwardpass::LayerCache;

// One layer on `input`, whose row i is position offset + i. With a cache, the rows' keys and
// values are appended to it and the queries attend to every cached position; without one,
// offset is 0 and the rows are the whole run. `keep` (when given) says which heads keep their
// weights: the others' are dropped as soon as the head's output is computed, so a layer of long
// inputs holds one n × n per thread at a time; their q, k and v go too unless `keepVectors`.
LayerRun runLayer(PanelPool &pool, const ModelConfig &c, const LayerWeights &w, const Matrix &input,
                  const Interventions &interventions, int layer, std::int64_t offset = 0,
                  LayerCache *cache = nullptr, const std::vector<bool> *keep = nullptr,
                  bool keepVectors = false) {
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

// Row `id` of the embedding matrix, `count` times `id` … as rows of a matrix.
Matrix embed(const TensorView &table, const std::vector<std::int64_t> &ids) {
    Matrix m(static_cast<Eigen::Index>(ids.size()), static_cast<Eigen::Index>(table.cols()));
    for (std::size_t i = 0; i < ids.size(); ++i)
        table.widenRows(ids[i], 1, m.row(Eigen::Index(i)).data());
    return m;
}

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

std::int64_t saturatingAdd(std::int64_t a, std::int64_t b) {
    return a > INT64_MAX - b ? INT64_MAX : a + b;
}

} // namespace

std::int64_t keptValues(const Run &run) {
    std::int64_t values = run.embedded.size() + run.final.size() + run.logits.size();
    for (const LayerRun &l : run.layers) {
        for (const Matrix *m : {&l.x, &l.attnOut, &l.mid, &l.mlpOut, &l.hidden})
            values += m->size();
        for (const HeadRun &h : l.heads) {
            for (const Matrix *m : {&h.q, &h.k, &h.v, &h.weights, &h.output})
                values += m->size();
            values += h.rowMax.size() + h.rowSum.size();
        }
    }
    return values;
}

std::int64_t runValues(const ModelConfig &c, std::int64_t n) {
    // Per head q, k, v, output (n × head_dim each) and the n × n weights.
    const std::int64_t perHead =
        saturatingAdd(saturatingProduct(4 * n, c.headDim), saturatingProduct(n, n));
    // Per layer x, attn_out, mid, mlp_out, hidden (n × d each) and the heads.
    const std::int64_t perLayer =
        saturatingAdd(saturatingProduct(5 * n, c.dModel), saturatingProduct(c.heads, perHead));
    // The embeddings and the final norm (n × d each), and the logits.
    return saturatingAdd(
        saturatingAdd(saturatingProduct(c.layers, perLayer), saturatingProduct(2 * n, c.dModel)),
        saturatingProduct(n, c.vocab));
}

std::int64_t compactRunValues(const ModelConfig &c, std::int64_t n) {
    // Per layer hidden (n × d) and each head's two statistics per query; the embeddings and
    // the final norm (n × d each), and one row of logits.
    const std::int64_t perLayer =
        saturatingAdd(saturatingProduct(n, c.dModel), saturatingProduct(2 * n, c.heads));
    return saturatingAdd(
        saturatingAdd(saturatingProduct(c.layers, perLayer), saturatingProduct(2 * n, c.dModel)),
        c.vocab);
}

void checkRunIds(const ModelConfig &c, const std::vector<std::int64_t> &ids, bool compact) {
    const auto n = std::int64_t(ids.size());
    if (n == 0)
        throw InputError(translate("attn::checkpoint", "there are no token ids to run"));
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] < 0 || ids[i] >= c.vocab)
            throw InputError(translate("attn::checkpoint",
                                       "token id %1 (at position %2) is outside the vocabulary "
                                       "0 … %3")
                                 .arg(qs(ids[i]), qs(std::int64_t(i)), qs(c.vocab - 1)));
    if (n > c.maxPositions)
        throw InputError(
            translate("attn::checkpoint", "%1 tokens are more than the model's %2 positions")
                .arg(qs(n), qs(c.maxPositions)));
    checkTokenCount(n, translate("attn::checkpoint", "the text").toStdString());
    if (compact)
        checkCompactRunValues(compactRunValues(c, n), n);
    else
        checkRunValues(runValues(c, n), n);
}

RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids) {
    return runModel(checkpoint, ids, Interventions());
}

RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                const Interventions &interventions) {
    return runModel(checkpoint, ids, interventions, RunOptions());
}

RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                const Interventions &interventions, const RunOptions &options) {
    const ModelConfig &c = checkpoint.config();
    const ModelWeights &w = checkpoint.weights();
    const auto n = Eigen::Index(ids.size());
    bool compact = options.keep == RunOptions::Keep::Compact;
    if (options.keep == RunOptions::Keep::Auto)
        compact = c.decoder() && runValues(c, std::int64_t(n)) > kMaxRunValues;
    if (compact && !c.decoder())
        throw InputError(
            translate("attn::transformer", "%1 is not a decoder: its runs keep every attention map")
                .arg(QString::fromLatin1(familyName(c.family))));
    checkRunIds(c, ids, compact);
    checkInterventions(c, std::int64_t(ids.size()), interventions);
    auto run = std::make_shared<Run>();
    run->ids = ids;
    run->compact = compact;
    if (!interventions.empty())
        run->interventions = std::make_shared<const Interventions>(interventions);

    run->embedded = embedAt(c, w, ids, 0);
    PanelPool pool(panelValues(std::max({c.dModel, c.ffn, c.heads * c.headDim})), threadCount());
    run->layers.reserve(w.layers.size());
    const std::vector<bool> none(std::size_t(c.heads), false);
    const Matrix *h = &run->embedded;
    for (const LayerWeights &layer : w.layers) {
        const int index = int(run->layers.size());
        run->layers.push_back(runLayer(pool, c, layer, *h, interventions, index, 0, nullptr,
                                       compact ? &none : nullptr));
        LayerRun &r = run->layers.back();
        editResidual(r.hidden, interventions, index);
        if (compact) { // the residual stream and the statistics: the rest is recomputed
            r.x = r.attnOut = r.mid = r.mlpOut = Matrix();
            for (HeadRun &head : r.heads)
                head.output = Matrix();
        }
        h = &r.hidden;
        release(layer);
        if (options.cancel && options.cancel->load())
            throw RunCancelled();
        if (options.layerDone)
            options.layerDone(int(run->layers.size()));
    }
    if (compact) {
        run->final = finalNorm(c, w, *h);
        run->logitsFirst = std::int64_t(n) - 1;
        run->logits = linear(pool, run->final.bottomRows(1), w.lmHead);
        capLogits(c, run->logits);
        release(w.lmHead);
        w.tokenEmbedding.release();
        return run;
    }

    if (!c.decoder()) {
        run->final = *h;
        if (w.hasLmHead) {
            Matrix t = linear(pool, run->final, w.mlmTransform);
            activate(t, c.activation);
            run->logits = linear(pool, layerNorm(t, w.mlmNorm, c.normEps), w.lmHead);
        } else {
            run->logits.resize(n, 0);
        }
    } else {
        run->final = finalNorm(c, w, *h);
        run->logits = linear(pool, run->final, w.lmHead);
        capLogits(c, run->logits);
    }
    release(w.lmHead);
    w.tokenEmbedding.release();
    return run;
}

LayerRun expandLayer(const Checkpoint &checkpoint, const Run &run, int layer,
                     const std::vector<bool> &heads) {
    const ModelConfig &c = checkpoint.config();
    const ModelWeights &w = checkpoint.weights();
    if (layer < 0 || layer >= int(run.layers.size()) || run.layers.size() != w.layers.size())
        throw InputError(translate("attn::transformer", "there is no layer %1: the model has %2")
                             .arg(qs(std::int64_t(layer)), qs(c.layers)));
    if (!run.compact && heads.empty())
        return run.layers[std::size_t(layer)];
    const Interventions none;
    const Interventions &edits = run.interventions ? *run.interventions : none;
    const Matrix &input = layer == 0 ? run.embedded : run.layers[std::size_t(layer) - 1].hidden;
    PanelPool pool(panelValues(std::max({c.dModel, c.ffn, c.heads * c.headDim})), threadCount());
    LayerRun r = runLayer(pool, c, w.layers[std::size_t(layer)], input, edits, layer, 0, nullptr,
                          heads.empty() ? nullptr : &heads, true);
    editResidual(r.hidden, edits, layer);
    release(w.layers[std::size_t(layer)]);
    return r;
}

Matrix weightRows(const ModelConfig &config, const HeadRun &head, int layer, Eigen::Index first,
                  Eigen::Index count) {
    const Attending a = attendingOf(config, layer);
    const Eigen::Index keys = head.k.rows();
    if (first < 0 || count < 0 || first + count > head.q.rows() ||
        head.rowMax.size() < first + count || head.rowSum.size() < first + count)
        throw InputError(translate("attn::transformer",
                                   "the head keeps no q, k or statistics for those queries"));
    Matrix w(count, keys);
    gemm(head.q.middleRows(first, count), false, head.k, true, w);
    // As attend() computes them, row by row, so the numbers are the run's own.
    w *= a.scale;
    if (a.softcap > 0)
        w = a.softcap * (w.array() / a.softcap).tanh();
    const Eigen::Index offset = keys - head.q.rows(); // a continued run's cached keys: none here
    for (Eigen::Index r = 0; r < count; ++r) {
        const Eigen::Index i = first + r;
        const Eigen::Index end = a.causal ? offset + i + 1 : keys;
        const Eigen::Index from =
            a.causal && a.window > 0 ? std::max<Eigen::Index>(0, end - a.window) : 0;
        auto row = w.row(r);
        auto seen = row.segment(from, end - from);
        seen = (seen.array() - head.rowMax(i)).exp();
        seen /= head.rowSum(i);
        row.head(from).setZero();
        row.tail(keys - end).setZero();
    }
    return w;
}

Matrix logitsOf(const Checkpoint &checkpoint, const Run &run, std::int64_t first,
                std::int64_t count) {
    const auto n = std::int64_t(run.ids.size());
    first = std::clamp<std::int64_t>(first, 0, n);
    count = std::clamp<std::int64_t>(count, 0, n - first);
    const std::int64_t kept = run.logits.rows();
    if (first >= run.logitsFirst && first + count <= run.logitsFirst + kept)
        return run.logits.middleRows(Eigen::Index(first - run.logitsFirst), Eigen::Index(count));
    const ModelConfig &c = checkpoint.config();
    if (!c.decoder())
        throw InputError(translate("attn::transformer",
                                   "BERT has no final norm and LM head after each layer: the "
                                   "logit lens reads decoders"));
    const ModelWeights &w = checkpoint.weights();
    PanelPool pool(panelValues(c.dModel), threadCount());
    Matrix logits =
        linear(pool, run.final.middleRows(Eigen::Index(first), Eigen::Index(count)), w.lmHead);
    capLogits(c, logits);
    release(w.lmHead);
    return logits;
}

struct ContinuedRun::State {
    forwardpass::PanelPool pool;
    std::vector<forwardpass::LayerCache> caches;
    explicit State(const ModelConfig &c)
        : pool(panelValues(std::max({c.dModel, c.ffn, c.heads * c.headDim})), threadCount()),
          caches(std::size_t(c.layers)) {
        for (LayerCache &cache : caches) {
            cache.keys.assign(std::size_t(c.kvHeads), Matrix(0, Eigen::Index(c.headDim)));
            cache.values.assign(std::size_t(c.kvHeads), Matrix(0, Eigen::Index(c.headDim)));
        }
    }
};

ContinuedRun::ContinuedRun(const Checkpoint &checkpoint, Interventions interventions)
    : m_checkpoint(checkpoint), m_interventions(std::move(interventions)),
      m_state(std::make_unique<State>(checkpoint.config())) {
    const ModelConfig &c = checkpoint.config();
    if (!c.decoder())
        throw InputError(
            translate("attn::transformer", "%1 is not a decoder: it does not continue a text")
                .arg(QString::fromLatin1(familyName(c.family))));
    for (const Intervention &e : m_interventions.edits)
        if (e.kind != Intervention::Kind::Zero && e.kind != Intervention::Kind::Scale &&
            e.kind != Intervention::Kind::Steer)
            throw InputError(translate("attn::transformer",
                                       "%1 does not apply while the model writes: only "
                                       "ablations to zero, scales and steering do (a mean or a "
                                       "patch would change the positions already written)")
                                 .arg(qs(e.describe())));
    checkInterventions(c, 1, m_interventions);
}

ContinuedRun::~ContinuedRun() = default;

std::int64_t ContinuedRun::length() const {
    return std::int64_t(m_ids.size());
}

RowVector ContinuedRun::append(const std::vector<std::int64_t> &ids,
                               std::vector<LayerRun> *layers) {
    const ModelConfig &c = m_checkpoint.config();
    const ModelWeights &w = m_checkpoint.weights();
    std::vector<std::int64_t> all = m_ids;
    all.insert(all.end(), ids.begin(), ids.end());
    checkRunIds(c, all);
    if (ids.empty())
        throw InputError(translate("attn::checkpoint", "there are no token ids to run"));
    const std::int64_t offset = length();
    Matrix h = embedAt(c, w, ids, offset);
    if (layers)
        layers->clear();
    Matrix logits;
    try {
        for (std::size_t l = 0; l < w.layers.size(); ++l) {
            LayerRun r = runLayer(m_state->pool, c, w.layers[l], h, m_interventions, int(l), offset,
                                  &m_state->caches[l]);
            editResidual(r.hidden, m_interventions, int(l));
            h = r.hidden;
            if (layers)
                layers->push_back(std::move(r));
        }
        logits = linear(m_state->pool, finalNorm(c, w, h.bottomRows(1)), w.lmHead);
    } catch (...) {
        // Back to the tokens before: the layers that ran have appended their keys and values.
        for (LayerCache &cache : m_state->caches)
            for (std::vector<Matrix> *matrices : {&cache.keys, &cache.values})
                for (Matrix &m : *matrices)
                    m.conservativeResize(Eigen::Index(offset), m.cols());
        if (layers)
            layers->clear();
        throw;
    }
    m_ids = std::move(all);
    capLogits(c, logits);
    return logits.row(0);
}

Matrix decoderLogits(const Checkpoint &checkpoint, const Matrix &residual) {
    const ModelConfig &c = checkpoint.config();
    const ModelWeights &w = checkpoint.weights();
    if (!c.decoder())
        throw InputError(translate("attn::transformer",
                                   "BERT has no final norm and LM head after each layer: the "
                                   "logit lens reads decoders"));
    PanelPool pool(panelValues(c.dModel), threadCount());
    Matrix logits = linear(pool, finalNorm(c, w, residual), w.lmHead);
    capLogits(c, logits);
    release(w.lmHead);
    return logits;
}

} // namespace attn
