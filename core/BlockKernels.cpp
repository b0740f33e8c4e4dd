// SPDX-License-Identifier: GPL-3.0-or-later
#include "BlockKernels.h"

#include <algorithm>
#include <atomic>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ATTNVIZ_AVX512_KERNELS 1
#endif

namespace attn::kernel {

namespace {

using Index = Eigen::Index;
constexpr Index kPanel = PackedKeys::kKeyPanel;

std::atomic<bool> g_allowed{true};

#ifdef ATTNVIZ_AVX512_KERNELS
// Only the functions marked AVX512 are compiled for AVX-512, and they call nothing but each other
// and intrinsics: no inline function the baseline build shares (std::min, Eigen) is instantiated
// for AVX-512 by accident. Register tiles: 8 queries × 24 keys for the scores (24 accumulators,
// 3 loads of K and 8 broadcasts of Q per 24 FMAs), 6 queries × 32 output columns for the values
// (24 accumulators, 4 loads of V and 6 broadcasts of P per 24 FMAs).
#define AVX512 __attribute__((target("avx512f,fma")))
#define AVX512_INLINE __attribute__((target("avx512f,fma"), always_inline)) inline

template <int R>
AVX512_INLINE void scoreTile(const double *q, Index ldq, const double *panel, Index d, double *out,
                             Index ld, double factor) {
    __m512d acc[R][3];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 3
        for (int w = 0; w < 3; ++w)
            acc[r][w] = _mm512_setzero_pd();
    for (Index c = 0; c < d; ++c) {
        const __m512d k0 = _mm512_loadu_pd(panel + c * kPanel);
        const __m512d k1 = _mm512_loadu_pd(panel + c * kPanel + 8);
        const __m512d k2 = _mm512_loadu_pd(panel + c * kPanel + 16);
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            const __m512d qb = _mm512_set1_pd(q[r * ldq + c]);
            acc[r][0] = _mm512_fmadd_pd(qb, k0, acc[r][0]);
            acc[r][1] = _mm512_fmadd_pd(qb, k1, acc[r][1]);
            acc[r][2] = _mm512_fmadd_pd(qb, k2, acc[r][2]);
        }
    }
    const __m512d f = _mm512_set1_pd(factor);
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 3
        for (int w = 0; w < 3; ++w)
            _mm512_storeu_pd(out + r * ld + 8 * w, _mm512_mul_pd(acc[r][w], f));
}

AVX512 void scaledScoresAvx512(const double *q, Index rows, Index d, const double *packed,
                               Index panels, double factor, double *out, Index ld) {
    // Panel by panel (24 keys × d stay in L1), the block's queries 8 at a time against it.
    for (Index p = 0; p < panels; ++p) {
        const double *panel = packed + p * d * kPanel;
        double *o = out + p * kPanel;
        Index r = 0;
        for (; r + 8 <= rows; r += 8)
            scoreTile<8>(q + r * d, d, panel, d, o + r * ld, ld, factor);
        for (; r < rows; ++r)
            scoreTile<1>(q + r * d, d, panel, d, o + r * ld, ld, factor);
    }
}

// Rows r … r + R − 1 of the output, columns c … c + 31 (mask[w]: which lanes of vector w exist;
// Full: all of them, plain loads and stores, which Zen 4 runs faster than masked ones), from keys
// j0 … j1 − 1, added to what the rows hold unless `first`.
template <bool Full> AVX512_INLINE __m512d loadLanes(const double *at, __mmask8 mask) {
    return Full ? _mm512_loadu_pd(at) : _mm512_maskz_loadu_pd(mask, at);
}

// Which lanes of `vectors` consecutive vectors of 8 exist when `left` values remain.
inline void laneMasks(Index left, int vectors, __mmask8 *mask) {
    for (int k = 0; k < vectors; ++k) {
        const Index lanes = left - 8 * k;
        mask[k] = lanes >= 8   ? __mmask8(0xFF)
                  : lanes <= 0 ? __mmask8(0)
                               : __mmask8((1u << lanes) - 1);
    }
}

template <int R, bool Full>
AVX512_INLINE void valueTile(const double *p, Index ldp, const double *v, Index ldv, Index j0,
                             Index j1, double *o, Index ldo, bool first, const __mmask8 *mask) {
    __m512d acc[R][4];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int w = 0; w < 4; ++w)
            acc[r][w] = first ? _mm512_setzero_pd() : loadLanes<Full>(o + r * ldo + 8 * w, mask[w]);
    for (Index j = j0; j < j1; ++j) {
        const double *vj = v + j * ldv;
        const __m512d v0 = loadLanes<Full>(vj, mask[0]), v1 = loadLanes<Full>(vj + 8, mask[1]),
                      v2 = loadLanes<Full>(vj + 16, mask[2]),
                      v3 = loadLanes<Full>(vj + 24, mask[3]);
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            const __m512d pb = _mm512_set1_pd(p[r * ldp + j]);
            acc[r][0] = _mm512_fmadd_pd(pb, v0, acc[r][0]);
            acc[r][1] = _mm512_fmadd_pd(pb, v1, acc[r][1]);
            acc[r][2] = _mm512_fmadd_pd(pb, v2, acc[r][2]);
            acc[r][3] = _mm512_fmadd_pd(pb, v3, acc[r][3]);
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int w = 0; w < 4; ++w) {
            if (Full)
                _mm512_storeu_pd(o + r * ldo + 8 * w, acc[r][w]);
            else
                _mm512_mask_storeu_pd(o + r * ldo + 8 * w, mask[w], acc[r][w]);
        }
}

