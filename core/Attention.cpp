// SPDX-License-Identifier: GPL-3.0-or-later
#include "Attention.h"

#include "Blas.h"
#include "BlockKernels.h"
#include "HeadKernel.h"
#include "InputError.h"
#include "Masks.h"
#include "Parallel.h"
#include "Translate.h"
#include "VectorExp.h"

#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>

namespace attn {

namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// exp(-inf) must give exactly 0 whatever the vectorized exp does near its lower clamp, and a
// difference so negative that exp underflows must too: Eigen's vectorized exp clamps its
// argument near −709.8 and returns about 5.6e−309 below it, −∞ included. Below the floor the
// true values are subnormal, nothing next to the largest term's exp(0) = 1 (kExpFloor,
// VectorExp.h). Eigen 3.4's select() is not vectorized, so it only runs on rows that need it
// (masked cells, extreme logits); other rows keep the vectorized exp.
template <typename Block> void expShifted(Block &&values, double shift) {
    values -= shift;
    if (values.minCoeff() < kExpFloor)
        values = (values < kExpFloor).select(0.0, values.exp());
    else
        values = values.exp();
}

void requireFinite(const Matrix &m) {
    if (!allFiniteFast(m))
        throw InputError(translate("attn::inputs", "the output overflowed to infinity: the "
                                                   "inputs are too large to compute on"));
}

} // namespace

double logitFactor(const AttentionOptions &options, Eigen::Index dk) {
    const double scale =
        options.scale ? 1.0 / std::sqrt(options.scaleDim > 0 ? options.scaleDim : double(dk)) : 1.0;
    return scale / options.temperature;
}

std::vector<Eigen::Index> softmaxRowsInPlace(Matrix &m) {
    std::vector<Eigen::Index> empty;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        auto row = m.row(i).array(); // contiguous: Matrix is row-major
        const double max = row.maxCoeff();
        if (max == kMinusInf) {
            row.setZero();
            empty.push_back(i);
            continue;
        }
        expShifted(row, max);
        row /= row.sum();
    }
    return empty;
}

std::vector<Eigen::Index> softmaxColumnsInPlace(Matrix &m) {
    std::vector<Eigen::Index> empty;
    if (m.size() == 0)
        return empty;
    // Column reductions over row-major storage accumulate whole contiguous rows at a time.
    RowVector max = m.colwise().maxCoeff();
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
        if (max(j) == kMinusInf) {
            empty.push_back(j);
            max(j) = 0; // exp(-inf - 0) = 0 below: the column ends up all zero
        }
    }
    m.array().rowwise() -= max.array();
    expShifted(m.array(), 0.0);
    RowVector sum = m.colwise().sum();
    for (Eigen::Index j : empty)
        sum(j) = 1;
    m.array().rowwise() /= sum.array();
    return empty;
}

void rmsNormRowsInPlace(Eigen::Ref<Matrix> m, const Matrix &gain, double epsilon) {
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        const double meanSquare = m.row(r).squaredNorm() / double(m.cols());
        m.row(r) *= 1.0 / std::sqrt(meanSquare + epsilon);
        if (gain.size() > 0)
            m.row(r).array() *= gain.row(0).array();
    }
}

Mask effectiveMask(const AttentionInputs &in) {
    const Eigen::Index n = in.queryCount(), m = in.keyCount();
    Mask mask = in.mask.size() != 0 ? in.mask : Mask::Constant(n, m, false);
    if (in.options.causal) {
        for (Eigen::Index i = 0; i < n; ++i)
            for (Eigen::Index j = i + 1; j < m; ++j)
                mask(i, j) = true;
    }
    if (in.options.window > 0)
        mask = mask || slidingWindowMask(in.options, n, m);
    return mask;
}

