// The window is never frozen: opening a 4096-token session, changing the size to 4096 tokens
// and editing at that size keep the GUI thread's event loop turning (no stall above 50 ms,
// measured by a 5 ms timer), show "computing…" while work takes long, and end with the result
// on screen. (The stalls are measured, not the total time: slow machines only take longer.)
#include "BusyIndicator.h"
#include "Dimension.h"
#include "Document.h"
#include "HeatmapView.h"
#include "Recomputer.h"
#include "Session.h"
#include "SessionController.h"
#include "Shell.h"
#include "StagesView.h"
#include "WorkbenchSupport.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QMainWindow>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <random>

using namespace testsupport;

namespace {

// The longest gap between two turns of the event loop while it runs: a 5 ms timer notes when
// it fires; a gap much longer than 5 ms is time the GUI thread spent on something else.
class StallMeter : public QObject {
public:
    StallMeter() {
        m_timer.setInterval(5);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            m_longest = std::max(m_longest, now - m_last);
            m_last = now;
        });
        m_clock.start();
        m_timer.start();
    }
    double longestMs() const { return double(m_longest) / 1e6; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_longest = 0;
};

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

// Runs the event loop until `done`, at most `ms`.
bool runUntil(const std::function<bool()> &done, int ms) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    return done();
}

bool drawnAt(Workbench &wb, int n) {
    const HeatmapView *weights = wb.stages().view(attn::Stage::Weights);
    return !wb.recomputer().isBusy() && weights->rows() == n && !weights->isColoring() &&
           wb.document().inputs().tokens.size() == std::size_t(n);
}

constexpr double kMaxStallMs = 50;

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
    const double opened = meter.longestMs();
    qInfo("open %d tokens: %.0f ms in all, longest stall %.1f ms", n, double(total.elapsed()),
          opened);
    QVERIFY(sawProgress); // "opening large.attnviz…", then "computing…"
    // The file is parsed and the forward pass computed off the GUI thread, the heatmaps share
    // the result instead of copying it and a worker finds the colour range and colours each
    // large one. What still stalls (~150 ms here) is the GUI thread's handling of the new inputs
    // (the document, tables and token lists of 4096 rows), in batches of posted events.
    QEXPECT_FAIL("", "issue 10: adopting 4096 tokens still stalls the GUI thread ~150 ms",
                 Continue);
    QVERIFY2(opened <= kMaxStallMs, qPrintable(QString("stalled %1 ms").arg(opened)));
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
    qInfo("grow to %d tokens: longest stall %.1f ms", n, meter.longestMs());
    QEXPECT_FAIL("", "issue 10: the GUI thread still waits on a lock for 100s of ms at 4096 tokens",
                 Continue);
    QVERIFY2(meter.longestMs() <= kMaxStallMs,
             qPrintable(QString("stalled %1 ms").arg(meter.longestMs())));
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
    const double shownMs = shown.longestMs();

    StallMeter edited;
    QVERIFY(wb.document().setCell(MatrixId{attn::Stage::X, 0}, 0, 0, 2.5));
    runUntil([] { return false; }, 100);
    QVERIFY(runUntil([&] { return drawnAt(wb, n); }, 120'000));
    runUntil([] { return false; }, 500);
    const double editedMs = edited.longestMs();
    qInfo("%s at %d tokens: longest stall %.1f ms when shown, %.1f ms after an edit",
          qPrintable(dock), n, shownMs, editedMs);
    // The panels' own work runs on a worker (test_insights_large) and the stages view draws
    // from block extrema (DerivedStageSource). What still stalls, on a loaded 2-core machine,
    // is the GUI thread asleep on a futex (a Qt lock or wait) for 100–400 ms, not its own work:
    // perf sched shows the waits, perf samples no GUI-thread run longer than ~80 ms.
    QEXPECT_FAIL("", "issue 10: the GUI thread still waits on a lock for 100s of ms at 4096 tokens",
                 Continue);
    QVERIFY2(
        std::max(shownMs, editedMs) <= kMaxStallMs,
        qPrintable(
            QString("stalled %1 ms when shown, %2 ms after an edit").arg(shownMs).arg(editedMs)));
}

QTEST_MAIN(TestResponsiveness)
#include "test_responsiveness.moc"
