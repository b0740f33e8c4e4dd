#include "VectorExp.h"

#include <algorithm>
#include <cmath>
#include <limits>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ATTNVIZ_X86_EXP 1
#endif

namespace attn {

namespace {

constexpr double kExpFloor = -708.0;

double expShiftedSumEigen(double *values, Eigen::Index count, double shift) {
    Eigen::Map<Eigen::ArrayXd> v(values, count);
    v -= shift;
    if (v.minCoeff() < kExpFloor)
        v = (v < kExpFloor).select(0.0, v.exp());
    else
        v = v.exp();
    return v.sum();
}

// The values the vector loops leave over (fewer than a vector), with std::exp.
double expTail(double *values, Eigen::Index count, double shift) {
    double total = 0.0;
    for (Eigen::Index i = 0; i < count; ++i) {
        const double x = values[i] - shift;
        values[i] = x < kExpFloor ? 0.0 : std::exp(x);
        total += values[i];
    }
    return total;
}

#ifdef ATTNVIZ_X86_EXP
// GCC 12 warns inside its own reduce and masked-load intrinsics (their unused "undefined" source).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
// Only the functions marked with a target are compiled for it, and they call nothing but
// intrinsics (and expTail, compiled for the baseline): no code the baseline build shares is
// compiled for AVX2 or AVX-512 by accident.

// Eigen's pexp for doubles (Cephes: exp(r) = 1 + 2·P(r²)·r / (Q(r²) − P(r²)·r) after
// x = n·ln 2 + r), written with AVX2 intrinsics.
__attribute__((target("avx2,fma"))) double expShiftedSumAvx2(double *values, Eigen::Index count,
                                                             double shift) {
    const __m256d vshift = _mm256_set1_pd(shift), floor = _mm256_set1_pd(kExpFloor);
    const __m256d log2e = _mm256_set1_pd(1.4426950408889634073599), half = _mm256_set1_pd(0.5);
    const __m256d c1 = _mm256_set1_pd(0.693145751953125);
    const __m256d c2 = _mm256_set1_pd(1.42860682030941723212e-6);
    const __m256d p0 = _mm256_set1_pd(1.26177193074810590878e-4);
    const __m256d p1 = _mm256_set1_pd(3.02994407707441961300e-2);
    const __m256d p2 = _mm256_set1_pd(9.99999999999999999910e-1);
    const __m256d q0 = _mm256_set1_pd(3.00198505138664455042e-6);
    const __m256d q1 = _mm256_set1_pd(2.52448340349684104192e-3);
    const __m256d q2 = _mm256_set1_pd(2.27265548208155028766e-1);
    const __m256d q3 = _mm256_set1_pd(2.00000000000000000009e0);
    const __m256d one = _mm256_set1_pd(1.0), two = _mm256_set1_pd(2.0);
    const __m256i bias = _mm256_set1_epi64x(1023);
    __m256d sum = _mm256_setzero_pd();
    Eigen::Index i = 0;
    for (; i + 4 <= count; i += 4) {
        const __m256d x0 = _mm256_sub_pd(_mm256_loadu_pd(values + i), vshift);
        const __m256d below = _mm256_cmp_pd(x0, floor, _CMP_LT_OQ); // −∞ too
        __m256d x = _mm256_max_pd(x0, floor);
        const __m256d fx = _mm256_floor_pd(_mm256_fmadd_pd(x, log2e, half));
        x = _mm256_fnmadd_pd(fx, c1, x);
        x = _mm256_fnmadd_pd(fx, c2, x);
        const __m256d x2 = _mm256_mul_pd(x, x);
        __m256d px = _mm256_fmadd_pd(p0, x2, p1);
        px = _mm256_fmadd_pd(px, x2, p2);
        px = _mm256_mul_pd(px, x);
        __m256d qx = _mm256_fmadd_pd(q0, x2, q1);
        qx = _mm256_fmadd_pd(qx, x2, q2);
        qx = _mm256_fmadd_pd(qx, x2, q3);
        x = _mm256_div_pd(px, _mm256_sub_pd(qx, px));
        x = _mm256_fmadd_pd(two, x, one);
        // 2^fx for fx in [−1022, 0] (x ≥ −708): the exponent field (fx + 1023) << 52.
        const __m256i n = _mm256_cvtepi32_epi64(_mm256_cvtpd_epi32(fx));
        const __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(n, bias), 52));
        const __m256d e = _mm256_andnot_pd(below, _mm256_mul_pd(x, scale));
        _mm256_storeu_pd(values + i, e);
        sum = _mm256_add_pd(sum, e);
    }
    alignas(32) double lanes[4];
    _mm256_store_pd(lanes, sum);
    return (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]) + expTail(values + i, count - i, shift);
}

