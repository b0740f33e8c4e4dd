// SPDX-License-Identifier: GPL-3.0-or-later
// Edit-to-screen benchmark: the real asynchronous path a user gets. A cell edit of X goes
// through the Document (as a typed edit does), the Recomputer computes it on its own schedule
// (on its worker for large sizes), the stages view draws the result and every visible heatmap
// repaints; the clock stops when the last of them has painted the new values (a large heatmap
// coloured on a worker thread counts once its new image is painted). The window is 1600×1000 with
// the default heatmaps visible (offscreen). Prints figures; not a timed test.
//
// Usage: QT_QPA_PLATFORM=offscreen bench_gui [--quick] [--json] [--columns] [--n N] [--heads H]
//        [--reps R]
// --quick: the CI smoke run (small sizes, few repetitions).
// --json: one object {"rows": [{"n", "p", "d", "heads", "total_ms", "edit_ms", "compute_ms",
//         "draw_ms", "paint_ms"}, …]} of medians, instead of the table. edit: Document::setCell
//         returning; compute: the Recomputer's work; draw: the stages view handing the result to
//         its heatmaps; paint: from then until the last visible heatmap has painted.
// --columns: the document shows the column layout (the stages draw the transposes).
// --n N: only the sizes with n = N (profiling one size); --heads H: only those with H heads;
// --reps R: R edits per size (a profile of the edits alone wants many).

#include "Allocator.h"
#include "BenchInputs.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "window/WindowAssembler.h"
#include "workbench/StagesView.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QMainWindow>
#include <QSet>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>
#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace {

struct Size {
    int n, p, d, heads;
};

struct Figures {
    double total = 0, edit = 0, compute = 0, draw = 0, paint = 0;
};

// Counts the paints of the visible heatmaps after a result was drawn: the edit has reached the
// screen when each of them has painted once since.
class PaintWatch : public QObject {
public:
    QSet<QObject *> pending;
    qint64 lastPaintNs = 0;
    QElapsedTimer *clock = nullptr;
    QEventLoop *loop = nullptr;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override {
        // A large heatmap is coloured on a worker: its paints show the last image until then.
        const auto *view =
            qobject_cast<HeatmapView *>(static_cast<QWidget *>(watched)->parentWidget());
        if (event->type() == QEvent::Paint && pending.contains(watched) && view &&
            !view->isColoring()) {
            // Paint it now (inside the same paint cycle) so the clock includes the painting.
            static_cast<QWidget *>(watched)->removeEventFilter(this);
            QCoreApplication::sendEvent(watched, event);
            watched->installEventFilter(this);
            pending.remove(watched);
            lastPaintNs = clock->nsecsElapsed();
            if (pending.isEmpty() && loop)
                loop->quit();
            return true;
        }
        return false;
    }
};

attn::AttentionInputs inputsFor(const Size &s) {
    attn::AttentionInputs in = bench::randomInputs(s.n, s.p, s.d);
    std::mt19937 rng(7);
    const double sigma = 1.0 / std::sqrt(double(s.p));
    while (int(in.heads.size()) < s.heads)
        in.heads.push_back({bench::randomMatrix(rng, s.p, s.d, sigma),
                            bench::randomMatrix(rng, s.p, s.d, sigma),
                            bench::randomMatrix(rng, s.p, s.d, sigma)});
    return in;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

// Waits (running the event loop) until `done` or `ms` have passed; false on the timeout.
bool waitFor(const std::function<bool()> &done, int ms) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > ms)
            return false;
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    }
    return true;
}

// One edit through the Document, timed until every visible heatmap has painted it.
std::optional<Figures> timeEdit(WindowAssembler &workbench, double value) {
    Document &doc = workbench.document();
    StagesView &stages = workbench.stages();
    QElapsedTimer clock;
    QEventLoop loop;
    PaintWatch watch;
    watch.clock = &clock;
    Figures f;
    qint64 drawnNs = -1;
    auto conn = QObject::connect(&stages, &StagesView::drawn, [&](double c, double d) {
        f.compute = c;
        f.draw = d;
        drawnNs = clock.nsecsElapsed();
        for (HeatmapView *v : stages.visibleViews()) {
            if (v->plot()->visibleRegion().isEmpty())
                continue; // scrolled out of the window: never painted
            watch.pending.insert(v->plot());
            v->plot()->installEventFilter(&watch);
        }
        watch.loop = &loop;
    });
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    timeout.start(60'000);
    clock.start();
    doc.setCell(MatrixId{attn::Stage::X, 0}, 0, 0, value);
    // The edit itself: validation, the copy-on-write of X and the document's synchronous
    // listeners (tables, editors), before the event loop runs the recompute.
    f.edit = double(clock.nsecsElapsed()) / 1e6;
    loop.exec();
    QObject::disconnect(conn);
    for (HeatmapView *v : stages.visibleViews())
        v->plot()->removeEventFilter(&watch);
    if (drawnNs < 0 || !watch.pending.isEmpty())
        return std::nullopt;
    f.total = double(watch.lastPaintNs) / 1e6;
    f.paint = double(watch.lastPaintNs - drawnNs) / 1e6;
    return f;
}

} // namespace

