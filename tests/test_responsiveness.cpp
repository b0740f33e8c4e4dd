// The window is never frozen: opening a 4096-token session, changing the size to 4096 tokens,
// and showing any panel and editing at that size keep the GUI thread's event loop turning
// (measured by a 5 ms timer), show "computing…" while work takes long, and end with the result
// on screen. (The stalls are measured, not the total time: slow machines only take longer.)
// Each test prints its longest stall beside issue 10's target of 50 ms, which is not met yet
// (relayouts of the window's heatmaps take longer); it fails on a freeze of kFrozenMs.
#include "BusyIndicator.h"
#include "Dimension.h"
#include "Document.h"
#include "HeatmapView.h"
#include "Recomputer.h"
#include "Session.h"
#include "SessionController.h"
#include "Shell.h"
#include "StagesView.h"
#include "StallMeter.h"
#include "WorkbenchSupport.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QMainWindow>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <random>

using namespace testsupport;

namespace {

attn::Matrix randomMatrix(std::mt19937 &rng, int rows, int cols, double sigma) {
    std::normal_distribution<double> normal(0.0, sigma);
    attn::Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(rng);
    return m;
}

attn::AttentionInputs inputs(int n, int p, int d) {
    std::mt19937 rng(3);
    attn::AttentionInputs in;
    in.tokens = attn::defaultTokens(n);
    in.X = randomMatrix(rng, n, p, 1.0);
    const double sigma = 1.0 / std::sqrt(double(p));
    in.heads.push_back({randomMatrix(rng, p, d, sigma), randomMatrix(rng, p, d, sigma),
                        randomMatrix(rng, p, d, sigma)});
    return in;
}

// Runs the event loop until `done`, at most `ms`. It sleeps while there is nothing to do (as
// the application's loop does): processEvents(flags, ms) would spin, taking a core from the
// workers.
bool runUntil(const std::function<bool()> &done, int ms) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms) {
        QEventLoop loop;
        QTimer::singleShot(5, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return done();
}

bool drawnAt(Workbench &wb, int n) {
    const HeatmapView *weights = wb.stages().view(attn::Stage::Weights);
    return !wb.recomputer().isBusy() && weights->rows() == n && !weights->isColoring() &&
           wb.document().inputs().tokens.size() == std::size_t(n);
}

constexpr double kTargetMs = 50;
// Longer under the sanitizers or unoptimized; before this test's fixes the same steps froze the
// window for 1–5 s.
#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
constexpr double kFrozenMs = 1500;
#else
constexpr double kFrozenMs = 300;
#endif

QString describe(const StallMeter &meter) {
    const StallMeter::Gap &wall = meter.longestWall(), &own = meter.longestOwn();
    if (qEnvironmentVariableIsSet("ATTNVIZ_STALL_WINDOWS"))
        qInfo("  windows (CLOCK_MONOTONIC ns): wall %lld-%lld, own %lld-%lld", wall.startNs,
              wall.endNs, own.startNs, own.endNs);
    return QString("%1 ms own (cpu %2), %3 ms wall")
        .arg(own.ownMs, 0, 'f', 1)
        .arg(own.cpuMs, 0, 'f', 1)
        .arg(wall.wallMs, 0, 'f', 1);
}

QString stallText(double ms) {
    return QString("longest stall %1 ms (target %2 ms, a freeze from %3 ms)")
        .arg(ms, 0, 'f', 1)
        .arg(kTargetMs)
        .arg(kFrozenMs);
}

} // namespace

class TestResponsiveness : public QObject {
    Q_OBJECT
private slots:
    void opening4096TokensNeverFreezes();
    void growingTo4096TokensNeverFreezes();
    void panelsAt4096TokensNeverFreeze_data();
    void panelsAt4096TokensNeverFreeze();
};

