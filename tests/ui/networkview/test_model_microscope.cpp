// SPDX-License-Identifier: GPL-3.0-or-later
// The microscope in the model window (issues 26 and 27): heads scored and sorted, the
// value-weighted and rollout pictures and the logit lens read in the background, ablations as
// undo steps with what they changed, an edited head sent back to the model, and a small model
// trained live in the circuit panel.

#include "Attention.h"
#include "checkpoint/Checkpoint.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "induction/InductionFeatures.h"
#include "induction/InductionTrainer.h"
#include "induction/InductionTrainingView.h"
#include "network/NetworkInterventions.h"
#include "network/NetworkRunner.h"
#include "network/RunReadings.h"
#include "networkreadings/AttentionRollout.h"
#include "networkreadings/HeadScores.h"
#include "networkreadings/LogitLens.h"
#include "networkreadings/ValueWeightedNorms.h"
#include "networkview/NetworkFeatures.h"
#include "networkview/NetworkView.h"
#include "overview/HeadPopup.h"
#include "overview/LayerDeltaView.h"
#include "overview/LayerHeadGrid.h"
#include "overview/PredictionsView.h"
#include "overview/TokenStrip.h"
#include "readings/LogitLensView.h"
#include "session/SessionController.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"
#include "transformer/TakeApart.h"
#include "window/FileDrops.h"
#include "window/Presentation.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDropEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::Harness;
using namespace testsupport;

