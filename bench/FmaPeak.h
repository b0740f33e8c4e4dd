// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// This machine's ceiling for double-precision products: multiply-adds with no memory traffic
// at all (independent FMA chains in registers, the widest vectors the CPU has), on every
// thread the forward pass uses. No matrix product can beat it; the forward pass's products
// are held against it (bench_attention's "% of peak"). On this project's 2-core AMD EPYC
// (Zen 4: AVX-512 on 256-bit units) it is about 50–60 GFLOP/s per core.

#include "Parallel.h"

#include <atomic>
#include <chrono>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ATTNVIZ_BENCH_X86 1
#endif

namespace bench {

namespace detail {

// 12 independent chains: enough to cover the FMA latency (4 cycles) on two pipes.
#ifdef ATTNVIZ_BENCH_X86
__attribute__((target("avx512f"))) inline double fmaLoopAvx512(long iterations) {
    __m512d acc[12];
    for (int i = 0; i < 12; ++i)
        acc[i] = _mm512_set1_pd(1.0 + i * 1e-3);
    const __m512d a = _mm512_set1_pd(0.999999), b = _mm512_set1_pd(1e-7);
    for (long it = 0; it < iterations; ++it)
        for (int i = 0; i < 12; ++i)
            acc[i] = _mm512_fmadd_pd(acc[i], a, b);
    __m512d s = acc[0];
    for (int i = 1; i < 12; ++i)
        s = _mm512_add_pd(s, acc[i]);
    double lanes[8]; // not _mm512_reduce_add_pd: GCC 12 warns inside it
    _mm512_storeu_pd(lanes, s);
    double total = 0.0;
    for (double v : lanes)
        total += v;
    return total;
}

__attribute__((target("avx2,fma"))) inline double fmaLoopAvx2(long iterations) {
    __m256d acc[12];
    for (int i = 0; i < 12; ++i)
        acc[i] = _mm256_set1_pd(1.0 + i * 1e-3);
    const __m256d a = _mm256_set1_pd(0.999999), b = _mm256_set1_pd(1e-7);
    for (long it = 0; it < iterations; ++it)
        for (int i = 0; i < 12; ++i)
            acc[i] = _mm256_fmadd_pd(acc[i], a, b);
    __m256d s = acc[0];
    for (int i = 1; i < 12; ++i)
        s = _mm256_add_pd(s, acc[i]);
    double lanes[4];
    _mm256_storeu_pd(lanes, s);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}
#endif

// Floating-point operations per iteration of the loop this CPU runs (0: none measured).
inline int flopsPerIteration() {
#ifdef ATTNVIZ_BENCH_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return 12 * 8 * 2;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return 12 * 4 * 2;
#endif
    return 0;
}

inline double fmaLoop(long iterations) {
#ifdef ATTNVIZ_BENCH_X86
    if (__builtin_cpu_supports("avx512f"))
        return fmaLoopAvx512(iterations);
    return fmaLoopAvx2(iterations);
#else
    (void)iterations;
    return 0.0;
#endif
}

} // namespace detail

// GFLOP/s of the FMA loop on attn::threadCount() threads: each thread times its own loop and
// their rates add up (a thread the system starts late, or a core woken late by the hypervisor,
// does not halve the figure); best of five runs of about 60 ms. 0 where this CPU has no FMA
// instructions to measure.
inline double fmaPeakGflops() {
    const int perIteration = detail::flopsPerIteration();
    if (perIteration == 0)
        return 0.0;
    constexpr long kIterations = 4'000'000;
    const int threads = attn::threadCount();
    double best = 0.0;
    std::atomic<double> sink{0.0}; // keeps the loops from being optimised away
    for (int run = 0; run < 5; ++run) {
        std::atomic<double> total{0.0};
        attn::parallelFor(threads, 1, [&](Eigen::Index first, Eigen::Index last) {
            for (Eigen::Index t = first; t < last; ++t) {
                const auto start = std::chrono::steady_clock::now();
                const double v = detail::fmaLoop(kIterations);
                const double seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                sink.store(sink.load() + v);
                total.store(total.load() + double(kIterations) * perIteration / seconds / 1e9);
            }
        });
        best = std::max(best, total.load());
    }
    return sink.load() == 0.123 ? 0.0 : best;
}

} // namespace bench
