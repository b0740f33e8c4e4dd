// Forward-pass benchmark: prints the time of attn::compute for the sizes the issues name, and the
// share of it spent in the row-wise softmax (target: below 20% at n = 1024).
//
// Usage: bench_attention [--quick]   (--quick: fewer repetitions, for CI smoke runs)

#include "Allocator.h"
#include "Attention.h"
#include "BenchInputs.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

template <typename F> double medianMs(int reps, F &&f) {
    std::vector<double> times;
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        f();
        times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
    attn::keepLargeAllocationsInHeap();
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    struct Size {
        int n, p, d;
    };
    const Size sizes[] = {{5, 512, 512}, {256, 256, 64}, {1024, 512, 64}, {4096, 768, 64}};
    std::printf("attnviz forward pass (one head, self-attention, scaled; median of repetitions)\n");
    std::printf("%6s %5s %5s %12s %12s %9s %14s %6s\n", "n", "p", "d", "forward ms", "softmax ms",
                "softmax%", "1-row edit ms", "reps");
    for (const Size &s : sizes) {
        const attn::AttentionInputs in = bench::randomInputs(s.n, s.p, s.d);
        const int reps = quick ? 3 : (s.n >= 4096 ? 5 : s.n >= 1024 ? 15 : 50);
        attn::AttentionResult result;
        const double forward = medianMs(reps, [&] { result = attn::compute(in); });
        const attn::Matrix logits = result.heads[0].logits;
        attn::Matrix work;
        std::vector<double> softmaxTimes;
        for (int r = 0; r < reps; ++r) {
            work = logits; // the copy is not timed
            const auto start = Clock::now();
            attn::softmaxRowsInPlace(work);
            softmaxTimes.push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        }
        std::sort(softmaxTimes.begin(), softmaxTimes.end());
        const double softmax = softmaxTimes[softmaxTimes.size() / 2];
        // A cell edit of X: attn::recomputeRows reuses the other tokens' projections and scores.
        attn::AttentionInputs edited = in;
        const double edit = medianMs(reps, [&] {
            edited.X(0, 0) += 0.01;
            attn::AttentionResult r = attn::recomputeRows(edited, result, 0, 0);
            (void)r;
        });
        std::printf("%6d %5d %5d %12.3f %12.3f %8.1f%% %14.3f %6d\n", s.n, s.p, s.d, forward,
                    softmax, 100.0 * softmax / forward, edit, reps);
    }
    return 0;
}
