// SPDX-License-Identifier: GPL-3.0-or-later
// The window is never frozen: opening and saving a 4096-token session, changing the size to 4096
// tokens, and showing any panel and editing at that size keep the GUI thread's event loop turning
// (measured by a 5 ms timer), show "computing…" while work takes long, and end with the result
// on screen. Issue 10's target: no stall over 50 ms.
//
// A stall is measured as the GUI thread's own time (StallMeter): the gap between two turns of
// the event loop minus the time the thread was ready to run but another program had the core.
// A shared CI machine (2 cores, other jobs) then does not fail the test, while the program's own
// work, and any wait for its own threads, counts. Each case may run up to kAttempts times and
// its best run counts (a page-cache miss or a burst of other work on the machine happens once;
// a slow step happens every time). In optimized builds without sanitizers the test fails above
// the target; under the sanitizers or unoptimized (several times slower) only at a freeze.
#include "document/Dimension.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "io/Session.h"
#include "session/SessionController.h"
#include "shell/BusyIndicator.h"
#include "shell/Shell.h"
#include "support/StallMeter.h"
#include "support/WorkbenchSupport.h"
#include "workbench/StagesView.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QMainWindow>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

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

bool drawnAt(WindowAssembler &wb, int n) {
    const HeatmapView *weights = wb.stages().view(attn::Stage::Weights);
    return !wb.recomputer().isBusy() && weights->rows() == n && !weights->isColoring() &&
           wb.document().inputs().tokens.size() == std::size_t(n);
}

constexpr double kTargetMs = 50;
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ATTNVIZ_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ATTNVIZ_SANITIZED 1
#endif
// Before this test's fixes the same steps froze the window for 1–5 s.
#if defined(ATTNVIZ_SANITIZED) || !defined(__OPTIMIZE__) || !defined(NDEBUG)
constexpr double kLimitMs = 1500; // a freeze
#else
constexpr double kLimitMs = kTargetMs;
#endif
constexpr int kAttempts = 3;

// The longest stall of one run of a case, and how it reads.
struct Stall {
    double ms = 0; // the GUI thread's own time (StallMeter::Gap::ownMs)
    QString text;
};

Stall stallOf(const StallMeter &meter) {
    const StallMeter::Gap &wall = meter.longestWall(), &own = meter.longestOwn();
    // For lining a stall up with a profile (perf record -k CLOCK_MONOTONIC).
    if (qEnvironmentVariableIsSet("ATTNVIZ_STALL_WINDOWS"))
        qInfo("  windows (CLOCK_MONOTONIC ns): wall %lld-%lld, own %lld-%lld", wall.startNs,
              wall.endNs, own.startNs, own.endNs);
    const double ms = meter.knowsRunDelay() ? own.ownMs : wall.wallMs;
    return {ms, QString("%1 ms own (of it %2 ms on the CPU), %3 ms on the wall clock")
                    .arg(own.ownMs, 0, 'f', 1)
                    .arg(own.cpuMs, 0, 'f', 1)
                    .arg(wall.wallMs, 0, 'f', 1)};
}

// Runs a case (which appends its stalls, in the same order every run) until all of them are
// within the limit, at most kAttempts times; each stall's best run counts. Empty when a run
// failed (its QVERIFY said why).
QList<Stall> bestOf(const std::function<void(QList<Stall> &)> &run) {
    QList<Stall> best;
    for (int attempt = 1; attempt <= kAttempts; ++attempt) {
        QList<Stall> stalls;
        run(stalls);
        if (QTest::currentTestFailed() || stalls.isEmpty())
            return {};
        if (best.isEmpty())
            best = stalls;
        for (qsizetype i = 0; i < best.size(); ++i)
            if (stalls[i].ms < best[i].ms)
                best[i] = stalls[i];
        const bool met = std::all_of(best.cbegin(), best.cend(),
                                     [](const Stall &s) { return s.ms <= kLimitMs; });
        if (met)
            break;
        qInfo("attempt %d: a stall over %.0f ms, once more", attempt, kLimitMs);
    }
    return best;
}

QString stallText(const Stall &stall) {
    return QString("longest stall %1 (target %2 ms, limit in this build %3 ms)")
        .arg(stall.text)
        .arg(kTargetMs)
        .arg(kLimitMs);
}

} // namespace

class TestResponsiveness : public QObject {
    Q_OBJECT
private slots:
    void opening4096TokensNeverFreezes();
    void growingTo4096TokensNeverFreezes();
    void panelsAt4096TokensNeverFreeze_data();
    void panelsAt4096TokensNeverFreeze();
    void saving4096TokensNeverFreezes();
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
    const QList<Stall> stalls = bestOf([&](QList<Stall> &out) {
        WindowAssembler wb;
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
        out.append(stallOf(meter));
        qInfo("open %d tokens: %.0f ms in all, longest stall %s", n, double(total.elapsed()),
              qPrintable(out.back().text));
        QVERIFY(sawProgress); // "opening large.attnviz…", then "computing…"
    });
    QVERIFY(!stalls.isEmpty());
    // The file is parsed, the forward pass computed, the heatmaps' colour ranges found and
    // their cells coloured off the GUI thread, the heatmaps share the result instead of copying
    // it and the document shares the parsed inputs with its undo step. The token strip (4096
    // columns) measures its texts by their advance (CompactHeaderView), in a turn of its own.
    QVERIFY2(stalls[0].ms <= kLimitMs, qPrintable(stallText(stalls[0])));
}

