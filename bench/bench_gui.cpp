// Edit-to-screen benchmark: one cell edit of X → recompute → every visible heatmap redrawn,
// in the real main window (offscreen). Prints figures; not a timed test.
//
// Usage: QT_QPA_PLATFORM=offscreen bench_gui [--quick] [--columns]
// --columns: the document shows the column layout (the stages draw the transposes).

#include "Allocator.h"
#include "BenchInputs.h"
#include "Document.h"
#include "HeatmapView.h"
#include "Recomputer.h"
#include "StagesView.h"
#include "Workbench.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QMainWindow>

#include <algorithm>
#include <cstdio>
#include <random>

int main(int argc, char **argv) {
    attn::keepLargeAllocationsInHeap();
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    const bool quick = args.contains("--quick");
    const bool columns = args.contains("--columns");
    Workbench workbench;
    QMainWindow &window = workbench.window();
    window.resize(1480, 960);
    window.show();
    QApplication::processEvents();

    struct Size {
        int n, p, d;
    };
    const Size sizes[] = {{5, 512, 512}, {64, 512, 64}, {256, 512, 64}, {1024, 512, 64}};
    std::printf("attnviz edit-to-screen: set X[0][0] -> recompute -> every visible heatmap "
                "redrawn (window 1480x960, offscreen; %s layout; median)\n",
                columns ? "column" : "row");
    std::printf("%6s %5s %5s %10s %10s %10s %9s %6s\n", "n", "p", "d", "total ms", "compute ms",
                "draw ms", "heatmaps", "reps");
    Document *doc = &workbench.document();
    doc->setLayout(columns ? attn::Layout::Columns : attn::Layout::Rows);
    for (const Size &s : sizes) {
        QString error;
        if (!doc->replaceInputs(bench::randomInputs(s.n, s.p, s.d), "benchmark", &error)) {
            std::fprintf(stderr, "cannot set up n=%d: %s\n", s.n, qPrintable(error));
            return 1;
        }
        workbench.recomputer().recomputeNow();
        QApplication::processEvents();
        const int reps = quick ? 3 : (s.n >= 1024 ? 15 : 40);
        std::vector<double> total, compute, draw;
        double computeMs = 0, drawMs = 0;
        auto conn =
            QObject::connect(&workbench.stages(), &StagesView::drawn, [&](double c, double d) {
                computeMs = c;
                drawMs = d;
            });
        for (int r = 0; r < reps; ++r) {
            QElapsedTimer timer;
            timer.start();
            doc->setCell(MatrixId{attn::Stage::X, 0}, 0, 0, 0.5 + r * 0.01);
            workbench.recomputer().recomputeNow();
            QApplication::processEvents(); // queued replots and the repaint itself
            total.push_back(double(timer.nsecsElapsed()) / 1e6);
            compute.push_back(computeMs);
            draw.push_back(drawMs);
        }
        QObject::disconnect(conn);
        auto median = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            return v[v.size() / 2];
        };
        std::printf("%6d %5d %5d %10.2f %10.2f %10.2f %9lld %6d\n", s.n, s.p, s.d, median(total),
                    median(compute), median(draw),
                    static_cast<long long>(workbench.stages().visibleViews().size()), reps);
    }
    return 0;
}