int main(int argc, char **argv) {
    attn::keepLargeAllocationsInHeap();
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    const bool quick = args.contains("--quick");
    const bool json = args.contains("--json");
    const bool columns = args.contains("--columns");
    WindowAssembler workbench;
    QMainWindow &window = workbench.window();
    window.resize(1600, 1000);
    window.show();
    QApplication::processEvents();

    std::vector<Size> sizes;
    if (quick) {
        sizes = {{64, 768, 64, 1}, {256, 768, 64, 1}, {64, 768, 64, 4}};
    } else {
        for (int heads : {1, 4})
            for (int n : {64, 256, 1024, 2048, 4096})
                sizes.push_back({n, 768, 64, heads});
    }
    if (const qsizetype at = args.indexOf("--n"); at >= 0 && at + 1 < args.size()) {
        const int only = args[at + 1].toInt();
        std::erase_if(sizes, [only](const Size &s) { return s.n != only; });
    }
    if (const qsizetype at = args.indexOf("--heads"); at >= 0 && at + 1 < args.size()) {
        const int only = args[at + 1].toInt();
        std::erase_if(sizes, [only](const Size &s) { return s.heads != only; });
    }
    int repsAsked = 0;
    if (const qsizetype at = args.indexOf("--reps"); at >= 0 && at + 1 < args.size())
        repsAsked = std::max(1, args[at + 1].toInt());
    if (!json) {
        std::printf("attnviz edit-to-screen: Document::setCell(X[0][0]) -> asynchronous "
                    "recompute -> every visible heatmap repainted (window 1600x1000, offscreen; "
                    "%s layout; median)\n",
                    columns ? "column" : "row");
        std::printf("%6s %5s %5s %5s %10s %10s %10s %10s %10s %9s %5s\n", "n", "p", "d", "heads",
                    "total ms", "edit ms", "compute ms", "draw ms", "paint ms", "heatmaps", "reps");
    }
    Document *doc = &workbench.document();
    doc->selection().setLayout(columns ? attn::Layout::Columns : attn::Layout::Rows);
    QString rowsJson;
    for (const Size &s : sizes) {
        QString error;
        if (!doc->replaceInputs(inputsFor(s), "benchmark", &error)) {
            // A size beyond the program's limits (core/Limits.h) is reported, not measured.
            std::fprintf(stderr, "skipped n=%d heads=%d: %s\n", s.n, s.heads, qPrintable(error));
            continue;
        }
        // Settle: the first result, the relayout and its paints.
        const quint64 before = workbench.recomputer().snapshot().generation;
        if (!waitFor(
                [&] {
                    return workbench.recomputer().snapshot().generation > before &&
                           !workbench.recomputer().isBusy();
                },
                600'000)) {
            std::fprintf(stderr, "n=%d: no result\n", s.n);
            return 1;
        }
        for (int i = 0; i < 5; ++i)
            QApplication::processEvents(QEventLoop::AllEvents, 20);
        const int reps = repsAsked > 0 ? repsAsked
                         : quick       ? 3
                                       : (s.n <= 256    ? 21
                                          : s.n <= 1024 ? 11
                                                        : 7);
        // Typing, not the first edit after opening: the first edits make the copies of the
        // inputs that later ones reuse (ui/document/SnapshotRecycler) and fault in the pages of
        // the result; they are done, not timed.
        for (int w = 0; w < (quick ? 1 : 3); ++w)
            if (!timeEdit(workbench, 0.25 + w * 0.01)) {
                std::fprintf(stderr, "n=%d: the edit never reached the screen\n", s.n);
                return 1;
            }
        std::vector<double> total, edit, compute, draw, paint;
        for (int r = 0; r < reps; ++r) {
            const auto f = timeEdit(workbench, 0.5 + r * 0.01);
            if (!f) {
                std::fprintf(stderr, "n=%d: the edit never reached the screen\n", s.n);
                return 1;
            }
            total.push_back(f->total);
            edit.push_back(f->edit);
            compute.push_back(f->compute);
            draw.push_back(f->draw);
            paint.push_back(f->paint);
        }
        long long heatmaps = 0; // the ones on screen
        for (HeatmapView *v : workbench.stages().visibleViews())
            heatmaps += v->plot()->visibleRegion().isEmpty() ? 0 : 1;
        if (json) {
            rowsJson += QString("%1{\"n\": %2, \"p\": %3, \"d\": %4, \"heads\": %5, "
                                "\"total_ms\": %6, \"edit_ms\": %7, \"compute_ms\": %8, "
                                "\"draw_ms\": %9, \"paint_ms\": %10}")
                            .arg(rowsJson.isEmpty() ? "" : ", ")
                            .arg(s.n)
                            .arg(s.p)
                            .arg(s.d)
                            .arg(s.heads)
                            .arg(median(total), 0, 'f', 3)
                            .arg(median(edit), 0, 'f', 3)
                            .arg(median(compute), 0, 'f', 3)
                            .arg(median(draw), 0, 'f', 3)
                            .arg(median(paint), 0, 'f', 3);
        } else {
            std::printf("%6d %5d %5d %5d %10.2f %10.2f %10.2f %10.2f %10.2f %9lld %5d\n", s.n, s.p,
                        s.d, s.heads, median(total), median(edit), median(compute), median(draw),
                        median(paint), heatmaps, reps);
            std::fflush(stdout);
        }
    }
    if (json)
        std::printf("{\"rows\": [%s]}\n", qPrintable(rowsJson));
    return 0;
}
