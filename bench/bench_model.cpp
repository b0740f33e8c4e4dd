// SPDX-License-Identifier: GPL-3.0-or-later
// Whole-model benchmark: the median time of attn::runModel (every layer, every head's weights
// kept, the logits of every position) on a checkpoint folder, for each thread count asked, with
// the CPU time of all threads (which a loaded machine does not inflate) and the process's peak
// resident memory. The runs of the different thread counts are compared bit for bit: the
// forward pass splits its products into blocks of fixed widths so that they must agree.
//
// The checkpoints are large (GPT-2 small: 0.5 GB; a 1.1 B Llama: 2.2 GB) and not in the
// repository: bench/compare_pytorch_model.py writes random ones into build/bench-models/ and
// compares attnviz-cli's figures with PyTorch's.
//
// Usage: bench_model DIR [--tokens N] [--threads 1,2] [--reps R] [--json]
//   --tokens   how many tokens (default 128; ids spread over the vocabulary)
//   --threads  the thread counts to time, in order (default: the machine's cores)
//   --reps     repetitions per thread count (default 3); the first run of the process is
//              untimed (it maps the file's pages)
//   --json     one JSON object {"model", "tokens", "rows": [{"threads", "forward_ms",
//              "forward_cpu_ms", "reps"}], "load_ms", "peak_rss_mb", "bit_identical"}

#include "Allocator.h"
#include "BenchTiming.h"
#include "Parallel.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/Forward.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <vector>

#include <sys/resource.h>

namespace {

struct Row {
    int threads = 0;
    double forward = 0, forwardCpu = 0;
    int reps = 0;
};

double peakRssMb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;
}

bool same(const attn::Matrix &a, const attn::Matrix &b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(double)) == 0;
}

// Every matrix a Run keeps, bit for bit.
bool sameRun(const attn::Run &a, const attn::Run &b) {
    if (a.layers.size() != b.layers.size() || !same(a.final, b.final) || !same(a.logits, b.logits))
        return false;
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        const attn::LayerRun &x = a.layers[l], &y = b.layers[l];
        if (!same(x.x, y.x) || !same(x.attnOut, y.attnOut) || !same(x.hidden, y.hidden) ||
            x.heads.size() != y.heads.size())
            return false;
        for (std::size_t h = 0; h < x.heads.size(); ++h)
            if (!same(x.heads[h].q, y.heads[h].q) || !same(x.heads[h].k, y.heads[h].k) ||
                !same(x.heads[h].v, y.heads[h].v) ||
                !same(x.heads[h].weights, y.heads[h].weights) ||
                !same(x.heads[h].output, y.heads[h].output))
                return false;
    }
    return true;
}

int usage() {
    std::fprintf(stderr, "usage: bench_model DIR [--tokens N] [--threads 1,2] [--reps R] [--json]\n"
                         "(bench/compare_pytorch_model.py writes checkpoints into "
                         "build/bench-models/)\n");
    return 2;
}

} // namespace

int main(int argc, char **argv) {
    attn::keepLargeAllocationsInHeap(); // as attnviz-cli and attnviz do at start-up
    QCoreApplication app(argc, argv);
    QString folder;
    int tokens = 128, reps = 3;
    bool json = false;
    std::vector<int> threadCounts;
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (std::strcmp(argv[i], "--json") == 0)
            json = true;
        else if (std::strcmp(argv[i], "--tokens") == 0 && hasValue)
            tokens = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--reps") == 0 && hasValue)
            reps = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--threads") == 0 && hasValue)
            for (const QString &t : QString(argv[++i]).split(','))
                threadCounts.push_back(t.toInt());
        else if (argv[i][0] != '-' && folder.isEmpty())
            folder = QString::fromLocal8Bit(argv[i]);
        else
            return usage();
    }
    if (folder.isEmpty() || tokens < 1 || reps < 1)
        return usage();
    if (threadCounts.empty())
        threadCounts.push_back(attn::threadCount());

    try {
        QElapsedTimer clock;
        clock.start();
        const auto checkpoint = attn::Checkpoint::open(folder);
        const double loadMs = double(clock.nsecsElapsed()) / 1e6;
        const std::int64_t vocab = checkpoint->config().vocab;
        std::vector<std::int64_t> ids(static_cast<std::size_t>(tokens));
        for (std::size_t i = 0; i < ids.size(); ++i)
            ids[i] = (7919 * std::int64_t(i) + 13) % vocab;

        attn::RunPtr first = attn::runModel(*checkpoint, ids); // untimed: maps the pages
        bool identical = true;
        std::vector<Row> rows;
        for (int threads : threadCounts) {
            attn::setThreadCount(threads);
            Row row;
            row.threads = attn::threadCount();
            row.reps = reps;
            attn::RunPtr run;
            // The previous run is dropped first, as the window replaces its run: its memory is
            // then reused, as in a long session, rather than fresh pages (attnviz-cli's one run
            // pays for those; compare_pytorch_model.py times it).
            row.forward = bench::medianMs(
                reps,
                [&] {
                    run.reset();
                    run = attn::runModel(*checkpoint, ids);
                },
                &row.forwardCpu);
            identical = identical && sameRun(*first, *run);
            rows.push_back(row);
        }
        const double rss = peakRssMb();
        if (json) {
            std::printf("{\"model\": \"%s\", \"tokens\": %d, \"load_ms\": %.3f, \"peak_rss_mb\": "
                        "%.1f, \"bit_identical\": %s, \"rows\": [",
                        qPrintable(folder), tokens, loadMs, rss, identical ? "true" : "false");
            for (std::size_t i = 0; i < rows.size(); ++i)
                std::printf("%s{\"threads\": %d, \"forward_ms\": %.3f, \"forward_cpu_ms\": %.3f, "
                            "\"reps\": %d}",
                            i ? ", " : "", rows[i].threads, rows[i].forward, rows[i].forwardCpu,
                            rows[i].reps);
            std::printf("]}\n");
        } else {
            std::printf("%s, %d tokens\n%8s %12s %12s\n", qPrintable(folder), tokens, "threads",
                        "forward ms", "CPU ms");
            for (const Row &r : rows)
                std::printf("%8d %12.1f %12.1f\n", r.threads, r.forward, r.forwardCpu);
            std::printf("peak RSS %.0f MB; runs of every thread count %s\n", rss,
                        identical ? "bit-identical" : "DIFFER");
        }
        return identical ? 0 : 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "bench_model: %s\n", e.what());
        return 1;
    }
}
