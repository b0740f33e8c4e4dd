// SPDX-License-Identifier: GPL-3.0-or-later
#include "Blas.h"

#include "Parallel.h"

#include <cblas.h>

#include <mutex>

extern "C" void openblas_set_num_threads(int threads);

namespace attn {

namespace {

void singleThreadedBlas() {
    static std::once_flag once;
    std::call_once(once, [] { openblas_set_num_threads(1); });
}

// Below this many multiply-adds Eigen's inline product beats a library call.
constexpr Eigen::Index kBlasMinimum = 32 * 32 * 32;

} // namespace

void gemm(ConstMatrixRef A, bool transA, ConstMatrixRef B, bool transB, MatrixRef C, double beta) {
    const Eigen::Index M = C.rows(), N = C.cols(), K = transA ? A.rows() : A.cols();
    if (M == 0 || N == 0)
        return;
    if (K == 0 || M * N * K < kBlasMinimum) {
        if (beta == 0.0)
            C.setZero();
        else
            C *= beta;
        if (K == 0)
            return;
        if (transA && transB)
            C.noalias() += A.transpose() * B.transpose();
        else if (transA)
            C.noalias() += A.transpose() * B;
        else if (transB)
            C.noalias() += A * B.transpose();
        else
            C.noalias() += A * B;
        return;
    }
    singleThreadedBlas();
    cblas_dgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans,
                transB ? CblasTrans : CblasNoTrans, int(M), int(N), int(K), 1.0, A.data(),
                int(A.outerStride()), B.data(), int(B.outerStride()), beta, C.data(),
                int(C.outerStride()));
}

Matrix parallelProduct(const Matrix &A, const Matrix &B) {
    Matrix C(A.rows(), B.cols());
    // 64 rows at least per thread: below that the product is a fraction of a millisecond.
    parallelFor(A.rows(), 64, [&](Eigen::Index first, Eigen::Index last) {
        gemm(A.middleRows(first, last - first), false, B, false, C.middleRows(first, last - first));
    });
    return C;
}

} // namespace attn
