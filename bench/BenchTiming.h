// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The benchmarks' clocks: medians of wall time, and of the CPU time of every thread of the
// process (on a machine shared with other work the wall clock measures the others too; this
// does not).

#include <algorithm>
#include <chrono>
#include <ctime>
#include <type_traits>
#include <vector>

namespace bench {

inline double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// The median wall time of reps calls of f (f(r) for the r-th when it takes the index), and in
// *medianCpuMs the median CPU time.
template <typename F> double medianMs(int reps, F &&f, double *medianCpuMs = nullptr) {
    using Clock = std::chrono::steady_clock;
    std::vector<double> times, cpu;
    for (int r = 0; r < reps; ++r) {
        const double cpuStart = cpuMs();
        const auto start = Clock::now();
        if constexpr (std::is_invocable_v<F, int>)
            f(r);
        else
            f();
        times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        cpu.push_back(cpuMs() - cpuStart);
    }
    std::sort(times.begin(), times.end());
    std::sort(cpu.begin(), cpu.end());
    if (medianCpuMs)
        *medianCpuMs = cpu[cpu.size() / 2];
    return times[times.size() / 2];
}

} // namespace bench
