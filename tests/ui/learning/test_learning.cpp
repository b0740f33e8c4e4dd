// SPDX-License-Identifier: GPL-3.0-or-later
// The learning panels in the whole program: the positions control (undoable, refused for an odd
// d_k), the Positions panel and its RoPE shift what-if, the Gradient panel (target, tooltip
// chain, the η step), the Train panel (off the GUI thread, one undo step per run), and the
// target following a resize.

#include "Gradient.h"
#include "Notation.h"
#include "document/Document.h"
#include "heatmap/HeatmapView.h"
#include "learning/GradientPanel.h"
#include "learning/PositionsPanel.h"
#include "learning/TrainPanel.h"
#include "learning/TrainingRunner.h"
#include "lesson/LessonPanel.h"
#include "lessons/LearningLesson.h"
#include "support/TestSupport.h"
#include "support/WorkbenchSupport.h"
#include "workbench/ControlsPanel.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using learning::GradientOf;

class TestLearning : public QObject {
    Q_OBJECT

private slots:
    void positionsControlIsAnUndoableOption() {
        WindowAssembler wb;
        Document &doc = wb.document();
        QComboBox *combo = wb.controls().positionalCombo();
        QVERIFY(combo);
        QCOMPARE(combo->currentData().toInt(), int(Positional::None));
        // The worked example has d_k = 3: RoPE is refused with the core's message.
        combo->setCurrentIndex(combo->findData(int(Positional::Rope)));
        emit combo->activated(combo->currentIndex());
        QCOMPARE(doc.inputs().options.positional, Positional::None);
        QVERIFY2(wb.controls().message().contains("d_k must be even"),
                 qPrintable(wb.controls().message()));
        QCOMPARE(combo->currentData().toInt(), int(Positional::None)); // back to the document
        const int before = doc.undoStack()->count();
        combo->setCurrentIndex(combo->findData(int(Positional::Sinusoidal)));
        emit combo->activated(combo->currentIndex());
        QCOMPARE(doc.inputs().options.positional, Positional::Sinusoidal);
        QCOMPARE(doc.undoStack()->count(), before + 1);
        testsupport::settle(wb);
        COMPARE_MATRIX(wb.recomputer().snapshot().result->output(), compute(doc.inputs()).output());
        QCOMPARE(doc.undoStack()->count(), before + 1); // nothing else came in meanwhile
        doc.undoStack()->undo();
        QCOMPARE(doc.inputs().options.positional, Positional::None);
        QCOMPARE(combo->currentData().toInt(), int(Positional::None));
    }

    // RoPE's half-split pairs and its base θ: one undo step each, the θ box shown only with
    // RoPE, and the result the core's for those options.
    void ropeConventionAndThetaAreUndoable() {
        WindowAssembler wb;
        Document &doc = wb.document();
        QVERIFY(doc.setDimension(Dimension::KeyDim, 4));
        QComboBox *combo = wb.controls().positionalCombo();
        auto *theta = wb.controls().findChild<QDoubleSpinBox *>("ropeThetaSpin");
        QVERIFY(theta);
        QVERIFY(theta->isHidden());
        const int half = combo->findText("RoPE, half-split");
        QVERIFY(half >= 0);
        const int before = doc.undoStack()->count();
        combo->setCurrentIndex(half);
        emit combo->activated(half);
        QCOMPARE(doc.inputs().options.positional, Positional::Rope);
        QCOMPARE(doc.inputs().options.rope.style, RopeStyle::HalfSplit);
        QCOMPARE(doc.undoStack()->count(), before + 1);
        QVERIFY(!theta->isHidden());
        theta->setValue(500000);
        QCOMPARE(doc.inputs().options.rope.theta, 500000.0);
        QCOMPARE(doc.undoStack()->count(), before + 2);
        testsupport::settle(wb);
        COMPARE_MATRIX(wb.recomputer().snapshot().result->output(), compute(doc.inputs()).output());
        doc.undoStack()->undo();
        QCOMPARE(doc.inputs().options.rope.theta, 10000.0);
        QCOMPARE(theta->value(), 10000.0);
        doc.undoStack()->undo();
        QCOMPARE(doc.inputs().options.positional, Positional::None);
        QCOMPARE(combo->currentData().toInt(), int(Positional::None));
        QVERIFY(theta->isHidden());
    }

