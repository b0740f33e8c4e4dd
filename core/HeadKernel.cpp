// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadKernel.h"

#include "BlockKernels.h"
#include "Parallel.h"
#include "VectorExp.h"

#include <cmath>
#include <limits>

namespace attn::kernel {

namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// Below it exp() is subnormal, nothing next to the largest term's exp(0) = 1: taken as 0
// (VectorExp.h does the same).
constexpr double kExpFloor = -708.0;

// Rows of 24 queries: whole register tiles of both products (8 × 24 scores, 6 × 32 values), and
// a 24 × 4096 block of logits (770 KB) stays in the 1 MB L2 between the product that makes it,
// the exponentials and the product with V. Blocks of 32 (1 MB) ran the attention 3–8% slower,
// 16 no faster; a thread that finishes its last block early waits at most a block's ~0.7 ms.
constexpr Eigen::Index kBlock = 24;
// OpenBLAS packs all of K and V for each block it is called on: blocks of 64 there.
constexpr Eigen::Index kBlasBlock = 64;

} // namespace

double expOrZero(double x) {
    return x < kExpFloor ? 0.0 : std::exp(x);
}

void scoreRows(const Matrix &Q, const Matrix &K, Eigen::Index first, MatrixRef out) {
    if (blockKernelsEnabled() && out.size() != 0) {
        scores(Q, first, out.rows(), K, out.data(), out.outerStride());
        return;
    }
    gemm(Q.middleRows(first, out.rows()), false, K, true, out);
}

namespace {
void biasAndMask(const HeadResult &head, Eigen::Index first, MatrixRef out);
} // namespace

void capRows(MatrixRef scaled, double cap) {
    if (cap <= 0.0)
        return;
    for (Eigen::Index r = 0; r < scaled.rows(); ++r) {
        double *row = scaled.row(r).data();
        for (Eigen::Index j = 0; j < scaled.cols(); ++j)
            row[j] = cap * std::tanh(row[j] / cap);
    }
}

void logitRows(const Matrix &Q, const Matrix &K, const HeadResult &head, Eigen::Index first,
               MatrixRef out) {
    scoreRows(Q, K, first, out);
    out *= head.factor;
    capRows(out, head.softcap);
    biasAndMask(head, first, out);
}

void expRows(MatrixRef logits, double *shift, double *sum) {
    for (Eigen::Index r = 0; r < logits.rows(); ++r) {
        auto row = logits.row(r).array(); // contiguous: Matrix is row-major
        const double max = maxOf(row.data(), row.size());
        shift[r] = max;
        if (max == kMinusInf) {
            row.setZero();
            sum[r] = 0.0;
            continue;
        }
        sum[r] = expShiftedSum(row.data(), row.size(), max);
    }
}

void weightRows(MatrixRef logits, const double *shift, const double *sum) {
    for (Eigen::Index r = 0; r < logits.rows(); ++r) {
        auto row = logits.row(r).array();
        if (shift[r] == kMinusInf || !(sum[r] > 0.0)) {
            row.setZero();
            continue;
        }
        expShiftedSum(row.data(), row.size(), shift[r]);
        row /= sum[r];
    }
}

