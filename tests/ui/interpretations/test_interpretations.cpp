// SPDX-License-Identifier: GPL-3.0-or-later
// The Interpretations explorer in the window: it follows and drives the main window's selection
// and outlines, relays itself out in the column layout, the keyboard plays it, large sizes stay
// responsive (the readings themselves: test_interpretation_readings).

#include "document/Document.h"
#include "headreadings/InterpretationTerms.h"
#include "heatmap/HeatmapView.h"
#include "interpretations/InterpretationsView.h"
#include "interpretations/OuterProductWidget.h"
#include "interpretations/TermAnimator.h"
#include "interpretations/TermsWidget.h"
#include "support/InterpretationSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/WindowAssembler.h"
#include "workbench/StagesView.h"

#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QMainWindow>
#include <QSpinBox>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::productOf;
using testsupport::range;

namespace {

InterpretationsView *viewOf(WindowAssembler &wb) {
    // The window starts with its explorer docks closed; these tests use the open panel.
    if (auto *dock = wb.window().findChild<QDockWidget *>("interpretationsDock"))
        dock->show();
    return &wb.interpretations();
}

} // namespace

class TestInterpretations : public QObject {
    Q_OBJECT

private slots:
    void followsTheSelectionAndOutlinesTheHeatmaps() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        QVERIFY(view);
        w.show();
        testsupport::settle(wb);
        QVERIFY(view->isVisible());
        Document *doc = &wb.document();
        StagesView *stages = &wb.stages();

        // A selected query picks the row; the row view of A·V outlines row 2 of the weights,
        // every row of V (what it combines) and row 2 of the output.
        view->setProduct(Product::Output);
        view->setMode(InterpretationMode::Row);
        doc->selection().setSelectedRow(2);
        QCOMPARE(view->pickedRow(), 2);
        QVERIFY(view->termsWidget()->terms().title.startsWith("row 2 of output"));
        QCOMPARE(stages->view(Stage::Weights)->selectedRow(), 2);
        QCOMPARE(stages->view(Stage::V)->highlightedRows(), range(4));
        QCOMPARE(stages->view(Stage::V)->highlightedColumns(), QList<int>{});
        QCOMPARE(stages->view(Stage::HeadOutput)->selectedRow(), 2);
        COMPARE_MATRIX_TOL(Matrix(view->termsWidget()->terms().target),
                           Matrix(stages->view(Stage::HeadOutput)->values().row(2)), 0);

        // Column view: every column of the weights, column 1 of V and of the output.
        view->setMode(InterpretationMode::Column);
        doc->selection().setSelectedColumn(1);
        QCOMPARE(view->pickedColumn(), 1);
        QCOMPARE(stages->view(Stage::V)->highlightedColumns(), QList<int>{1});
        QCOMPARE(stages->view(Stage::V)->highlightedRows(), QList<int>{});
        QCOMPARE(stages->view(Stage::V)->selectedRow(), -1);
        QCOMPARE(stages->view(Stage::HeadOutput)->highlightedColumns(), QList<int>{1});
        QCOMPARE(stages->view(Stage::Weights)->highlightedColumns(), range(4));

        // A click on a cell of Q switches to the scores and picks its row; the column stays.
        view->setMode(InterpretationMode::Dot);
        emit stages->view(Stage::Q)->cellClicked(3, 2, Qt::NoModifier);
        QCOMPARE(view->product(), Product::Scores);
        QCOMPARE(view->pickedRow(), 3);
        QCOMPARE(view->pickedColumn(), 1);
        QCOMPARE(doc->selection().selectedColumn(), 1);
        QCOMPARE(stages->view(Stage::Q)->selectedRow(), 3);
        QCOMPARE(stages->view(Stage::K)->selectedRow(), 1); // key 1 is column 1 of Kᵀ
        QCOMPARE(stages->view(Stage::Scores)->selectedRow(), 3);
        QCOMPARE(stages->view(Stage::Scores)->highlightedColumns(), QList<int>{1});
        // The output's heatmaps are back to the plain selection.
        QCOMPARE(stages->view(Stage::V)->highlightedColumns(), QList<int>{});
        QCOMPARE(stages->view(Stage::Weights)->selectedRow(), 3);
        // A click on K picks the key; a click on V switches back to the output.
        emit stages->view(Stage::K)->cellClicked(0, 1, Qt::NoModifier);
        QCOMPARE(view->pickedColumn(), 0);
        QCOMPARE(view->pickedRow(), 3);
        emit stages->view(Stage::V)->cellClicked(2, 2, Qt::NoModifier);
        QCOMPARE(view->product(), Product::Output);
        QCOMPARE(view->pickedColumn(), 2);
        QCOMPARE(view->pickedRow(), 3);
        QCOMPARE(view->termsWidget()->terms().targetLabel, QString("output[3,\u00a02]"));
        // In the outer-product view a click on the weights steps to that key's term.
        view->setMode(InterpretationMode::Outer);
        emit stages->view(Stage::Weights)->cellClicked(0, 1, Qt::NoModifier);
        QCOMPARE(view->animator()->position(), 2);
        QCOMPARE(view->outerWidget()->steps().termIndex(), 1);
        QCOMPARE(stages->view(Stage::Weights)->highlightedColumns(), QList<int>{1});
        QCOMPARE(stages->view(Stage::V)->selectedRow(), 1);

