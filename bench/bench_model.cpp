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
// It also times the readings of one run (core/networkreadings/ModelAnalysis.h: value-weighted
// norms, rollout, logit lens, every head's circuits, head scores), and the circuits of one head of
// width d (default 2048, TinyLlama's; random weights, so no checkpoint is needed): the spectra
// from head_dim × head_dim problems (headCircuit, what the window computes), the dense d × d
// W_QK and W_OV for the heatmaps, and with --dense-eigen the eigendecomposition of the dense
// W_OV that headCircuit avoids (seconds; PyTorch's figures for the same in
// compare_pytorch_model.py --circuits).
//
// Usage: bench_model [DIR] [--tokens N[,N…]] [--threads 1,2] [--reps R] [--json]
//                    [--circuit-d D] [--head-dim K] [--dense-eigen] [--no-readings]
//   DIR        a checkpoint folder; without it only the circuits of a d-wide head are timed
//   --tokens   how many tokens (default 128; ids spread over the vocabulary); several
//              (1024,2048,4096) time the forward pass at each length as attnviz-cli keeps it
//              (compact past kMaxRunValues) instead
//   --threads  the thread counts to time, in order (default: the machine's cores)
//   --reps     repetitions per thread count (default 3); the first run of the process is
//              untimed (it maps the file's pages)
//   --circuit-d, --head-dim  the random head's width and head_dim (default 2048 and 64)
//   --no-readings  skip the readings of the run (the logit lens of a large vocabulary is a
//              run's LM head once per layer)
//   --json     one JSON object {"model", "tokens", "rows": [{"threads", "forward_ms",
//              "forward_cpu_ms", "reps"}], "load_ms", "readings_ms", "peak_rss_mb",
//              "bit_identical", "circuits": {"d", "head_dim", "spectra_ms",
//              "dense_products_ms", "dense_eigen_ms"}} (absent parts: null)

#include "Allocator.h"
#include "BenchTiming.h"
#include "Parallel.h"
#include "checkpoint/Checkpoint.h"
#include "networkreadings/HeadCircuits.h"
#include "networkreadings/ModelAnalysis.h"
#include "transformer/Forward.h"

#include <Eigen/Eigenvalues>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <random>
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
    std::fprintf(stderr, "usage: bench_model [DIR] [--tokens N] [--threads 1,2] [--reps R] "
                         "[--json] [--circuit-d D] [--head-dim K] [--dense-eigen] "
                         "[--no-readings]\n"
                         "(bench/compare_pytorch_model.py writes checkpoints into "
                         "build/bench-models/)\n");
    return 2;
}

struct CircuitTimes {
    int d = 0, headDim = 0;
    double spectra = 0, denseProducts = 0, denseEigen = -1; // ms; −1: not timed
};

// A head of width d with random weights (values of the scale of a trained model's: ±1/√d).
attn::HeadProjections randomHead(int d, int headDim) {
    std::mt19937_64 generator(7);
    std::normal_distribution<double> normal(0.0, 1.0 / std::sqrt(double(d)));
    auto random = [&](int rows, int cols) {
        attn::Matrix m(rows, cols);
        for (Eigen::Index i = 0; i < m.size(); ++i)
            m.data()[i] = normal(generator);
        return m;
    };
    attn::HeadProjections p;
    p.qkv.Wq = random(d, headDim);
    p.qkv.Wk = random(d, headDim);
    p.qkv.Wv = random(d, headDim);
    p.Wo = random(headDim, d);
    return p;
}