// x = n·ln 2 + r with n = round(x / ln 2), |r| ≤ ln 2 / 2 (ln 2 in two parts, so n·ln 2 is
// taken off r exactly enough), exp(r) by its Taylor polynomial to degree 13 (the next term is
// below 4·10⁻¹⁸ relative), 2^n by scalef. Only multiplies and adds: the AVX2 path's division
// took half its time.
__attribute__((target("avx512f"))) double expShiftedSumAvx512(double *values, Eigen::Index count,
                                                              double shift) {
    const __m512d vshift = _mm512_set1_pd(shift), floor = _mm512_set1_pd(kExpFloor);
    const __m512d log2e = _mm512_set1_pd(1.4426950408889634074);
    const __m512d ln2hi = _mm512_set1_pd(0x1.62e42fefa39efp-1);
    const __m512d ln2lo = _mm512_set1_pd(0x1.abc9e3b39803fp-56);
    // 1/k! for k = 13 … 0.
    const __m512d c13 = _mm512_set1_pd(1.0 / 6227020800.0), c12 = _mm512_set1_pd(1.0 / 479001600.0),
                  c11 = _mm512_set1_pd(1.0 / 39916800.0), c10 = _mm512_set1_pd(1.0 / 3628800.0),
                  c9 = _mm512_set1_pd(1.0 / 362880.0), c8 = _mm512_set1_pd(1.0 / 40320.0),
                  c7 = _mm512_set1_pd(1.0 / 5040.0), c6 = _mm512_set1_pd(1.0 / 720.0),
                  c5 = _mm512_set1_pd(1.0 / 120.0), c4 = _mm512_set1_pd(1.0 / 24.0),
                  c3 = _mm512_set1_pd(1.0 / 6.0), c2 = _mm512_set1_pd(0.5),
                  c1 = _mm512_set1_pd(1.0);
    __m512d sum = _mm512_setzero_pd();
    Eigen::Index i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m512d x0 = _mm512_sub_pd(_mm512_loadu_pd(values + i), vshift);
        const __mmask8 kept = _mm512_cmp_pd_mask(x0, floor, _CMP_GE_OQ); // not −∞, not below
        const __m512d x = _mm512_max_pd(x0, floor);
        const __m512d n = _mm512_roundscale_pd(_mm512_mul_pd(x, log2e),
                                               _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        __m512d r = _mm512_fnmadd_pd(n, ln2hi, x);
        r = _mm512_fnmadd_pd(n, ln2lo, r);
        __m512d p = _mm512_fmadd_pd(c13, r, c12);
        p = _mm512_fmadd_pd(p, r, c11);
        p = _mm512_fmadd_pd(p, r, c10);
        p = _mm512_fmadd_pd(p, r, c9);
        p = _mm512_fmadd_pd(p, r, c8);
        p = _mm512_fmadd_pd(p, r, c7);
        p = _mm512_fmadd_pd(p, r, c6);
        p = _mm512_fmadd_pd(p, r, c5);
        p = _mm512_fmadd_pd(p, r, c4);
        p = _mm512_fmadd_pd(p, r, c3);
        p = _mm512_fmadd_pd(p, r, c2);
        p = _mm512_fmadd_pd(p, r, c1);
        p = _mm512_fmadd_pd(p, r, c1);
        const __m512d e = _mm512_maskz_scalef_pd(kept, p, n);
        _mm512_storeu_pd(values + i, e);
        sum = _mm512_add_pd(sum, e);
    }
    return _mm512_reduce_add_pd(sum) + expTail(values + i, count - i, shift);
}

__attribute__((target("avx512f"))) double maxOfAvx512(const double *values, Eigen::Index count) {
    __m512d m0 = _mm512_set1_pd(-std::numeric_limits<double>::infinity()), m1 = m0;
    Eigen::Index i = 0;
    for (; i + 16 <= count; i += 16) {
        m0 = _mm512_max_pd(m0, _mm512_loadu_pd(values + i));
        m1 = _mm512_max_pd(m1, _mm512_loadu_pd(values + i + 8));
    }
    for (; i + 8 <= count; i += 8)
        m0 = _mm512_max_pd(m0, _mm512_loadu_pd(values + i));
    if (i < count)
        m1 = _mm512_max_pd(m1,
                           _mm512_mask_loadu_pd(m1, __mmask8((1u << (count - i)) - 1), values + i));
    return _mm512_reduce_max_pd(_mm512_max_pd(m0, m1));
}

