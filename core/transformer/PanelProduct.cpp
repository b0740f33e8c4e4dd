// SPDX-License-Identifier: GPL-3.0-or-later
#include "PanelProduct.h"

#include <algorithm>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ATTNVIZ_X86_PANEL 1
#endif

namespace attn {

namespace {

#ifdef ATTNVIZ_X86_PANEL
// GCC 12 warns inside its own reduce and masked-load intrinsics (their unused "undefined" source).
#pragma GCC diagnostic push
#ifndef __clang__ // clang has no such warning (and warns about the unknown name)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"

using Index = Eigen::Index;

// The depth of a pass over P: a tile of 6 rows of P (24 KB) stays in the L1 cache while every
// row of X passes it; the lane sums wait in a buffer between passes, so the order of the sums
// (and the bits) are those of one pass over all of K.
constexpr Index kDotDepth = 512;
// Rows of X a chunk (GPT-2 small's 128 × 768 inputs do not stay in the L2 cache beside the
// panel; 32 rows do).
constexpr Index kDotRows = 32;
constexpr int kDotColumns = 6;

// TM rows of X against TJ rows of P over k0 … k1: TM·TJ dot products, 8 lanes each, carried
// from and to `lanes` between passes, each reduced at the end (last). 4 × 6 keeps 24 sums, 4
// rows of X and a row of P in the 32 registers: 24 multiply-adds per 10 loads.
template <int TM, int TJ>
__attribute__((target("avx512f"), always_inline)) inline void
dotTile(const double *x, Index xs, const double *p, Index K, Index k0, Index k1, double *lanes,
        bool last, double *c, Index cs, bool accumulate) {
    __m512d s[TM][TJ];
    for (int t = 0; t < TM; ++t)
        for (int j = 0; j < TJ; ++j)
            s[t][j] =
                k0 == 0 ? _mm512_setzero_pd() : _mm512_loadu_pd(lanes + (t * kDotColumns + j) * 8);
    Index k = k0;
    for (; k + 8 <= k1; k += 8) {
        __m512d xv[TM];
        for (int t = 0; t < TM; ++t)
            xv[t] = _mm512_loadu_pd(x + t * xs + k);
        for (int j = 0; j < TJ; ++j) {
            const __m512d pv = _mm512_loadu_pd(p + j * K + k);
            for (int t = 0; t < TM; ++t)
                s[t][j] = _mm512_fmadd_pd(xv[t], pv, s[t][j]);
        }
    }
    if (k < k1) { // K's last few (only the last pass has any: kDotDepth is a multiple of 8)
        const __mmask8 m = __mmask8((1u << (k1 - k)) - 1);
        __m512d xv[TM];
        for (int t = 0; t < TM; ++t)
            xv[t] = _mm512_maskz_loadu_pd(m, x + t * xs + k);
        for (int j = 0; j < TJ; ++j) {
            const __m512d pv = _mm512_maskz_loadu_pd(m, p + j * K + k);
            for (int t = 0; t < TM; ++t)
                s[t][j] = _mm512_fmadd_pd(xv[t], pv, s[t][j]);
        }
    }
    if (!last) {
        for (int t = 0; t < TM; ++t)
            for (int j = 0; j < TJ; ++j)
                _mm512_storeu_pd(lanes + (t * kDotColumns + j) * 8, s[t][j]);
        return;
    }
    for (int t = 0; t < TM; ++t)
        for (int j = 0; j < TJ; ++j) {
            const double v = _mm512_reduce_add_pd(s[t][j]);
            double &out = c[t * cs + j];
            out = accumulate ? out + v : v;
        }
}

// Every row of a chunk of X against TJ rows of P, a pass of kDotDepth at a time, 4 rows at a
// time.
template <int TJ>
__attribute__((target("avx512f"), always_inline)) inline void
dotColumns(const double *x, Index xs, Index M, const double *p, Index K, double *lanes, double *c,
           Index cs, bool accumulate) {
    for (Index k0 = 0; k0 < K; k0 += kDotDepth) {
        const Index k1 = std::min(K, k0 + kDotDepth);
        const bool last = k1 == K;
        Index t = 0;
        for (; t + 4 <= M; t += 4)
            dotTile<4, TJ>(x + t * xs, xs, p, K, k0, k1, lanes + t * kDotColumns * 8, last,
                           c + t * cs, cs, accumulate);
        double *rest = lanes + t * kDotColumns * 8;
        switch (M - t) {
        case 3:
            dotTile<3, TJ>(x + t * xs, xs, p, K, k0, k1, rest, last, c + t * cs, cs, accumulate);
            break;
        case 2:
            dotTile<2, TJ>(x + t * xs, xs, p, K, k0, k1, rest, last, c + t * cs, cs, accumulate);
            break;
        case 1:
            dotTile<1, TJ>(x + t * xs, xs, p, K, k0, k1, rest, last, c + t * cs, cs, accumulate);
            break;
        default:
            break;
        }
    }
}

__attribute__((target("avx512f"))) void dotChunk(const double *x, Index xs, Index M, Index K,
                                                 const double *p, Index width, double *c, Index cs,
                                                 bool accumulate) {
    alignas(64) double lanes[kDotRows * kDotColumns * 8];
    Index j = 0;
    for (; j + kDotColumns <= width; j += kDotColumns)
        dotColumns<kDotColumns>(x, xs, M, p + j * K, K, lanes, c + j, cs, accumulate);
    switch (width - j) {
    case 5:
        dotColumns<5>(x, xs, M, p + j * K, K, lanes, c + j, cs, accumulate);
        break;
    case 4:
        dotColumns<4>(x, xs, M, p + j * K, K, lanes, c + j, cs, accumulate);
        break;
    case 3:
        dotColumns<3>(x, xs, M, p + j * K, K, lanes, c + j, cs, accumulate);
        break;
    case 2:
        dotColumns<2>(x, xs, M, p + j * K, K, lanes, c + j, cs, accumulate);
        break;
    case 1:
        dotColumns<1>(x, xs, M, p + j * K, K, lanes, c + j, cs, accumulate);
        break;
    default:
        break;
    }
}

// Each chunk of rows of X against every tile of P.
__attribute__((target("avx512f"))) void dotAvx512(const double *x, Index xs, Index M, Index K,
                                                  const double *p, Index width, double *c, Index cs,
                                                  bool accumulate) {
    for (Index t0 = 0; t0 < M; t0 += kDotRows)
        dotChunk(x + t0 * xs, xs, std::min(kDotRows, M - t0), K, p, width, c + t0 * cs, cs,
                 accumulate);
}

// TM rows of X against 16 columns of P (two vectors; `m0`, `m1` mask the columns past the
// panel's edge): for each k, row k of P times the TM values x[t][k]. 12 × 16 keeps 24 sums:
// 24 multiply-adds per 2 loads and 12 broadcasts.
template <int TM>
__attribute__((target("avx512f"), always_inline)) inline void
outerTile(const double *x, Index xs, const double *p, Index ps, Index K, double *c, Index cs,
          bool accumulate, __mmask8 m0, __mmask8 m1) {
    __m512d s0[TM], s1[TM];
    for (int t = 0; t < TM; ++t) {
        s0[t] = _mm512_setzero_pd();
        s1[t] = _mm512_setzero_pd();
    }
    for (Index k = 0; k < K; ++k) {
        const __m512d b0 = _mm512_maskz_loadu_pd(m0, p + k * ps);
        const __m512d b1 = _mm512_maskz_loadu_pd(m1, p + k * ps + 8);
        for (int t = 0; t < TM; ++t) {
            const __m512d a = _mm512_set1_pd(x[t * xs + k]);
            s0[t] = _mm512_fmadd_pd(a, b0, s0[t]);
            s1[t] = _mm512_fmadd_pd(a, b1, s1[t]);
        }
    }
    for (int t = 0; t < TM; ++t) {
        double *row = c + t * cs;
        if (accumulate) {
            s0[t] = _mm512_add_pd(_mm512_maskz_loadu_pd(m0, row), s0[t]);
            s1[t] = _mm512_add_pd(_mm512_maskz_loadu_pd(m1, row + 8), s1[t]);
        }
        _mm512_mask_storeu_pd(row, m0, s0[t]);
        _mm512_mask_storeu_pd(row + 8, m1, s1[t]);
    }
}

// Every row of X against 16 columns of P at a time (which stay in the L2 cache meanwhile): 12
// rows at a time, then 8, 4 and 1.
__attribute__((target("avx512f"))) void outerAvx512(const double *x, Index xs, Index M, Index K,
                                                    const double *p, Index width, double *c,
                                                    Index cs, bool accumulate) {
    for (Index j = 0; j < width; j += 16) {
        const Index left = width - j;
        const __mmask8 m0 = left >= 8 ? __mmask8(0xff) : __mmask8((1u << left) - 1);
        const __mmask8 m1 = left >= 16 ? __mmask8(0xff)
                            : left > 8 ? __mmask8((1u << (left - 8)) - 1)
                                       : __mmask8(0);
        Index t = 0;
        for (; t + 12 <= M; t += 12)
            outerTile<12>(x + t * xs, xs, p + j, width, K, c + t * cs + j, cs, accumulate, m0, m1);
        for (; t + 8 <= M; t += 8)
            outerTile<8>(x + t * xs, xs, p + j, width, K, c + t * cs + j, cs, accumulate, m0, m1);
        for (; t + 4 <= M; t += 4)
            outerTile<4>(x + t * xs, xs, p + j, width, K, c + t * cs + j, cs, accumulate, m0, m1);
        for (; t < M; ++t)
            outerTile<1>(x + t * xs, xs, p + j, width, K, c + t * cs + j, cs, accumulate, m0, m1);
    }
}

#pragma GCC diagnostic pop
#endif

} // namespace

bool panelKernelsAvailable() {
#ifdef ATTNVIZ_X86_PANEL
    static const bool avx512 = [] {
        __builtin_cpu_init();
        return bool(__builtin_cpu_supports("avx512f"));
    }();
    return avx512;
#else
    return false;
#endif
}

void productTransposed(ConstMatrixRef X, const double *P, MatrixRef C, bool accumulate) {
    const Index M = C.rows(), width = C.cols(), K = X.cols();
#ifdef ATTNVIZ_X86_PANEL
    if (panelKernelsAvailable()) {
        dotAvx512(X.data(), X.outerStride(), M, K, P, width, C.data(), C.outerStride(), accumulate);
        return;
    }
#endif
    const Eigen::Map<const Matrix> panel(P, width, K);
    gemm(X, false, panel, true, C, accumulate ? 1.0 : 0.0);
}

void product(ConstMatrixRef X, const double *P, MatrixRef C, bool accumulate) {
    const Index M = C.rows(), width = C.cols(), K = X.cols();
#ifdef ATTNVIZ_X86_PANEL
    if (panelKernelsAvailable()) {
        outerAvx512(X.data(), X.outerStride(), M, K, P, width, C.data(), C.outerStride(),
                    accumulate);
        return;
    }
#endif
    const Eigen::Map<const Matrix> panel(P, K, width);
    gemm(X, false, panel, false, C, accumulate ? 1.0 : 0.0);
}

} // namespace attn
