// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunGrowth.h"

#include "InputError.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"

#include <cmath>

namespace attn {

namespace {

// `rows` under `top`, as a new matrix (either may have no rows).
Matrix stacked(const Matrix &top, const Matrix &rows) {
    if (top.rows() == 0)
        return rows;
    Matrix out(top.rows() + rows.rows(), top.cols());
    out.topRows(top.rows()) = top;
    out.bottomRows(rows.rows()) = rows;
    return out;
}

Vector stacked(const Vector &top, const Vector &rows) {
    Vector out(top.size() + rows.size());
    out.head(top.size()) = top;
    out.tail(rows.size()) = rows;
    return out;
}

// The residual stream before layer 0 at positions offset, offset + 1, … of a decoder: the
// token embeddings, plus the learned positions (GPT-2), scaled (Gemma), in the forward pass's
// order of operations (Forward.cpp's embedAt), so the rows are the whole run's bit for bit.
Matrix embeddedRows(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                    std::int64_t offset) {
    const ModelConfig &c = checkpoint.config();
    const ModelWeights &w = checkpoint.weights();
    const auto d = Eigen::Index(w.tokenEmbedding.cols());
    Matrix h(Eigen::Index(ids.size()), d);
    for (std::size_t i = 0; i < ids.size(); ++i)
        w.tokenEmbedding.widenRows(ids[i], 1, h.row(Eigen::Index(i)).data());
    if (w.positionEmbedding.present()) {
        Matrix positions(Eigen::Index(ids.size()), d);
        for (std::size_t i = 0; i < ids.size(); ++i)
            w.positionEmbedding.widenRows(offset + std::int64_t(i), 1,
                                          positions.row(Eigen::Index(i)).data());
        h += positions;
    }
    if (c.features.embeddingScale != 1)
        h *= c.features.embeddingScale;
    return h;
}

// The decoder's final norm of each row (GPT-2 ln_f, Llama's norm), as Forward.cpp's norm
// computes it: LayerNorm centred with weight and bias, or RMSNorm with w (Gemma: 1 + w).
Matrix finalNormRows(const Checkpoint &checkpoint, const Matrix &x) {
    const ModelConfig &c = checkpoint.config();
    const NormWeights &n = checkpoint.weights().finalNorm;
    RowVector w = n.weight.widenVector();
    Matrix y(x.rows(), x.cols());
    if (c.features.norm == NormKind::LayerNorm) {
        const RowVector b = n.bias.present() ? n.bias.widenVector() : RowVector();
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            const double mean = x.row(i).mean();
            const RowVector centred = x.row(i).array() - mean;
            const double variance = centred.squaredNorm() / double(x.cols());
            y.row(i) = (centred / std::sqrt(variance + c.normEps)).cwiseProduct(w) + b;
        }
        return y;
    }
    if (c.features.norm == NormKind::RmsNormPlusOne)
        w.array() += 1.0;
    y = x;
    for (Eigen::Index i = 0; i < y.rows(); ++i) {
        const double scale = 1.0 / std::sqrt(y.row(i).squaredNorm() / double(y.cols()) + c.normEps);
        y.row(i) = (y.row(i) * scale).cwiseProduct(w);
    }
    return y;
}

// A head of the longer run: the new rows under the old, the cache's keys and values, the
// weights square again (the old rows see none of the new keys: the causal mask).
void growHead(HeadRun &head, HeadRun &rows, bool compact) {
    head.rowMax = stacked(head.rowMax, rows.rowMax);
    head.rowSum = stacked(head.rowSum, rows.rowSum);
    if (compact)
        return;
    const Eigen::Index n = head.weights.rows(), m = rows.weights.rows();
    const Eigen::Index t = rows.weights.cols();
    Matrix weights = Matrix::Zero(t, t);
    weights.topLeftCorner(n, n) = head.weights;
    weights.bottomRows(m) = rows.weights;
    head.weights = std::move(weights);
    head.q = stacked(head.q, rows.q);
    head.k = std::move(rows.k);
    head.v = std::move(rows.v);
    head.output = stacked(head.output, rows.output);
}

} // namespace

RunPtr growRun(const Checkpoint &checkpoint, const Run &run, const std::vector<std::int64_t> &ids,
               std::vector<LayerRun> layers, const Matrix &logits) {
    const ModelConfig &c = checkpoint.config();
    const auto n = Eigen::Index(run.ids.size()), m = Eigen::Index(ids.size());
    const auto misfit = [] {
        return InputError(
            translate("attn::transformer", "the new rows do not fit the run they should extend"));
    };
    if (!c.decoder() || m == 0 || layers.size() != run.layers.size() || logits.rows() != m)
        throw misfit();
    for (const LayerRun &l : layers)
        if (l.hidden.rows() != m || l.heads.size() != std::size_t(c.heads))
            throw misfit();
    auto grown = std::make_shared<Run>(run);
    grown->ids.insert(grown->ids.end(), ids.begin(), ids.end());
    grown->embedded = stacked(run.embedded, embeddedRows(checkpoint, ids, std::int64_t(n)));
    grown->final = stacked(run.final, finalNormRows(checkpoint, layers.back().hidden));
    if (run.compact) {
        // A compact run keeps the logits of its last position alone.
        grown->logits = logits.bottomRows(1);
        grown->logitsFirst = std::int64_t(n + m - 1);
    } else {
        grown->logits = stacked(run.logits, logits);
    }
    for (std::size_t l = 0; l < layers.size(); ++l) {
        LayerRun &to = grown->layers[l];
        LayerRun &rows = layers[l];
        for (std::size_t h = 0; h < to.heads.size(); ++h) {
            if (!run.compact &&
                (to.heads[h].weights.rows() != n || rows.heads[h].weights.cols() != n + m))
                throw misfit();
            growHead(to.heads[h], rows.heads[h], run.compact);
        }
        to.hidden = stacked(to.hidden, rows.hidden);
        if (run.compact)
            continue;
        to.x = stacked(to.x, rows.x);
        to.attnOut = stacked(to.attnOut, rows.attnOut);
        to.mid = stacked(to.mid, rows.mid);
        to.mlpOut = stacked(to.mlpOut, rows.mlpOut);
    }
    return grown;
}

} // namespace attn