class TestModelMicroscope : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_gpt2;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_gpt2 = m_dir.filePath("gpt2-tiny");
        QVERIFY(testsupport::writeGpt2Folder(m_gpt2));
    }
    void init() { testsupport::resetState(); }

    // "Find the induction head": every head scored on the run's ids (attn::headScores), the
    // layers' heads sorted by the score, drawn where the clicks find them, the best named.
    void headsAreScoredAndSorted() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        // A text that repeats itself, so induction has positions to read.
        const QString text = QStringLiteral("red fox blue cat red fox blue cat");
        openAndRun(h, m_gpt2, text);
        const Expected e = expected(m_gpt2, text);
        NetworkView &view = h.workbench.model().view();
        LayerHeadGrid *grid = gridOf(view);
        QVERIFY(!bestHeadsOf(view)->isVisible());
        QVERIFY(!sortBoxOf(view)->isEnabled());
        const QRect unscored = grid->headRect(1, 0);
        scoreBoxOf(view)->setCurrentIndex(
            scoreBoxOf(view)->findData(int(LayerHeadGrid::Score::Induction)));
        QCOMPARE(grid->score(), LayerHeadGrid::Score::Induction);
        QVERIFY(sortBoxOf(view)->isEnabled());
        // Room for the score under each row: the second layer moves down.
        QVERIFY(grid->headRect(1, 0).top() > unscored.top());
        double best = -1;
        QString bestName;
        for (int l = 0; l < 2; ++l)
            for (int hd = 0; hd < 4; ++hd) {
                const attn::HeadScores s = attn::headScores(
                    e.run->layers[std::size_t(l)].heads[std::size_t(hd)].weights, e.run->ids);
                QVERIFY(!std::isnan(s.induction));
                QCOMPARE(grid->scoreOf(l, hd), s.induction);
                QCOMPARE(grid->columnOf(l, hd), hd); // not sorted yet
                if (s.induction > best) {
                    best = s.induction;
                    bestName = QString("layer %1 head %2: %3").arg(l).arg(hd).arg(best, 0, 'f', 2);
                }
            }
        QVERIFY(bestHeadsOf(view)->isVisible());
        QVERIFY2(bestHeadsOf(view)->text().contains(bestName),
                 qPrintable(bestHeadsOf(view)->text()));

        sortBoxOf(view)->setChecked(true);
        for (int l = 0; l < 2; ++l) {
            QList<int> columns;
            for (int hd = 0; hd < 4; ++hd)
                columns << grid->columnOf(l, hd);
            std::sort(columns.begin(), columns.end());
            QCOMPARE(columns, QList<int>({0, 1, 2, 3})); // a permutation
            for (int hd = 0; hd < 4; ++hd) {
                // Drawn where its column is, found where it is drawn.
                QCOMPARE(grid->headAt(grid->headRect(l, hd).center()), std::make_pair(l, hd));
                for (int other = 0; other < 4; ++other)
                    if (grid->columnOf(l, other) > grid->columnOf(l, hd))
                        QVERIFY(grid->scoreOf(l, other) <= grid->scoreOf(l, hd));
            }
        }
        // A click on the leftmost head of layer 1 takes apart the layer's best head.
        int top = 0;
        for (int hd = 1; hd < 4; ++hd)
            if (grid->scoreOf(1, hd) > grid->scoreOf(1, top))
                top = hd;
        QCOMPARE(grid->columnOf(1, top), 0);
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS"))
            h.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/scored.png");
        QSignalSpy taken(grid, &LayerHeadGrid::takeHeadApart);
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->headRect(1, top).center());
        QCOMPARE(taken.size(), 1);
        QCOMPARE(taken.at(0).at(1).toInt(), top);
    }
    void noRepeatedTokenNoInductionScore() {
        Harness h;
        openAndRun(h, m_gpt2, QStringLiteral("a b c"));
        NetworkView &view = h.workbench.model().view();
        scoreBoxOf(view)->setCurrentIndex(
            scoreBoxOf(view)->findData(int(LayerHeadGrid::Score::Induction)));
        QVERIFY(std::isnan(gridOf(view)->scoreOf(0, 0)));
        QVERIFY2(bestHeadsOf(view)->text().contains("repeats"),
                 qPrintable(bestHeadsOf(view)->text()));
        scoreBoxOf(view)->setCurrentIndex(
            scoreBoxOf(view)->findData(int(LayerHeadGrid::Score::FirstToken)));
        QVERIFY(!std::isnan(gridOf(view)->scoreOf(0, 0)));
    }

    // Ablations (issue 27): each is one undo step; the run is runModel with them, the plain run
    // is kept beside it; the overview marks the heads, the predictions say before → after, the
    // per-layer change starts at the ablated layer; they combine, undo, and live in sessions.
    void ablationsAreUndoableAndShowWhatChanged() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        const QString text = QStringLiteral("the cat sat on the mat");
        openAndRun(h, m_gpt2, text);
        NetworkController &model = h.workbench.model();
        NetworkView &view = model.view();
        NetworkRunner &runner = model.runner();
        const attn::RunPtr plain = runner.outcome().run;
        const auto checkpoint = runner.checkpoint();
        QUndoStack *undo = h.doc()->undoStack();
        const int steps = undo->count();
        QVERIFY(!deltaOf(view)->isVisible());

        using Kind = attn::Intervention::Kind;
        QVERIFY(model.interventions().ablate(1, 2, Kind::Zero));
        QCOMPARE(undo->count(), steps + 1);
        QVERIFY(runner.waitUntilIdle());
        attn::Interventions one;
        one.edits = {attn::Intervention::zero(1, 2)};
        QCOMPARE(runner.outcome().run->logits,
                 attn::runModel(*checkpoint, plain->ids, one)->logits);
        QCOMPARE(runner.outcome().baseline->logits, plain->logits);
        QVERIFY(runner.outcome().run->logits != plain->logits);
        QCOMPARE(gridOf(view)->markOf(1, 2), QStringLiteral("0"));
        QVERIFY(gridOf(view)->markOf(0, 2).isEmpty());
        // Layer 0 is before the ablated head: unchanged; layer 1 changed.
        QVERIFY(deltaOf(view)->isVisible());
        QCOMPARE(deltaOf(view)->changes().size(), std::size_t(2));
        QCOMPARE(deltaOf(view)->changes()[0], 0.0);
        QVERIFY(deltaOf(view)->changes()[1] > 0);
        QCOMPARE(predictionsOf(view)->columnCount(), 3);
        QVERIFY(restoreAllOf(view)->isVisible());

        // Combined with a mean ablation of another layer's head: both apply.
        QVERIFY(model.interventions().ablate(0, 1, Kind::Mean));
        QVERIFY(runner.waitUntilIdle());
        attn::Interventions two = one;
        two.edits.push_back(attn::Intervention::mean(0, 1));
        QCOMPARE(runner.outcome().run->logits,
                 attn::runModel(*checkpoint, plain->ids, two)->logits);
        QCOMPARE(gridOf(view)->markOf(0, 1), QStringLiteral("\u03bc"));
        QVERIFY(deltaOf(view)->changes()[0] > 0);
        // A scale replaces the head's edit instead of adding one.
        QVERIFY(model.interventions().ablate(0, 1, Kind::Scale, 0.5));
        QCOMPARE(int(runner.interventions().edits.size()), 2);
        QCOMPARE(gridOf(view)->markOf(0, 1), QStringLiteral("\u00d70.5"));
        QVERIFY(!model.interventions().ablate(0, 9, Kind::Zero)); // no head 9
        QVERIFY(!model.interventions().ablate(0, 1, Kind::Scale, std::nan("")));
        QCOMPARE(undo->count(), steps + 3);

        // Saved with the session, and opened again with it.
        const QString file = m_dir.filePath("ablated.attnviz");
        QVERIFY(h.session->saveTo(file));
        QVERIFY(h.session->waitForSaves());

        // Undo, step by step, back to the plain run, bit for bit; redo again.
        undo->undo();
        undo->undo();
        QVERIFY(runner.waitUntilIdle());
        QCOMPARE(runner.outcome().run->logits,
                 attn::runModel(*checkpoint, plain->ids, one)->logits);
        undo->undo();
        QVERIFY(runner.waitUntilIdle());
        QVERIFY(runner.interventions().empty());
        QCOMPARE(runner.outcome().run->logits, plain->logits);
        QVERIFY(gridOf(view)->markOf(1, 2).isEmpty());
        QVERIFY(!deltaOf(view)->isVisible());
        QCOMPARE(predictionsOf(view)->columnCount(), 2);
        undo->redo();
        QVERIFY(runner.waitUntilIdle());
        QCOMPARE(gridOf(view)->markOf(1, 2), QStringLiteral("0"));
        // Restore every head: one step.
        QVERIFY(model.interventions().clear());
        QVERIFY(runner.interventions().empty());
        QVERIFY(!model.interventions().clear());

        Harness again;
        QString error;
        QVERIFY2(again.session->loadFile(file, &error), qPrintable(error));
        NetworkRunner &reopened = again.workbench.model().runner();
        QVERIFY(reopened.waitUntilIdle());
        QCOMPARE(int(reopened.interventions().edits.size()), 2);
        attn::Interventions saved = one;
        saved.edits.push_back(attn::Intervention::scale(0, 1, 0.5));
        QCOMPARE(reopened.outcome().run->logits,
                 attn::runModel(*reopened.checkpoint(), plain->ids, saved)->logits);
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            again.window.resize(1280, 800);
            again.workbench.model().showModel(true);
            again.window.show();
            QVERIFY(reopened.waitUntilIdle());
            QTest::qWait(200);
            again.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/ablated.png");
        }
    }

    // The overview's pictures (weights, value-weighted, rollout) and the logit lens: read on a
    // worker when chosen, equal to the core's readings of the run, dropped with a new run.
    void picturesAndLogitLensShowTheReadings() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, QStringLiteral("the cat sat on the mat"));
        NetworkController &model = h.workbench.model();
        NetworkView &view = model.view();
        LayerHeadGrid *grid = gridOf(view);
        const auto checkpoint = model.runner().checkpoint();
        attn::RunPtr run = model.runner().outcome().run;
        QVERIFY(!view.readings().isBusy()); // nothing read that nobody looks at
        QVERIFY(!view.readings().has(RunReadings::Kind::LogitLens));

        pictureBoxOf(view)->setCurrentIndex(
            pictureBoxOf(view)->findData(int(LayerHeadGrid::Picture::ValueWeighted)));
        QVERIFY(view.readings().waitUntilIdle());
        QCOMPARE(grid->picture(), LayerHeadGrid::Picture::ValueWeighted);
        const auto norms = attn::valueWeightedNorms(*checkpoint, *run);
        double top = 0;
        for (int l = 0; l < 2; ++l)
            for (int hd = 0; hd < 4; ++hd) {
                QCOMPARE(grid->shown(l, hd), norms[std::size_t(l)][std::size_t(hd)].norms);
                top = std::max(top, norms[std::size_t(l)][std::size_t(hd)].norms.maxCoeff());
            }
        QCOMPARE(grid->scaleTop(), top);
        // Drawn on the shared scale: a cell in the colour of its norm over the largest.
        const attn::Matrix &n01 = norms[0][1].norms;
        QCOMPARE(grid->imageColor(0, 1, 3, 2),
                 ColorLut().at(lutIndex(n01(3, 2), ValueRange{0.0, top})));
        QTest::mouseMove(grid, grid->headRect(1, 0).center());
        QTRY_VERIFY(popupOf(view)->isVisible());
        QCOMPARE(popupOf(view)->heatmap()->values(), norms[1][0].norms);
        QVERIFY2(popupOf(view)->note()->text().startsWith("Key "),
                 qPrintable(popupOf(view)->note()->text()));
        QTest::mouseMove(grid, QPoint(1, 1));

        pictureBoxOf(view)->setCurrentIndex(
            pictureBoxOf(view)->findData(int(LayerHeadGrid::Picture::Rollout)));
        QVERIFY(view.readings().waitUntilIdle());
        for (int l = 0; l < 2; ++l) {
            QCOMPARE(grid->shown(l, 0), attn::attentionRollout(*run, l + 1));
            QCOMPARE(grid->shown(l, 1).size(), Eigen::Index(0));
        }

        // The logit lens, read when its tab is opened.
        view.tabs()->setCurrentIndex(1);
        QVERIFY(view.readings().waitUntilIdle());
        const attn::LogitLens lens = attn::logitLens(*checkpoint, *run);
        LogitLensView *table = view.lens();
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->columnCount(), int(run->ids.size()));
        for (int l = 0; l < 2; ++l)
            for (int i = 0; i < int(run->ids.size()); ++i) {
                const auto &expectedTop = lens.top[std::size_t(l)][std::size_t(i)];
                const auto &shownTop = table->lens()->top[std::size_t(l)][std::size_t(i)];
                QVERIFY(samePredictions(shownTop, expectedTop));
                QCOMPARE(table->item(l, i)->text(), table->pieceOf(expectedTop.front().id));
                QCOMPARE(table->item(l, i)->toolTip().count('\n'), 5);
            }
        // The last layer's lens is the model's own prediction.
        const std::int64_t last = std::int64_t(run->ids.size()) - 1;
        QVERIFY(
            samePredictions(lens.top[1][std::size_t(last)], attn::topPredictions(*run, last, 5)));

        // A new text: the readings of the old run are gone, the new run's are read.
        view.textEdit()->setText(QStringLiteral("a dog ran"));
        QVERIFY(model.runner().waitUntilIdle());
        QVERIFY(view.readings().waitUntilIdle());
        run = model.runner().outcome().run;
        QCOMPARE(view.readings().run(), run);
        QCOMPARE(table->columnCount(), int(run->ids.size()));
        QCOMPARE(grid->shown(1, 0), attn::attentionRollout(*run, 2));
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS"))
            h.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/lens.png");
    }

    // A head taken apart, one of its weights edited in the workbench and sent back: the model
    // runs with the head's new contribution (one undo step), and the predictions change.
    void editedHeadSentBackChangesTheModel() {
        Harness h;
        const QString text = QStringLiteral("the cat sat on the mat");
        openAndRun(h, m_gpt2, text);
        NetworkController &model = h.workbench.model();
        NetworkRunner &runner = model.runner();
        const attn::RunPtr plain = runner.outcome().run;
        QString error;
        QVERIFY(!model.sendHeadBack(&error)); // nothing taken apart yet
        QVERIFY(model.takeApart(1, 2));
        QVERIFY(model.sendBackButton()->isVisibleTo(&h.window));
        // Unedited, the head's contribution is its own: the run is the plain one, to rounding.
        QVERIFY2(model.sendHeadBack(&error), qPrintable(error));
        QVERIFY(runner.waitUntilIdle());
        QVERIFY(model.isModelShown());
        QVERIFY(testsupport::relativeError(runner.outcome().run->logits, plain->logits) < 1e-12);
        h.doc()->undoStack()->undo();
        QVERIFY(runner.waitUntilIdle());
        QVERIFY(runner.interventions().empty());

        // Edited: Wv(0, 0) of the head, then sent back.
        const int steps = h.doc()->undoStack()->index();
        QVERIFY(h.doc()->setCell({attn::Stage::Wv, 0}, 0, 0,
                                 h.doc()->inputs().heads[0].Wv(0, 0) + 3.0));
        QVERIFY(model.sendHeadBack(&error));
        QCOMPARE(h.doc()->undoStack()->index(), steps + 2);
        QVERIFY(runner.waitUntilIdle());
        attn::Interventions sent;
        sent.edits = {attn::Intervention::replaceContribution(
            1, 2, attn::compute(h.doc()->inputs()).output())};
        QCOMPARE(runner.outcome().run->logits,
                 attn::runModel(*runner.checkpoint(), plain->ids, sent)->logits);
        QVERIFY(testsupport::relativeError(runner.outcome().run->logits, plain->logits) > 1e-6);
        QCOMPARE(gridOf(model.view())->markOf(1, 2), QStringLiteral("\u270e"));
        QVERIFY(deltaOf(model.view())->isVisibleTo(&model.view()));

        // Another text: the workbench's head no longer fits the run, and it says so.
        model.view().textEdit()->setText(QStringLiteral("a dog"));
        QVERIFY(runner.waitUntilIdle());
        QVERIFY2(runner.error().isEmpty(), qPrintable(runner.error()));
        // The edited head belongs to the other text: this one runs without it, and says so.
        QCOMPARE(runner.outcome().run->logits,
                 attn::runModel(*runner.checkpoint(), runner.outcome().run->ids)->logits);
        QVERIFY(messageOf(model.view())->text().contains("runs without it"));
        QVERIFY(!model.sendHeadBack(&error));
        QVERIFY2(error.contains("take the head apart again"), qPrintable(error));
    }

    // Watch a circuit form: the panel's model trains on a worker, a step at a time or played in
    // chunks; the loss, each head's scores and the overview follow; Reset starts again, the
    // same seed gives the same numbers; hiding the panel pauses it.
    // Lesson › How a circuit forms shows the panel with the lesson's first step; Next and
    // Previous move through the five steps, whose numbers wait for the circuit; End hides it.
    void circuitLessonFromTheMenu() {
        Harness h;
        const InductionFeatures &f = h.workbench.induction();
        QVERIFY(f.lesson);
        h.window.resize(1280, 800);
        h.window.show();
        QVERIFY(!f.dock->isVisible());
        QCOMPARE(f.view->lessonStep(), -1);
        f.lesson->trigger();
        QVERIFY(f.dock->isVisible());
        QCOMPARE(f.view->lessonStep(), 0);
        QCOMPARE(f.view->lessonStepCount(), 5);
        QVERIFY(f.view->lessonText()->isVisible());
        QVERIFY(f.view->lessonText()->text().contains("ln 26"));
        QTest::mouseClick(f.view->lessonNextButton(), Qt::LeftButton);
        QCOMPARE(f.view->lessonStep(), 1);
        QVERIFY(f.view->lessonText()->text().contains("Not formed yet"));
        f.view->goToLessonStep(99);
        QCOMPARE(f.view->lessonStep(), 4);
        QVERIFY(!f.view->lessonNextButton()->isEnabled());
        // A step of training: the first step's numbers follow it.
        f.view->goToLessonStep(0);
        f.trainer->step();
        QVERIFY(f.trainer->waitUntilIdle());
        QVERIFY(f.view->lessonText()->text().contains("step 1"));
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            // Pictures for the docs and for checking the layout: mid-training, after the head
            // formed (two steps), and in presentation mode at 1024 × 768.
            const QString dir = qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS");
            f.view->goToLessonStep(1);
            f.trainer->play();
            QTRY_VERIFY_WITH_TIMEOUT(f.trainer->steps() >= 400, 600000);
            h.window.grab().save(dir + "/circuit-mid.png");
            const auto formed = [&] {
                return f.trainer->readings().inductionScore > 0.8 || f.trainer->steps() >= 2000;
            };
            QTRY_VERIFY_WITH_TIMEOUT(formed(), 900000);
            f.trainer->pause();
            QVERIFY(f.trainer->waitUntilIdle());
            f.view->goToLessonStep(3);
            QTest::qWait(200);
            h.window.grab().save(dir + "/circuit-formed-k.png");
            f.view->goToLessonStep(4);
            QTest::qWait(200);
            h.window.grab().save(dir + "/circuit-formed-ablation.png");
            h.workbench.presentation().setActive(true);
            h.window.resize(1024, 768);
            f.view->goToLessonStep(2);
            QTest::qWait(300);
            h.window.grab().save(dir + "/circuit-presentation.png");
            h.workbench.presentation().setActive(false);
        }
        f.view->stopLesson();
        QCOMPARE(f.view->lessonStep(), -1);
        QVERIFY(!f.view->lessonText()->isVisible());
    }

    void circuitFormsInThePanel() {
        Harness h;
        const InductionFeatures &f = h.workbench.induction();
        QVERIFY(f.trainer && f.view && f.dock);
        QVERIFY(!f.dock->isVisible());
        f.dock->show();
        h.window.resize(1280, 800);
        h.window.show();
        InductionTrainer &trainer = *f.trainer;
        QCOMPARE(trainer.settings().layers, std::int64_t(2));
        QVERIFY(trainer.settings().attentionOnly);
        QVERIFY(trainer.history().empty());

        QTest::mouseClick(f.view->stepButton(), Qt::LeftButton);
        QVERIFY(trainer.waitUntilIdle());
        QCOMPARE(trainer.steps(), std::int64_t(1));
        const double first = trainer.history().back().loss;
        QVERIFY(std::isfinite(first) && first > 0);
        QVERIFY(trainer.run());
        QCOMPARE(f.view->grid()->headCount(),
                 int(trainer.settings().layers * trainer.settings().heads));
        QCOMPARE(int(trainer.history().back().scores.size()), f.view->grid()->headCount());
        QVERIFY(f.view->status()->text().contains("step 1"));

        QTest::mouseClick(f.view->playButton(), Qt::LeftButton);
        QVERIFY(trainer.isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(trainer.steps() >= 1 + 2 * InductionTrainer::kChunk, 60000);
        f.dock->hide(); // nobody watches: it pauses
        QVERIFY(!trainer.isPlaying());
        QVERIFY(trainer.waitUntilIdle());
        const std::int64_t steps = trainer.steps();
        QVERIFY(steps >= 21);
        QCOMPARE(f.view->lossPlot()->graph(0)->dataCount(), int(trainer.history().size()));
        // Two lines a head; the legend's entries (kinds of line, layers, head colours) are
        // graphs without data after them.
        QCOMPARE(f.view->scorePlot()->graphCount() - f.view->scorePlot()->legend->itemCount(),
                 2 * f.view->grid()->headCount());
        QCOMPARE(f.view->scorePlot()->graph(0)->dataCount(), int(trainer.history().size()));
        QVERIFY(trainer.tokensPerSecond() > 0);
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            f.dock->show();
            QTest::qWait(200);
            f.view->grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/circuit.png");
        }

        // The same seed: the same first step.
        QTest::mouseClick(f.view->resetButton(), Qt::LeftButton);
        QVERIFY(trainer.history().empty());
        trainer.step();
        QVERIFY(trainer.waitUntilIdle());
        QCOMPARE(trainer.history().back().loss, first);
        // Another number of heads: a new model.
        f.view->headsBox()->setValue(2);
        QVERIFY(trainer.history().empty());
        QCOMPARE(trainer.settings().heads, std::int64_t(2));
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_model_microscope");
    QApplication app(argc, argv);
    TestModelMicroscope test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_model_microscope.moc"
