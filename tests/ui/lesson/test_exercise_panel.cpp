// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson › Exercise: the cells an exercise needs are outlined, the answer's cells covered until
// Reveal, the class's typed answer is judged, Next walks the five kinds, an edit makes the same
// exercise on the new numbers, and closing gives the heatmaps back as they were. Run with
// --screenshots DIR for the pictures of the exercise before and after Reveal.

#include "document/Document.h"
#include "document/MatrixId.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "lesson/ExercisePanel.h"
#include "lesson/LessonPanel.h"
#include "shell/MenuId.h"
#include "shell/Shell.h"
#include "support/SessionSupport.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"
#include "workbench/StagesView.h"

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using attn::ExerciseKind;
using attn::ExerciseVerdict;
using attn::Stage;

namespace {

ExercisePanel *panelOf(WindowAssembler &wb) {
    return wb.window().findChild<ExercisePanel *>("exercisePanel");
}

QRect cells(const attn::ExerciseCells &c) {
    return QRect(c.col, c.row, c.cols, c.rows);
}

} // namespace

class TestExercisePanel : public QObject {
    Q_OBJECT
private slots:
    void revealUncoversTheAnswer() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        wb.recomputer().recomputeNow();
        ExercisePanel *panel = panelOf(wb);
        QVERIFY(panel);
        panel->setSeed(3);
        // Lesson › Exercise (F6) starts it.
        QAction *start = nullptr;
        for (QAction *a : wb.shell().menu(MenuId::Lesson)->actions())
            if (a->shortcut() == QKeySequence(Qt::Key_F6))
                start = a;
        QVERIFY(start);
        start->trigger();
        QVERIFY(panel->isActive());
        QVERIFY(panel->parentWidget()->isVisible()); // the dock
        const attn::Exercise e = *panel->exercise();
        QCOMPARE(e.kind, ExerciseKind::Score);
        // The inputs it needs are outlined: q_i's and k_j's features.
        HeatmapView *q = wb.stages().view(Stage::Q), *k = wb.stages().view(Stage::K);
        HeatmapView *scores = wb.stages().view(Stage::Scores);
        QCOMPARE(q->markedBlocks(), QList<QRect>{cells(e.given[0])});
        QCOMPARE(k->markedBlocks(), QList<QRect>{cells(e.given[1])});
        QVERIFY(!q->isDimmed());
        // The answer is covered: the cell shows "?", its tooltip does not give it away.
        QVERIFY(scores->isCellCovered(e.query, e.key));
        QCOMPARE(scores->cellText(e.query, e.key), QString("?"));
        QVERIFY(!scores->toolTipText(e.query, e.key).contains("<b>"));
        QVERIFY(panel->solutionText().isEmpty());
        QVERIFY(panel->questionText().contains("q"));
        const QImage covered = scores->grab().toImage();

        // A wrong answer, a close one, the right one.
        const double answer = e.answer.front();
        QCOMPARE(panel->check(QString::number(answer + 100)), ExerciseVerdict::Wrong);
        QCOMPARE(panel->check(QString::number(answer * 1.05 + 0.05)), ExerciseVerdict::Close);
        QCOMPARE(panel->check("seven"), ExerciseVerdict::Unreadable);
        auto *field = panel->findChild<QLineEdit *>("exerciseAnswer");
        field->setText(QString::number(answer));
        QTest::keyClick(field, Qt::Key_Return);
        QVERIFY2(panel->verdictText().contains("Right"), qPrintable(panel->verdictText()));

