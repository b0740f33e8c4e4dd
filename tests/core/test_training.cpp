// SPDX-License-Identifier: GPL-3.0-or-later
// Training: the toy tasks (right keys, targets, seeds), the optimisers' update rules, and the
// trainer reaching the accuracy the issue asks for within its step and time budget.

#include "Gradient.h"
#include "Optimizer.h"
#include "Trainer.h"
#include "support/LearningSupport.h"

#include <QElapsedTimer>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

Q_DECLARE_METATYPE(attn::TrainingTask)

class TestTraining : public QObject {
    Q_OBJECT

private slots:
    void namesRoundTrip() {
        for (TrainingTask task :
             {TrainingTask::PreviousToken, TrainingTask::FirstToken, TrainingTask::Match})
            QCOMPARE(taskFromName(taskName(task)), std::optional<TrainingTask>(task));
        QVERIFY(!taskFromName("next-token"));
        QCOMPARE(optimizerFromName("sgd"), std::optional<OptimizerKind>(OptimizerKind::Sgd));
        QVERIFY(!optimizerFromName("rmsprop"));
    }

    void tasksHaveTheirRightKeysAndTargets_data() {
        QTest::addColumn<TrainingTask>("task");
        QTest::addColumn<int>("positional");
        QTest::newRow("previous-token rope")
            << TrainingTask::PreviousToken << int(Positional::Rope);
        QTest::newRow("previous-token sinusoidal")
            << TrainingTask::PreviousToken << int(Positional::Sinusoidal);
        QTest::newRow("first-token sinusoidal")
            << TrainingTask::FirstToken << int(Positional::Sinusoidal);
        QTest::newRow("match none") << TrainingTask::Match << int(Positional::None);
    }