CircuitTimes timeCircuits(int d, int headDim, int reps, bool denseEigen) {
    const attn::HeadProjections head = randomHead(d, headDim);
    CircuitTimes t;
    t.d = d;
    t.headDim = headDim;
    attn::HeadCircuit circuit;
    t.spectra = bench::medianMs(reps, [&] { circuit = attn::headCircuit(head); });
    attn::Matrix qk, ov;
    t.denseProducts = bench::medianMs(reps, [&] {
        qk = attn::qkCircuit(head);
        ov = attn::ovCircuit(head);
    });
    if (denseEigen) // once: seconds
        t.denseEigen = bench::medianMs(1, [&] {
            const Eigen::MatrixXd dense = ov;
            const Eigen::VectorXcd values =
                Eigen::EigenSolver<Eigen::MatrixXd>(dense, false).eigenvalues();
            if (values.size() != d)
                std::abort();
        });
    return t;
}

// --tokens 1024,2048,4096: the forward pass at each length as attnviz-cli model run keeps it
// (RunOptions::Keep::Auto: every map while it fits kMaxRunValues, then compact), with what the
// run keeps; the process's peak RSS is the largest length's (compare_pytorch_model.py --lengths
// runs each length in its own process).
int sweepLengths(const attn::Checkpoint &checkpoint, const QString &folder,
                 const std::vector<int> &lengths, int reps, bool json) {
    struct Length {
        int tokens = 0;
        double forward = 0, forwardCpu = 0, keptMb = 0;
        bool compact = false;
    };
    std::vector<Length> rows;
    const std::int64_t vocab = checkpoint.config().vocab;
    for (int n : lengths) {
        if (n < 1)
            return usage();
        std::vector<std::int64_t> ids(static_cast<std::size_t>(n));
        for (std::size_t i = 0; i < ids.size(); ++i)
            ids[i] = (7919 * std::int64_t(i) + 13) % vocab;
        Length row;
        row.tokens = n;
        attn::RunPtr run;
        row.forward = bench::medianMs(
            reps,
            [&] {
                run.reset();
                run = attn::runModel(checkpoint, ids, {}, {attn::RunOptions::Keep::Auto});
            },
            &row.forwardCpu);
        row.compact = run->compact;
        row.keptMb = double(attn::keptValues(*run)) * 8.0 / 1e6;
        rows.push_back(row);
    }
    if (json) {
        std::printf("{\"model\": \"%s\", \"peak_rss_mb\": %.1f, \"lengths\": [", qPrintable(folder),
                    peakRssMb());
        for (std::size_t i = 0; i < rows.size(); ++i)
            std::printf("%s{\"tokens\": %d, \"forward_ms\": %.3f, \"forward_cpu_ms\": %.3f, "
                        "\"kept_mb\": %.1f, \"compact\": %s}",
                        i ? ", " : "", rows[i].tokens, rows[i].forward, rows[i].forwardCpu,
                        rows[i].keptMb, rows[i].compact ? "true" : "false");
        std::printf("]}\n");
        return 0;
    }
    std::printf("%s\n%8s %12s %12s %10s %8s\n", qPrintable(folder), "tokens", "forward ms",
                "CPU ms", "kept MB", "compact");
    for (const Length &r : rows)
        std::printf("%8d %12.1f %12.1f %10.1f %8s\n", r.tokens, r.forward, r.forwardCpu, r.keptMb,
                    r.compact ? "yes" : "no");
    std::printf("peak RSS %.0f MB (the largest length's)\n", peakRssMb());
    return 0;
}

void printNumberOrNull(double ms) {
    if (ms < 0)
        std::printf("null");
    else
        std::printf("%.3f", ms);
}

} // namespace