template <bool Full>
AVX512_INLINE void valueRows(const double *p, Index ldp, Index rows, const double *v, Index ldv,
                             Index j0, Index j1, double *o, Index ldo, bool first,
                             const __mmask8 *mask) {
    // Tiles of 6, then of 4 (32 rows: 6 · 4 + 4 · 2, where 6 · 5 + 2 left a tile of two that
    // reads a row of V per 8 multiply-adds and took a tenth of the time for a sixteenth of the
    // work), then of 2 and 1.
    Index sixes = rows / 6;
    if (rows % 6 == 2 && sixes > 0)
        --sixes;
    Index r = 0;
    for (; r < 6 * sixes; r += 6)
        valueTile<6, Full>(p + r * ldp, ldp, v, ldv, j0, j1, o + r * ldo, ldo, first, mask);
    for (; r + 4 <= rows; r += 4)
        valueTile<4, Full>(p + r * ldp, ldp, v, ldv, j0, j1, o + r * ldo, ldo, first, mask);
    for (; r + 2 <= rows; r += 2)
        valueTile<2, Full>(p + r * ldp, ldp, v, ldv, j0, j1, o + r * ldo, ldo, first, mask);
    for (; r < rows; ++r)
        valueTile<1, Full>(p + r * ldp, ldp, v, ldv, j0, j1, o + r * ldo, ldo, first, mask);
}

AVX512 void weightedValuesAvx512(const double *p, Index ldp, Index rows, const double *v, Index m,
                                 Index dv, double *o, Index ldo) {
    // 512 keys at a time: their rows of V (32 columns: 128 KB) stay in L2 while every query row
    // of the block passes over them, and each tile loads and stores its accumulators once per
    // 512 keys. One block of 32 rows × 4096 keys ran at 58 GFLOP/s on one core this way, at 50
    // in chunks of 64 keys that stayed in L1.
    constexpr Index kChunk = 512;
    for (Index j0 = 0; j0 < m; j0 += kChunk) {
        const Index j1 = j0 + kChunk < m ? j0 + kChunk : m;
        for (Index c = 0; c < dv; c += 32) {
            __mmask8 mask[4];
            laneMasks(dv - c, 4, mask);
            if (mask[3] == 0xFF)
                valueRows<true>(p, ldp, rows, v + c, dv, j0, j1, o + c, ldo, j0 == 0, mask);
            else
                valueRows<false>(p, ldp, rows, v + c, dv, j0, j1, o + c, ldo, j0 == 0, mask);
        }
    }
}