    void positionsPanelShowsTheTableAndTheShift() {
        WindowAssembler wb;
        Document &doc = wb.document();
        QVERIFY(doc.setDimension(Dimension::KeyDim, 4));
        QVERIFY(doc.setPositional(Positional::Rope));
        testsupport::settle(wb);
        PositionsPanel *panel = wb.learning().positions;
        panel->refreshNow();
        QVERIFY(panel->tableView()->title().contains("RoPE angles"));
        QVERIFY2(panel->shiftLabel()->text().contains("offsets"),
                 qPrintable(panel->shiftLabel()->text()));
        QVERIFY(doc.setPositional(Positional::Sinusoidal));
        testsupport::settle(wb);
        panel->refreshNow();
        QVERIFY(panel->tableView()->title().startsWith("P"));
        QVERIFY(panel->shiftLabel()->text().contains("changes the scores"));
    }

    void gradientPanelExplainsAndSteps() {
        WindowAssembler wb;
        Document &doc = wb.document();
        testsupport::settle(wb);
        GradientPanel *panel = wb.learning().gradient;
        panel->refreshNow();
        QVERIFY(!panel->gradient());
        QVERIFY(panel->lossLabel()->text().contains("No target"));
        doc.selection().setSelectedRow(1);
        panel->setTargetFromOutput();
        QVERIFY(doc.inputs().hasTarget());
        testsupport::settle(wb);
        panel->refreshNow();
        QVERIFY(panel->gradient());
        // One cell one above the output: L = ½.
        QVERIFY(testsupport::close(panel->gradient()->loss, 0.5, 1e-12));
        QCOMPARE(panel->gradient()->heads[0].Wq, gradient(doc.inputs()).heads[0].Wq);
        const QString chain = panel->gradientView(GradientOf::Wq)->toolTipText(1, 2);
        QVERIFY2(chain.contains("\u2202L/\u2202Wq[1,2]") && chain.contains("softmax"),
                 qPrintable(chain));
        QVERIFY(chain.contains(attn::notation::number(panel->gradient()->heads[0].Wq(1, 2), 4)));
        QVERIFY2(panel->stepLabel()->text().contains("down"),
                 qPrintable(panel->stepLabel()->text()));
        const int steps = doc.undoStack()->count();
        panel->applyStep();
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        QVERIFY(gradient(doc.inputs()).loss < 0.5);
        doc.undoStack()->undo();
        QVERIFY(testsupport::close(gradient(doc.inputs()).loss, 0.5, 1e-12));
    }

    void targetFollowsAResize() {
        WindowAssembler wb;
        Document &doc = wb.document();
        Matrix target = Matrix::Constant(4, 3, 2.0);
        QVERIFY(doc.setTarget(target, "target"));
        QVERIFY(doc.setDimension(Dimension::Tokens, 5));
        QCOMPARE(doc.inputs().target.rows(), 5);
        QCOMPARE(doc.inputs().target(0, 0), 2.0);
        QCOMPARE(doc.inputs().target(4, 2), 0.0);
        QVERIFY(doc.setDimension(Dimension::ValueDim, 2));
        QCOMPARE(doc.inputs().target.cols(), 2);
        QString error;
        QVERIFY(!doc.setTarget(Matrix::Zero(2, 2), "bad", &error));
        QVERIFY2(error.contains("the target is 2\u00d72"), qPrintable(error));
    }