namespace {

// Alibi's bias and the mask on one query's row of m logits, in place.
void biasAndMaskRow(const HeadResult &head, Eigen::Index query, double *row, Eigen::Index m) {
    if (head.alibiSlope != 0.0)
        for (Eigen::Index j = 0; j < m; ++j)
            row[j] += head.alibiSlope * double(j - query);
    if (head.mask) {
        const bool *masked = head.mask->row(query).data();
        for (Eigen::Index j = 0; j < m; ++j)
            if (masked[j])
                row[j] = kMinusInf;
    }
}

// The same on rows of logits (queries first …).
void biasAndMask(const HeadResult &head, Eigen::Index first, MatrixRef out) {
    if (head.alibiSlope == 0.0 && !head.mask)
        return;
    for (Eigen::Index r = 0; r < out.rows(); ++r)
        biasAndMaskRow(head, first + r, out.row(r).data(), out.cols());
}

void normalizeRows(HeadResult &h, Eigen::Index first, Eigen::Index count) {
    auto out = h.output.middleRows(first, count);
    for (Eigen::Index r = 0; r < count; ++r) {
        const double sum = h.expSum(first + r);
        if (sum > 0.0)
            out.row(r) /= sum;
    }
}

// Queries first … first + count − 1: their softmax statistics and output rows. (A single row,
// the incremental update's, with the block kernels: OpenBLAS would pack all of V for it.)
void attendRows(HeadResult &h, Eigen::Index first, Eigen::Index count, Matrix &buffer) {
    buffer.resize(count, h.K.rows());
    logitRows(h.Q, h.K, h, first, buffer);
    expRows(buffer, h.shift.data() + first, h.expSum.data() + first);
    if (blockKernelsEnabled()) {
        weightedValues(buffer.data(), buffer.cols(), count, h.V, h.output, first);
    } else {
        auto out = h.output.middleRows(first, count);
        gemm(buffer, false, h.V, false, out);
    }
    normalizeRows(h, first, count);
}

// The same with the block kernels: K packed once for the head, the logits of the block in a
// buffer whose rows are a little longer than the padded keys, so that the rows the kernels
// read together do not all fall into the same L1 cache set (a row of 4096 doubles is 32 KB).
void attendRowsPacked(HeadResult &h, const PackedKeys &keys, Eigen::Index first, Eigen::Index count,
                      std::vector<double> &buffer) {
    const Eigen::Index m = h.K.rows(), ld = keys.paddedKeys() + 8;
    buffer.resize(std::size_t(count * ld));
    scaledScores(h.Q, first, count, keys, h.factor, buffer.data(), ld);
    Eigen::Map<Matrix, 0, Eigen::OuterStride<>> logits(buffer.data(), count, m,
                                                       Eigen::OuterStride<>(ld));
    capRows(logits, h.softcap);
    biasAndMask(h, first, logits);
    expRows(logits, h.shift.data() + first, h.expSum.data() + first);
    weightedValues(buffer.data(), ld, count, h.V, h.output, first);
    normalizeRows(h, first, count);
}

} // namespace

void attend(HeadResult &h) {
    const Eigen::Index n = h.Q.rows();
    h.shift.resize(n);
    h.expSum.resize(n);
    h.output.resize(n, h.V.cols());
    h.drift.resize(0);
    h.sumDrift.resize(0);
    if (blockKernelsEnabled() && n > 0) {
        const PackedKeys keys = packKeys(h.K);
        parallelBlocks(n, kBlock, [&h, &keys](Eigen::Index first, Eigen::Index last) {
            // Per thread, kept: 1 MB at n = 4096 that would otherwise be allocated per block.
            thread_local std::vector<double> buffer;
            attendRowsPacked(h, keys, first, last - first, buffer);
        });
        return;
    }
    parallelFor(n, kBlasBlock, [&h](Eigen::Index first, Eigen::Index last) {
        Matrix buffer;
        for (Eigen::Index at = first; at < last; at += kBlasBlock)
            attendRows(h, at, std::min(kBlasBlock, last - at), buffer);
    });
}

