// SPDX-License-Identifier: GPL-3.0-or-later
// The insight panels (ui/InsightFeatures.h), offscreen: each is checked against attn::compute on
// the same inputs, in both layouts, and driven the way a user drives it (hover, click, keys).
// The what-if demonstrations are in test_whatifs.cpp.

#include "headreadings/Readouts.h"
#include "headreadings/WhatIfs.h"
#include "heatmap/HeatmapView.h"
#include "insights/DifferenceView.h"
#include "insights/HeadOverview.h"
#include "insights/InsightFeatures.h"
#include "insights/ReadoutsView.h"
#include "insights/TokenLinksView.h"
#include "insights/VectorFormView.h"
#include "insights/WhatIfPanel.h"
#include "shell/Shell.h"
#include "support/InsightCases.h"
#include "support/TestSupport.h"
#include "window/WindowAssembler.h"

#include <QComboBox>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QTableView>
#include <QUndoStack>
#include <qcustomplot.h>

#include <cmath>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using namespace testsupport;

class TestInsights : public QObject {
    Q_OBJECT

private slots:
    // --- 1. vector form -------------------------------------------------------------------
    void vectorFormEqualsOutputRow_data() { addCases(); }
    void vectorFormEqualsOutputRow() {
        QFETCH(AttentionInputs, inputs);
        QFETCH(Layout, layout);
        Setup s(inputs, layout);
        VectorFormView view(&s.doc, &s.rc);
        const AttentionResult expected = compute(inputs);
        for (int head = 0; head < int(inputs.heads.size()); ++head) {
            s.doc.selection().setCurrentHead(head);
            const HeadResult &h = expected.heads[size_t(head)];
            for (int i = 0; i < inputs.queryCount(); ++i) {
                s.doc.selection().setSelectedRow(i);
                view.refreshNow();
                const VectorForm &f = view.form();
                const bool allMasked = (h.weights().row(i).array() == 0).all();
                QCOMPARE(f.valid, !allMasked);
                if (allMasked) {
                    QCOMPARE(int(f.maskedKeys.size()), int(inputs.keyCount()));
                    QVERIFY(view.html().contains("Every key is masked"));
                    continue;
                }
                COMPARE_MATRIX_TOL(Matrix(f.sum), Matrix(h.output.row(i)), 1e-12);
                QVERIFY(view.outputDifference() < 1e-12);
                double total = 0;
                for (const VectorFormTerm &t : f.terms) {
                    QVERIFY(testsupport::close(t.weight, h.weights(i, t.key), 1e-12));
                    QVERIFY(testsupport::close(t.score, h.scores(i, t.key), 1e-12));
                    QVERIFY(testsupport::close(t.logit, h.logits(i, t.key), 1e-12));
                    COMPARE_MATRIX(Matrix(t.v), Matrix(h.V.row(t.key)));
                    total += t.weight;
                }
                QVERIFY(std::abs(total - 1) < 1e-12);
                for (int j : f.maskedKeys)
                    QVERIFY(expected.masked(i, j));
                QCOMPARE(int(f.terms.size() + f.maskedKeys.size()), int(inputs.keyCount()));
            }
        }
    }

    void vectorFormWritesTheScalingInsideTheExponent_data() {
        QTest::addColumn<bool>("scale");
        QTest::addColumn<double>("temperature");
        QTest::addColumn<QString>("exponent");
        QTest::newRow("scaled") << true << 1.0
                                << "exp(q\u1d62\u00b7k\u2c7c / \u221a3) / "
                                   "\u03a3\u2097 exp(q\u1d62\u00b7k\u2097 / \u221a3)";
        QTest::newRow("unscaled") << false << 1.0
                                  << "exp(q\u1d62\u00b7k\u2c7c) / \u03a3\u2097 "
                                     "exp(q\u1d62\u00b7k\u2097)";
        QTest::newRow("temperature")
            << true << 2.0 << "exp(q\u1d62\u00b7k\u2c7c / (\u221a3\u00b72))";
    }
    void vectorFormWritesTheScalingInsideTheExponent() {
        QFETCH(bool, scale);
        QFETCH(double, temperature);
        QFETCH(QString, exponent);
        AttentionInputs in = workedExample();
        in.options.scale = scale;
        in.options.temperature = temperature;
        Setup s(in, Layout::Rows);
        VectorFormView view(&s.doc, &s.rc);
        view.refreshNow();
        const QString text = QTextDocumentFragment::fromHtml(view.html()).toPlainText();
        QVERIFY2(text.contains(exponent), qPrintable(text));
        if (scale && temperature == 1) {
            // The worked example, query 0: key 1 has logit 19/√3 = 10.97 and weight 0.9596.
            QVERIFY2(text.contains("exp(10.97)/\u03a3 \u00b7 v\u2081 = 0.9596 \u00b7 (4, 8, 4)"),
                     qPrintable(text));
            QVERIFY(text.contains("(3.9492, 7.8588, 3.9577)"));
        }
    }