// The token count typed into its spin box: 4096 new rows of X (p = 768, the size: three
// million numbers) filled by the initializer, the tables and token lists of that size, and
// their first result.
void TestResponsiveness::growingTo4096TokensNeverFreezes() {
    const int n = 4096;
    const QList<Stall> stalls = bestOf([&](QList<Stall> &out) {
        WindowAssembler wb;
        wb.window().resize(1600, 1000);
        wb.window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
        QVERIFY(wb.document().replaceInputs(inputs(8, 768, 64), "small"));
        settle(wb);
        StallMeter meter;
        QString error;
        QVERIFY2(wb.document().setDimension(Dimension::Tokens, n, &error), qPrintable(error));
        QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
        runUntil([] { return false; }, 300);
        out.append(stallOf(meter));
        qInfo("grow to %d tokens: longest stall %s", n, qPrintable(out.back().text));
    });
    QVERIFY(!stalls.isEmpty());
    // The resized inputs are built on a worker (Document::setDimension, ResizeJob: 100 ms of
    // random numbers on the GUI thread before); what remains is the document's change reaching
    // the views.
    QVERIFY2(stalls[0].ms <= kLimitMs, qPrintable(stallText(stalls[0])));
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
    attn::AttentionInputs in = inputs(n, 128, 32);
    in.heads.push_back(in.heads.front());
    in.heads.back().Wq *= -1.0;
    const QList<Stall> stalls = bestOf([&](QList<Stall> &out) {
        WindowAssembler wb;
        wb.window().resize(1600, 1000);
        wb.window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
        QVERIFY(wb.document().replaceInputs(in, "large"));
        QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
        runUntil([] { return false; }, 300);

        {
            StallMeter shown;
            if (!dock.isEmpty()) {
                auto *panel = wb.window().findChild<QDockWidget *>(dock);
                QVERIFY(panel);
                panel->show();
                panel->raise();
            }
            runUntil([] { return false; }, 500);
            out.append(stallOf(shown));
        }
        StallMeter edited;
        QVERIFY(wb.document().setCell(MatrixId{attn::Stage::X, 0}, 0, 0, 2.5));
        runUntil([] { return false; }, 100);
        QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
        runUntil([] { return false; }, 500);
        out.append(stallOf(edited));
        qInfo("%s at %d tokens: longest stall when shown %s; after an edit %s", qPrintable(dock), n,
              qPrintable(out[0].text), qPrintable(out[1].text));
    });
    QVERIFY(!stalls.isEmpty());
    // The panels' own work runs on the worker pool (test_insights_large), the stages view
    // draws from block extrema (DerivedStageSource), and an edit redraws only the heatmaps'
    // cells. (The GUI thread also used to sleep here for up to a second in QPainter::fillRect:
    // Qt's raster engine waits for its parallel fills on QThreadPool::globalInstance(), which
    // that work filled; hence attn::workerPool.) When a panel appears, every heatmap of the
    // window gets a new size: they replot one per turn of the event loop (ReplotQueue).
    QVERIFY2(stalls[0].ms <= kLimitMs, qPrintable("shown: " + stallText(stalls[0])));
    QVERIFY2(stalls[1].ms <= kLimitMs, qPrintable("after an edit: " + stallText(stalls[1])));
}

// Ctrl+S of a 4096-token session (p = 768: 25 MB of JSON, 0.3 s of formatting and writing): the
// file is written on a worker from the inputs' snapshot, and reads back as the inputs.
void TestResponsiveness::saving4096TokensNeverFreezes() {
    const int n = 4096;
    const attn::AttentionInputs in = inputs(n, 768, 64);
    QTemporaryDir dir;
    const QString path = dir.filePath("large.attnviz");
    const QList<Stall> stalls = bestOf([&](QList<Stall> &out) {
        QFile::remove(path);
        WindowAssembler wb;
        wb.window().resize(1600, 1000);
        wb.window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
        QVERIFY(wb.document().replaceInputs(in, "large"));
        QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
        runUntil([] { return false; }, 300);
        wb.session().prompts().saveFileName = [&](const QString &) { return path; };

        StallMeter meter;
        QElapsedTimer total;
        total.start();
        QTest::keyClick(&wb.window(), Qt::Key_S, Qt::ControlModifier); // untitled: Save As
        QVERIFY(!wb.session().isModified());                           // from the moment of saving
        QVERIFY(runUntil([&] { return !wb.session().isSaving(); }, 60'000));
        runUntil([] { return false; }, 100);
        out.append(stallOf(meter));
        qInfo("save %d tokens: %.0f ms in all, longest stall %s", n, double(total.elapsed()),
              qPrintable(out.back().text));
        QCOMPARE(wb.session().currentFile(), QFileInfo(path).absoluteFilePath());
    });
    QVERIFY(!stalls.isEmpty());
    QVERIFY(attn::loadSessionFile(path).inputs == in);
    QVERIFY2(stalls[0].ms <= kLimitMs, qPrintable(stallText(stalls[0])));
}

QTEST_MAIN(TestResponsiveness)
#include "test_responsiveness.moc"