void attendQueries(HeadResult &h, const std::vector<Eigen::Index> &queries) {
    const Eigen::Index count = Eigen::Index(queries.size());
    if (count == 0)
        return;
    if (!blockKernelsEnabled()) {
        Matrix buffer;
        for (Eigen::Index q : queries)
            attendRows(h, q, 1, buffer);
        return;
    }
    // Blocks of kQueryBlock rows: gathered, their logits in one product against K (which is
    // read once per block instead of once per row: a single row spends most of its time
    // loading 4 MB of K and V at n = 4096), scattered back.
    constexpr Eigen::Index kQueryBlock = 8;
    const Eigen::Index m = h.K.rows(), d = h.Q.cols();
    parallelBlocks(count, kQueryBlock, [&](Eigen::Index first, Eigen::Index last) {
        const Eigen::Index rows = last - first;
        Matrix q(rows, d), logits(rows, m), out(rows, h.V.cols());
        Vector shift(rows), sum(rows);
        for (Eigen::Index r = 0; r < rows; ++r)
            q.row(r) = h.Q.row(queries[std::size_t(first + r)]);
        scores(q, 0, rows, h.K, logits.data(), m);
        logits *= h.factor;
        capRows(logits, h.softcap);
        if (h.alibiSlope != 0.0 || h.mask)
            for (Eigen::Index r = 0; r < rows; ++r)
                biasAndMaskRow(h, queries[std::size_t(first + r)], logits.row(r).data(), m);
        expRows(logits, shift.data(), sum.data());
        weightedValues(logits.data(), m, rows, h.V, out, 0);
        for (Eigen::Index r = 0; r < rows; ++r) {
            const Eigen::Index query = queries[std::size_t(first + r)];
            h.shift(query) = shift(r);
            h.expSum(query) = sum(r);
            if (sum(r) > 0.0)
                h.output.row(query) = out.row(r) / sum(r);
            else
                h.output.row(query) = out.row(r);
        }
    });
}

} // namespace attn::kernel

namespace attn {

Matrix HeadResult::queryRows(Derived stage, Eigen::Index first, Eigen::Index count) const {
    const bool rows = layout == Layout::Rows;
    const Matrix Qr = rows ? Matrix() : Matrix(Q.transpose());
    const Matrix Kr = rows ? Matrix() : Matrix(K.transpose());
    const Matrix &q = rows ? Q : Qr, &k = rows ? K : Kr;
    Matrix out(count, keyCount());
    if (stage == Derived::Scores) {
        kernel::scoreRows(q, k, first, out);
        return out;
    }
    if (stage == Derived::Capped) {
        kernel::scoreRows(q, k, first, out);
        out *= factor;
        kernel::capRows(out, softcap);
        return out;
    }
    kernel::logitRows(q, k, *this, first, out);
    if (stage == Derived::Weights)
        kernel::weightRows(out, shift.data() + first, expSum.data() + first);
    return out;
}

Matrix HeadResult::derive(Derived stage) const {
    Matrix all(queryCount(), keyCount());
    parallelFor(queryCount(), 64, [&](Eigen::Index first, Eigen::Index last) {
        all.middleRows(first, last - first) = queryRows(stage, first, last - first);
    });
    if (layout == Layout::Rows)
        return all;
    return all.transpose();
}

double HeadResult::cell(Derived stage, Eigen::Index r, Eigen::Index c) const {
    const bool rows = layout == Layout::Rows;
    const Eigen::Index query = rows ? r : c, key = rows ? c : r;
    // The forward pass's arithmetic (see kernel::scores), so a cell matches its row's statistics.
    double score = 0.0;
    if (kernel::blockKernelsEnabled() && rows) {
        score = kernel::score(Q.row(query).data(), K.row(key).data(), Q.cols());
    } else if (kernel::blockKernelsEnabled()) {
        const Vector q = Q.col(query), k = K.col(key);
        score = kernel::score(q.data(), k.data(), q.size());
    } else {
        score = rows ? Q.row(query).dot(K.row(key)) : Q.col(query).dot(K.col(key));
    }
    if (stage == Derived::Scores)
        return score;
    double capped = score * factor;
    if (softcap > 0.0)
        capped = softcap * std::tanh(capped / softcap);
    if (stage == Derived::Capped)
        return capped;
    const bool masked = mask && (*mask)(query, key);
    if (stage == Derived::Logits) {
        if (masked)
            return -std::numeric_limits<double>::infinity();
        double logit = capped;
        if (alibiSlope != 0.0)
            logit += alibiSlope * double(key - query);
        return logit;
    }
    const double s = shift(query), sum = expSum(query);
    if (masked || s == -std::numeric_limits<double>::infinity() || !(sum > 0.0))
        return 0.0;
    return kernel::expOrZero(cell(Derived::Logits, r, c) - s) / sum;
}

} // namespace attn
