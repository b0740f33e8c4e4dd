// SPDX-License-Identifier: GPL-3.0-or-later
// Save and autosave benchmark: the median time of formatting a session as the autosave does
// (Autosaver::recoveryBytes, on its worker thread) and of a File > Save (attn::sessionToJson
// and the atomic write to disk, on the GUI thread), and of reading the saved file back.
//
// Usage: bench_save [--quick] [--json] [--n N] [--heads H]
//   --quick    small sizes and one repetition, for CI smoke runs
//   --json     one JSON object {"rows": [{"n", "p", "d", "heads", "autosave_ms", "autosave_cpu_ms",
//              "save_ms", "load_ms", "mb"}, …]} (autosave_cpu_ms: CPU time of all threads, which a
//              loaded machine does not inflate; mb: the saved file's size)
//   --n, --heads  only the rows of that size or head count (for a profiler: perf record)

#include "BenchInputs.h"
#include "BenchTiming.h"
#include "io/AtomicFile.h"
#include "io/Session.h"
#include "session/Autosaver.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace {

struct Row {
    int n, p, d, heads;
    double autosave = 0, autosaveCpu = 0, save = 0, load = 0, mb = 0;
    int reps = 0;
};

void measure(Row &row, bool quick, const QString &directory) {
    const attn::AttentionInputs in = bench::randomInputs(row.n, row.p, row.d, 42, row.heads);
    // A view state of the size the window stores (a few dozen keys); its cost is negligible.
    const QJsonObject view{{"layout", "rows"}, {"selectedToken", 3}, {"zoom", 1.5}};
    row.reps = quick ? 1 : (row.n >= 4096 ? 5 : 9);
    QByteArray bytes;
    row.autosave = bench::medianMs(
        row.reps, [&] { bytes = Autosaver::recoveryBytes(in, view, "/tmp/original.attnviz"); },
        &row.autosaveCpu);
    const QString path = directory + "/bench.attnviz";
    row.save = bench::medianMs(row.reps, [&] {
        bytes = attn::sessionToJson({in, view});
        if (!attn::writeFileAtomically(path, bytes).isEmpty())
            std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
    });
    row.mb = double(bytes.size()) / 1e6;
    attn::Session back;
    row.load = bench::medianMs(row.reps, [&] { back = attn::loadSessionFile(path); });
    if (!(back.inputs == in))
        std::fprintf(stderr, "n = %d, %d heads: the saved file reads back different inputs\n",
                     row.n, row.heads);
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    bool quick = false, json = false;
    int onlyN = 0, onlyHeads = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0)
            quick = true;
        else if (std::strcmp(argv[i], "--json") == 0)
            json = true;
        else if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc)
            onlyN = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--heads") == 0 && i + 1 < argc)
            onlyHeads = std::atoi(argv[++i]);
    }
    std::vector<Row> rows = {{64, 768, 64, 1},
                             {1024, 768, 64, 1},
                             {1024, 768, 64, 4},
                             {4096, 768, 64, 1},
                             {4096, 768, 64, 4}};
    if (quick)
        rows = {{64, 768, 64, 1}, {256, 768, 64, 4}};
    std::erase_if(rows, [&](const Row &r) {
        return (onlyN > 0 && r.n != onlyN) || (onlyHeads > 0 && r.heads != onlyHeads);
    });
    QTemporaryDir directory;
    if (!json) {
        std::printf("attnviz session save (self-attention, double; median)\n");
        std::printf("%6s %5s %4s %6s %12s %13s %10s %10s %8s %5s\n", "n", "p", "d", "heads",
                    "autosave ms", "autosave cpu", "save ms", "load ms", "file MB", "reps");
    }
    for (Row &row : rows) {
        measure(row, quick, directory.path());
        if (!json)
            std::printf("%6d %5d %4d %6d %12.1f %13.1f %10.1f %10.1f %8.1f %5d\n", row.n, row.p,
                        row.d, row.heads, row.autosave, row.autosaveCpu, row.save, row.load, row.mb,
                        row.reps);
    }
    if (json) {
        std::printf("{\"rows\": [");
        for (size_t i = 0; i < rows.size(); ++i)
            std::printf("%s\n  {\"n\": %d, \"p\": %d, \"d\": %d, \"heads\": %d, \"autosave_ms\": "
                        "%.2f, \"autosave_cpu_ms\": %.2f, \"save_ms\": %.2f, \"load_ms\": %.2f, "
                        "\"mb\": %.2f}",
                        i ? "," : "", rows[i].n, rows[i].p, rows[i].d, rows[i].heads,
                        rows[i].autosave, rows[i].autosaveCpu, rows[i].save, rows[i].load,
                        rows[i].mb);
        std::printf("\n]}\n");
    }
    return 0;
}
