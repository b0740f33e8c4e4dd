// SPDX-License-Identifier: GPL-3.0-or-later
// The insight panels at sizes where their work would hold the GUI thread (weights of more than
// a quarter of a million numbers): the work runs on a worker and the panel shows the same
// numbers as a direct computation, whether a test waits for it (refreshNow) or the panel is
// on screen and catches up by itself while the event loop turns.
#include "Masks.h"
#include "WorkerPool.h"
#include "document/Document.h"
#include "headreadings/Readouts.h"
#include "heatmap/HeatmapView.h"
#include "insights/DecodingView.h"
#include "insights/DifferenceView.h"
#include "insights/HeadOverview.h"
#include "insights/MaskBiasView.h"
#include "insights/ReadoutsView.h"
#include "insights/TokenLinksView.h"
#include "support/TestSupport.h"
#include "support/WorkbenchSupport.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTest>
#include <QThreadPool>

#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using namespace testsupport;

namespace {

constexpr int kTokens = 600; // 2 heads × 600² = 720,000 weights: worked on off the GUI thread

// Two heads, causal with an ALiBi bias and a sliding window, so the mask and bias panels have
// something to draw.
AttentionInputs largeInputs() {
    std::mt19937 rng(11);
    AttentionInputs in;
    in.tokens = defaultTokens(kTokens);
    in.X = randomMatrix(rng, kTokens, 12);
    for (int h = 0; h < 2; ++h)
        in.heads.push_back(
            {randomMatrix(rng, 12, 6), randomMatrix(rng, 12, 6), randomMatrix(rng, 12, 6)});
    in.options.causal = true;
    in.options.alibi = true;
    in.options.window = 100;
    return in;
}

template <class View> View *panel(WindowAssembler &wb) {
    auto *view = wb.window().findChild<View *>();
    if (view)
        view->refreshNow(); // waits for the worker
    return view;
}

} // namespace

class TestInsightsLarge : public QObject {
    Q_OBJECT
private slots:
    void init() {
        m_wb = std::make_unique<WindowAssembler>();
        QVERIFY(m_wb->document().replaceInputs(largeInputs(), "large"));
        settle(*m_wb);
        QCOMPARE(int(m_wb->recomputer().snapshot().result->heads.size()), 2);
    }
    void cleanup() { m_wb.reset(); }

    void readoutsMatchTheWeights() {
        auto *view = panel<ReadoutsView>(*m_wb);
        QVERIFY(view && !view->isComputing());
        const AttentionResult &r = *m_wb->recomputer().snapshot().result;
        const std::vector<RowReadout> expected = rowReadouts(r.heads[0].weights(), r.masked);
        const std::vector<RowReadout> &shown = view->model()->readouts();
        QCOMPARE(shown.size(), expected.size());
        for (size_t i = 0; i < shown.size(); i += 37) {
            QCOMPARE(shown[i].argmax, expected[i].argmax);
            QCOMPARE(shown[i].visibleKeys, expected[i].visibleKeys);
            QVERIFY(std::abs(shown[i].entropy - expected[i].entropy) < 1e-12);
        }
    }

    void tokenLinksAreTheStrongWeights() {
        auto *view = panel<TokenLinksView>(*m_wb);
        QVERIFY(view && !view->links().empty());
        const AttentionResult &r = *m_wb->recomputer().snapshot().result;
        const Matrix w = r.heads[0].weights();
        qsizetype strong = 0;
        for (Eigen::Index q = 0; q < w.rows(); ++q)
            for (Eigen::Index k = 0; k < w.cols(); ++k)
                strong += !r.masked(q, k) && w(q, k) >= view->threshold() && w(q, k) > 0;
        QCOMPARE(qsizetype(view->links().size()), strong);
        for (const TokenLinksView::Link &link : view->links())
            QCOMPARE(link.weight, w(link.query, link.key));
    }

