// SPDX-License-Identifier: GPL-3.0-or-later
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

// Beyond this the vector paths' exponent arithmetic would run past the largest double: from the
// first vector with a value above it (none in a softmax, whose shifted logits are ≤ 0) the rest
// go through std::exp, which gives +∞ past 709.78. (A fix-up call inside the vector loop made
// the compiler keep its constants in memory: the loop ran 20% slower.)
constexpr double kExpVectorCeiling = 709.0;

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
    const __m256d ceiling = _mm256_set1_pd(kExpVectorCeiling);
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
        if (_mm256_movemask_pd(_mm256_cmp_pd(x0, ceiling, _CMP_GT_OQ)))
            break;
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
        // 2^fx for fx in [−1022, 1023] (−708 ≤ x ≤ 709; above it std::exp): the exponent field
        // (fx + 1023) << 52.
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

// x = (k/16)·ln 2 + r with k = round(16x / ln 2), |r| ≤ ln 2 / 32: exp(x) = 2^(k >> 4) ·
// 2^(j/16) · exp(r), j = k mod 16. 2^(j/16) comes from a table of 16 (two registers, one
// permute) held as hi + lo, so it adds no rounding of its own; exp(r) − 1 by its Taylor
// polynomial to degree 7 (the next term is below 2·10⁻¹⁸ relative); 2^(k >> 4) goes straight
// into the exponent field. 12 multiply-adds per vector where a degree-13 polynomial over
// |r| ≤ ln 2 / 2 took 17: the exponentials were a tenth of the forward pass at n = 4096.
struct ExpTable {
    double hi[16], lo[16];
};

const ExpTable &expTable() {
    static const ExpTable table = [] {
        ExpTable t;
        for (int j = 0; j < 16; ++j) {
            const long double v = std::exp2l(static_cast<long double>(j) / 16.0L);
            t.hi[j] = static_cast<double>(v);
            t.lo[j] = static_cast<double>(v - static_cast<long double>(t.hi[j]));
        }
        return t;
    }();
    return table;
}

__attribute__((target("avx512f"))) double expShiftedSumAvx512(const ExpTable &table, double *values,
                                                              Eigen::Index count, double shift) {
    const __m512d vshift = _mm512_set1_pd(shift), floor = _mm512_set1_pd(kExpFloor);
    const __m512d ceiling = _mm512_set1_pd(kExpVectorCeiling);
    // 1.5·2⁵²: adding it rounds to an integer and leaves k in the low bits of the mantissa.
    const __m512d magic = _mm512_set1_pd(6755399441055744.0);
    const __m512d scale = _mm512_set1_pd(16.0 * 1.4426950408889634074);
    const __m512d ln2hi = _mm512_set1_pd(0x1.62e42fefa39efp-1 / 16.0);
    const __m512d ln2lo = _mm512_set1_pd(0x1.abc9e3b39803fp-56 / 16.0);
    const __m512d hi0 = _mm512_loadu_pd(table.hi), hi1 = _mm512_loadu_pd(table.hi + 8);
    const __m512d lo0 = _mm512_loadu_pd(table.lo), lo1 = _mm512_loadu_pd(table.lo + 8);
    // 1/k! for k = 7 … 2.
    const __m512d c7 = _mm512_set1_pd(1.0 / 5040.0), c6 = _mm512_set1_pd(1.0 / 720.0),
                  c5 = _mm512_set1_pd(1.0 / 120.0), c4 = _mm512_set1_pd(1.0 / 24.0),
                  c3 = _mm512_set1_pd(1.0 / 6.0), c2 = _mm512_set1_pd(0.5);
    __m512d sum = _mm512_setzero_pd();
    Eigen::Index i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m512d x = _mm512_sub_pd(_mm512_loadu_pd(values + i), vshift);
        if (_mm512_cmp_pd_mask(x, ceiling, _CMP_GT_OQ))
            break;
        // Lanes below the floor (−∞ and NaN too) compute garbage and are zeroed at the end.
        const __mmask8 kept = _mm512_cmp_pd_mask(x, floor, _CMP_GE_OQ);
        const __m512d t = _mm512_fmadd_pd(x, scale, magic);
        const __m512d kf = _mm512_sub_pd(t, magic);
        __m512d r = _mm512_fnmadd_pd(kf, ln2hi, x);
        r = _mm512_fnmadd_pd(kf, ln2lo, r);
        // Estrin's scheme: short dependency chains, so that several vectors are in flight.
        const __m512d r2 = _mm512_mul_pd(r, r), r4 = _mm512_mul_pd(r2, r2);
        const __m512d p23 = _mm512_fmadd_pd(c3, r, c2), p45 = _mm512_fmadd_pd(c5, r, c4),
                      p67 = _mm512_fmadd_pd(c7, r, c6);
        const __m512d p = _mm512_fmadd_pd(r4, p67, _mm512_fmadd_pd(r2, p45, p23));
        const __m512d q = _mm512_fmadd_pd(p, r2, r); // exp(r) − 1
        // t's pattern holds k + 2⁵¹ in its low 52 bits: its low 4 bits are j (the permute reads
        // only those), its bits 4 … 15 the power of two k >> 4 modulo 2¹², which is all that
        // adding it to y's exponent field needs (the sum stays in 1 … 2046 for −708 ≤ x ≤ 709).
        const __m512i bits = _mm512_castpd_si512(t);
        const __m512d hi = _mm512_permutex2var_pd(hi0, bits, hi1);
        const __m512d lo = _mm512_permutex2var_pd(lo0, bits, lo1);
        const __m512d y = _mm512_add_pd(hi, _mm512_fmadd_pd(hi, q, lo));
        const __m512i power = _mm512_slli_epi64(_mm512_srli_epi64(bits, 4), 52);
        const __m512d e =
            _mm512_castsi512_pd(_mm512_maskz_add_epi64(kept, _mm512_castpd_si512(y), power));
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
        return expShiftedSumAvx512(expTable(), values, count, shift);
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
