#include "VectorExp.h"

#include <cmath>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ATTNVIZ_AVX2_EXP 1
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

#ifdef ATTNVIZ_AVX2_EXP
// Eigen's pexp for doubles (Cephes: exp(r) = 1 + 2·P(r²)·r / (Q(r²) − P(r²)·r) after
// x = n·ln 2 + r), written with AVX2 intrinsics. Only this function is compiled for AVX2: it
// calls nothing else, so no code the baseline build shares is compiled for AVX2 by accident.
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
    double total = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
    for (; i < count; ++i) {
        const double x = values[i] - shift;
        values[i] = x < kExpFloor ? 0.0 : std::exp(x);
        total += values[i];
    }
    return total;
}

bool cpuHasAvx2() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif

} // namespace

bool vectorExpUsesAvx2() {
#ifdef ATTNVIZ_AVX2_EXP
    static const bool avx2 = cpuHasAvx2();
    return avx2;
#else
    return false;
#endif
}

double expShiftedSum(double *values, Eigen::Index count, double shift) {
#ifdef ATTNVIZ_AVX2_EXP
    if (vectorExpUsesAvx2())
        return expShiftedSumAvx2(values, count, shift);
#endif
    return expShiftedSumEigen(values, count, shift);
}

} // namespace attn