    void headOverviewDrawsEveryHead() {
        auto *view = panel<HeadOverview>(*m_wb);
        QVERIFY(view);
        const AttentionResult &r = *m_wb->recomputer().snapshot().result;
        for (int h = 0; h < 2; ++h)
            COMPARE_MATRIX(view->heatmap(h)->values(), r.heads[size_t(h)].weights());
        // The column layout draws the transposes.
        m_wb->document().selection().setLayout(Layout::Columns);
        view->refreshNow();
        COMPARE_MATRIX(view->heatmap(1)->values(), Matrix(r.heads[1].weights().transpose()));
    }

    void maskAndBiasAreDrawn() {
        auto *view = panel<MaskBiasView>(*m_wb);
        QVERIFY(view);
        const ResultSnapshot &s = m_wb->recomputer().snapshot();
        COMPARE_MATRIX(view->maskView()->values(), Matrix((!s.result->masked).cast<double>()));
        COMPARE_MATRIX(view->biasView()->values(), headBias(*s.inputs, 0));
    }

    void differenceOfTheLastEdit() {
        const AttentionResult before = *m_wb->recomputer().snapshot().result;
        QVERIFY(m_wb->document().setCell(MatrixId{Stage::X, 0}, 5, 1, 3.0));
        settle(*m_wb);
        auto *view = panel<DifferenceView>(*m_wb);
        QVERIFY(view);
        const AttentionResult &after = *m_wb->recomputer().snapshot().result;
        COMPARE_MATRIX_TOL(view->difference(),
                           Matrix(after.heads[0].weights() - before.heads[0].weights()), 1e-15);
        QCOMPARE(view->heatmap()->values().rows(), Eigen::Index(kTokens));
    }

    void decodingStepsAndChecks() {
        auto *view = panel<DecodingView>(*m_wb);
        QVERIFY(view);
        view->step();
        view->refreshNow();
        QCOMPARE(int(view->state().K.rows()), 1);
        QVERIFY(view->checkText().isEmpty()); // not every token decoded yet
    }

    // On screen, nothing waits: the panel says it is computing, the event loop turns, and the
    // numbers arrive by themselves.
    void shownPanelCatchesUpWithoutWaiting() {
        m_wb->window().resize(1600, 1000);
        m_wb->window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&m_wb->window()));
        auto *dock = m_wb->window().findChild<QDockWidget *>("readoutsDock");
        QVERIFY(dock);
        dock->show();
        dock->raise();
        auto *view = m_wb->window().findChild<ReadoutsView *>();
        QTRY_VERIFY(!view->isComputing());
        // The panel hears of a new result before this test does (it connected first): by then
        // its work has been sent off, not done.
        bool sentOff = false;
        connect(&m_wb->recomputer(), &Recomputer::resultReady, this,
                [&] { sentOff = view->isComputing(); });
        QVERIFY(m_wb->document().setCell(MatrixId{Stage::X, 0}, 0, 0, -2.0));
        settle(*m_wb);
        QVERIFY(sentOff);
        QTRY_VERIFY(!view->isComputing());
        const AttentionResult &r = *m_wb->recomputer().snapshot().result;
        const std::vector<RowReadout> expected = rowReadouts(r.heads[0].weights(), r.masked);
        QVERIFY(std::abs(view->model()->readouts()[0].entropy - expected[0].entropy) < 1e-12);
        QVERIFY(std::abs(view->model()->readouts()[kTokens - 1].entropy -
                         expected[kTokens - 1].entropy) < 1e-12);
    }

    // Closing the window while panels still compute: their work finishes on its own, holding
    // only the snapshots it was given (clean under AddressSanitizer).
    void closingWhileComputing() {
        m_wb->window().show();
        for (const char *name : {"readoutsDock", "headOverviewDock", "differenceDock"}) {
            auto *dock = m_wb->window().findChild<QDockWidget *>(name);
            QVERIFY(dock);
            dock->show();
        }
        QVERIFY(m_wb->document().setCell(MatrixId{Stage::X, 0}, 1, 1, 4.0));
        settle(*m_wb);
        m_wb.reset();
        attn::workerPool().waitForDone();
    }

private:
    std::unique_ptr<WindowAssembler> m_wb;
};

QTEST_MAIN(TestInsightsLarge)
#include "test_insights_large.moc"