    // --- 2. token links -------------------------------------------------------------------
    void tokenLinksDrawTheWeights_data() { addCases(); }
    void tokenLinksDrawTheWeights() {
        QFETCH(AttentionInputs, inputs);
        QFETCH(Layout, layout);
        Setup s(inputs, layout);
        const AttentionResult expected = compute(inputs);
        for (bool all : {false, true}) {
            TokenLinksView view(&s.doc, &s.rc);
            view.setAllHeads(all);
            view.refreshNow();
            const int heads = all ? int(inputs.heads.size()) : 1;
            int visible = 0;
            for (int h = 0; h < heads; ++h)
                visible += int((expected.heads[size_t(h)].weights().array() > 0).count());
            QCOMPARE(int(view.links().size()), visible);
            for (const TokenLinksView::Link &l : view.links()) {
                const double w = expected.heads[size_t(l.head)].weights(l.query, l.key);
                QVERIFY(testsupport::close(l.weight, w, 1e-12));
                QVERIFY(testsupport::close(view.weight(l.head, l.query, l.key), w, 1e-12));
                QVERIFY(expected.masked.size() == 0 || !expected.masked(l.query, l.key));
            }
            QCOMPARE(view.queryLabels().size(), qsizetype(inputs.queryCount()));
            QCOMPARE(view.keyLabels().first(), QString::fromStdString(inputs.sourceTokens()[0]));
        }
    }

    void tokenLinksHoverIsolatesAndClickSelects_data() {
        QTest::addColumn<Layout>("layout");
        QTest::newRow("rows") << Layout::Rows;
        QTest::newRow("columns") << Layout::Columns;
    }
    void tokenLinksHoverIsolatesAndClickSelects() {
        QFETCH(Layout, layout);
        Setup s(crossAttention(), layout);
        TokenLinksView view(&s.doc, &s.rc);
        view.resize(500, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.keyLabels(), QStringList({"le", "chat", "dort", "."}));

        QTest::mouseMove(&view, view.tokenRect(TokenLinksView::Side::Query, 1).center().toPoint());
        QCOMPARE(view.hoverSide(), TokenLinksView::Side::Query);
        QCOMPARE(view.hoverIndex(), 1);
        int kept = 0;
        for (const TokenLinksView::Link &l : view.links()) {
            QCOMPARE(view.isFaded(l), l.query != 1);
            kept += !view.isFaded(l);
        }
        QCOMPARE(kept, 4);
        // A faded line is far fainter than the same weight unfaded.
        const TokenLinksView::Link faded = *std::find_if(
            view.links().begin(), view.links().end(), [](const auto &l) { return l.query != 1; });
        TokenLinksView::Link same = faded;
        same.query = 1;
        QVERIFY(view.lineColor(faded).alphaF() < 0.2 * view.lineColor(same).alphaF());

        QTest::mouseMove(&view, view.tokenRect(TokenLinksView::Side::Key, 2).center().toPoint());
        QCOMPARE(view.hoverSide(), TokenLinksView::Side::Key);
        for (const TokenLinksView::Link &l : view.links())
            QCOMPARE(view.isFaded(l), l.key != 2);

        QTest::mouseClick(&view, Qt::LeftButton, {},
                          view.tokenRect(TokenLinksView::Side::Query, 2).center().toPoint());
        QCOMPARE(s.doc.selection().selectedRow(), 2);
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(s.doc.selection().selectedRow(), 1);
    }

