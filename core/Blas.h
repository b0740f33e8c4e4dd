// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

namespace attn {

using ConstMatrixRef = Eigen::Ref<const Matrix, 0, Eigen::OuterStride<>>;
using MatrixRef = Eigen::Ref<Matrix, 0, Eigen::OuterStride<>>;

// C = op(A)·op(B) + beta·C on the calling thread, op = transpose when asked; C is already sized.
// Large products go to OpenBLAS: its kernels are picked at run time for the CPU (AVX2, AVX-512),
// while Eigen's are fixed at compile time to the SSE2 baseline a distributed binary must keep,
// a fifth of this machine's speed. Small products stay with Eigen (no call overhead).
// The forward pass splits its work over threads itself, so OpenBLAS runs single-threaded.
void gemm(ConstMatrixRef A, bool transA, ConstMatrixRef B, bool transB, MatrixRef C,
          double beta = 0.0);

// A·B into a new matrix, the rows split over threadCount() threads.
Matrix parallelProduct(const Matrix &A, const Matrix &B);

} // namespace attn