namespace kernel {

// concat, the final output and the warnings, once every head is done.
void finishResult(const AttentionInputs &in, AttentionResult &result) {
    const bool rows = result.layout == Layout::Rows;
    if (result.heads.size() == 1 && !in.hasWo()) {
        // concat and the output are the head's output, held once; checked on both cores.
        result.shareHeadOutput();
        const Matrix &out = result.heads.front().output;
        std::atomic<bool> finite{true};
        parallelBlocks(out.rows(), 1024, [&](Eigen::Index first, Eigen::Index last) {
            if (!allFiniteFast(out.middleRows(first, last - first)))
                finite = false;
        });
        if (!finite)
            requireFinite(out);
    } else {
        Matrix concat;
        // Whether concat is finite, known without a pass of its own where it is built by blocks.
        std::atomic<bool> finite{true};
        bool checked = false;
        if (result.heads.size() == 1) {
            concat = result.heads.front().output;
        } else {
            Eigen::Index width = 0;
            for (const HeadResult &h : result.heads)
                width += rows ? h.output.cols() : h.output.rows();
            if (rows)
                concat.resize(in.queryCount(), width);
            else
                concat.resize(width, in.queryCount());
            // By blocks of queries on both cores (8 MB for four heads at n = 4096), each block
            // checked while it is in the cache (a pass of its own was 3% of a four-head edit).
            const auto copyQueries = [&](Eigen::Index first, Eigen::Index last) {
                Eigen::Index at = 0;
                for (const HeadResult &h : result.heads) {
                    const Eigen::Index w = rows ? h.output.cols() : h.output.rows();
                    if (rows)
                        concat.block(first, at, last - first, w) =
                            h.output.middleRows(first, last - first);
                    else
                        concat.block(at, first, w, last - first) =
                            h.output.middleCols(first, last - first);
                    at += w;
                }
                if (rows && !allFiniteFast(concat.middleRows(first, last - first)))
                    finite = false;
            };
            parallelBlocks(in.queryCount(), 512, copyQueries);
            checked = rows;
        }
        if (!in.hasWo()) {
            if (!checked || !finite)
                requireFinite(concat);
            result.setConcat(std::move(concat));
            result.shareConcatAsOutput();
        } else {
            Matrix output;
            if (rows)
                output.noalias() = concat * in.Wo;
            else
                output.noalias() = in.Wo.transpose() * concat;
            if (in.bo.size() > 0) {
                if (rows)
                    output.rowwise() += in.bo.row(0);
                else
                    output.colwise() += in.bo.row(0).transpose();
            }
            requireFinite(output);
            result.setConcat(std::move(concat));
            result.setOutput(std::move(output));
        }
    }

    result.warnings.clear();
    // The queries with every key masked (the last head's, as every head shares the mask).
    const Vector &shift = result.heads.back().shift;
    for (Eigen::Index q = 0; q < shift.size(); ++q) {
        if (shift(q) != kMinusInf)
            continue;
        const std::string token = size_t(q) < in.tokens.size() ? in.tokens[size_t(q)] : "";
        result.warnings.push_back("query " + std::to_string(q) + " (\"" + token +
                                  "\") has every key masked: its weights and output " +
                                  (rows ? "row" : "column") + " are all zero");
    }
}

} // namespace kernel