        panel->reveal();
        QVERIFY(panel->isRevealed());
        QVERIFY(scores->coveredBlocks().isEmpty());
        QVERIFY(scores->cellText(e.query, e.key) != "?");
        QCOMPARE(q->markedBlocks(), QList<QRect>{cells(e.given[0])});          // still outlined
        QVERIFY(scores->markedBlocks().contains(QRect(e.key, e.query, 1, 1))); // the answer
        // The worked solution is the tooltip's derivation of that cell.
        QCOMPARE(panel->solutionText(), scores->toolTipText(e.query, e.key));
        QVERIFY(panel->findChild<QLabel *>("exerciseSolution")->isVisible());
        QTRY_VERIFY(scores->grab().toImage() != covered); // the cover is gone from the pixels
    }

    void nextWalksTheKindsAndFollowsEdits() {
        WindowAssembler wb;
        wb.window().resize(1280, 800);
        wb.window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
        wb.recomputer().recomputeNow();
        ExercisePanel *panel = panelOf(wb);
        panel->setSeed(11);
        panel->start();
        const QList<ExerciseKind> kinds{ExerciseKind::Score,         ExerciseKind::Logit,
                                        ExerciseKind::Softmax,       ExerciseKind::Output,
                                        ExerciseKind::LargestWeight, ExerciseKind::Score};
        for (int i = 0; i < kinds.size(); ++i) {
            QCOMPARE(panel->exercise()->kind, kinds[i]);
            QCOMPARE(panel->number(), i + 1);
            QVERIFY(!panel->isRevealed());
            // Every kind covers some cell of a heatmap on screen.
            bool anyCovered = false;
            for (const attn::ExerciseCells &c : panel->exercise()->hidden)
                if (HeatmapView *v = wb.stages().view(c.stage); v && v->isVisible())
                    anyCovered = anyCovered || v->isCellCovered(c.row, c.col);
            QVERIFY2(anyCovered, qPrintable(attn::exerciseKindName(kinds[i])));
            // The combination panel shows the selected row's weights: never the asked-for row.
            if (kinds[i] != ExerciseKind::Score && kinds[i] != ExerciseKind::Logit)
                QVERIFY(wb.document().selection().selectedRow() != panel->exercise()->query);
            if (kinds[i] == ExerciseKind::Softmax) {
                // An edit of a logit's inputs: the same exercise, on the new numbers.
                const attn::Exercise before = *panel->exercise();
                QVERIFY(wb.document().setCell(MatrixId{Stage::X, 0}, before.query, 0, 5.0));
                wb.recomputer().recomputeNow();
                QCoreApplication::processEvents();
                QCOMPARE(panel->exercise()->kind, ExerciseKind::Softmax);
                QVERIFY(panel->exercise()->answer != before.answer);
            }
            panel->next();
        }
    }

    void closeGivesTheHeatmapsBack() {
        WindowAssembler wb;
        wb.window().resize(1280, 800);
        wb.window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
        wb.document().selection().setLayout(attn::Layout::Columns);
        wb.recomputer().recomputeNow();
        ExercisePanel *panel = panelOf(wb);
        panel->start();
        QCOMPARE(wb.document().selection().layout(), attn::Layout::Rows);
        QVERIFY(!wb.stages().emphasis().isEmpty());
        panel->close();
        QVERIFY(!panel->isActive());
        QCOMPARE(wb.document().selection().layout(), attn::Layout::Columns);
        QVERIFY(wb.stages().emphasis().isEmpty());
        for (Stage s : {Stage::Q, Stage::K, Stage::Scores, Stage::Logits, Stage::Weights})
            QVERIFY(wb.stages().view(s)->coveredBlocks().isEmpty() &&
                    wb.stages().view(s)->markedBlocks().isEmpty());
        QVERIFY(!panel->parentWidget()->isVisible());
    }

    // In presentation mode the stages scroll: a new exercise brings its covered cells into
    // sight even when the class scrolled away from the stages the last one read.
    void nextExerciseScrollsItsCellsIntoView() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        wb.presentation().setActive(true);
        w.setGeometry(QRect(0, 0, 1024, 768));
        QTest::qWait(100);
        wb.recomputer().recomputeNow();
        ExercisePanel *panel = panelOf(wb);
        panel->setSeed(3);
        panel->start();
        QScrollArea *scroll = nullptr;
        for (QWidget *p = wb.stages().parentWidget(); p && !scroll; p = p->parentWidget())
            scroll = qobject_cast<QScrollArea *>(p);
        QVERIFY(scroll);
        const auto coveredInSight = [&] {
            for (const attn::ExerciseCells &c : panel->exercise()->hidden) {
                HeatmapView *v = wb.stages().view(c.stage);
                if (!v || !v->isVisible())
                    continue;
                const QRectF cell = v->cellRect(c.row, c.col);
                const QPoint centre = v->plot()->mapTo(scroll->viewport(), cell.center().toPoint());
                if (scroll->viewport()->rect().contains(centre))
                    return true;
            }
            return false;
        };
        QTRY_VERIFY(coveredInSight());
        QVERIFY(scroll->verticalScrollBar()->maximum() > 0); // it does scroll at this size
        for (int i = 0; i < attn::kExerciseKinds; ++i) {
            // Scrolled to the far end from where the cells are.
            QScrollBar *bar = scroll->verticalScrollBar();
            bar->setValue(bar->value() > bar->maximum() / 2 ? 0 : bar->maximum());
            QCoreApplication::processEvents();
            panel->next();
            QTRY_VERIFY2(coveredInSight(),
                         qPrintable(attn::exerciseKindName(panel->exercise()->kind)));
        }
    }

    // Presentation mode at 1024×768: the buttons are on screen and the text readable.
    void fitsPresentationMode() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        wb.presentation().setActive(true);
        w.setGeometry(QRect(0, 0, 1024, 768));
        QTest::qWait(100);
        ExercisePanel *panel = panelOf(wb);
        panel->start();
        panel->reveal();
        QTest::qWait(100);
        for (QPushButton *b : panel->findChildren<QPushButton *>()) {
            const QRect r(b->mapTo(&w, QPoint(0, 0)), b->size());
            QVERIFY2(QRect(QPoint(0, 0), w.size()).contains(r),
                     qPrintable(b->text() + " lies outside the window"));
        }
        QVERIFY(panel->findChild<QLabel *>("exerciseSolution")->font().pointSizeF() >=
                QApplication::font().pointSizeF());
    }
};

// Pictures for a person to look at: the exercise before and after Reveal, at 1280×800 and in
// presentation mode at 1024×768.
static int screenshots(const QString &dir) {
    WindowAssembler wb;
    QMainWindow &w = wb.window();
    for (bool presenting : {false, true}) {
        w.show();
        if (presenting)
            wb.presentation().setActive(true);
        QTest::qWait(400); // full screen first, then the size of a projector
        w.setGeometry(presenting ? QRect(0, 0, 1024, 768) : QRect(0, 0, 1280, 800));
        QTest::qWait(400);
        ExercisePanel *panel = panelOf(wb);
        panel->setSeed(5);
        panel->start();
        const QString prefix = dir + (presenting ? "/presentation-" : "/window-");
        for (int k = 0; k < attn::kExerciseKinds; ++k) {
            QTest::qWait(400);
            wb.stages().revealEmphasis();
            QTest::qWait(200);
            w.grab().save(prefix + QString("exercise-%1.png").arg(k + 1));
            panel->reveal();
            QTest::qWait(400);
            w.grab().save(prefix + QString("exercise-%1-revealed.png").arg(k + 1));
            panel->next();
        }
        panel->close();
        wb.presentation().setActive(false);
    }
    return 0;
}

int main(int argc, char **argv) {
    testsupport::isolate("test_exercise_panel");
    QApplication app(argc, argv);
    if (argc == 3 && qstrcmp(argv[1], "--screenshots") == 0)
        return screenshots(QString::fromLocal8Bit(argv[2]));
    TestExercisePanel test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_exercise_panel.moc"