// One row times W, 64 columns at a time with W's rows read whole and in order (out of cache, as
// in an edit, the tiles above read half rows twice and ran at half the speed). Each output is the
// same FMA chain as in weightedValuesAvx512 (from 0, in the order of j), so the same bits.
AVX512 void projectRowAvx512(const double *x, const double *w, Index p, Index dv, double *out) {
    for (Index c = 0; c < dv; c += 64) {
        __mmask8 mask[8];
        laneMasks(dv - c, 8, mask);
        __m512d acc[8];
#pragma GCC unroll 8
        for (int k = 0; k < 8; ++k)
            acc[k] = _mm512_setzero_pd();
        for (Index j = 0; j < p; ++j) {
            const __m512d xj = _mm512_set1_pd(x[j]);
            const double *row = w + j * dv + c;
#pragma GCC unroll 8
            for (int k = 0; k < 8; ++k)
                acc[k] = _mm512_fmadd_pd(xj, _mm512_maskz_loadu_pd(mask[k], row + 8 * k), acc[k]);
        }
#pragma GCC unroll 8
        for (int k = 0; k < 8; ++k)
            _mm512_mask_storeu_pd(out + c + 8 * k, mask[k], acc[k]);
    }
}

// GCC 12 warns inside its own unpack, shuffle and reduce intrinsics (their unused "undefined"
// source).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
// Values c … c + 7 (those of `mask`) of 8 rows (stride d) as 8 vectors, transposed in registers:
// column[k] holds value c + k of each of the 8 rows.
AVX512_INLINE void transposeBlock(const double *r, Index d, Index c, __mmask8 mask,
                                  __m512d *column) {
    __m512d x[8], t[8], u[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i)
        x[i] = _mm512_maskz_loadu_pd(mask, r + i * d + c);
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
        t[2 * i] = _mm512_unpacklo_pd(x[2 * i], x[2 * i + 1]);
        t[2 * i + 1] = _mm512_unpackhi_pd(x[2 * i], x[2 * i + 1]);
    }
    u[0] = _mm512_shuffle_f64x2(t[0], t[2], 0x88);
    u[1] = _mm512_shuffle_f64x2(t[0], t[2], 0xDD);
    u[2] = _mm512_shuffle_f64x2(t[1], t[3], 0x88);
    u[3] = _mm512_shuffle_f64x2(t[1], t[3], 0xDD);
    u[4] = _mm512_shuffle_f64x2(t[4], t[6], 0x88);
    u[5] = _mm512_shuffle_f64x2(t[4], t[6], 0xDD);
    u[6] = _mm512_shuffle_f64x2(t[5], t[7], 0x88);
    u[7] = _mm512_shuffle_f64x2(t[5], t[7], 0xDD);
    column[0] = _mm512_shuffle_f64x2(u[0], u[4], 0x88);
    column[1] = _mm512_shuffle_f64x2(u[2], u[6], 0x88);
    column[2] = _mm512_shuffle_f64x2(u[1], u[5], 0x88);
    column[3] = _mm512_shuffle_f64x2(u[3], u[7], 0x88);
    column[4] = _mm512_shuffle_f64x2(u[0], u[4], 0xDD);
    column[5] = _mm512_shuffle_f64x2(u[2], u[6], 0xDD);
    column[6] = _mm512_shuffle_f64x2(u[1], u[5], 0xDD);
    column[7] = _mm512_shuffle_f64x2(u[3], u[7], 0xDD);
}