namespace {

bool anyTrue(const Mask &mask) {
    // memchr runs 32 or 64 bytes at a time; Eigen's any() one bool at a time (5 ms at n = 4096).
    static_assert(sizeof(bool) == 1);
    return mask.size() != 0 && std::memchr(mask.data(), 1, std::size_t(mask.size())) != nullptr;
}

// Every head's Q (and K, V where the head is the source of its key/value group), rotated with
// RoPE when asked.
struct Projections {
    std::vector<Matrix> Q, K, V;
};

// All of them from two products, X·[Wq₀ Wk₀ Wv₀ Wq₁ …] (in cross-attention X·[Wq₀ Wq₁ …] and
// C·[Wk₀ Wv₀ …]): one wide product reads X once and runs OpenBLAS's kernel at 43 GFLOP/s where
// three products 64 columns wide ran at 34 (n = 4096, p = 768), then the columns are copied out.
Projections project(const AttentionInputs &in, const Matrix &X, const Matrix &C) {
    const size_t H = in.heads.size();
    Projections out;
    out.Q.resize(H);
    out.K.resize(H);
    out.V.resize(H);
    // (head, which: 0 = Q, 1 = K, 2 = V) for each block of columns of each product.
    struct Part {
        size_t head;
        int which;
    };
    std::vector<Part> fromX, fromC;
    for (size_t k = 0; k < H; ++k) {
        fromX.push_back({k, 0});
        if (kvSource(in, k) != k)
            continue;
        (in.hasContext ? fromC : fromX).push_back({k, 1});
        (in.hasContext ? fromC : fromX).push_back({k, 2});
    }
    const auto weight = [&in](const Part &part) -> const Matrix & {
        const HeadWeights &w = in.heads[part.head];
        return part.which == 0 ? w.Wq : part.which == 1 ? w.Wk : w.Wv;
    };
    const auto target = [&out](const Part &part) -> Matrix & {
        return part.which == 0   ? out.Q[part.head]
               : part.which == 1 ? out.K[part.head]
                                 : out.V[part.head];
    };
    const auto bias = [&in](const Part &part) -> const Matrix & {
        const HeadWeights &w = in.heads[part.head];
        return part.which == 0 ? w.bq : part.which == 1 ? w.bk : w.bv;
    };
    // The biases are added before RoPE turns Q and K, as every checkpoint with both does
    // (Qwen2: q_proj's bias, then rotate_half); the QK norm sits between them (Qwen3: q_proj,
    // q_norm, then rotate_half).
    const auto rotate = [&](const std::vector<Part> &parts) {
        for (const Part &part : parts)
            if (bias(part).size() > 0)
                target(part).rowwise() += bias(part).row(0);
        if (in.options.qkNorm)
            for (const Part &part : parts)
                if (part.which != 2)
                    rmsNormRowsInPlace(target(part),
                                       part.which == 0 ? in.heads[part.head].gq
                                                       : in.heads[part.head].gk,
                                       in.options.qkNormEpsilon);
        if (in.options.positional != Positional::Rope)
            return;
        for (const Part &part : parts)
            if (part.which != 2)
                ropeRotateRows(target(part), 0, false, in.options.rope);
    };
    const auto run = [&](const Matrix &source, const std::vector<Part> &parts) {
        if (parts.empty())
            return;
        if (kernel::blockKernelsEnabled() && source.cols() > 0) {
            // Each projection straight into its matrix, 64 rows of the source at a time (they
            // stay in L2 while every weight matrix passes over them), with the kernel of
            // weights·V: 49–51 GFLOP/s per core where OpenBLAS's wide product ran at 43, and
            // nothing to copy out of it.
            for (const Part &part : parts)
                target(part).resize(source.rows(), weight(part).cols());
            parallelBlocks(source.rows(), 64, [&](Eigen::Index first, Eigen::Index last) {
                for (const Part &part : parts)
                    kernel::weightedValues(source.row(first).data(), source.cols(), last - first,
                                           weight(part), target(part), first);
            });
            rotate(parts);
            return;
        }
        Eigen::Index width = 0;
        for (const Part &part : parts)
            width += weight(part).cols();
        Matrix W(source.cols(), width);
        Eigen::Index at = 0;
        for (const Part &part : parts) {
            W.middleCols(at, weight(part).cols()) = weight(part);
            at += weight(part).cols();
        }
        const Matrix all = parallelProduct(source, W);
        at = 0;
        for (const Part &part : parts) {
            const Eigen::Index cols = weight(part).cols();
            target(part) = all.middleCols(at, cols);
            at += cols;
        }
        rotate(parts);
    };
    run(X, fromX);
    run(C, fromC);
    return out;
}

} // namespace

Matrix positionedQueries(const AttentionInputs &in) {
    if (in.options.positional != Positional::Sinusoidal)
        return in.X;
    return in.X + sinusoidalTable(in.X.rows(), in.X.cols());
}

