// SPDX-License-Identifier: GPL-3.0-or-later
#include "WidenValues.h"

#include "Dequantize.h"
#include "Matrix.h"
#include "io/FloatBits.h"

#include <cmath>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define ATTNVIZ_X86_WIDEN 1
#endif

namespace attn {

namespace {

bool inRange(double v) {
    return std::abs(v) <= kMaxAbsInput; // false for NaN and ±∞
}

bool widenPortable(TensorDtype dtype, const unsigned char *p, std::int64_t count, double *out) {
    switch (dtype) {
    case TensorDtype::F64:
        std::memcpy(out, p, std::size_t(count) * 8); // the format is little-endian, as is x86-64
        break;
    case TensorDtype::F32:
        for (std::int64_t i = 0; i < count; ++i) {
            float f;
            std::memcpy(&f, p + 4 * i, 4);
            out[i] = double(f);
        }
        break;
    case TensorDtype::F16:
        for (std::int64_t i = 0; i < count; ++i) {
            std::uint16_t b;
            std::memcpy(&b, p + 2 * i, 2);
            out[i] = halfToDouble(b);
        }
        break;
    case TensorDtype::BF16:
        for (std::int64_t i = 0; i < count; ++i) {
            std::uint16_t b;
            std::memcpy(&b, p + 2 * i, 2);
            out[i] = bfloat16ToDouble(b);
        }
        break;
    default: // quantized: dequantizeBlocks
        break;
    }
    bool ok = true;
    for (std::int64_t i = 0; i < count; ++i)
        ok &= inRange(out[i]);
    return ok;
}

#ifdef ATTNVIZ_X86_WIDEN
// GCC 12 warns inside its own intrinsics (the unused "undefined" source of _mm512_cvtps_pd).
#pragma GCC diagnostic push
#ifndef __clang__ // clang has no such warning (and warns about the unknown name)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"
// Only these functions are compiled for AVX2 or AVX-512, and they call nothing but intrinsics and
// widenPortable (compiled for the baseline) for the values a vector leaves over.

// The stored values are read once, from the page cache through the mapping: the hardware's
// prefetcher stops at each 4 KB page, so the loops ask for the bytes this far ahead themselves.
constexpr int kPrefetchAhead = 1024;

// |v| ≤ kMaxAbsInput fails (unordered: NaN too) in the lanes of the mask.
__attribute__((target("avx512f,f16c"))) bool widenAvx512(TensorDtype dtype, const unsigned char *p,
                                                         std::int64_t count, double *out) {
    const __m512d limit = _mm512_set1_pd(kMaxAbsInput);
    __mmask8 bad = 0;
    std::int64_t i = 0;
    switch (dtype) {
    case TensorDtype::F64:
        for (; i + 8 <= count; i += 8) {
            const __m512d v = _mm512_loadu_pd(p + 8 * i);
            bad |= _mm512_cmp_pd_mask(_mm512_abs_pd(v), limit, _CMP_NLE_UQ);
            _mm512_storeu_pd(out + i, v);
        }
        break;
    case TensorDtype::F32:
        for (; i + 8 <= count; i += 8) {
            _mm_prefetch(reinterpret_cast<const char *>(p + 4 * i) + kPrefetchAhead, _MM_HINT_T0);
            const __m512d v =
                _mm512_cvtps_pd(_mm256_loadu_ps(reinterpret_cast<const float *>(p) + i));
            bad |= _mm512_cmp_pd_mask(_mm512_abs_pd(v), limit, _CMP_NLE_UQ);
            _mm512_storeu_pd(out + i, v);
        }
        break;
    case TensorDtype::F16:
        for (; i + 8 <= count; i += 8) {
            const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 2 * i));
            const __m512d v = _mm512_cvtps_pd(_mm256_cvtph_ps(h));
            bad |= _mm512_cmp_pd_mask(_mm512_abs_pd(v), limit, _CMP_NLE_UQ);
            _mm512_storeu_pd(out + i, v);
        }
        break;
    case TensorDtype::BF16:
        for (; i + 8 <= count; i += 8) {
            _mm_prefetch(reinterpret_cast<const char *>(p + 2 * i) + kPrefetchAhead, _MM_HINT_T0);
            const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 2 * i));
            const __m256i bits = _mm256_slli_epi32(_mm256_cvtepu16_epi32(b), 16);
            const __m512d v = _mm512_cvtps_pd(_mm256_castsi256_ps(bits));
            bad |= _mm512_cmp_pd_mask(_mm512_abs_pd(v), limit, _CMP_NLE_UQ);
            _mm512_storeu_pd(out + i, v);
        }
        break;
    default: // quantized: dequantizeBlocks
        break;
    }
    const bool tail = widenPortable(dtype, p + i * dtypeBytes(dtype), count - i, out + i);
    return bad == 0 && tail;
}