// The same sums as scoreTile (one FMA chain per score, in the order of d) of N vectors against
// `count` rows (stride d), G groups of 8 rows at a time, each group transposed in registers so
// that lane i of accumulator [g][a] runs the chain of vector a and row i of group g. G > 1 keeps
// several chains in flight: one alone waits on the FMA's latency at every step.
// out[a][j·stride] for vector a.
template <int N, int G>
AVX512_INLINE Index scoresAgainstGroups(const double *const *v, const double *rows, Index count,
                                        Index d, double *const *out, Index stride) {
    Index j = 0;
    for (; j + 8 * G <= count; j += 8 * G) {
        __m512d acc[G][N];
#pragma GCC unroll 2
        for (int g = 0; g < G; ++g)
#pragma GCC unroll 8
            for (int a = 0; a < N; ++a)
                acc[g][a] = _mm512_setzero_pd();
        for (Index c = 0; c < d; c += 8) {
            const Index left = d - c < 8 ? d - c : 8;
            const __mmask8 mask = left == 8 ? __mmask8(0xFF) : __mmask8((1u << left) - 1);
#pragma GCC unroll 2
            for (int g = 0; g < G; ++g) {
                __m512d column[8];
                transposeBlock(rows + (j + 8 * g) * d, d, c, mask, column);
#pragma GCC unroll 8
                for (int k = 0; k < 8; ++k)
                    if (k < left)
#pragma GCC unroll 8
                        for (int a = 0; a < N; ++a)
                            acc[g][a] =
                                _mm512_fmadd_pd(_mm512_set1_pd(v[a][c + k]), column[k], acc[g][a]);
            }
        }
#pragma GCC unroll 2
        for (int g = 0; g < G; ++g)
#pragma GCC unroll 8
            for (int a = 0; a < N; ++a) {
                const Index at = j + 8 * g;
                if (stride == 1) {
                    _mm512_storeu_pd(out[a] + at, acc[g][a]);
                } else {
                    alignas(64) double lanes[8];
                    _mm512_store_pd(lanes, acc[g][a]);
                    for (int i = 0; i < 8; ++i)
                        out[a][(at + i) * stride] = lanes[i];
                }
            }
    }
    return j;
}

template <int N>
AVX512_INLINE void scoresAgainstRows(const double *const *v, const double *rows, Index count,
                                     Index d, double *const *out, Index stride) {
    Index j = N == 1 ? scoresAgainstGroups<N, 2>(v, rows, count, d, out, stride) : 0;
    double *shifted[N];
    for (int a = 0; a < N; ++a)
        shifted[a] = out[a] + j * stride;
    j += scoresAgainstGroups<N, 1>(v, rows + j * d, count - j, d, shifted, stride);
    for (; j < count; ++j) {
        for (int a = 0; a < N; ++a) {
            __m128d acc = _mm_setzero_pd();
            for (Index c = 0; c < d; ++c)
                acc = _mm_fmadd_sd(_mm_load_sd(v[a] + c), _mm_load_sd(rows + j * d + c), acc);
            out[a][j * stride] = _mm_cvtsd_f64(acc);
        }
    }
}

AVX512 void scoresAgainstRowsAvx512(const double *v, const double *rows, Index count, Index d,
                                    double *out, Index stride) {
    scoresAgainstRows<1>(&v, rows, count, d, &out, stride);
}

AVX512 void twoScoresAgainstRowsAvx512(const double *const *v, const double *rows, Index count,
                                       Index d, double *const *out, Index stride) {
    scoresAgainstRows<2>(v, rows, count, d, out, stride);
}

// Eight (or four) vectors against the rows in one pass: each group of rows is transposed once
// for all of them, which is most of the work for one vector (a refresh's block of queries).
AVX512 void eightScoresAgainstRowsAvx512(const double *const *v, const double *rows, Index count,
                                         Index d, double *const *out) {
    scoresAgainstRows<8>(v, rows, count, d, out, 1);
}

AVX512 void fourScoresAgainstRowsAvx512(const double *const *v, const double *rows, Index count,
                                        Index d, double *const *out) {
    scoresAgainstRows<4>(v, rows, count, d, out, 1);
}