Matrix positionedSource(const AttentionInputs &in) {
    if (in.options.positional != Positional::Sinusoidal)
        return in.source();
    return in.source() + sinusoidalTable(in.source().rows(), in.source().cols());
}

AttentionResult compute(const AttentionInputs &in, Layout layout) {
    if (layout == Layout::Columns)
        return transposed(compute(in, Layout::Rows)); // the same numbers, each matrix transposed
    validateOnAllCores(in);
    AttentionResult result;
    result.layout = Layout::Rows;
    // Sinusoidal positions are added to X and to the context before the projections.
    const bool sinusoidal = in.options.positional == Positional::Sinusoidal;
    Matrix shiftedX, shiftedContext;
    if (sinusoidal) {
        shiftedX = positionedQueries(in);
        if (in.hasContext)
            shiftedContext = positionedSource(in);
    }
    const Matrix &X = sinusoidal ? shiftedX : in.X;
    const Matrix &C = !in.hasContext ? X : sinusoidal ? shiftedContext : in.context;
    // Only a mask with a masked cell is kept: 16 MB at n = 4096 that every edit would copy.
    if (in.mask.size() != 0 || in.options.causal || in.options.window > 0) {
        Mask masked = effectiveMask(in);
        if (anyTrue(masked))
            result.masked = std::move(masked);
    }
    const std::shared_ptr<const RowMask> rowMask =
        result.masked.size() != 0 ? std::make_shared<const RowMask>(result.masked) : nullptr;

    const std::vector<double> slopes =
        in.options.alibi ? alibiSlopes(in.options, in.heads.size()) : std::vector<double>{};
    result.heads.reserve(in.heads.size());
    Projections projections = project(in, X, C);
    for (size_t k = 0; k < in.heads.size(); ++k) {
        const HeadWeights &w = in.heads[k];
        HeadResult h;
        h.factor = logitFactor(in.options, w.Wq.cols());
        h.softcap = in.options.softcap;
        h.alibiSlope = slopes.empty() ? 0.0 : slopes[k];
        h.mask = rowMask;
        h.Q = std::move(projections.Q[k]);
        // A head of a key/value group takes K and V of the group's first head: computed once.
        // Already positioned and rotated: RoPE turns K the same way for every head of the group.
        const size_t shared = kvSource(in, k);
        if (shared != k) {
            h.K = result.heads[shared].K;
            h.V = result.heads[shared].V;
        } else {
            h.K = std::move(projections.K[k]);
            h.V = std::move(projections.V[k]);
        }
        kernel::attend(h);
        result.heads.push_back(std::move(h));
    }
    kernel::finishResult(in, result);
    return result;
}

HeadResult transposed(const HeadResult &h) {
    // The statistics and the mask stay in the row layout: only the stored matrices turn.
    HeadResult t = h;
    t.layout = h.layout == Layout::Rows ? Layout::Columns : Layout::Rows;
    t.Q = h.Q.transpose();
    t.K = h.K.transpose();
    t.V = h.V.transpose();
    t.output = h.output.transpose();
    return t;
}

AttentionResult transposed(const AttentionResult &result) {
    AttentionResult t;
    t.layout = result.layout == Layout::Rows ? Layout::Columns : Layout::Rows;
    for (const HeadResult &h : result.heads)
        t.heads.push_back(transposed(h));
    if (result.sharesHeadOutput()) {
        t.shareHeadOutput();
    } else {
        t.setConcat(result.concat().transpose());
        if (&result.output() == &result.concat())
            t.shareConcatAsOutput();
        else
            t.setOutput(result.output().transpose());
    }
    t.masked = result.masked.transpose();
    t.warnings = result.warnings;
    return t;
}

size_t kvSource(const AttentionInputs &in, size_t head) {
    const int group = in.heads.at(head).kvGroup;
    if (group < 0)
        return head;
    for (size_t h = 0; h < head; ++h)
        if (in.heads[h].kvGroup == group)
            return h;
    return head;
}

} // namespace attn