    void tokenLinksThresholdForLongLists() {
        Setup s(randomExample(3, 100, 8, 4, 4), Layout::Columns);
        TokenLinksView view(&s.doc, &s.rc);
        view.refreshNow();
        const AttentionResult expected = compute(s.doc.inputs());
        QCOMPARE(view.threshold(), TokenLinksView::kLargeThreshold);
        QVERIFY(view.caption().contains("only lines with weight"));
        const int strong = int((expected.heads[0].weights().array() >= view.threshold()).count());
        QCOMPARE(int(view.links().size()), strong);
        for (const TokenLinksView::Link &l : view.links())
            QVERIFY(testsupport::close(l.weight, expected.heads[0].weights(l.query, l.key)));
    }

    // --- 3. head overview -----------------------------------------------------------------
    void headOverviewClickChangesHead_data() {
        QTest::addColumn<Layout>("layout");
        QTest::newRow("rows") << Layout::Rows;
        QTest::newRow("columns") << Layout::Columns;
    }
    void headOverviewClickChangesHead() {
        QFETCH(Layout, layout);
        Setup s(twoHeads(), layout);
        HeadOverview view(&s.doc, &s.rc);
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.headCount(), 2);
        QCOMPARE(view.outlinedHead(), 0);
        const AttentionResult expected = compute(s.doc.inputs(), layout);
        for (int h = 0; h < 2; ++h) {
            COMPARE_MATRIX(view.heatmap(h)->values(), expected.heads[size_t(h)].weights());
            QCOMPARE(view.heatmap(h)->scaleKind(), ScaleKind::Unit);
        }
        HeatmapView *second = view.heatmap(1);
        second->plot()->replot();
        const QPoint cell = second->cellRect(0, 0).center().toPoint();
        QTest::mouseClick(second->plot(), Qt::LeftButton, {}, cell);
        QCOMPARE(s.doc.selection().currentHead(), 1);
        QCOMPARE(view.outlinedHead(), 1);
        s.doc.selection().setCurrentHead(0);
        QCOMPARE(view.outlinedHead(), 0);
    }

    // --- 4. readouts ----------------------------------------------------------------------
    void readoutsOfTheWorkedExample() {
        Setup s(workedExample(), Layout::Columns);
        ReadoutsView view(&s.doc, &s.rc);
        view.refreshNow();
        const std::vector<RowReadout> &r = view.model()->readouts();
        QCOMPARE(int(r.size()), 4);
        for (const RowReadout &row : r)
            QVERIFY(std::abs(row.sum - 1) < 1e-12);
        // By hand: query 0's scores are (13, 19, 7, 11), so its weights are
        // exp((sⱼ − 19)/√3)/Σ and its entropy −Σ w ln w = 0.19556 nats.
        const double r3 = std::sqrt(3.0);
        double total = 0, entropy = 0;
        for (double score : {13.0, 19.0, 7.0, 11.0})
            total += std::exp((score - 19) / r3);
        for (double score : {13.0, 19.0, 7.0, 11.0}) {
            const double w = std::exp((score - 19) / r3) / total;
            entropy -= w * std::log(w);
        }
        QVERIFY(std::abs(entropy - 0.19556) < 1e-5);
        QVERIFY(std::abs(r[0].entropy - entropy) < 1e-12);
        QCOMPARE(r[0].argmax, 1); // every query looks mostly at t1 (0.9596 for query 0)
        QVERIFY(std::abs(r[0].maxWeight - 1 / total) < 1e-12);
        QCOMPARE(view.model()->index(0, ReadoutsModel::Argmax).data().toString(), QString("1 t1"));
        QCOMPARE(view.model()->index(0, ReadoutsModel::Entropy).data().toString(),
                 QString("0.1956"));
        view.unitCombo()->setCurrentIndex(1);
        QCOMPARE(view.model()->index(0, ReadoutsModel::Entropy).data().toString(),
                 QString("0.2821"));
        QVERIFY(view.model()
                    ->headerData(ReadoutsModel::Entropy, Qt::Horizontal, Qt::DisplayRole)
                    .toString()
                    .contains("bits"));
        // Make t0 a copy of t1: every query then weighs keys 0 and 1 equally, a tie.
        for (int c = 0; c < 4; ++c)
            QVERIFY(s.doc.setCell(MatrixId{attn::Stage::X, 0}, 0, c, s.doc.inputs().X(1, c)));
        s.rc.recomputeNow();
        view.refreshNow();
        QCOMPARE(view.model()->index(1, ReadoutsModel::Argmax).data().toString(),
                 QString("0 t0 (tie)"));
    }

    void readoutsFollowTheSelection() {
        Setup s(customMasked(), Layout::Rows);
        ReadoutsView view(&s.doc, &s.rc);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        s.doc.selection().setSelectedRow(2);
        QCOMPARE(view.table()->currentIndex().row(), 2);
        view.table()->setCurrentIndex(view.model()->index(3, 1));
        QCOMPARE(s.doc.selection().selectedRow(), 3);
        const RowReadout &blind = view.model()->readouts()[0];
        QVERIFY(blind.allMasked());
        QCOMPARE(view.model()->index(0, ReadoutsModel::Argmax).data().toString(),
                 QString("all keys masked"));
        QCOMPARE(view.model()->readouts()[1].visibleKeys, 3);
        QVERIFY(std::abs(view.model()->readouts()[1].sum - 1) < 1e-12);
    }

    // --- 6. difference --------------------------------------------------------------------
    void differenceIsAfterMinusBefore_data() {
        QTest::addColumn<Layout>("layout");
        QTest::newRow("rows") << Layout::Rows;
        QTest::newRow("columns") << Layout::Columns;
    }
    void differenceIsAfterMinusBefore() {
        QFETCH(Layout, layout);
        Setup s(twoHeads(), layout);
        DifferenceView view(&s.doc, &s.rc);
        view.refreshNow();
        QVERIFY(view.message().contains("No previous edit"));
        QVERIFY(view.difference().size() == 0);
        // No empty axes and 0–1 colour bar before any edit: a sentence says what to do.
        QVERIFY(view.message().contains("edit a number to see what changed"));
        QVERIFY(view.heatmap()->isHidden());

        const AttentionInputs before = s.doc.inputs();
        QVERIFY(s.doc.setCell(MatrixId{attn::Stage::X, 0}, 1, 2, 3.5));
        s.rc.recomputeNow();
        view.refreshNow();
        QVERIFY(!view.heatmap()->isHidden());
        const AttentionInputs after = s.doc.inputs();
        const Matrix expected =
            compute(after).heads[0].weights() - compute(before).heads[0].weights();
        COMPARE_MATRIX_TOL(view.difference(), expected, 1e-12);
        QVERIFY(view.description().contains("X"));
        QVERIFY(view.heatmap()->title().contains(view.description()));
        QCOMPARE(view.heatmap()->scaleKind(), ScaleKind::Diverging);
        const Matrix shown = layout == Layout::Rows ? expected : Matrix(expected.transpose());
        COMPARE_MATRIX_TOL(view.heatmap()->values(), shown, 1e-12);

        s.doc.selection().setCurrentHead(1); // same edit, the other head's weights
        view.refreshNow();
        COMPARE_MATRIX_TOL(view.difference(),
                           compute(after).heads[1].weights() - compute(before).heads[1].weights(),
                           1e-12);

        s.doc.undoStack()->undo();
        s.rc.recomputeNow();
        view.refreshNow();
        QVERIFY(view.description().startsWith("Undo"));
        COMPARE_MATRIX_TOL(view.difference(),
                           compute(before).heads[1].weights() - compute(after).heads[1].weights(),
                           1e-12);

        QVERIFY(s.doc.setDimension(Dimension::Tokens, 5));
        s.rc.recomputeNow();
        view.refreshNow();
        QVERIFY(view.difference().size() == 0);
        QVERIFY(view.message().contains("shape"));
    }

    // Pictures of every panel for a person to look at (not a check): set
    // ATTNVIZ_INSIGHT_SHOTS=<directory> to write them.
    void screenshots_data() {
        QTest::addColumn<AttentionInputs>("inputs");
        QTest::addColumn<Layout>("layout");
        QTest::addColumn<bool>("allHeads");
        QTest::newRow("worked") << workedExample() << Layout::Rows << false;
        QTest::newRow("twoheads") << twoHeads() << Layout::Rows << true;
        QTest::newRow("cross") << crossAttention() << Layout::Columns << false;
        QTest::newRow("causal") << causal() << Layout::Columns << false;
        QTest::newRow("long") << randomExample(3, 100, 8, 4, 4) << Layout::Rows << false;
        QTest::newRow("dk512") << whatif::scalingDemoInputs() << Layout::Rows << false;
    }
    void screenshots() {
        const QString dir = qEnvironmentVariable("ATTNVIZ_INSIGHT_SHOTS");
        if (dir.isEmpty())
            QSKIP("set ATTNVIZ_INSIGHT_SHOTS=<directory> to write the panels' pictures");
        QFETCH(AttentionInputs, inputs);
        QFETCH(Layout, layout);
        QFETCH(bool, allHeads);
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(wb.document().replaceInputs(inputs, "shot"));
        wb.document().selection().setLayout(layout);
        wb.document().selection().setSelectedRow(1);
        w.findChild<TokenLinksView *>()->setAllHeads(allHeads);
        QTRY_VERIFY(!wb.recomputer().isBusy());
        QCoreApplication::processEvents();
        // A last edit for the difference panel.
        QVERIFY(wb.document().setCell(MatrixId{attn::Stage::X, 0}, 0, 1,
                                      wb.document().inputs().X(0, 1) + 1));
        QTRY_VERIFY(!wb.recomputer().isBusy());
        QCoreApplication::processEvents();
        const QString tag = QTest::currentDataTag();
        QVERIFY(w.grab().save(dir + "/window_" + tag + ".png"));
        for (const char *name :
             {"vectorFormDock", "tokenLinksDock", "headOverviewDock", "readoutsDock", "whatIfDock",
              "differenceDock", "maskBiasDock", "decodingDock"}) {
            auto *dock = w.findChild<QDockWidget *>(name);
            dock->raise();
            QCoreApplication::processEvents();
            QTest::qWait(50);
            QVERIFY(
                dock->grab().save(dir + "/" + QString(name).remove("Dock") + "_" + tag + ".png"));
        }
        auto *links = w.findChild<TokenLinksView *>();
        w.findChild<QDockWidget *>("tokenLinksDock")->raise();
        QCoreApplication::processEvents();
        links->setHover(TokenLinksView::Side::Query, 1);
        QVERIFY(w.findChild<QDockWidget *>("tokenLinksDock")
                    ->grab()
                    .save(dir + "/tokenLinksHover_" + tag + ".png"));
        auto *whatIf = w.findChild<WhatIfPanel *>();
        whatIf->resize(whatIf->width(), whatIf->sizeHint().height());
        QVERIFY(whatIf->grab().save(dir + "/whatIfFull_" + tag + ".png"));
    }

    // --- installation ---------------------------------------------------------------------
    void installAddsTabbedDocksWithMenuEntries() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QStringList names = {"vectorFormDock", "tokenLinksDock", "headOverviewDock",
                                   "readoutsDock",   "whatIfDock",     "differenceDock",
                                   "maskBiasDock",   "decodingDock"};
        // The window opens with these docks closed; open, they are tabbed together.
        for (const QString &name : names)
            if (auto *d = w.findChild<QDockWidget *>(name))
                d->show();
        auto *first = w.findChild<QDockWidget *>(names[0]);
        QVERIFY(first);
        QCOMPARE(w.dockWidgetArea(first), Qt::RightDockWidgetArea);
        QCOMPARE(w.tabifiedDockWidgets(first).size(), names.size() - 1);
        auto *menu = w.findChild<QMenu *>("insightsMenu");
        QVERIFY(menu);
        for (int i = 0; i < names.size(); ++i) {
            auto *dock = w.findChild<QDockWidget *>(names[i]);
            QVERIFY2(dock, qPrintable(names[i]));
            QVERIFY(wb.shell().menu(MenuId::View)->actions().contains(dock->toggleViewAction()));
            QAction *show = menu->actions().at(i);
            QCOMPARE(show->shortcut(), QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
            show->trigger();
            QTRY_VERIFY(dock->isVisible() && !dock->visibleRegion().isEmpty());
        }
        // The shown panel caught up with the document when it was raised.
        auto *links = w.findChild<TokenLinksView *>();
        QVERIFY(!links->isStale());
        QCOMPARE(int(links->links().size()), 16);

        QVERIFY(wb.document().replaceInputs(twoHeads(), "two heads"));
        QAction *next = nullptr;
        for (QAction *a : menu->actions())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_BracketRight))
                next = a;
        QVERIFY(next);
        next->trigger();
        QCOMPARE(wb.document().selection().currentHead(), 1);
        next->trigger();
        QCOMPARE(wb.document().selection().currentHead(), 0);
    }
};

QTEST_MAIN(TestInsights)
#include "test_insights.moc"
