#include "HeadKernel.h"

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

// Rows of 64 queries: a 64 × 4096 block of logits (2 MB) stays in the L2 cache between the
// product that makes it, the exponentials and the product with V.
constexpr Eigen::Index kBlock = 64;

} // namespace

double expOrZero(double x) {
    return x < kExpFloor ? 0.0 : std::exp(x);
}

void scoreRows(const Matrix &Q, const Matrix &K, Eigen::Index first, MatrixRef out) {
    gemm(Q.middleRows(first, out.rows()), false, K, true, out);
}

void logitRows(const Matrix &Q, const Matrix &K, const HeadResult &head, Eigen::Index first,
               MatrixRef out) {
    scoreRows(Q, K, first, out);
    out *= head.factor;
    const Eigen::Index m = out.cols();
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        const Eigen::Index query = first + r;
        double *row = out.row(r).data();
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
}

void expRows(MatrixRef logits, double *shift, double *sum) {
    for (Eigen::Index r = 0; r < logits.rows(); ++r) {
        auto row = logits.row(r).array(); // contiguous: Matrix is row-major
        const double max = row.maxCoeff();
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

// Queries first … first + count − 1: their softmax statistics and output rows.
void attendRows(HeadResult &h, Eigen::Index first, Eigen::Index count, Matrix &buffer) {
    buffer.resize(count, h.K.rows());
    logitRows(h.Q, h.K, h, first, buffer);
    expRows(buffer, h.shift.data() + first, h.expSum.data() + first);
    auto out = h.output.middleRows(first, count);
    gemm(buffer, false, h.V, false, out);
    for (Eigen::Index r = 0; r < count; ++r) {
        const double sum = h.expSum(first + r);
        if (sum > 0.0)
            out.row(r) /= sum;
    }
}

} // namespace

void attend(HeadResult &h) {
    const Eigen::Index n = h.Q.rows();
    h.shift.resize(n);
    h.expSum.resize(n);
    h.output.resize(n, h.V.cols());
    h.drift.resize(0);
    h.sumDrift.resize(0);
    parallelFor(n, kBlock, [&h](Eigen::Index first, Eigen::Index last) {
        Matrix buffer;
        for (Eigen::Index at = first; at < last; at += kBlock)
            attendRows(h, at, std::min(kBlock, last - at), buffer);
    });
}

void attendRow(HeadResult &h, Eigen::Index query) {
    Matrix buffer;
    attendRows(h, query, 1, buffer);
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
    const double score = rows ? Q.row(query).dot(K.row(key)) : Q.col(query).dot(K.col(key));
    if (stage == Derived::Scores)
        return score;
    const bool masked = mask && (*mask)(query, key);
    if (stage == Derived::Logits) {
        if (masked)
            return -std::numeric_limits<double>::infinity();
        double logit = score * factor;
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