__attribute__((target("avx512f"))) FiniteExtrema finiteExtremaAvx512(const double *values,
                                                                     Eigen::Index count) {
    const __m512d inf = _mm512_set1_pd(std::numeric_limits<double>::infinity());
    __m512d lo = inf, hi = _mm512_set1_pd(-std::numeric_limits<double>::infinity());
    __m512d maxAbs = _mm512_setzero_pd();
    Eigen::Index finite = 0;
    for (Eigen::Index i = 0; i < count; i += 8) {
        const __mmask8 lanes = count - i >= 8 ? __mmask8(0xff) : __mmask8((1u << (count - i)) - 1);
        const __m512d v = _mm512_maskz_loadu_pd(lanes, values + i);
        const __m512d a = _mm512_abs_pd(v);
        // |v| < ∞ is false for ±∞ and (ordered compare) for NaN.
        const __mmask8 use = _mm512_mask_cmp_pd_mask(lanes, a, inf, _CMP_LT_OQ);
        lo = _mm512_mask_min_pd(lo, use, lo, v);
        hi = _mm512_mask_max_pd(hi, use, hi, v);
        maxAbs = _mm512_mask_max_pd(maxAbs, use, maxAbs, a);
        finite += __builtin_popcount(unsigned(use));
    }
    return {_mm512_reduce_min_pd(lo), _mm512_reduce_max_pd(hi), _mm512_reduce_max_pd(maxAbs),
            finite};
}

#pragma GCC diagnostic pop

bool cpuHas(ExpPath path) {
    __builtin_cpu_init();
    if (path == ExpPath::Avx512)
        return __builtin_cpu_supports("avx512f");
    if (path == ExpPath::Avx2)
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return true;
}
#endif

} // namespace

bool expPathAvailable(ExpPath path) {
#ifdef ATTNVIZ_X86_EXP
    static const bool avx512 = cpuHas(ExpPath::Avx512), avx2 = cpuHas(ExpPath::Avx2);
    return path == ExpPath::Portable || (path == ExpPath::Avx2 ? avx2 : avx512);
#else
    return path == ExpPath::Portable;
#endif
}

ExpPath expPathInUse() {
    return expPathAvailable(ExpPath::Avx512) ? ExpPath::Avx512
           : expPathAvailable(ExpPath::Avx2) ? ExpPath::Avx2
                                             : ExpPath::Portable;
}

double expShiftedSum(ExpPath path, double *values, Eigen::Index count, double shift) {
#ifdef ATTNVIZ_X86_EXP
    if (path == ExpPath::Avx512 && expPathAvailable(path))
        return expShiftedSumAvx512(values, count, shift);
    if (path == ExpPath::Avx2 && expPathAvailable(path))
        return expShiftedSumAvx2(values, count, shift);
#endif
    (void)path;
    return expShiftedSumEigen(values, count, shift);
}

double expShiftedSum(double *values, Eigen::Index count, double shift) {
    static const ExpPath path = expPathInUse();
    return expShiftedSum(path, values, count, shift);
}

double maxOf(const double *values, Eigen::Index count) {
#ifdef ATTNVIZ_X86_EXP
    if (expPathAvailable(ExpPath::Avx512))
        return maxOfAvx512(values, count);
#endif
    return count == 0 ? -std::numeric_limits<double>::infinity()
                      : Eigen::Map<const Eigen::ArrayXd>(values, count).maxCoeff();
}

FiniteExtrema finiteExtremaPortable(const double *values, Eigen::Index count) {
    FiniteExtrema r;
    for (Eigen::Index i = 0; i < count; ++i) {
        const double v = values[i];
        if (!std::isfinite(v))
            continue;
        r.lo = std::min(r.lo, v);
        r.hi = std::max(r.hi, v);
        r.maxAbs = std::max(r.maxAbs, std::abs(v));
        ++r.finite;
    }
    return r;
}

FiniteExtrema finiteExtrema(const double *values, Eigen::Index count) {
#ifdef ATTNVIZ_X86_EXP
    if (expPathAvailable(ExpPath::Avx512))
        return finiteExtremaAvx512(values, count);
#endif
    return finiteExtremaPortable(values, count);
}

} // namespace attn