    void theLearningLessonUsesTheLiveNumbers() {
        AttentionInputs in = workedExample();
        std::vector<LessonStep> steps = learningLessonSteps(in, compute(in), 1, 0);
        QCOMPARE(steps.size(), size_t(6));
        QVERIFY(steps[0].html.contains("no positions"));
        QVERIFY(steps[1].html.contains("no target"));
        in.target = compute(in).output();
        in.target(1, 0) += 1.0;
        in.options.positional = Positional::Sinusoidal;
        steps = learningLessonSteps(in, compute(in), 1, 0);
        QVERIFY(steps[0].html.contains("sinusoidal"));
        const Gradient g = gradient(in);
        QVERIFY2(steps[1].html.contains(attn::notation::number(g.loss, 6)),
                 qPrintable(steps[1].html));
        Eigen::Index a = 0, b = 0;
        g.heads[0].Wq.cwiseAbs().maxCoeff(&a, &b);
        QVERIFY(steps[2].html.contains(attn::notation::number(g.heads[0].Wq(a, b), 4)));

        WindowAssembler wb;
        testsupport::settle(wb);
        wb.lesson().startLearningAction()->trigger();
        QCOMPARE(wb.lesson().script(), LessonPanel::Script::Learning);
        QCOMPARE(wb.lesson().stepCount(), 6);
        QVERIFY(wb.lesson().title().contains("Positions"));
        wb.lesson().startAction()->trigger();
        QCOMPARE(wb.lesson().script(), LessonPanel::Script::Attention);
        QVERIFY(wb.lesson().stepCount() > 6);
    }

    void trainingRunsOffTheGuiThreadAsOneUndoStep() {
        WindowAssembler wb;
        Document &doc = wb.document();
        TrainPanel *train = wb.learning().train;
        // The task's sentence is a new document with a history of its own.
        train->reset();
        QTRY_COMPARE(doc.inputs().tokens.size(), size_t(kTaskLength));
        QCOMPARE(doc.inputs().options.positional, Positional::Rope);
        QVERIFY(train->showsTask());
        const int before = 0;
        QCOMPARE(doc.undoStack()->count(), before);
        train->stepButton()->click();
        QTRY_COMPARE(train->runner()->progress().history.back().step, 1);
        QTRY_COMPARE(doc.undoStack()->count(), before + 1);
        const Matrix afterStep = doc.inputs().heads[0].Wq;

        train->playButton()->click();
        QVERIFY(train->runner()->isPlaying());
        QCOMPARE(train->playButton()->text(), QString("Pause"));
        QTRY_VERIFY_WITH_TIMEOUT(train->runner()->progress().history.back().step >= 60, 10000);
        train->playButton()->click();
        QVERIFY(!train->runner()->isPlaying());
        QTRY_COMPARE(doc.inputs().heads[0].Wq, train->runner()->progress().watched.heads[0].Wq);
        QCOMPARE(doc.undoStack()->count(), before + 2); // the whole run merged into one step
        QVERIFY(train->plot()->graph(0)->dataCount() >= 7);
        QVERIFY(train->statusLabel()->text().contains("accuracy"));
        doc.undoStack()->undo();
        QCOMPARE(doc.inputs().heads[0].Wq, afterStep);
    }

    // Play has a classroom speed, a step every half second, remembered in the settings.
    void playHasAClassroomSpeed() {
        QSettings().remove(QStringLiteral("train/speed"));
        using Speed = TrainingRunner::Speed;
        QVERIFY(1000.0 * TrainingRunner::pace(Speed::Classroom).stepsPerChunk /
                    TrainingRunner::pace(Speed::Classroom).chunkMilliseconds <=
                2.0);
        Document doc;
        {
            TrainPanel train(&doc);
            QCOMPARE(train.runner()->speed(), Speed::Fast);
            QComboBox *speed = train.speedCombo();
            QCOMPARE(speed->objectName(), QStringLiteral("trainSpeedCombo"));
            speed->setCurrentIndex(speed->findData(int(Speed::Classroom)));
            QCOMPARE(train.runner()->speed(), Speed::Classroom);
        }
        TrainPanel again(&doc);
        QCOMPARE(again.runner()->speed(), Speed::Classroom);
        QCOMPARE(again.speedCombo()->currentData().toInt(), int(Speed::Classroom));
        QSettings().remove(QStringLiteral("train/speed"));
    }
};

QTEST_MAIN(TestLearning)
#include "test_learning.moc"