    void tasksHaveTheirRightKeysAndTargets() {
        QFETCH(TrainingTask, task);
        QFETCH(int, positional);
        std::mt19937 rng(4);
        const TaskExample e = sampleTask(task, Positional(positional), rng);
        const AttentionInputs &in = e.inputs;
        QCOMPARE(in.X.rows(), kTaskLength);
        QCOMPARE(in.X.cols(), kTaskWidth);
        QCOMPARE(Eigen::Index(e.rightKey.size()), kTaskLength);
        QCOMPARE(in.hasContext, task == TrainingTask::Match);
        QCOMPARE(in.options.causal, task != TrainingTask::Match);
        const Matrix source = in.hasContext ? in.context : in.X;
        const Matrix positioned =
            Positional(positional) == Positional::Sinusoidal
                ? Matrix(source + sinusoidalTable(source.rows(), source.cols()))
                : source;
        for (Eigen::Index i = 0; i < kTaskLength; ++i) {
            const Eigen::Index right = e.rightKey[size_t(i)];
            switch (task) {
            case TrainingTask::PreviousToken:
                QCOMPARE(right, i == 0 ? Eigen::Index(-1) : i - 1);
                break;
            case TrainingTask::FirstToken:
                QCOMPARE(right, i == 0 ? Eigen::Index(-1) : Eigen::Index(0));
                break;
            case TrainingTask::Match:
                QCOMPARE(in.contextTokens[size_t(right)], in.tokens[size_t(i)]);
                break;
            }
            // The target is the right key's input row as the projections see it.
            COMPARE_MATRIX(Matrix(in.target.row(i)), Matrix(positioned.row(right < 0 ? i : right)));
        }
        if (task == TrainingTask::Match) {
            QCOMPARE(in.context.rows(), kTaskContext);
            std::vector<std::string> sorted = in.contextTokens;
            std::sort(sorted.begin(), sorted.end());
            QVERIFY(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
        }
    }

    void aSeedGivesTheSameSequences() {
        std::mt19937 a(9), b(9), c(10);
        const TaskExample x = sampleTask(TrainingTask::Match, Positional::None, a);
        QVERIFY(x.inputs == sampleTask(TrainingTask::Match, Positional::None, b).inputs);
        QVERIFY(!(x.inputs == sampleTask(TrainingTask::Match, Positional::None, c).inputs));
    }

    void correctFractionCountsScoredQueries() {
        Matrix w(3, 3);
        w << 1, 0, 0,    //
            0.7, 0.3, 0, //
            0.1, 0.2, 0.7;
        QCOMPARE(correctFraction({-1, 0, 1}, w), 0.5);
        QCOMPARE(correctFraction({-1, 0, 2}, w), 1.0);
    }

    void sgdStepsAgainstTheGradient() {
        Optimizer sgd({OptimizerKind::Sgd, 0.5});
        Matrix w(1, 2), g(1, 2);
        w << 1, 2;
        g << 0.2, -4;
        sgd.step({&w}, {&g});
        QCOMPARE(w(0, 0), 0.9);
        QCOMPARE(w(0, 1), 4.0);
    }

    void adamFirstStepIsTheLearningRate() {
        // With bias correction, Adam's first step is η·g/(|g| + ε): η against each sign.
        Optimizer adam({OptimizerKind::Adam, 0.1});
        Matrix w = Matrix::Zero(1, 3), g(1, 3);
        g << 3, -0.001, 0;
        adam.step({&w}, {&g});
        QVERIFY(testsupport::close(w(0, 0), -0.1, 1e-7));
        QVERIFY(testsupport::close(w(0, 1), 0.1, 1e-4));
        QCOMPARE(w(0, 2), 0.0);
        // The second step uses the moments: a constant gradient keeps the step at η.
        adam.step({&w}, {&g});
        QVERIFY(testsupport::close(w(0, 0), -0.2, 1e-7));
    }

    void aStepLowersTheLossOfItsBatch() {
        TrainingConfig config = defaultTrainingConfig(TrainingTask::PreviousToken, 3);
        config.optimizer = {OptimizerKind::Sgd, 0.05};
        config.batch = 1;
        Trainer trainer(config);
        const Evaluation before = trainer.evaluate();
        for (int i = 0; i < 20; ++i)
            trainer.step();
        QVERIFY(trainer.evaluate().loss < before.loss);
        QCOMPARE(trainer.steps(), 20);
    }

    void defaultsLearnEveryTask_data() {
        QTest::addColumn<TrainingTask>("task");
        QTest::newRow("previous-token") << TrainingTask::PreviousToken;
        QTest::newRow("first-token") << TrainingTask::FirstToken;
        QTest::newRow("match") << TrainingTask::Match;
    }

    void defaultsLearnEveryTask() {
        // The issue: with the defaults, previous-token reaches accuracy ≥ 0.95 in ≤ 2000 steps
        // and ≤ 10 s. The other tasks are held to the same.
        QFETCH(TrainingTask, task);
        Trainer trainer(defaultTrainingConfig(task, 1));
        QVERIFY(trainer.evaluate().accuracy < 0.5); // small random weights: nearly uniform
        QElapsedTimer clock;
        clock.start();
        int reached = -1;
        while (trainer.steps() < 2000 && reached < 0) {
            trainer.step();
            if (trainer.steps() % 10 == 0 && trainer.evaluate().accuracy >= 0.95)
                reached = trainer.steps();
        }
        const double seconds = clock.elapsed() / 1000.0;
        qInfo("%s: accuracy >= 0.95 after %d steps, %.3f s", taskName(task), reached, seconds);
        QVERIFY2(reached > 0, "never reached 0.95");
        QVERIFY(seconds <= 10.0);
        // The watched sentence's weights follow: the largest weight on the right key.
        const AttentionInputs watched = trainer.watched();
        const TaskExample example = watchedExample(task, trainer.config().positional);
        QVERIFY(correctFraction(example.rightKey, compute(watched).heads[0].weights()) >= 0.85);
        QVERIFY(gradient(watched).loss < 0.5 * watched.target.squaredNorm());
    }
};

QTEST_GUILESS_MAIN(TestTraining)
#include "test_training.moc"