void TestResponsiveness::opening4096TokensNeverFreezes() {
    const int n = 4096;
    QTemporaryDir dir;
    const QString path = dir.filePath("large.attnviz");
    {
        attn::Session session;
        session.inputs = inputs(n, 256, 64);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(attn::sessionToJson(session));
    }
    Workbench wb;
    wb.window().resize(1600, 1000);
    wb.window().show();
    QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
    settle(wb);

    bool sawProgress = false;
    QTimer watchStatus;
    watchStatus.setInterval(20);
    connect(&watchStatus, &QTimer::timeout, [&] {
        sawProgress |= wb.shell().busy().isVisible() && !wb.shell().busy().text().isEmpty();
    });
    watchStatus.start();
    StallMeter meter;
    QElapsedTimer total;
    total.start();
    wb.session().openFile(path);
    QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
    // The relayout and the paints of the new size.
    runUntil([] { return false; }, 300);
    const double opened = meter.longestOwn().ownMs;
    qInfo("open %d tokens: %.0f ms in all, longest stall %s", n, double(total.elapsed()),
          qPrintable(describe(meter)));
    QVERIFY(sawProgress); // "opening large.attnviz…", then "computing…"
    // The file is parsed and the forward pass computed off the GUI thread, the heatmaps share
    // the result instead of copying it and a worker finds the colour range and colours each
    // large one. What still stalls (100–150 ms, loaded) is the GUI thread's handling of the new
    // inputs (the document, tables and token lists of 4096 rows), in batches of posted events.
    QVERIFY2(opened <= kFrozenMs, qPrintable(stallText(opened)));
}

// The token count typed into its spin box: 4096 new rows of X (p = 256) filled by the
// initializer, the tables and token lists of that size, and their first result.
void TestResponsiveness::growingTo4096TokensNeverFreezes() {
    const int n = 4096;
    Workbench wb;
    wb.window().resize(1600, 1000);
    wb.window().show();
    QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
    QVERIFY(wb.document().replaceInputs(inputs(8, 256, 64), "small"));
    settle(wb);
    StallMeter meter;
    QString error;
    QVERIFY2(wb.document().setDimension(Dimension::Tokens, n, &error), qPrintable(error));
    QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
    runUntil([] { return false; }, 300);
    qInfo("grow to %d tokens: longest stall %s", n, qPrintable(describe(meter)));
    const double grown = meter.longestOwn().ownMs;
    QVERIFY2(grown <= kFrozenMs, qPrintable(stallText(grown)));
}

void TestResponsiveness::panelsAt4096TokensNeverFreeze_data() {
    QTest::addColumn<QString>("dock");
    for (const char *dock :
         {"", "vectorFormDock", "tokenLinksDock", "headOverviewDock", "readoutsDock", "whatIfDock",
          "differenceDock", "maskBiasDock", "decodingDock", "interpretationsDock"})
        QTest::newRow(*dock ? dock : "no panel") << QString(dock);
}

// A panel shown while the document has 4096 tokens (two heads), then a cell edit: neither the
// panel's first drawing nor its redrawing after the edit may hold the GUI thread.
void TestResponsiveness::panelsAt4096TokensNeverFreeze() {
    QFETCH(QString, dock);
    const int n = 4096;
    Workbench wb;
    wb.window().resize(1600, 1000);
    wb.window().show();
    QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
    attn::AttentionInputs in = inputs(n, 128, 32);
    in.heads.push_back(in.heads.front());
    in.heads.back().Wq *= -1.0;
    QVERIFY(wb.document().replaceInputs(in, "large"));
    QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
    runUntil([] { return false; }, 300);

    StallMeter shown;
    if (!dock.isEmpty()) {
        auto *panel = wb.window().findChild<QDockWidget *>(dock);
        QVERIFY(panel);
        panel->show();
        panel->raise();
    }
    runUntil([] { return false; }, 500);
    const double shownMs = shown.longestOwn().ownMs;
    const QString shownText = describe(shown);

    StallMeter edited;
    QVERIFY(wb.document().setCell(MatrixId{attn::Stage::X, 0}, 0, 0, 2.5));
    runUntil([] { return false; }, 100);
    QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
    runUntil([] { return false; }, 500);
    const double editedMs = edited.longestOwn().ownMs;
    qInfo("%s at %d tokens: longest stall when shown %s; after an edit %s", qPrintable(dock), n,
          qPrintable(shownText), qPrintable(describe(edited)));
    // The panels' own work runs on the worker pool (test_insights_large) and the stages view
    // draws from block extrema (DerivedStageSource). (The GUI thread also used to sleep here
    // for up to a second in QPainter::fillRect: Qt's raster engine waits for its parallel fills
    // on QThreadPool::globalInstance(), which that work filled; hence attn::workerPool.) What
    // remains over 50 ms is the relayout when a panel appears: every heatmap of the window
    // replots at its new size.
    QVERIFY2(shownMs <= kFrozenMs, qPrintable("shown: " + stallText(shownMs)));
    QVERIFY2(editedMs <= kFrozenMs, qPrintable("after an edit: " + stallText(editedMs)));
}

QTEST_MAIN(TestResponsiveness)
#include "test_responsiveness.moc"