int main(int argc, char **argv) {
    attn::keepLargeAllocationsInHeap(); // as attnviz-cli and attnviz do at start-up
    QCoreApplication app(argc, argv);
    QString folder;
    int tokens = 128, reps = 3, circuitD = 2048, headDim = 64;
    bool json = false, denseEigen = false, readings = true;
    std::vector<int> threadCounts, lengths;
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (std::strcmp(argv[i], "--json") == 0)
            json = true;
        else if (std::strcmp(argv[i], "--tokens") == 0 && hasValue) {
            for (const QString &t : QString(argv[++i]).split(','))
                lengths.push_back(t.toInt());
            tokens = lengths.front();
        } else if (std::strcmp(argv[i], "--reps") == 0 && hasValue)
            reps = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--circuit-d") == 0 && hasValue)
            circuitD = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--head-dim") == 0 && hasValue)
            headDim = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--dense-eigen") == 0)
            denseEigen = true;
        else if (std::strcmp(argv[i], "--no-readings") == 0)
            readings = false;
        else if (std::strcmp(argv[i], "--threads") == 0 && hasValue)
            for (const QString &t : QString(argv[++i]).split(','))
                threadCounts.push_back(t.toInt());
        else if (argv[i][0] != '-' && folder.isEmpty())
            folder = QString::fromLocal8Bit(argv[i]);
        else
            return usage();
    }
    if (tokens < 1 || reps < 1 || headDim < 1 || circuitD < headDim || circuitD > 16384)
        return usage();
    if (threadCounts.empty())
        threadCounts.push_back(attn::threadCount());

    try {
        const CircuitTimes circuits = timeCircuits(circuitD, headDim, reps, denseEigen);
        if (folder.isEmpty()) {
            if (json) {
                std::printf("{\"circuits\": {\"d\": %d, \"head_dim\": %d, \"spectra_ms\": "
                            "%.3f, \"dense_products_ms\": %.3f, \"dense_eigen_ms\": ",
                            circuits.d, circuits.headDim, circuits.spectra, circuits.denseProducts);
                printNumberOrNull(circuits.denseEigen);
                std::printf("}}\n");
            } else {
                std::printf("circuits of a head of d %d, head_dim %d: spectra %.2f ms, dense "
                            "W_QK and W_OV %.1f ms",
                            circuits.d, circuits.headDim, circuits.spectra, circuits.denseProducts);
                if (circuits.denseEigen >= 0)
                    std::printf(", dense W_OV eigendecomposition %.0f ms", circuits.denseEigen);
                std::printf("\n");
            }
            return 0;
        }
        QElapsedTimer clock;
        clock.start();
        const auto checkpoint = attn::Checkpoint::open(folder);
        const double loadMs = double(clock.nsecsElapsed()) / 1e6;
        if (lengths.size() > 1)
            return sweepLengths(*checkpoint, folder, lengths, reps, json);
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
        double readingsMs = -1;
        if (readings) {
            // One repetition: the lens of a large vocabulary takes seconds.
            readingsMs = bench::medianMs(1, [&] {
                if (!attn::analyzeRun(*checkpoint, *first, {}))
                    std::abort();
            });
        }
        const double rss = peakRssMb();
        if (json) {
            std::printf("{\"model\": \"%s\", \"tokens\": %d, \"load_ms\": %.3f, \"peak_rss_mb\": "
                        "%.1f, \"bit_identical\": %s, \"readings_ms\": ",
                        qPrintable(folder), tokens, loadMs, rss, identical ? "true" : "false");
            printNumberOrNull(readingsMs);
            std::printf(", \"circuits\": {\"d\": %d, \"head_dim\": %d, \"spectra_ms\": %.3f, "
                        "\"dense_products_ms\": %.3f, \"dense_eigen_ms\": ",
                        circuits.d, circuits.headDim, circuits.spectra, circuits.denseProducts);
            printNumberOrNull(circuits.denseEigen);
            std::printf("}, \"rows\": [");
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
            if (readingsMs >= 0)
                std::printf("readings of the run (norms, rollout, lens, circuits, scores): "
                            "%.1f ms\n",
                            readingsMs);
            std::printf("circuits of a head of d %d, head_dim %d: spectra %.2f ms, dense W_QK "
                        "and W_OV %.1f ms",
                        circuits.d, circuits.headDim, circuits.spectra, circuits.denseProducts);
            if (circuits.denseEigen >= 0)
                std::printf(", dense W_OV eigendecomposition %.0f ms", circuits.denseEigen);
            std::printf("\n");
        }
        return identical ? 0 : 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "bench_model: %s\n", e.what());
        return 1;
    }
}