__attribute__((target("avx2,f16c"))) bool widenAvx2(TensorDtype dtype, const unsigned char *p,
                                                    std::int64_t count, double *out) {
    const __m256d limit = _mm256_set1_pd(kMaxAbsInput);
    const __m256d magnitude = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffff));
    __m256d bad = _mm256_setzero_pd();
    std::int64_t i = 0;
    switch (dtype) {
    case TensorDtype::F64:
        for (; i + 4 <= count; i += 4) {
            const __m256d v = _mm256_loadu_pd(reinterpret_cast<const double *>(p) + i);
            bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_and_pd(v, magnitude), limit, _CMP_NLE_UQ));
            _mm256_storeu_pd(out + i, v);
        }
        break;
    case TensorDtype::F32:
        for (; i + 4 <= count; i += 4) {
            const __m256d v = _mm256_cvtps_pd(_mm_loadu_ps(reinterpret_cast<const float *>(p) + i));
            bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_and_pd(v, magnitude), limit, _CMP_NLE_UQ));
            _mm256_storeu_pd(out + i, v);
        }
        break;
    case TensorDtype::F16:
        for (; i + 4 <= count; i += 4) {
            const __m128i h = _mm_loadl_epi64(reinterpret_cast<const __m128i *>(p + 2 * i));
            const __m256d v = _mm256_cvtps_pd(_mm_cvtph_ps(h));
            bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_and_pd(v, magnitude), limit, _CMP_NLE_UQ));
            _mm256_storeu_pd(out + i, v);
        }
        break;
    case TensorDtype::BF16:
        for (; i + 4 <= count; i += 4) {
            const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i *>(p + 2 * i));
            const __m128i bits = _mm_slli_epi32(_mm_cvtepu16_epi32(b), 16);
            const __m256d v = _mm256_cvtps_pd(_mm_castsi128_ps(bits));
            bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_and_pd(v, magnitude), limit, _CMP_NLE_UQ));
            _mm256_storeu_pd(out + i, v);
        }
        break;
    default: // quantized: dequantizeBlocks
        break;
    }
    const bool tail = widenPortable(dtype, p + i * dtypeBytes(dtype), count - i, out + i);
    return _mm256_movemask_pd(bad) == 0 && tail;
}

#pragma GCC diagnostic pop

// F16C from CPUID leaf 1 (ECX bit 29): clang's __builtin_cpu_supports does not know "f16c".
bool cpuHasF16c() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid(1, &a, &b, &c, &d) != 0 && (c & bit_F16C) != 0;
}

bool cpuHas(WidenPath path) {
    __builtin_cpu_init();
    if (path == WidenPath::Avx512)
        return __builtin_cpu_supports("avx512f") && cpuHasF16c();
    if (path == WidenPath::Avx2)
        return __builtin_cpu_supports("avx2") && cpuHasF16c();
    return true;
}
#endif

} // namespace

bool widenPathAvailable(WidenPath path) {
#ifdef ATTNVIZ_X86_WIDEN
    static const bool avx512 = cpuHas(WidenPath::Avx512), avx2 = cpuHas(WidenPath::Avx2);
    return path == WidenPath::Portable || (path == WidenPath::Avx2 ? avx2 : avx512);
#else
    return path == WidenPath::Portable;
#endif
}

bool widenValues(WidenPath path, TensorDtype dtype, const unsigned char *p, std::int64_t count,
                 double *out) {
    if (isQuantized(dtype))
        return dequantizeBlocks(dtype, p, count / blockValues(dtype), out);
#ifdef ATTNVIZ_X86_WIDEN
    if (path == WidenPath::Avx512 && widenPathAvailable(path))
        return widenAvx512(dtype, p, count, out);
    if (path == WidenPath::Avx2 && widenPathAvailable(path))
        return widenAvx2(dtype, p, count, out);
#endif
    (void)path;
    return widenPortable(dtype, p, count, out);
}

bool widenValues(TensorDtype dtype, const unsigned char *p, std::int64_t count, double *out) {
    static const WidenPath path = widenPathAvailable(WidenPath::Avx512) ? WidenPath::Avx512
                                  : widenPathAvailable(WidenPath::Avx2) ? WidenPath::Avx2
                                                                        : WidenPath::Portable;
    return widenValues(path, dtype, p, count, out);
}

} // namespace attn
