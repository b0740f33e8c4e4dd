// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson mode: the script's numbers match the computation, and the keyboard walks it.

#include "Formula.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "lesson/LessonPanel.h"
#include "lessons/LessonScript.h"
#include "support/TestSupport.h"
#include "window/WindowAssembler.h"
#include "workbench/StagesView.h"

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QScreen>
#include <QtTest>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using attn::Stage;

namespace {

Stage stageOf(const WindowAssembler &wb, const HeatmapView *v) {
    for (Stage s : {Stage::Q, Stage::K, Stage::V, Stage::Scores, Stage::Logits, Stage::Weights,
                    Stage::HeadOutput, Stage::Concat, Stage::Final})
        if (wb.stages().view(s) == v)
            return s;
    return Stage::X;
}

} // namespace

class TestLesson : public QObject {
    Q_OBJECT

private slots:
    void scriptUsesTheLiveNumbers() {
        const AttentionInputs in = workedExample();
        const AttentionResult r = compute(in);
        const std::vector<LessonStep> steps = lessonSteps(in, r, 0, 0);
        QCOMPARE(steps.size(), size_t(8));
        // Query t0 attends most to t1: q₀·k₁ = 19, logit 19/√3, weight 0.9596, output row 0.
        QVERIFY2(steps[2].html.contains("q₀·k₁ = 2·4 + 1·2 + 3·3 = <b>19</b>"),
                 qPrintable(steps[2].html));
        QVERIFY2(steps[3].html.contains("19 / 1.732 = <b>10.97</b>"), qPrintable(steps[3].html));
        QVERIFY2(steps[4].html.contains("<b>0.9596</b>"), qPrintable(steps[4].html));
        QVERIFY2(steps[5].html.contains("(3.949, 7.859, 3.958)"), qPrintable(steps[5].html));
        QVERIFY(steps[5].combination);
        QCOMPARE(steps[7].layout, Layout::Columns);
        QVERIFY(steps[2].emphasis.contains(Stage::Scores));
        // The softmax is written with the sum in the denominator, the scaling before it.
        QVERIFY(steps[4].html.contains("exp(l<sub>ij</sub>) / Σ<sub>k</sub> exp(l<sub>ik</sub>)"));
        QVERIFY(steps[3].title.contains("before the softmax"));
    }

    void everyStepWritesItsLayoutsFormulas_data() {
        QTest::addColumn<int>("step");
        for (int k = 0; k < 8; ++k)
            QTest::newRow(qPrintable(QString("step %1").arg(k + 1))) << k;
    }
    void everyStepWritesItsLayoutsFormulas() {
        // A step is drawn in its own layout: its text writes that layout's formulas (the stage
        // titles') and none of the other layout's, so "output = V·A" is never said of the rows.
        QFETCH(int, step);
        const AttentionInputs in = workedExample();
        const std::vector<LessonStep> steps = lessonSteps(in, compute(in), 0, 0);
        const LessonStep &s = steps[size_t(step)];
        const QString text = s.title + " " + s.html;
        const Layout other = s.layout == Layout::Rows ? Layout::Columns : Layout::Rows;
        const FormulaContext fc = formulaContext(in);
        for (const QString &foreign :
             {scoresProduct(other), productExpression(Product::Output, other),
              productExpression(Product::Scores, other), stageFormula(Stage::Q, other, fc),
              stageFormula(Stage::Weights, other, fc), attentionFormula(other),
              attentionFormula(other, Markup::Html)})
            QVERIFY2(!text.contains(foreign), qPrintable(foreign + " in: " + text));
        if (s.layout == Layout::Columns) {
            for (const QString &own : {attentionFormula(Layout::Columns, Markup::Html),
                                       stageFormula(Stage::Q, Layout::Columns, fc),
                                       stageFormula(Stage::Weights, Layout::Columns, fc),
                                       productExpression(Product::Output, Layout::Columns)})
                QVERIFY2(text.contains(own), qPrintable(own + " missing in: " + text));
            QVERIFY(text.contains("transpose of the row layout's output"));
        }
    }

