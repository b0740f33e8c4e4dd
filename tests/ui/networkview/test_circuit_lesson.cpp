// SPDX-License-Identifier: GPL-3.0-or-later
// The circuit lesson ("How a circuit forms") on a 1024×768 projector (issue 39): while it runs,
// its panel has the window (not the worked example beside it); the overview's thumbnails are
// large enough to read; the step axes' labels never run together ("7501000 1250"); both plots
// have a legend; the plots keep one height from step to step, and the window never grows past
// the screen, however long a step's text; the two losses are named apart. With
// ATTNVIZ_CIRCUIT_SHOTS=DIR the model trains until its circuit forms and every step of the
// lesson is saved as a PNG to look at.

#include "induction/InductionFeatures.h"
#include "induction/InductionTrainer.h"
#include "induction/InductionTrainingView.h"
#include "overview/LayerHeadGrid.h"
#include "support/SessionSupport.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QScrollArea>
#include <QtTest>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

// What is wrong with an axis's tick labels as last drawn: two that overlap, or none at all.
QString tickProblems(QCPAxis *axis) {
    const QFontMetricsF fm(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    QString problems;
    double lastRight = -1e9;
    QString lastLabel;
    int shown = 0;
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (!axis->range().contains(ticks[i]))
            continue;
        ++shown;
        const double centre = axis->coordToPixel(ticks[i]);
        const double half = fm.horizontalAdvance(labels[i]) / 2;
        if (centre - half < lastRight + 4)
            problems += QString(" \"%1\" and \"%2\" overlap;").arg(lastLabel, labels[i]);
        lastRight = centre + half;
        lastLabel = labels[i];
    }
    if (shown < 2)
        problems += QString(" %1 tick labels;").arg(shown);
    return problems;
}

int legendEntries(QCustomPlot *plot) {
    return plot->legend && plot->legend->visible() ? plot->legend->itemCount() : 0;
}

} // namespace

class TestCircuitLesson : public QObject {
    Q_OBJECT

private slots:
    void init() { testsupport::resetState(); }

    void circuitLessonOnAProjector() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        const InductionFeatures &f = wb.induction();
        wb.presentation().setActive(true);
        w.setWindowState(w.windowState() & ~Qt::WindowFullScreen);
        w.resize(1024, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        f.lesson->trigger();
        QCOMPARE(f.view->lessonStep(), 0);
        QCoreApplication::processEvents();
        // The panel has the window: the worked example steps aside.
        QCoreApplication::processEvents();
        QVERIFY(f.dock->isVisible());
        QVERIFY(!w.centralWidget()->isVisible());
        // A few steps of training: numbers, curves and a run to draw.
        for (int i = 0; i < 3; ++i) {
            f.trainer->step();
            QVERIFY(f.trainer->waitUntilIdle());
        }
        const QString shots = qEnvironmentVariable("ATTNVIZ_CIRCUIT_SHOTS");
        if (!shots.isEmpty()) {
            // Until the circuit has formed (or long enough to say it has not), for the pictures.
            f.trainer->play();
            QTRY_VERIFY_WITH_TIMEOUT(
                f.trainer->readings().inductionScore > 0.8 || f.trainer->steps() >= 1500, 1200000);
            f.trainer->pause();
            QVERIFY(f.trainer->waitUntilIdle());
        }
        QTest::qWait(100);
        int plotHeight = -1;
        for (int step = 0; step < f.view->lessonStepCount(); ++step) {
            f.view->goToLessonStep(step);
            QTest::qWait(100);
            QCoreApplication::processEvents();
            const QString which = QString("step %1").arg(step + 1);
            if (!shots.isEmpty())
                w.grab().save(QDir(shots).filePath(QString("circuit-step%1.png").arg(step + 1)));
            // The window keeps the screen's size: a long step scrolls its text.
            QVERIFY2(w.height() <= 768 && w.minimumSizeHint().height() <= 768 &&
                         w.width() <= 1024 && w.minimumSizeHint().width() <= 1024,
                     qPrintable(QString("%1: window %2×%3 px, at least %4×%5")
                                    .arg(which)
                                    .arg(w.width())
                                    .arg(w.height())
                                    .arg(w.minimumSizeHint().width())
                                    .arg(w.minimumSizeHint().height())));
            QCustomPlot *loss = f.view->lossPlot(), *scores = f.view->scorePlot();
            // One height at every step.
            if (plotHeight < 0)
                plotHeight = loss->height();
            QCOMPARE(loss->height(), plotHeight);
            QVERIFY2(loss->height() >= 150, qPrintable(QString::number(loss->height())));
            for (QCustomPlot *plot : {loss, scores}) {
                plot->replot();
                const QString problems = tickProblems(plot->xAxis);
                QVERIFY2(problems.isEmpty(), qPrintable(which + ":" + problems));
                QVERIFY(plot->isVisible());
                // Wholly in the window.
                QVERIFY(w.rect().contains(QRect(plot->mapTo(&w, QPoint()), plot->size())));
            }
            // The legends say which curve is which: two losses; both kinds of score and
            // every head's colour.
            QCOMPARE(legendEntries(loss), 2);
            QVERIFY(legendEntries(scores) >= 2 + f.trainer->settings().heads);
            // Thumbnails a class reads from the back (they were about 35 px).
            QVERIFY2(
                f.view->grid()->cellSize() >= 60,
                qPrintable(
                    QString("%1: thumbnails of %2 px").arg(which).arg(f.view->grid()->cellSize())));
            QVERIFY(f.view->lessonText()->isVisible());
        }
        // The losses by name: the status line says which is the training batch's and which the
        // held-out repeat's the lesson quotes.
        const QString status = f.view->status()->text();
        QVERIFY2(status.contains("training loss") && status.contains("loss over the repeat"),
                 qPrintable(status));
        f.view->goToLessonStep(0);
        QVERIFY2(f.view->lessonText()->text().contains("loss over the repeat"),
                 qPrintable(f.view->lessonText()->text()));
        // Ended, the stages come back.
        f.view->stopLesson();
        QCoreApplication::processEvents();
        QVERIFY(w.centralWidget()->isVisible());
        wb.presentation().setActive(false);
    }

    // Closing the panel ends the lesson and gives the stages their room back.
    void closingThePanelEndsTheLesson() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        const InductionFeatures &f = wb.induction();
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        f.lesson->trigger();
        QCoreApplication::processEvents();
        QVERIFY(!w.centralWidget()->isVisible());
        f.dock->close();
        QTRY_COMPARE(f.view->lessonStep(), -1);
        QVERIFY(w.centralWidget()->isVisible());
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_circuit_lesson");
    QApplication app(argc, argv);
    TestCircuitLesson test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_circuit_lesson.moc"
