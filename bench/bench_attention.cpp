// SPDX-License-Identifier: GPL-3.0-or-later
// Forward-pass and cell-edit benchmark: the median time of attn::compute and of the incremental
// update after one cell of X changed (attn::updateTokens), for the sizes issue 10 names.
//
// Usage: bench_attention [--quick] [--json] [--threads N] [--n N] [--heads H]
//   --quick    fewer sizes and repetitions, for CI smoke runs
//   --json     one JSON object {"rows": [{"n", "p", "d", "heads", "forward_ms", "edit_ms",
//              "edit_mean_ms", "forward_cpu_ms"}, …]} (forward_cpu_ms: CPU time of all threads,
//              which a loaded machine does not inflate; edit_ms the median edit in steady typing,
//              edit_mean_ms the mean, refreshes included)
//   --threads  how many threads the forward pass uses (default: every core)
//   --n, --heads  only the rows of that size or head count (for a profiler: perf record)
//
// It also measures this machine's double-precision FMA peak on the same threads (FmaPeak.h) and
// gives each forward pass's products (projections, Q·Kᵀ, weights·V, Wo) in GFLOP/s and as a
// share of that peak: how far a size is from the floor no implementation in double precision
// can go below ("peak_gflops", "gflops" in the JSON).

#include "Allocator.h"
#include "Attention.h"
#include "BenchInputs.h"
#include "BenchTiming.h"
#include "FmaPeak.h"
#include "IncrementalAttention.h"
#include "Parallel.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <numeric>
#include <vector>

namespace {

struct Row {
    int n, p, d, heads;
    double forward = 0, edit = 0, editMean = 0, forwardCpu = 0, flops = 0;
    int reps = 0, editReps = 0;
};

// The multiply-adds of the forward pass's products, two operations each: per head the three
// projections and the two n × m products, then Wo. The exponentials and the rest come on top.
double productFlops(const attn::AttentionInputs &in) {
    const double n = double(in.X.rows()), m = double(in.keyCount()), p = double(in.X.cols());
    double flops = 0;
    for (const attn::HeadWeights &h : in.heads) {
        const double dk = double(h.Wq.cols()), dv = double(h.Wv.cols());
        flops += 2 * n * p * dk + 2 * m * double(h.Wk.rows()) * (dk + dv); // Q; K and V
        flops += 2 * n * m * dk + 2 * n * m * dv;                          // Q·Kᵀ, weights·V
    }
    if (in.hasWo())
        flops += 2 * n * double(in.Wo.rows()) * double(in.Wo.cols());
    return flops;
}

void measure(Row &row, bool quick) {
    const attn::AttentionInputs in = bench::randomInputs(row.n, row.p, row.d, 42, row.heads);
    row.reps = quick ? 3 : (row.n >= 4096 ? 7 : row.n >= 1024 ? 15 : 50);
    row.flops = productFlops(in);
    attn::AttentionResult result;
    row.forward = bench::medianMs(
        row.reps, [&](int) { result = attn::compute(in); }, &row.forwardCpu);
    // One cell edit of X each time, at a different token, updating the previous result as the
    // Recomputer does: the results on the heap, each update taking the storage of the result
    // before the previous one (attn::updateTokens's spare). As in steady typing:
    // timed after 1,000 untimed edits, by then each edit's share of the rows whose drift bound
    // comes due is recomputed with it (none in the first few hundred edits after a forward
    // pass: timing those alone measured 0.96 ms at n = 4096 where steady typing took 2–3). The
    // median is a typical edit; the mean also spreads the edits that refresh a block of rows.
    attn::AttentionInputs edited = in;
    auto current = std::make_unique<attn::AttentionResult>(std::move(result));
    std::unique_ptr<attn::AttentionResult> spare;
    int at = 0;
    auto editAt = [&](int r) {
        const Eigen::Index t = (Eigen::Index(r) * 7919) % row.n;
        edited.X(t, r % row.p) += 0.01;
        attn::TokenEdit edit;
        edit.xFirst = edit.xLast = t;
        auto next = std::make_unique<attn::AttentionResult>(
            attn::updateTokens(edited, *current, edit, spare.get()));
        spare = std::move(current);
        current = std::move(next);
    };
    for (const int warmUp = quick ? 3 : 1000; at < warmUp; ++at)
        editAt(at);
    const int editReps = quick ? 3 : (row.n * row.heads >= 16384 ? 200 : 400);
    std::vector<double> times;
    for (int r = 0; r < editReps; ++r, ++at)
        times.push_back(bench::medianMs(1, [&] { editAt(at); }));
    row.editMean = std::accumulate(times.begin(), times.end(), 0.0) / double(times.size());
    std::sort(times.begin(), times.end());
    row.edit = times[times.size() / 2];
    row.editReps = editReps;
}

} // namespace

