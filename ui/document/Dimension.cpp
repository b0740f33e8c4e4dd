// SPDX-License-Identifier: GPL-3.0-or-later
#include "Dimension.h"

#include <algorithm>

namespace attn::ui {

namespace {

using attn::AttentionInputs;
using attn::Matrix;

std::vector<std::string> resizedTokens(std::vector<std::string> tokens, int n,
                                       const std::string &prefix) {
    const size_t old = tokens.size();
    tokens.resize(size_t(n));
    for (size_t i = old; i < tokens.size(); ++i)
        tokens[i] = prefix + std::to_string(i);
    return tokens;
}

// Wo's rows are the heads' value columns stacked: keep each surviving head's block in place.
Matrix rebuiltWo(const AttentionInputs &old, const std::vector<attn::HeadWeights> &heads,
                 Eigen::Index outCols, Initializer init, std::mt19937 &rng) {
    Eigen::Index rows = 0;
    for (const auto &h : heads)
        rows += h.Wv.cols();
    Matrix wo = initialMatrix(rows, outCols, init, rng);
    if (!old.hasWo())
        return wo;
    Eigen::Index from = 0, to = 0;
    const size_t common = std::min(old.heads.size(), heads.size());
    for (size_t h = 0; h < common; ++h) {
        const Eigen::Index oldDv = old.heads[h].Wv.cols(), newDv = heads[h].Wv.cols();
        const Eigen::Index r = std::min(oldDv, newDv), c = std::min(old.Wo.cols(), outCols);
        wo.block(to, 0, r, c) = old.Wo.block(from, 0, r, c);
        from += oldDv;
        to += newDv;
    }
    return wo;
}

void setWkWvRows(AttentionInputs &in, int rows, Initializer init, std::mt19937 &rng) {
    for (auto &h : in.heads) {
        h.Wk = resizedMatrix(h.Wk, rows, h.Wk.cols(), init, rng);
        h.Wv = resizedMatrix(h.Wv, rows, h.Wv.cols(), init, rng);
    }
}

} // namespace

int dimensionOf(const AttentionInputs &in, Dimension dim) {
    switch (dim) {
    case Dimension::Tokens:
        return int(in.X.rows());
    case Dimension::Embedding:
        return int(in.X.cols());
    case Dimension::KeyDim:
        return in.heads.empty() ? 0 : int(in.heads.front().Wq.cols());
    case Dimension::ValueDim:
        return in.heads.empty() ? 0 : int(in.heads.front().Wv.cols());
    case Dimension::Heads:
        return int(in.heads.size());
    case Dimension::ContextLength:
        return int(in.keyCount());
    case Dimension::OutputDim:
        return int(in.Wo.cols());
    case Dimension::ContextEmbedding:
        return int(in.source().cols());
    }
    return 0;
}

void fitMask(AttentionInputs &in) {
    if (in.mask.size() == 0)
        return;
    const Eigen::Index n = in.queryCount(), m = in.keyCount();
    if (in.mask.rows() == n && in.mask.cols() == m)
        return;
    attn::Mask mask = attn::Mask::Constant(n, m, false);
    const Eigen::Index r = std::min(n, in.mask.rows()), c = std::min(m, in.mask.cols());
    mask.topLeftCorner(r, c) = in.mask.topLeftCorner(r, c);
    in.mask = mask;
}

// The target follows the output's shape (n × p_out): the overlap keeps its numbers, new cells
// are 0, so a resize never makes a loaded target invalid.
void fitTarget(AttentionInputs &in) {
    if (!in.hasTarget())
        return;
    const Eigen::Index n = in.queryCount(), width = in.outputWidth();
    if (in.target.rows() == n && in.target.cols() == width)
        return;
    Matrix target = Matrix::Zero(n, width);
    const Eigen::Index r = std::min(n, in.target.rows()), c = std::min(width, in.target.cols());
    target.topLeftCorner(r, c) = in.target.topLeftCorner(r, c);
    in.target = target;
}

// A bias (fill 0: a new feature starts unbiased) or a QK norm's gain (fill 1: it starts
// unscaled) of a resized product: kept where its columns survive, `fill` in new columns; none
// stays none.
Matrix resizedRow(const Matrix &row, Eigen::Index cols, double fill) {
    if (row.size() == 0)
        return row;
    Matrix out = Matrix::Constant(1, cols, fill);
    const Eigen::Index kept = std::min(cols, row.cols());
    out.leftCols(kept) = row.leftCols(kept);
    return out;
}

AttentionInputs withDimension(const AttentionInputs &in, Dimension dim, int value, Initializer init,
                              std::mt19937 &rng) {
    AttentionInputs out = in;
    switch (dim) {
    case Dimension::Tokens:
        out.X = resizedMatrix(in.X, value, in.X.cols(), init, rng);
        out.tokens = resizedTokens(in.tokens, value, "t");
        break;
    case Dimension::Embedding:
        out.X = resizedMatrix(in.X, in.X.rows(), value, init, rng);
        for (auto &h : out.heads)
            h.Wq = resizedMatrix(h.Wq, value, h.Wq.cols(), init, rng);
        if (!in.hasContext)
            setWkWvRows(out, value, init, rng);
        break;
    case Dimension::KeyDim:
        for (auto &h : out.heads) {
            h.Wq = resizedMatrix(h.Wq, h.Wq.rows(), value, init, rng);
            h.Wk = resizedMatrix(h.Wk, h.Wk.rows(), value, init, rng);
            h.bq = resizedRow(h.bq, value, 0.0);
            h.bk = resizedRow(h.bk, value, 0.0);
            h.gq = resizedRow(h.gq, value, 1.0);
            h.gk = resizedRow(h.gk, value, 1.0);
        }
        break;
    case Dimension::ValueDim:
        for (auto &h : out.heads) {
            h.Wv = resizedMatrix(h.Wv, h.Wv.rows(), value, init, rng);
            h.bv = resizedRow(h.bv, value, 0.0);
        }
        if (in.hasWo())
            out.Wo = rebuiltWo(in, out.heads, in.Wo.cols(), init, rng);
        break;
    case Dimension::Heads: {
        const attn::HeadWeights &first = in.heads.front();
        const Eigen::Index p = in.X.cols(), pc = in.source().cols();
        out.heads.resize(size_t(value));
        for (size_t h = in.heads.size(); h < out.heads.size(); ++h) {
            out.heads[h].Wq = initialMatrix(p, first.Wq.cols(), init, rng);
            out.heads[h].Wk = initialMatrix(pc, first.Wk.cols(), init, rng);
            out.heads[h].Wv = initialMatrix(pc, first.Wv.cols(), init, rng);
        }
        if (value > 1)
            out.Wo = rebuiltWo(in, out.heads, in.hasWo() ? in.Wo.cols() : p, init, rng);
        else
            out.Wo = Matrix();
        if (!out.hasWo())
            out.bo = Matrix();
        break;
    }
    case Dimension::ContextLength:
        out.context = resizedMatrix(in.context, value, in.context.cols(), init, rng);
        out.contextTokens = resizedTokens(in.contextTokens, value, "c");
        break;
    case Dimension::OutputDim:
        out.Wo = resizedMatrix(in.Wo, in.Wo.rows(), value, init, rng);
        out.bo = out.hasWo() ? resizedRow(in.bo, value, 0.0) : Matrix();
        break;
    case Dimension::ContextEmbedding:
        out.context = resizedMatrix(in.context, in.context.rows(), value, init, rng);
        setWkWvRows(out, value, init, rng);
        break;
    }
    fitMask(out);
    fitTarget(out);
    return out;
}

namespace {

// `s` (a shape of `in` with earlier changes) after one dimension change.
void applyDimension(attn::InputShape &s, const AttentionInputs &in, Dimension dim, int value) {
    switch (dim) {
    case Dimension::Tokens:
        s.tokens = value;
        break;
    case Dimension::Embedding:
        s.embedding = value;
        break;
    case Dimension::KeyDim:
        std::fill(s.keyDims.begin(), s.keyDims.end(), value);
        break;
    case Dimension::ValueDim:
        std::fill(s.valueDims.begin(), s.valueDims.end(), value);
        break;
    case Dimension::Heads: {
        // Copies: resize may reallocate under a reference to its own element.
        const std::int64_t dk = s.keyDims.front(), dv = s.valueDims.front();
        s.keyDims.resize(size_t(value), dk);
        s.valueDims.resize(size_t(value), dv);
        s.outputDim = value > 1 ? (in.hasWo() ? in.Wo.cols() : in.X.cols()) : 0;
        break;
    }
    case Dimension::ContextLength:
        s.contextTokens = value;
        break;
    case Dimension::OutputDim:
        s.outputDim = value;
        break;
    case Dimension::ContextEmbedding:
        s.contextEmbedding = value;
        break;
    }
}

} // namespace

attn::InputShape shapeWithDimension(const AttentionInputs &in, Dimension dim, int value) {
    attn::InputShape s = attn::shapeOf(in);
    applyDimension(s, in, dim, value);
    return s;
}

attn::InputShape shapeWithDimensions(const AttentionInputs &in,
                                     const std::vector<std::pair<Dimension, int>> &changes) {
    attn::InputShape s = attn::shapeOf(in);
    for (const auto &[dim, value] : changes)
        applyDimension(s, in, dim, value);
    return s;
}

AttentionInputs withCrossAttention(const AttentionInputs &in, bool on, Initializer init,
                                   std::mt19937 &rng) {
    AttentionInputs out = in;
    out.hasContext = on;
    if (on) {
        out.context = in.X;
        out.contextTokens = in.tokens;
    } else {
        out.context = Matrix();
        out.contextTokens.clear();
        setWkWvRows(out, int(in.X.cols()), init, rng);
    }
    fitMask(out);
    fitTarget(out);
    return out;
}

} // namespace attn::ui