AVX512 void correctRowAvx512(const double *before, double sumBefore, double eOld,
                             const double *vOld, double eNew, const double *vNew, double sum,
                             double *out, Index dv, double *maxima) {
    const __m512d sb = _mm512_set1_pd(sumBefore), eo = _mm512_set1_pd(eOld),
                  en = _mm512_set1_pd(eNew), s = _mm512_set1_pd(sum);
    __m512d beforeMax = _mm512_setzero_pd(), outMax = beforeMax;
    for (Index c = 0; c < dv; c += 8) {
        const __mmask8 m = dv - c >= 8 ? __mmask8(0xFF) : __mmask8((1u << (dv - c)) - 1);
        const __m512d b = _mm512_maskz_loadu_pd(m, before + c);
        const __m512d o = _mm512_div_pd(
            _mm512_add_pd(_mm512_sub_pd(_mm512_mul_pd(b, sb),
                                        _mm512_mul_pd(eo, _mm512_maskz_loadu_pd(m, vOld + c))),
                          _mm512_mul_pd(en, _mm512_maskz_loadu_pd(m, vNew + c))),
            s);
        _mm512_mask_storeu_pd(out + c, m, o);
        beforeMax = _mm512_max_pd(beforeMax, _mm512_abs_pd(b));
        outMax = _mm512_max_pd(outMax, _mm512_maskz_mov_pd(m, _mm512_abs_pd(o)));
    }
    maxima[0] = _mm512_reduce_max_pd(beforeMax);
    maxima[1] = _mm512_reduce_max_pd(outMax);
}

AVX512 double squaredNormAvx512(const double *q, Index d) {
    __m512d acc = _mm512_setzero_pd();
    for (Index c = 0; c < d; c += 8) {
        const __mmask8 m = d - c >= 8 ? __mmask8(0xFF) : __mmask8((1u << (d - c)) - 1);
        const __m512d x = _mm512_maskz_loadu_pd(m, q + c);
        acc = _mm512_fmadd_pd(x, x, acc);
    }
    return _mm512_reduce_add_pd(acc);
}
#pragma GCC diagnostic pop

AVX512 double scoreAvx512(const double *q, const double *k, Index d) {
    __m128d acc = _mm_setzero_pd();
    for (Index c = 0; c < d; ++c)
        acc = _mm_fmadd_sd(_mm_load_sd(q + c), _mm_load_sd(k + c), acc);
    return _mm_cvtsd_f64(acc);
}

bool cpuHasAvx512() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma");
}
#endif

} // namespace

bool blockKernelsEnabled() {
#ifdef ATTNVIZ_AVX512_KERNELS
    static const bool available = cpuHasAvx512();
    return available && g_allowed.load(std::memory_order_relaxed);
#else
    return false;
#endif
}

void setBlockKernelsAllowed(bool allowed) {
    g_allowed.store(allowed, std::memory_order_relaxed);
}

PackedKeys packKeys(const Matrix &K) {
    PackedKeys packed;
    packed.keys = K.rows();
    packed.dims = K.cols();
    const Index d = K.cols();
    packed.data.assign(std::size_t(packed.paddedKeys() * d), 0.0);
    for (Index j = 0; j < K.rows(); ++j) {
        double *panel = packed.data.data() + (j / kPanel) * d * kPanel + j % kPanel;
        const double *key = K.row(j).data();
        for (Index c = 0; c < d; ++c)
            panel[c * kPanel] = key[c];
    }
    return packed;
}

void scaledScores(const Matrix &Q, Index first, Index rows, const PackedKeys &K, double factor,
                  double *out, Index ld) {
#ifdef ATTNVIZ_AVX512_KERNELS
    scaledScoresAvx512(Q.row(first).data(), rows, Q.cols(), K.data.data(), K.paddedKeys() / kPanel,
                       factor, out, ld);
#else
    (void)Q, (void)first, (void)rows, (void)K, (void)factor, (void)out, (void)ld;
#endif
}