    void scriptFollowsTheOptions() {
        AttentionInputs in = workedExample();
        in.options.scale = false;
        const std::vector<LessonStep> steps = lessonSteps(in, compute(in), 2, 0);
        QVERIFY(steps[3].html.contains("Scaling is switched off"));
        QVERIFY(steps[0].html.contains("“t2”"));
    }

    // The headings write d with a subscript k, as the steps' texts do, never "d_k".
    void headingsWriteDkWithASubscript() {
        const AttentionInputs in = workedExample();
        const std::vector<LessonStep> steps = lessonSteps(in, compute(in), 0, 0);
        for (const LessonStep &s : steps)
            QVERIFY2(!s.title.contains("d_k") && !s.html.contains("d_k"), qPrintable(s.title));
        QVERIFY2(steps[3].title.contains("\u221ad<sub>k</sub>"), qPrintable(steps[3].title));
        QVERIFY2(steps[7].title.contains("d<sub>k</sub>"), qPrintable(steps[7].title));
        WindowAssembler wb;
        QTRY_VERIFY(wb.recomputer().result() != nullptr);
        LessonPanel *lesson = &wb.lesson();
        lesson->goTo(3);
        bool shown = false;
        for (const QLabel *label : lesson->findChildren<QLabel *>())
            if (label->text() == lesson->title()) {
                shown = true;
                QCOMPARE(label->textFormat(), Qt::RichText); // drawn as a subscript
            }
        QVERIFY(shown);
    }

    // Step 8 shows the column layout; when the lesson ends (or its panel is closed) the
    // layout the user had comes back.
    void endingTheLessonRestoresTheLayout() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(wb.recomputer().result() != nullptr);
        LessonPanel *lesson = &wb.lesson();
        ViewSelection &selection = wb.document().selection();
        QCOMPARE(selection.layout(), Layout::Rows);
        QTest::keyClick(&w, Qt::Key_F5);
        lesson->goTo(7);
        QCOMPARE(selection.layout(), Layout::Columns);
        QTest::keyClick(&w, Qt::Key_F5, Qt::ShiftModifier);
        QVERIFY(!lesson->isActive());
        QCOMPARE(selection.layout(), Layout::Rows);

        // A user in the column layout gets it back after steps drawn in rows.
        selection.setLayout(Layout::Columns);
        lesson->start();
        QCOMPARE(selection.layout(), Layout::Rows);
        lesson->stop();
        QCOMPARE(selection.layout(), Layout::Columns);

