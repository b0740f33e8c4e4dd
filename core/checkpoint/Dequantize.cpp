// SPDX-License-Identifier: GPL-3.0-or-later
#include "Dequantize.h"

#include "Matrix.h"
#include "WidenValues.h"
#include "io/FloatBits.h"

#include <cmath>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ATTNVIZ_X86_Q8_0 1
#endif

namespace attn {

namespace {

std::uint16_t u16(const unsigned char *p) {
    return std::uint16_t(p[0] | (p[1] << 8));
}

double half(const unsigned char *p) {
    return halfToDouble(u16(p));
}

// Rounds an exact double to float as ggml's float arithmetic does with its one rounding.
double f32(double exact) {
    return double(float(exact));
}

// The scale and min of sub-block j of a K block's 12 bytes of 6-bit scales and mins.
void scaleMin(int j, const unsigned char *s, int &scale, int &min) {
    if (j < 4) {
        scale = s[j] & 63;
        min = s[j + 4] & 63;
    } else {
        scale = (s[j + 4] & 0xF) | ((s[j - 4] >> 6) << 4);
        min = (s[j + 4] >> 4) | ((s[j] >> 6) << 4);
    }
}

void q8_0(const unsigned char *b, double *y) {
    const double d = half(b);
    for (int j = 0; j < 32; ++j)
        y[j] = d * double(std::int8_t(b[2 + j]));
}

#ifdef ATTNVIZ_X86_Q8_0
// GCC 12 warns inside its own conversion intrinsics (their unused "undefined" source).
#pragma GCC diagnostic push
#ifndef __clang__ // clang has no such warning (and warns about the unknown name)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"
// Q8_0 eight values at a time: the same exact products d·q as q8_0.
__attribute__((target("avx512f"))) void q8_0Avx512(const unsigned char *p, std::int64_t blocks,
                                                   double *out) {
    for (std::int64_t i = 0; i < blocks; ++i) {
        const unsigned char *b = p + i * 34;
        const __m512d d = _mm512_set1_pd(half(b));
        for (int k = 0; k < 4; ++k) {
            long long eight = 0;
            std::memcpy(&eight, b + 2 + 8 * k, 8);
            const __m512d q = _mm512_cvtepi32_pd(_mm256_cvtepi8_epi32(_mm_cvtsi64_si128(eight)));
            _mm512_storeu_pd(out + i * 32 + 8 * k, _mm512_mul_pd(q, d));
        }
    }
}
#pragma GCC diagnostic pop
#endif

void q4_0(const unsigned char *b, double *y) {
    const double d = half(b);
    const unsigned char *q = b + 2;
    for (int j = 0; j < 16; ++j) {
        y[j] = d * double((q[j] & 0xF) - 8);
        y[j + 16] = d * double((q[j] >> 4) - 8);
    }
}

void q4_1(const unsigned char *b, double *y) {
    const double d = half(b), m = half(b + 2);
    const unsigned char *q = b + 4;
    for (int j = 0; j < 16; ++j) {
        y[j] = f32(double(q[j] & 0xF) * d + m);
        y[j + 16] = f32(double(q[j] >> 4) * d + m);
    }
}

// Q5_0 and Q5_1: the fifth bits of the 32 values in a little-endian u32.
void q5(const unsigned char *b, double *y, bool withMin) {
    const double d = half(b), m = withMin ? half(b + 2) : 0.0;
    const unsigned char *h = b + (withMin ? 4 : 2);
    const std::uint32_t qh = std::uint32_t(h[0]) | std::uint32_t(h[1]) << 8 |
                             std::uint32_t(h[2]) << 16 | std::uint32_t(h[3]) << 24;
    const unsigned char *q = h + 4;
    const int offset = withMin ? 0 : 16;
    for (int j = 0; j < 16; ++j) {
        const int x0 = ((q[j] & 0xF) | int(((qh >> j) << 4) & 0x10)) - offset;
        const int x1 = ((q[j] >> 4) | int((qh >> (j + 12)) & 0x10)) - offset;
        y[j] = withMin ? f32(double(x0) * d + m) : d * double(x0);
        y[j + 16] = withMin ? f32(double(x1) * d + m) : d * double(x1);
    }
}

// Q4_K (no fifth bits) and Q5_K: 8 sub-blocks of 32 with 6-bit scales and mins.
void k4or5(const unsigned char *b, double *y, bool five) {
    const double d = half(b), dmin = half(b + 2);
    const unsigned char *scales = b + 4;
    const unsigned char *qh = b + 16;
    const unsigned char *ql = b + (five ? 48 : 16);
    for (int c = 0; c < 4; ++c) { // 64 values: sub-blocks 2c (low nibbles) and 2c + 1 (high)
        for (int hi = 0; hi < 2; ++hi) {
            int sc = 0, mn = 0;
            scaleMin(2 * c + hi, scales, sc, mn);
            const double d1 = d * sc, m1 = dmin * mn; // exact in float too
            const int bit = 1 << (2 * c + hi);
            for (int l = 0; l < 32; ++l) {
                int q = hi ? ql[32 * c + l] >> 4 : ql[32 * c + l] & 0xF;
                if (five && (qh[l] & bit))
                    q += 16;
                y[64 * c + 32 * hi + l] = f32(d1 * q - m1);
            }
        }
    }
}

void q6_k(const unsigned char *b, double *y) {
    const unsigned char *ql = b, *qh = b + 128;
    const auto *sc = reinterpret_cast<const signed char *>(b + 192);
    const double d = half(b + 208);
    for (int h = 0; h < 2; ++h) {
        const unsigned char *l0 = ql + 64 * h, *hh = qh + 32 * h;
        const signed char *s = sc + 8 * h;
        double *out = y + 128 * h;
        for (int l = 0; l < 32; ++l) {
            const int is = l / 16;
            const int q1 = ((l0[l] & 0xF) | (((hh[l] >> 0) & 3) << 4)) - 32;
            const int q2 = ((l0[l + 32] & 0xF) | (((hh[l] >> 2) & 3) << 4)) - 32;
            const int q3 = ((l0[l] >> 4) | (((hh[l] >> 4) & 3) << 4)) - 32;
            const int q4 = ((l0[l + 32] >> 4) | (((hh[l] >> 6) & 3) << 4)) - 32;
            out[l] = f32(d * s[is] * q1);
            out[l + 32] = f32(d * s[is + 2] * q2);
            out[l + 64] = f32(d * s[is + 4] * q3);
            out[l + 96] = f32(d * s[is + 6] * q4);
        }
    }
}

} // namespace

bool dequantizeBlocks(TensorDtype dtype, const unsigned char *p, std::int64_t blocks, double *out) {
    if (dtype == TensorDtype::Q8_0) {
        // The commonest type, without the scan of every value: a finite half scale times an
        // int8 is at most 65504·128 in magnitude, far inside kMaxAbsInput, so the scales alone
        // say whether the values are fine.
#ifdef ATTNVIZ_X86_Q8_0
        static const bool avx512 = widenPathAvailable(WidenPath::Avx512);
        if (avx512)
            q8_0Avx512(p, blocks, out);
#else
        constexpr bool avx512 = false;
#endif
        bool ok = true;
        for (std::int64_t i = 0; i < blocks; ++i) {
            if (!avx512)
                q8_0(p + i * 34, out + i * 32);
            ok &= (u16(p + i * 34) & 0x7C00) != 0x7C00; // not an infinity or a NaN
        }
        return ok;
    }
    const int values = blockValues(dtype), bytes = blockBytes(dtype);
    for (std::int64_t i = 0; i < blocks; ++i) {
        const unsigned char *b = p + i * bytes;
        double *y = out + i * values;
        switch (dtype) {
        case TensorDtype::Q8_0:
            q8_0(b, y);
            break;
        case TensorDtype::Q4_0:
            q4_0(b, y);
            break;
        case TensorDtype::Q4_1:
            q4_1(b, y);
            break;
        case TensorDtype::Q5_0:
            q5(b, y, false);
            break;
        case TensorDtype::Q5_1:
            q5(b, y, true);
            break;
        case TensorDtype::Q4_K:
            k4or5(b, y, false);
            break;
        case TensorDtype::Q5_K:
            k4or5(b, y, true);
            break;
        case TensorDtype::Q6_K:
            q6_k(b, y);
            break;
        default:
            return false;
        }
    }
    bool ok = true;
    const std::int64_t n = blocks * values;
    for (std::int64_t i = 0; i < n; ++i)
        ok &= std::abs(out[i]) <= kMaxAbsInput; // false for NaN too
    return ok;
}

} // namespace attn