void scores(const Matrix &Q, Index first, Index rows, const Matrix &K, double *out, Index ld) {
#ifdef ATTNVIZ_AVX512_KERNELS
    if (rows >= 16) { // packing K costs about as much as 16 rows without it
        const PackedKeys packed = packKeys(K);
        std::vector<double> buffer(std::size_t(rows * packed.paddedKeys()));
        scaledScoresAvx512(Q.row(first).data(), rows, Q.cols(), packed.data.data(),
                           packed.paddedKeys() / kPanel, 1.0, buffer.data(), packed.paddedKeys());
        for (Index r = 0; r < rows; ++r)
            std::copy_n(buffer.data() + r * packed.paddedKeys(), K.rows(), out + r * ld);
        return;
    }
    Index r = 0;
    for (; r < rows; r += rows - r >= 8 ? 8 : rows - r >= 4 ? 4 : 1) {
        const double *v[8];
        double *o[8];
        for (Index a = 0; a < 8 && r + a < rows; ++a) {
            v[a] = Q.row(first + r + a).data();
            o[a] = out + (r + a) * ld;
        }
        if (rows - r >= 8)
            eightScoresAgainstRowsAvx512(v, K.data(), K.rows(), K.cols(), o);
        else if (rows - r >= 4)
            fourScoresAgainstRowsAvx512(v, K.data(), K.rows(), K.cols(), o);
        else
            scoresAgainstRowsAvx512(v[0], K.data(), K.rows(), K.cols(), o[0], 1);
    }
#else
    (void)Q, (void)first, (void)rows, (void)K, (void)out, (void)ld;
#endif
}

void scoresAgainst(const double *v, const double *w, const Matrix &rows, Index first, Index count,
                   double *out, Index stride) {
#ifdef ATTNVIZ_AVX512_KERNELS
    const double *const vectors[2] = {v, w};
    double *const outs[2] = {out, out + 1};
    twoScoresAgainstRowsAvx512(vectors, rows.data() + first * rows.cols(), count, rows.cols(), outs,
                               stride);
#else
    (void)v, (void)w, (void)rows, (void)first, (void)count, (void)out, (void)stride;
#endif
}

double score(const double *q, const double *k, Index d) {
#ifdef ATTNVIZ_AVX512_KERNELS
    return scoreAvx512(q, k, d);
#else
    double sum = 0.0;
    for (Index c = 0; c < d; ++c)
        sum += q[c] * k[c];
    return sum;
#endif
}

void projectRow(const double *x, const Matrix &W, double *out) {
#ifdef ATTNVIZ_AVX512_KERNELS
    projectRowAvx512(x, W.data(), W.rows(), W.cols(), out);
#else
    (void)x, (void)W, (void)out;
#endif
}

void weightedValues(const double *P, Index ld, Index rows, const Matrix &V, Matrix &out,
                    Index first) {
#ifdef ATTNVIZ_AVX512_KERNELS
    weightedValuesAvx512(P, ld, rows, V.data(), V.rows(), V.cols(), out.row(first).data(),
                         out.cols());
#else
    (void)P, (void)ld, (void)rows, (void)V, (void)out, (void)first;
#endif
}

void correctRow(const double *before, double sumBefore, double eOld, const double *vOld,
                double eNew, const double *vNew, double sum, double *out, Index dv,
                double *maxima) {
#ifdef ATTNVIZ_AVX512_KERNELS
    if (blockKernelsEnabled()) {
        correctRowAvx512(before, sumBefore, eOld, vOld, eNew, vNew, sum, out, dv, maxima);
        return;
    }
#endif
    using Row = Eigen::Map<const Eigen::ArrayXd>;
    const Row b(before, dv), vo(vOld, dv), vn(vNew, dv);
    Eigen::Map<Eigen::ArrayXd> o(out, dv);
    maxima[0] = dv == 0 ? 0.0 : b.abs().maxCoeff();
    o = (b * sumBefore - eOld * vo + eNew * vn) / sum;
    maxima[1] = dv == 0 ? 0.0 : o.abs().maxCoeff();
}

double squaredNorm(const double *q, Index d) {
#ifdef ATTNVIZ_AVX512_KERNELS
    if (blockKernelsEnabled())
        return squaredNormAvx512(q, d);
#endif
    return Eigen::Map<const Eigen::ArrayXd>(q, d).square().sum();
}

} // namespace attn::kernel