        // Picking in the view moves the selection everywhere.
        view->setMode(InterpretationMode::Row);
        view->findChild<QSpinBox *>("pickedRow")->setValue(1);
        QCOMPARE(doc->selection().selectedRow(), 1);

        // A closed panel leaves no outlines behind.
        view->setMode(InterpretationMode::Column);
        QVERIFY(!stages->view(Stage::V)->highlightedColumns().isEmpty());
        w.findChild<QDockWidget *>("interpretationsDock")->close();
        QVERIFY(stages->view(Stage::V)->highlightedColumns().isEmpty());
        QCOMPARE(stages->view(Stage::Weights)->selectedRow(), 1);
    }

    void relaysItselfOutInTheColumnLayout() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        w.show();
        testsupport::settle(wb);
        Document *doc = &wb.document();
        StagesView *stages = &wb.stages();
        view->setProduct(Product::Output);
        view->setMode(InterpretationMode::Column);
        doc->selection().setSelectedRow(2);
        doc->selection().setLayout(Layout::Columns);
        testsupport::settle(wb);
        QCOMPARE(view->currentProduct()->layout, Layout::Columns);
        QCOMPARE(view->currentProduct()->formula(), QString("output = V·A"));
        // The query is a column of the column layout's output: column 2 is what the row view showed
        // before.
        QCOMPARE(view->pickedColumn(), 2);
        const InterpretationTerms &t = view->termsWidget()->terms();
        QVERIFY(t.title.startsWith("column 2 of output"));
        QVERIFY(t.coefficientsAreWeights);
        QVERIFY(view->noteText().contains("row view"));
        const InterpretedProduct rows = productOf(workedExample(), Layout::Rows, Product::Output);
        COMPARE_MATRIX_TOL(Matrix(t.target), Matrix(rows.P.row(2)), 1e-12);
        // Outlines on the heatmaps as drawn (V is d_v×m, the weights m×n, the output d_v×n).
        QCOMPARE(stages->view(Stage::V)->highlightedColumns(), range(4));
        QCOMPARE(stages->view(Stage::Weights)->highlightedColumns(), QList<int>{2});
        QCOMPARE(stages->view(Stage::HeadOutput)->highlightedColumns(), QList<int>{2});
        // Row view: a feature's row of the output (the selected column of the document).
        view->setMode(InterpretationMode::Row);
        doc->selection().setSelectedColumn(1);
        QCOMPARE(view->pickedRow(), 1);
        QVERIFY(view->termsWidget()->terms().title.startsWith("row 1 of output"));
        QCOMPARE(stages->view(Stage::V)->selectedRow(), 1);
        QCOMPARE(view->findChild<QLabel *>("interpretationFormula")->text(), view->formulaText());
        // Clicks arrive as drawn: cell (3, 1) of the scores is key 3, query 1.
        emit stages->view(Stage::Scores)->cellClicked(3, 1, Qt::NoModifier);
        QCOMPARE(view->product(), Product::Scores);
        QCOMPARE(doc->selection().selectedRow(), 1);
        QCOMPARE(view->pickedRow(), 3);
        QCOMPARE(view->currentProduct()->formula(), QString("scores = Kᵀ·Q"));
        QCOMPARE(view->currentProduct()->rowLabels, view->currentProduct()->termCount() > 0
                                                        ? stages->view(Stage::Scores)->rowLabels()
                                                        : QStringList());
    }

    void keyboardPlaysTheTerms() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        w.show();
        testsupport::settle(wb);
        view->setFocus();
        view->setProduct(Product::Output);
        view->setMode(InterpretationMode::Row);
        TermAnimator *a = view->animator();
        QCOMPARE(a->position(), 4);
        QTest::keyClick(view, Qt::Key_Home);
        QCOMPARE(a->position(), 0);
        QCOMPARE(view->termsWidget()->revealed(), 0);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(a->position(), 1);
        QCOMPARE(view->termsWidget()->revealed(), 1);
        // Only the newest term is outlined while stepping: key 0's weight and row of V.
        QCOMPARE(wb.stages().view(Stage::V)->selectedRow(), 0);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(a->position(), 2);
        QTest::keyClick(view, Qt::Key_Left);
        QCOMPARE(a->position(), 1);
        QTest::keyClick(view, Qt::Key_Space);
        QVERIFY(a->isPlaying());
        QTest::keyClick(view, Qt::Key_Space);
        QVERIFY(!a->isPlaying());
        const int speed = a->speed();
        QTest::keyClick(view, Qt::Key_Plus);
        QCOMPARE(a->speed(), speed + 1);
        QTest::keyClick(view, Qt::Key_Minus);
        QCOMPARE(a->speed(), speed);
        QTest::keyClick(view, Qt::Key_End);
        QCOMPARE(a->position(), 4);
        QTest::keyClick(view, Qt::Key_4);
        QCOMPARE(view->mode(), InterpretationMode::Outer);
        QTest::keyClick(view, Qt::Key_Home);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->outerWidget()->steps().count(), 1);
        QTest::keyClick(view, Qt::Key_1);
        QCOMPARE(view->mode(), InterpretationMode::Dot);
        QTest::keyClick(view, Qt::Key_P);
        QCOMPARE(view->product(), Product::Scores);
        QCOMPARE(a->count(), 3); // d_k terms
        wb.document().selection().setSelectedRow(0);
        QTest::keyClick(view, Qt::Key_Down);
        QCOMPARE(wb.document().selection().selectedRow(), 1);
        QTest::keyClick(view, Qt::Key_PageDown);
        QCOMPARE(view->pickedColumn(), wb.document().selection().selectedColumn());
        // Playing at full speed reveals every term and stops.
        a->setSpeed(TermAnimator::kSpeedCount - 1);
        QTest::keyClick(view, Qt::Key_Space);
        QCOMPARE(a->position(), 0);
        QTRY_VERIFY(!a->isPlaying());
        QCOMPARE(view->termsWidget()->revealed(), 3);
        // The View menu action shows and focuses the panel.
        auto *action = w.findChild<QAction *>("showInterpretations");
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
        w.findChild<QDockWidget *>("interpretationsDock")->close();
        action->trigger();
        QVERIFY(view->isVisible());
    }

    void largeSizesStayResponsive_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("d");
        QTest::newRow("n=256, d=64") << 256 << 64;
        QTest::newRow("n=1024, d=64") << 1024 << 64;
    }
    void largeSizesStayResponsive() {
        QFETCH(int, n);
        QFETCH(int, d);
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        w.show();
        testsupport::settle(wb);
        QString error;
        QVERIFY2(wb.document().replaceInputs(randomExample(3, n, d, d, d), "large", &error),
                 qPrintable(error));
        testsupport::settle(wb);
        for (Product product : {Product::Scores, Product::Output})
            for (InterpretationMode mode :
                 {InterpretationMode::Dot, InterpretationMode::Row, InterpretationMode::Column,
                  InterpretationMode::Outer}) {
                QElapsedTimer timer;
                timer.start();
                view->setProduct(product);
                view->setMode(mode);
                const QImage first = view->grab().toImage();
                const qint64 switchMs = timer.restart();
                // Twenty steps, each drawn, as a played animation draws them.
                view->animator()->showFirst();
                for (int k = 0; k < 20; ++k) {
                    view->animator()->stepForward();
                    QVERIFY(!view->grab().isNull());
                }
                const qint64 stepMs = timer.restart() / 21;
                view->animator()->showAll();
                QVERIFY(!view->grab().isNull());
                const qint64 allMs = timer.elapsed();
                QVERIFY(!first.isNull());
                qInfo("%s %s: switch %lld ms, step %lld ms, show all %lld ms",
                      product == Product::Scores ? "scores" : "output",
                      qPrintable(interpretationModeName(mode)), switchMs, stepMs, allMs);
                // Generous bounds (a loaded CI machine); a frozen view takes seconds.
                QVERIFY2(
                    switchMs < 2000 && stepMs < 500 && allMs < 2000,
                    qPrintable(QString("%1 / %2 / %3 ms").arg(switchMs).arg(stepMs).arg(allMs)));
                if (mode != InterpretationMode::Outer)
                    QVERIFY(view->termsWidget()->lines().size() <= TermsWidget::kMaxShownTerms + 2);
            }
    }

    void screenshots() {
        // Writes every mode of both products in both layouts when ATTNVIZ_SCREENSHOT_DIR is set.
        const QString dir = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_DIR");
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        w.resize(1900, 1100);
        w.show();
        testsupport::settle(wb);
        wb.document().selection().setSelectedRow(1);
        wb.document().selection().setSelectedColumn(2);
        for (Layout layout : {Layout::Rows, Layout::Columns}) {
            wb.document().selection().setLayout(layout);
            testsupport::settle(wb);
            for (Product product : {Product::Scores, Product::Output})
                for (InterpretationMode mode :
                     {InterpretationMode::Dot, InterpretationMode::Row, InterpretationMode::Column,
                      InterpretationMode::Outer}) {
                    view->setProduct(product);
                    view->setMode(mode);
                    view->animator()->showAll();
                    QTest::qWait(30); // let the layouts settle, as they do between user actions
                    const QImage image = view->grab().toImage();
                    QVERIFY(!image.isNull());
                    if (dir.isEmpty())
                        continue;
                    const QString name = QString("%1-%2-%3.png")
                                             .arg(layout == Layout::Rows ? "rows" : "columns")
                                             .arg(product == Product::Scores ? "scores" : "output")
                                             .arg(int(mode) + 1);
                    QVERIFY(image.save(QDir(dir).filePath(name)));
                }
        }
        if (!dir.isEmpty()) {
            wb.document().selection().setLayout(Layout::Rows);
            testsupport::settle(wb);
            view->setProduct(Product::Output);
            view->setMode(InterpretationMode::Row);
            view->animator()->showFirst();
            view->animator()->stepForward();
            view->animator()->stepForward();
            QVERIFY(view->grab().save(QDir(dir).filePath("rows-output-2-step2.png")));
            QTest::qWait(100); // the heatmaps replot on the next event-loop turns
            QVERIFY(w.grab().save(QDir(dir).filePath("window.png")));
            view->setMode(InterpretationMode::Outer);
            view->animator()->showFirst();
            view->animator()->stepForward();
            view->animator()->stepForward();
            QVERIFY(view->grab().save(QDir(dir).filePath("rows-output-4-step2.png")));
            wb.document().selection().setLayout(Layout::Columns);
            testsupport::settle(wb);
            view->setProduct(Product::Output);
            view->setMode(InterpretationMode::Column);
            view->animator()->showFirst();
            view->animator()->stepForward();
            view->animator()->stepForward();
            QTest::qWait(100);
            QVERIFY(w.grab().save(QDir(dir).filePath("window-columns.png")));
            wb.document().selection().setLayout(Layout::Rows);
            testsupport::settle(wb);
            // n = 256, d = 64: folded terms and dense strips.
            QVERIFY(wb.document().replaceInputs(randomExample(3, 256, 64, 64, 64), "large"));
            testsupport::settle(wb);
            const struct {
                Product product;
                InterpretationMode mode;
                int position;
                const char *name;
            } large[] = {
                {Product::Output, InterpretationMode::Row, 256, "large-output-2.png"},
                {Product::Output, InterpretationMode::Row, 40, "large-output-2-step40.png"},
                {Product::Scores, InterpretationMode::Column, 64, "large-scores-3.png"},
                {Product::Scores, InterpretationMode::Dot, 64, "large-scores-1.png"},
                {Product::Output, InterpretationMode::Outer, 100, "large-output-4-step100.png"},
            };
            for (const auto &shot : large) {
                view->setProduct(shot.product);
                view->setMode(shot.mode);
                view->animator()->setPosition(shot.position);
                QTest::qWait(30);
                QVERIFY(view->grab().save(QDir(dir).filePath(shot.name)));
            }
            QTest::qWait(100);
            QVERIFY(w.grab().save(QDir(dir).filePath("large-window.png")));
        }
    }
};

QTEST_MAIN(TestInterpretations)
#include "test_interpretations.moc"