int main(int argc, char **argv) {
    attn::keepLargeAllocationsInHeap();
    bool quick = false, json = false;
    int onlyN = 0, onlyHeads = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0)
            quick = true;
        else if (std::strcmp(argv[i], "--json") == 0)
            json = true;
        else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            attn::setThreadCount(std::atoi(argv[++i]));
        else if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc)
            onlyN = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--heads") == 0 && i + 1 < argc)
            onlyHeads = std::atoi(argv[++i]);
    }
    std::vector<Row> rows;
    for (int n : {64, 256, 1024, 2048, 4096})
        rows.push_back({n, 768, 64, 1});
    rows.push_back({1024, 768, 64, 4});
    rows.push_back({4096, 768, 64, 4});
    if (quick)
        rows = {{64, 768, 64, 1}, {1024, 768, 64, 1}, {1024, 768, 64, 4}};
    std::erase_if(rows, [&](const Row &r) {
        return (onlyN > 0 && r.n != onlyN) || (onlyHeads > 0 && r.heads != onlyHeads);
    });
    const double peak = bench::fmaPeakGflops();
    auto share = [peak](const Row &r) {
        return peak > 0 ? 100.0 * r.flops / (r.forward * 1e6) / peak : 0.0;
    };
    if (!json) {
        std::printf("attnviz forward pass and one-cell edit of X (self-attention, scaled, double; "
                    "%d threads; median)\n",
                    attn::threadCount());
        std::printf("double-precision FMA peak of this machine on %d threads: %.1f GFLOP/s\n",
                    attn::threadCount(), peak);
        std::printf("%6s %5s %4s %6s %12s %12s %10s %9s %10s %8s %7s %6s\n", "n", "p", "d", "heads",
                    "forward ms", "forward cpu", "edit ms", "speed-up", "edit mean", "GFLOP/s",
                    "% peak", "reps");
    }
    for (Row &row : rows) {
        measure(row, quick);
        if (!json)
            std::printf("%6d %5d %4d %6d %12.3f %12.3f %10.3f %8.0fx %10.3f %8.1f %6.0f%% %6d\n",
                        row.n, row.p, row.d, row.heads, row.forward, row.forwardCpu, row.edit,
                        row.forward / row.edit, row.editMean, row.flops / (row.forward * 1e6),
                        share(row), row.reps);
    }
    if (json) {
        std::printf("{\"threads\": %d, \"peak_gflops\": %.2f, \"rows\": [", attn::threadCount(),
                    peak);
        for (size_t i = 0; i < rows.size(); ++i)
            std::printf(
                "%s\n  {\"n\": %d, \"p\": %d, \"d\": %d, \"heads\": %d, \"forward_ms\": %.3f, "
                "\"edit_ms\": %.4f, \"edit_mean_ms\": %.4f, \"forward_cpu_ms\": %.3f, "
                "\"gflops\": %.2f}",
                i ? "," : "", rows[i].n, rows[i].p, rows[i].d, rows[i].heads, rows[i].forward,
                rows[i].edit, rows[i].editMean, rows[i].forwardCpu,
                rows[i].flops / (rows[i].forward * 1e6));
        std::printf("\n]}\n");
    }
    return 0;
}