        // Closing the lesson's panel ends it the same way.
        selection.setLayout(Layout::Rows);
        lesson->start();
        lesson->goTo(7);
        auto *dock = w.findChild<QDockWidget *>("lessonDock");
        QVERIFY(dock && dock->isVisible());
        dock->close();
        QVERIFY(!lesson->isActive());
        QCOMPARE(selection.layout(), Layout::Rows);
        // So does unticking it in the View menu.
        lesson->start();
        lesson->goTo(7);
        dock->toggleViewAction()->trigger();
        QVERIFY(!lesson->isActive());
        QCOMPARE(selection.layout(), Layout::Rows);
    }

    void keyboardWalksTheLesson() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(wb.recomputer().result() != nullptr);
        LessonPanel *lesson = &wb.lesson();
        QVERIFY(!lesson->isActive());
        QTest::keyClick(&w, Qt::Key_F5);
        QCOMPARE(lesson->step(), 0);
        QTest::keyClick(&w, Qt::Key_PageDown);
        QTest::keyClick(&w, Qt::Key_PageDown);
        QCOMPARE(lesson->step(), 2);
        QCOMPARE(wb.stages().emphasis(), QList<Stage>{Stage::Scores});
        QTest::keyClick(&w, Qt::Key_PageUp);
        QCOMPARE(lesson->step(), 1);
        for (int k = 0; k < 10; ++k)
            QTest::keyClick(&w, Qt::Key_PageDown);
        QCOMPARE(lesson->step(), 7); // stays on the last step
        QCOMPARE(wb.document().selection().layout(), Layout::Columns);
        // The stages draw the column layout: the (row-layout) weights transposed.
        QCOMPARE(wb.stages().view(Stage::Weights)->values(),
                 Matrix(wb.recomputer().result()->heads[0].weights().transpose()));
        QVERIFY(wb.stages().view(Stage::Weights)->title().startsWith("softmax\u2193"));
        QVERIFY(lesson->text().contains("V·A"));
        QTest::keyClick(&w, Qt::Key_PageUp);
        QCOMPARE(wb.document().selection().layout(), Layout::Rows);
        // Editing during the lesson updates its numbers.
        lesson->goTo(2);
        const QString before = lesson->text();
        wb.document().setCell(MatrixId{attn::Stage::X, 0}, 0, 0, 2.0);
        QTRY_VERIFY(lesson->text() != before);
        QVERIFY(lesson->text().contains("= <b>26</b>")); // q₀·k₁ with x₀₀ = 2
        QTest::keyClick(&w, Qt::Key_F5, Qt::ShiftModifier);
        QVERIFY(!lesson->isActive());
        QVERIFY(wb.stages().emphasis().isEmpty());
    }

    // Steps 8 (the column layout) and back to 7 redraw the dimmed heatmaps in the new layout:
    // one title each, of the layout shown, and what is on screen is what a fresh render draws
    // (no earlier layout left under a translucent one).
    void dimmedHeatmapsShowOneLayout() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(wb.recomputer().result() != nullptr);
        LessonPanel *lesson = &wb.lesson();
        for (int step : {7, 6}) {
            lesson->goTo(step);
            QTest::qWait(50);
            const bool columns = step == 7;
            QCOMPARE(wb.document().selection().layout(), columns ? Layout::Columns : Layout::Rows);
            const int n = int(wb.document().inputs().X.rows());
            for (HeatmapView *v : wb.stages().visibleViews()) {
                const bool dimmed = !wb.stages().emphasis().isEmpty() &&
                                    !wb.stages().emphasis().contains(stageOf(wb, v));
                QCOMPARE(v->isDimmed(), dimmed);
                QVERIFY(v->graphicsEffect() == nullptr);
                // One title element, the current layout's.
                int titles = 0;
                for (int e = 0; e < v->plot()->plotLayout()->elementCount(); ++e)
                    titles += qobject_cast<QCPTextElement *>(v->plot()->plotLayout()->elementAt(e))
                                  ? 1
                                  : 0;
                QCOMPARE(titles, 1);
            }
            HeatmapView *q = wb.stages().view(Stage::Q);
            QVERIFY(q->isDimmed());
            QVERIFY2(q->title().startsWith(columns ? "Q = Wq\u1d40" : "Q = X\u00b7Wq"),
                     qPrintable(q->title()));
            QCOMPARE(int(columns ? q->colLabels().size() : q->rowLabels().size()), n);
            // On screen (the backing store) exactly what a fresh render of the window draws,
            // once the paints asked for have run (a loaded machine may take more than 50 ms; a
            // stale drawing never goes away).
            const auto screenIsFresh = [&] {
                const QImage fresh = w.grab().toImage().convertToFormat(QImage::Format_RGB32);
                const QImage screen = w.screen()->grabWindow(w.winId()).toImage().convertToFormat(
                    QImage::Format_RGB32);
                const qreal dpr = fresh.devicePixelRatio();
                const QRect px(q->mapTo(&w, QPoint(0, 0)) * dpr, q->size() * dpr);
                return screen.copy(px) == fresh.copy(px);
            };
            QTRY_VERIFY2(screenIsFresh(), "a dimmed heatmap shows a stale drawing");
        }
    }
};

QTEST_MAIN(TestLesson)
#include "test_lesson.moc"
