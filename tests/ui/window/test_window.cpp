// SPDX-License-Identifier: GPL-3.0-or-later
// The assembled workbench, offscreen: edits flow from a real table cell through the document
// and the recompute to every heatmap and the combination panel; undo takes the same path.

#include "Attention.h"
#include "document/Document.h"
#include "document/MatrixTableModel.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "shell/Shell.h"
#include "support/TestSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/WindowAssembler.h"
#include "workbench/CombinationView.h"
#include "workbench/ControlsPanel.h"
#include "workbench/InputsPanel.h"
#include "workbench/MatrixEditor.h"
#include "workbench/StagesView.h"
#include "workbench/TokenEditor.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using attn::Stage;

class TestWindow : public QObject {
    Q_OBJECT

private slots:
    void opensOnTheWorkedExample() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        const AttentionResult expected = compute(workedExample());
        COMPARE_MATRIX(wb.stages().view(Stage::Weights)->values(), expected.heads[0].weights());
        COMPARE_MATRIX(wb.stages().view(Stage::HeadOutput)->values(), expected.output());
        QCOMPARE(wb.stages().view(Stage::Weights)->title(), QString("softmax(QKᵀ/√3) — 4×4"));
        QCOMPARE(wb.stages().view(Stage::Scores)->rowLabels(),
                 QStringList({"t0", "t1", "t2", "t3"}));
        // One head and no Wo: concat and the final output would only repeat the head output.
        QVERIFY(wb.stages().view(Stage::Concat)->isHidden());
        QVERIFY(wb.stages().view(Stage::Final)->isHidden());
    }

    void typingIntoXUpdatesEveryStageAndUndoRestores() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        QTableView *table = wb.inputs().xEditor()->view();
        const QModelIndex cell = table->model()->index(0, 0);
        table->setCurrentIndex(cell);
        table->edit(cell);
        auto *editor = table->findChild<QLineEdit *>();
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, "2");
        QTest::keyClick(editor, Qt::Key_Return);
        testsupport::settle(wb);
        QCOMPARE(wb.document().inputs().X(0, 0), 2.0);

        // By hand: x₀ = (2, 1, 1, 0) gives q₀ = (3, 1, 4), k₀ = (4, 1, 2), so the scores of
        // query 0 are (21, 26, 9, 15) and its weight on key 1 is 1/Σⱼ exp((sⱼ − 26)/√3).
        const Matrix &weights = wb.stages().view(Stage::Weights)->values();
        const double r3 = std::sqrt(3.0);
        const double byHand =
            1.0 / (std::exp(-5 / r3) + 1.0 + std::exp(-17 / r3) + std::exp(-11 / r3));
        QVERIFY(testsupport::close(weights(0, 1), byHand, 1e-12));
        QCOMPARE(wb.stages().view(Stage::Scores)->values()(0, 0), 21.0);
        AttentionInputs edited = workedExample();
        edited.X(0, 0) = 2;
        const AttentionResult expected = compute(edited);
        COMPARE_MATRIX(weights, expected.heads[0].weights());
        COMPARE_MATRIX(wb.stages().view(Stage::Q)->values(), expected.heads[0].Q);
        COMPARE_MATRIX(wb.stages().view(Stage::HeadOutput)->values(), expected.output());

        wb.document().undoStack()->undo();
        testsupport::settle(wb);
        COMPARE_MATRIX(wb.stages().view(Stage::Weights)->values(),
                       compute(workedExample()).heads[0].weights());
    }

    void refusedEntryChangesNothing() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        QTableView *table = wb.inputs().xEditor()->view();
        const QModelIndex cell = table->model()->index(1, 1);
        table->setCurrentIndex(cell);
        table->edit(cell);
        auto *editor = table->findChild<QLineEdit *>();
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, "abc");
        QTest::keyClick(editor, Qt::Key_Return);
        testsupport::settle(wb);
        QVERIFY(wb.document().inputs() == workedExample());
        QCOMPARE(wb.document().undoStack()->count(), 0);
        QVERIFY(!wb.inputs().xEditor()->message().isEmpty());
        // Said in the status bar too: the message under the table may be out of view.
        QCOMPARE(w.statusBar()->currentMessage(), wb.inputs().xEditor()->message());
    }

    void clickingAQueryRowSelectsItEverywhere() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        HeatmapView *weights = wb.stages().view(Stage::Weights);
        const QRectF cell = weights->cellRect(2, 1);
        QVERIFY(cell.isValid());
        QTest::mouseClick(weights->plot(), Qt::LeftButton, {}, cell.center().toPoint());
        QCOMPARE(wb.document().selection().selectedRow(), 2);
        for (Stage s : {Stage::Q, Stage::Scores, Stage::Logits, Stage::HeadOutput})
            QCOMPARE(wb.stages().view(s)->selectedRow(), 2);
        QCOMPARE(wb.stages().view(Stage::V)->selectedRow(), -1); // V's rows are keys

        // The combination panel shows output row 2 built from V's rows.
        CombinationView *c = &wb.combination();
        QCOMPARE(c->row(), 2);
        const AttentionResult r = compute(workedExample());
        COMPARE_MATRIX(Matrix(c->sum()), Matrix(r.output().row(2)));
        COMPARE_MATRIX(Matrix(c->weights().transpose()), Matrix(r.heads[0].weights().row(2)));
        COMPARE_MATRIX(c->values(), r.heads[0].V);
        QCOMPARE(c->shownKeys(), QList<int>({0, 1, 2, 3}));
    }

    void clickingATokenSelectsItsQuery() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        QTableView *tokens = wb.inputs().tokenEditor()->view();
        const QRect cell = tokens->visualRect(tokens->model()->index(0, 3));
        QTest::mouseClick(tokens->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(wb.document().selection().selectedRow(), 3);
        QCOMPARE(wb.combination().row(), 3);
    }

    void clickingALogitMasksIt() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        HeatmapView *logits = wb.stages().view(Stage::Logits);
        QTest::mouseClick(logits->plot(), Qt::LeftButton, {},
                          logits->cellRect(0, 1).center().toPoint());
        testsupport::settle(wb);
        QVERIFY(wb.document().inputs().mask(0, 1));
        QCOMPARE(wb.stages().view(Stage::Weights)->values()(0, 1), 0.0);
        QVERIFY(testsupport::close(wb.stages().view(Stage::Weights)->values().row(0).sum(), 1.0));
        QVERIFY(std::isinf(logits->values()(0, 1)));
        // And again: unmasked.
        QTest::mouseClick(logits->plot(), Qt::LeftButton, {},
                          logits->cellRect(0, 1).center().toPoint());
        testsupport::settle(wb);
        COMPARE_MATRIX(wb.stages().view(Stage::Weights)->values(),
                       compute(workedExample()).heads[0].weights());
    }

    void tooltipsDeriveTheNumbers() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        const QString score = wb.stages().view(Stage::Scores)->toolTipText(0, 1);
        QVERIFY2(score.contains("q₀·k₁ = 2·4 + 1·2 + 3·3 = <b>19</b>"), qPrintable(score));
        const QString weight = wb.stages().view(Stage::Weights)->toolTipText(0, 1);
        QVERIFY2(weight.contains("row sum") && weight.contains("0.9596"), qPrintable(weight));
        const QString out = wb.stages().view(Stage::HeadOutput)->toolTipText(0, 0);
        QVERIFY2(out.contains("0.03004·3 + 0.9596·4") && out.contains("3.949"), qPrintable(out));
        // The column layout: the softmax runs down a column, a weight is a_{key,query}.
        wb.document().selection().setLayout(Layout::Columns);
        QCoreApplication::processEvents();
        const QString columnWeight = wb.stages().view(Stage::Weights)->toolTipText(1, 0);
        QVERIFY2(columnWeight.contains("column sum") && columnWeight.contains("a₁,₀") &&
                     columnWeight.contains("0.9596") && !columnWeight.contains("row"),
                 qPrintable(columnWeight));
    }

    void severalHeadsShowConcatAndOutput() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        QVERIFY(wb.document().setDimension(Dimension::Heads, 2));
        testsupport::settle(wb);
        QVERIFY(!wb.stages().view(Stage::Concat)->isHidden());
        QVERIFY(!wb.stages().view(Stage::Final)->isHidden());
        const AttentionResult r = compute(wb.document().inputs());
        COMPARE_MATRIX(wb.stages().view(Stage::Final)->values(), r.output());
        wb.document().selection().setCurrentHead(1);
        QCoreApplication::processEvents();
        COMPARE_MATRIX(wb.stages().view(Stage::Weights)->values(), r.heads[1].weights());
        QVERIFY(wb.stages().view(Stage::Weights)->title().contains("head 1"));
    }

    void columnLayoutShowsTheTransposes() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        wb.document().selection().setSelectedRow(2);
        wb.document().selection().setLayout(Layout::Columns);
        testsupport::settle(wb);
        const AttentionResult r = compute(workedExample());
        StagesView *s = &wb.stages();
        COMPARE_MATRIX(s->view(Stage::Weights)->values(), Matrix(r.heads[0].weights().transpose()));
        COMPARE_MATRIX(s->view(Stage::Q)->values(), Matrix(r.heads[0].Q.transpose()));
        COMPARE_MATRIX(s->view(Stage::HeadOutput)->values(), Matrix(r.output().transpose()));
        QCOMPARE(s->view(Stage::Scores)->title(), QString("scores KᵀQ — 4×4"));
        QCOMPARE(s->view(Stage::Q)->title(), QString("Q = Wqᵀ·Xᵀ — 3×4"));
        QVERIFY(s->view(Stage::Weights)->title().startsWith("softmax↓(KᵀQ/√3)"));
        // Tokens label the columns now; the selected query is a column.
        QCOMPARE(s->view(Stage::Q)->colLabels(), QStringList({"t0", "t1", "t2", "t3"}));
        QCOMPARE(s->view(Stage::Weights)->highlightedColumns(), QList<int>{2});
        QCOMPARE(s->view(Stage::Weights)->selectedRow(), -1);
        // The combination panel shows the same output, now as a column.
        COMPARE_MATRIX(Matrix(wb.combination().sum()), Matrix(r.output().row(2)));
        // A click selects the query of the clicked column.
        HeatmapView *weights = s->view(Stage::Weights);
        QTest::mouseClick(weights->plot(), Qt::LeftButton, {},
                          weights->cellRect(0, 1).center().toPoint());
        QCOMPARE(wb.document().selection().selectedRow(), 1);
        // Tooltips explain with the same numbers: q₀·k₁ is cell (key 1, query 0) here.
        const QString score = s->view(Stage::Scores)->toolTipText(1, 0);
        QVERIFY2(score.contains("q₀·k₁ = 2·4 + 1·2 + 3·3 = <b>19</b>"), qPrintable(score));
        // Masking by click works in this layout too: (key 3, query 0).
        HeatmapView *logits = s->view(Stage::Logits);
        QTest::mouseClick(logits->plot(), Qt::LeftButton, {},
                          logits->cellRect(3, 0).center().toPoint());
        testsupport::settle(wb);
        QVERIFY(wb.document().inputs().mask(0, 3));
        QCOMPARE(s->view(Stage::Weights)->values()(3, 0), 0.0);
        // Back to rows.
        wb.document().selection().setLayout(Layout::Rows);
        testsupport::settle(wb);
        QCOMPARE(s->view(Stage::Weights)->values().rows(), Eigen::Index(4));
        QCOMPARE(s->view(Stage::Weights)->values()(0, 3), 0.0);
        QCOMPARE(s->view(Stage::Weights)->selectedRow(), 0); // the logits click chose query 0
        QVERIFY(s->view(Stage::Weights)->highlightedColumns().isEmpty());
    }

    void layoutSwitchRedrawsTheSameResult() {
        // The column layout is a display transform: switching needs no new result, the stages
        // and the combination panel redraw the one they have at once.
        WindowAssembler wb;
        wb.window().show();
        testsupport::settle(wb);
        const ResultSnapshot before = wb.recomputer().snapshot();
        QVERIFY(before.isValid());
        QSignalSpy results(&wb.recomputer(), &Recomputer::resultReady);
        wb.document().selection().setLayout(Layout::Columns);
        StagesView *s = &wb.stages();
        COMPARE_MATRIX(s->view(Stage::Weights)->values(),
                       Matrix(before.result->heads[0].weights().transpose()));
        QVERIFY(s->view(Stage::Weights)->title().startsWith("softmax\u2193"));
        // Editing in the column layout recomputes only the edited row, still in rows.
        QVERIFY(wb.document().setCell(MatrixId{attn::Stage::X, 0}, 1, 0, 2.5));
        QTRY_COMPARE(results.count(), 1);
        const ResultSnapshot after = wb.recomputer().snapshot();
        QVERIFY(after.generation > before.generation);
        QCOMPARE(after.inputs->X(1, 0), 2.5);
        const AttentionResult expected = compute(*after.inputs);
        COMPARE_MATRIX(after.result->heads[0].weights(), expected.heads[0].weights());
        COMPARE_MATRIX(s->view(Stage::Weights)->values(),
                       Matrix(expected.heads[0].weights().transpose()));
    }

    void heatmapDrawsTheTranspose() {
        // The column layout's heatmaps: tiles of 16, so sizes that are not multiples of it.
        for (const auto &[r, c] : {std::pair{37, 53}, std::pair{16, 16}, std::pair{1, 5}}) {
            const Matrix m = Matrix::Random(r, c);
            HeatmapView v;
            v.setTransposedData(m, {}, {}, ScaleKind::Diverging);
            QCOMPARE(v.values(), Matrix(m.transpose()));
            v.setTransposedData(Matrix(m * 2), {}, {}, ScaleKind::Diverging); // buffer reused
            QCOMPARE(v.values(), Matrix(2 * m.transpose()));
        }
    }

    void scoresShowEveryScoreUnderAMask() {
        // Scores are defined unmasked: only the logits and the weights show the mask.
        WindowAssembler wb;
        wb.window().show();
        testsupport::settle(wb);
        QVERIFY(wb.document().toggleMask(0, 1));
        testsupport::settle(wb);
        for (Layout layout : {Layout::Rows, Layout::Columns}) {
            wb.document().selection().setLayout(layout);
            testsupport::settle(wb);
            const bool rows = layout == Layout::Rows;
            const int r = rows ? 0 : 1, c = rows ? 1 : 0; // (query 0, key 1) as drawn
            QVERIFY(!wb.stages().view(Stage::Scores)->isCellMasked(r, c));
            QVERIFY(wb.stages().view(Stage::Logits)->isCellMasked(r, c));
            QVERIFY(wb.stages().view(Stage::Weights)->isCellMasked(r, c));
            QCOMPARE(wb.stages().view(Stage::Scores)->values()(r, c), 19.0); // q₀·k₁
        }
    }

    void fullyMaskedRowIsNoConvexCombination() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        for (int key = 0; key < 4; ++key)
            QVERIFY(wb.document().toggleMask(2, key));
        wb.document().selection().setSelectedRow(2);
        testsupport::settle(wb);
        CombinationView *c = &wb.combination();
        QVERIFY(c->rowFullyMasked());
        QVERIFY2(!c->conclusion().contains("convex"), qPrintable(c->conclusion()));
        QVERIFY(c->conclusion().contains("no key to attend to"));
        QVERIFY(c->conclusion().contains("0 by convention"));
        // The window says so too.
        const QLabel *status = w.findChild<QLabel *>("errorLabel");
        QVERIFY(status);
        QVERIFY2(status->text().contains("every key masked"), qPrintable(status->text()));
        // Another query is still a weighted average; unmasking clears the warning.
        wb.document().selection().setSelectedRow(1);
        QVERIFY(c->conclusion().contains("convex combination"));
        wb.document().clearMask();
        testsupport::settle(wb);
        QVERIFY(status->text().isEmpty());
    }

    void manyKeysSayWhatIsOmittedAndShowTheSum() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(wb.document().setDimension(Dimension::Tokens, 512));
        wb.document().selection().setSelectedRow(3);
        testsupport::settle(wb);
        CombinationView *c = &wb.combination();
        QCOMPARE(c->values().rows(), Eigen::Index(512));
        const int shown = int(c->shownKeys().size());
        QVERIFY(shown >= 1 && shown < 512);
        double omitted = c->weights().sum();
        for (int key : c->shownKeys())
            omitted -= c->weights()(key);
        const QString text = c->omittedText();
        QVERIFY2(text.startsWith(QString("%1 of 512 keys").arg(512 - shown)), qPrintable(text));
        QVERIFY2(text.contains(QString::number(omitted, 'f', 3)), qPrintable(text));
        // The Σ line (the weights sum to 1) lies inside the panel, below every key line.
        const QRectF sum = c->sumLineRect();
        QVERIFY2(QRectF(c->rect()).contains(sum), qPrintable(QString("Σ at y %1..%2, panel %3 high")
                                                                 .arg(sum.top())
                                                                 .arg(sum.bottom())
                                                                 .arg(c->height())));
        QVERIFY(c->conclusion().contains("sum to 1.000000"));
    }

    void undoWinsOverAFocusedSpinBox() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        testsupport::settle(wb);
        QSpinBox *tokens = wb.controls().dimensionSpinBox(Dimension::Tokens);
        tokens->setFocus();
        QTRY_VERIFY(tokens->hasFocus());
        tokens->selectAll();
        QTest::keyClicks(tokens, "6");
        QTest::keyClick(tokens, Qt::Key_Return);
        QCOMPARE(wb.document().inputs().queryCount(), Eigen::Index(6));
        QVERIFY(tokens->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(wb.document().inputs().queryCount(), Eigen::Index(4));
        QCOMPARE(tokens->value(), 4);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z,
                        Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(wb.document().inputs().queryCount(), Eigen::Index(6));
        // While a number is being typed (not yet applied), Ctrl+Z undoes the typing only.
        tokens->selectAll();
        QTest::keyClicks(tokens, "9");
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(wb.document().inputs().queryCount(), Eigen::Index(6));
        QCOMPARE(wb.document().undoStack()->index(), 1);
    }

    void refusalMessageGoesWithTheNextChange() {
        WindowAssembler wb;
        wb.window().show();
        testsupport::settle(wb);
        MatrixTableModel *model =
            qobject_cast<MatrixTableModel *>(wb.inputs().xEditor()->view()->model());
        QVERIFY(model);
        QVERIFY(!model->setData(model->index(0, 0), QString("abc"), Qt::EditRole));
        QVERIFY(!wb.inputs().xEditor()->message().isEmpty());
        // A later edit elsewhere (here of Wq) changes the document: the refusal is history.
        QVERIFY(wb.document().setCell(MatrixId{Stage::Wq, 0}, 0, 0, 2.0));
        QVERIFY(wb.inputs().xEditor()->message().isEmpty());
        QVERIFY(!model->setData(model->index(0, 0), QString("abc"), Qt::EditRole));
        wb.document().undoStack()->undo();
        QVERIFY(wb.inputs().xEditor()->message().isEmpty());
    }

    void aboutSaysWhereTheInputsAre() {
        WindowAssembler wb;
        QMenu *help = wb.shell().menu(MenuId::Help);
        QString text;
        QTimer::singleShot(0, [&text] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                text = box->text();
                box->close();
            }
        });
        help->actions().value(0)->trigger();
        QVERIFY2(text.contains("at the bottom"), qPrintable(text));
        QVERIFY(!text.contains("input on the left"));
    }

    void statusShowsTheUpdateTime() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        testsupport::settle(wb);
        wb.document().setCell(MatrixId{attn::Stage::X, 0}, 0, 0, 3.0);
        testsupport::settle(wb);
        QVERIFY2(w.findChild<QLabel *>("timingLabel")->text().startsWith("last update:"),
                 qPrintable(w.findChild<QLabel *>("timingLabel")->text()));
    }

    // attnviz --focus: the stage's heatmap is scrolled into view and has the keyboard focus.
    void showStageScrollsToItAndFocusesIt() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(900, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        testsupport::settle(wb);
        auto *scroll = qobject_cast<QScrollArea *>(w.centralWidget());
        QVERIFY(scroll);
        for (Stage stage : {Stage::HeadOutput, Stage::Q}) {
            QVERIFY(wb.stages().showStage(stage));
            HeatmapView *v = wb.stages().view(stage);
            QTRY_VERIFY(v->hasFocus());
            const QRect shown(v->mapTo(scroll->viewport(), QPoint(0, 0)), v->size());
            QVERIFY2(scroll->viewport()->rect().intersects(shown), "the heatmap is scrolled away");
        }
        QVERIFY(scroll->verticalScrollBar()->maximum() > 0); // there was something to scroll
        QVERIFY(!wb.stages().showStage(Stage::Concat));      // one head, no Wo: not drawn
        QVERIFY(!wb.stages().showStage(Stage::X));           // an input: no heatmap here
    }
};

QTEST_MAIN(TestWindow)
#include "test_window.moc"
