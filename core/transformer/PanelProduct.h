// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Blas.h"

namespace attn {

// The products of the forward pass with a panel of widened weights, C (= or +=) X·panel, by
// AVX-512 kernels of this project where the CPU has it, and OpenBLAS's gemm otherwise. OpenBLAS
// 0.3.21 runs its AVX2 kernels on AMD's AVX-512 CPUs (half their peak), and copies (packs) every
// panel once more before multiplying it: on a 1.1 B Llama those were a third of the run. These
// kernels read the panel as it was widened, with no copy. Each element of C is summed in an
// order fixed by K alone, so the same bits on any number of threads.

// C = X·Pᵀ (accumulate: C += X·Pᵀ), P: C.cols() × X.cols(), row-major, contiguous (a panel of
// nn.Linear's out × in weights: a row per output column).
void productTransposed(ConstMatrixRef X, const double *P, MatrixRef C, bool accumulate);

// C = X·P (accumulate: C += X·P), P: X.cols() × C.cols(), row-major, contiguous (a panel of
// Conv1D's in × out weights).
void product(ConstMatrixRef X, const double *P, MatrixRef C, bool accumulate);

// Whether the kernels run on this CPU (otherwise the two calls above are OpenBLAS's gemm).
bool panelKernelsAvailable();

} // namespace attn
