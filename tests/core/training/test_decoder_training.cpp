// SPDX-License-Identifier: GPL-3.0-or-later
// Training a small GPT-2 from scratch (DecoderTraining): the loss goes down, a seed gives the
// same numbers, a saved run resumes to exactly the numbers of one that never stopped, and the
// sizes are capped.

#include "InputError.h"
#include "Parallel.h"
#include "checkpoint/Checkpoint.h"
#include "lessons/CircuitLesson.h"
#include "networkreadings/HeadScores.h"
#include "support/ModelSupport.h"
#include "tokenizer/BpeTrainer.h"
#include "training/DecoderTraining.h"
#include "transformer/Forward.h"
#include "transformer/Interventions.h"
#include "transformer/RunJson.h"

#include <QJsonDocument>

#include <QTemporaryDir>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

attn::TrainingSettings tinyInduction() {
    attn::TrainingSettings s;
    s.data = attn::TrainingData::Induction;
    s.layers = 2;
    s.heads = 2;
    s.dModel = 16;
    s.attentionOnly = true;
    s.vocab = 20;
    s.inductionTokens = 16;
    s.sequenceLength = 16;
    s.batch = 4;
    s.learningRate = 3e-3;
    s.seed = 11;
    return s;
}

// The induction task at a size that forms its circuit in seconds (about 700 steps, 2 s; seeds
// 1 and 2 take as many): 2 layers of 2 heads, d 32, the 26 letters, sequences of 24 with 6
// copied pairs, the rest as the defaults.
attn::TrainingSettings smallCircuit() {
    attn::TrainingSettings s = attn::inductionDefaults();
    s.heads = 2;
    s.dModel = 32;
    s.sequenceLength = 24;
    s.inductionPairs = 6;
    s.seed = 3;
    return s;
}

bool sameParameters(const attn::DecoderParameters &a, const attn::DecoderParameters &b) {
    const auto x = a.tensors(), y = b.tensors();
    if (x.size() != y.size())
        return false;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (x[i]->name != y[i]->name || x[i]->value != y[i]->value)
            return false;
    return true;
}

} // namespace

class TestDecoderTraining : public QObject {
    Q_OBJECT

private slots:
    void lossGoesDown() {
        attn::DecoderTraining t(tinyInduction(), {});
        const double first = t.step();
        QVERIFY(std::abs(first - std::log(20.0)) < 0.3); // about uniform at the start
        double last = first;
        for (int i = 0; i < 99; ++i)
            last = t.step();
        QVERIFY2(last < first - 0.1, qPrintable(QString("%1 → %2").arg(first).arg(last)));
        QCOMPARE(t.steps(), 100);
    }

    void corpusLossGoesDown() {
        attn::TrainingSettings s = tinyInduction();
        s.data = attn::TrainingData::Corpus;
        s.attentionOnly = false;
        std::vector<std::int64_t> corpus;
        for (int i = 0; i < 400; ++i)
            corpus.push_back((i * 7) % 20); // a cycle: each token predicts the next
        attn::DecoderTraining t(s, corpus);
        const double first = t.step();
        double last = first;
        for (int i = 0; i < 60; ++i)
            last = t.step();
        QVERIFY2(last < first / 2, qPrintable(QString("%1 → %2").arg(first).arg(last)));
    }

    // --bos: every window is the start id and then sequenceLength − 1 consecutive corpus tokens;
    // the same seed without it draws plain windows of sequenceLength tokens. The id survives
    // training.json, and one beyond the vocabulary is refused.
    void windowsStartWithTheStartId() {
        attn::TrainingSettings s = tinyInduction();
        s.data = attn::TrainingData::Corpus;
        s.attentionOnly = false;
        std::vector<std::int64_t> corpus;
        for (int i = 0; i < 400; ++i)
            corpus.push_back(i % 19); // ids 0 … 18: 19 never occurs in the corpus
        const attn::DecoderTraining plain(s, corpus);
        s.windowStartId = 19;
        const attn::DecoderTraining started(s, corpus);
        const auto T = std::size_t(s.sequenceLength);
        for (std::int64_t step = 0; step < 3; ++step) {
            const std::vector<std::int64_t> ids = started.batch(step), other = plain.batch(step);
            QCOMPARE(ids.size(), std::size_t(s.batch) * T);
            for (std::size_t b = 0; b < std::size_t(s.batch); ++b) {
                QCOMPARE(ids[b * T], std::int64_t(19));
                for (std::size_t i = 2; i < T; ++i) // consecutive tokens of the corpus
                    QCOMPARE(ids[b * T + i], (ids[b * T + i - 1] + 1) % 19);
                QVERIFY(other[b * T] != 19);
            }
        }
        const QJsonObject saved = attn::trainingSettingsJson(s);
        QCOMPARE(saved["window_start_id"].toInt(), 19);
        QCOMPARE(attn::trainingSettingsFromJson(saved, "t.json"), s);
        QVERIFY(!attn::trainingSettingsJson(plain.settings()).contains("window_start_id"));
        QCOMPARE(
            attn::trainingSettingsFromJson(attn::trainingSettingsJson(plain.settings()), "t.json")
                .windowStartId,
            std::int64_t(-1));
        s.windowStartId = 20; // the vocabulary is 20
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::DecoderTraining(s, corpus));
    }

    void sameSeedSameNumbers() {
        attn::DecoderTraining a(tinyInduction(), {}), b(tinyInduction(), {});
        for (int i = 0; i < 5; ++i)
            QCOMPARE(a.step(), b.step());
        QVERIFY(sameParameters(a.parameters(), b.parameters()));
        attn::TrainingSettings other = tinyInduction();
        other.seed = 12;
        attn::DecoderTraining c(other, {});
        QVERIFY(!sameParameters(a.parameters(), c.parameters()));
    }

    // 4 steps, saved, resumed, 3 more: bit for bit the 7 steps of a run that never stopped.
    void resumesExactly_data() {
        QTest::addColumn<bool>("planted");
        QTest::newRow("first layout") << false;
        // The planted task with its warm-up (the rate depends on the step), own LM head and
        // loss flags: resumed mid-warm-up, still the same numbers.
        QTest::newRow("planted, warm-up") << true;
    }

    void resumesExactly() {
        QFETCH(bool, planted);
        attn::TrainingSettings s = tinyInduction();
        if (planted) {
            s = smallCircuit();
            s.dModel = 16;
            s.sequenceLength = 12;
            s.inductionPairs = 3;
            s.batch = 4;
            s.warmup = 6;
        }
        QTemporaryDir dir;
        attn::DecoderTraining straight(s, {});
        for (int i = 0; i < 7; ++i)
            straight.step();
        attn::DecoderTraining first(s, {});
        for (int i = 0; i < 4; ++i)
            first.step();
        first.saveState(dir.path());
        attn::DecoderTraining resumed = attn::DecoderTraining::resume(dir.path(), {});
        QCOMPARE(resumed.steps(), 4);
        QCOMPARE(resumed.settings(), s);
        QVERIFY(sameParameters(resumed.parameters(), first.parameters()));
        for (int i = 0; i < 3; ++i)
            resumed.step();
        QCOMPARE(resumed.loss(), straight.loss());
        QVERIFY(sameParameters(resumed.parameters(), straight.parameters()));
    }

    void scoresEveryHead() {
        attn::DecoderTraining t(tinyInduction(), {});
        const std::vector<attn::HeadScores> scores = t.heldOutScores(3);
        QCOMPARE(scores.size(), std::size_t(4));
        for (const attn::HeadScores &s : scores)
            QVERIFY(s.induction > 0 && s.induction < 1 && s.previousToken > 0);
        const attn::RunPtr run = t.run({1, 2, 3, 1, 2, 3});
        QCOMPARE(run->layers.size(), std::size_t(2));
        QCOMPARE(run->logits.cols(), 20);
    }

    // The induction task's circuit forms: a previous-token head in layer 0, then an induction
    // head in layer 1 (the old layout, a segment repeated at the end with the loss over every
    // position, stayed on its plateau for thousands of steps). Zeroing the previous-token head
    // breaks it, as zeroing it in a run of the written checkpoint does (Intervention::zero).
    void inductionCircuitForms() {
        attn::DecoderTraining t(qEnvironmentVariableIsEmpty("ATTNVIZ_TRAIN_DEFAULTS")
                                    ? smallCircuit()
                                    : attn::inductionDefaults(),
                                {});
        const bool print = !qEnvironmentVariableIsEmpty("ATTNVIZ_TRAIN_PRINT");
        attn::setThreadCount(1); // small products: threads would only wait for each other
        for (int i = 0; i < 1000; ++i) {
            t.step();
            if (print && t.steps() % 50 == 0) {
                const attn::CircuitReadings p = t.circuitReadings();
                qInfo("step %lld loss %.3f induction %.3f (L%dH%d) previous %.3f ablated %.3f",
                      static_cast<long long>(p.step), t.loss(), p.inductionScore, p.inductionLayer,
                      p.inductionHead, p.previousScore, p.ablatedInduction);
            }
        }
        const attn::CircuitReadings r = t.circuitReadings();
        QVERIFY2(r.inductionScore > 0.8, qPrintable(QString::number(r.inductionScore)));
        QCOMPARE(r.inductionLayer, 1);
        QVERIFY(r.previousScore > 0.5);
        // The repeat's loss well under a guess's (ln 26 = 3.26; held-out repeats are longer
        // than the pairs trained on); without the previous-token head the induction head
        // loses its place and the loss rises, more than without the other head of layer 0.
        const QString numbers = QString("loss %1, ablated %2 (%3), control %4 (%5)")
                                    .arg(r.loss)
                                    .arg(r.ablatedLoss)
                                    .arg(r.ablatedInduction)
                                    .arg(r.controlLoss)
                                    .arg(r.controlInduction);
        QVERIFY2(r.loss < 0.6 * std::log(26.0), qPrintable(numbers));
        QVERIFY2(r.ablatedInduction < r.inductionScore - 0.1, qPrintable(numbers));
        QVERIFY2(r.ablatedLoss > r.loss + 0.5, qPrintable(numbers));
        attn::setThreadCount(0);
    }

    // The lesson "How a circuit forms": five steps, each stating the readings' numbers, and
    // saying "not formed yet" (no numbers made up) before the induction head is there.
    void lessonStepsShowTheNumbers() {
        attn::CircuitReadings r;
        r.step = 900;
        r.tokens = 26;
        r.loss = 0.412;
        r.previousLayer = 0;
        r.previousHead = 2;
        r.previousScore = 0.87;
        r.inductionLayer = 1;
        r.inductionHead = 3;
        r.inductionScore = 0.84;
        r.exampleQuery = 20;
        r.exampleKey = 6;
        r.queryToken = 32;
        r.nextToken = 33;
        r.exampleInductionWeight = 0.93;
        r.examplePreviousWeight = 0.91;
        r.ablatedInduction = 0.19;
        r.ablatedLoss = 2.65;
        r.controlHead = 1;
        r.controlInduction = 0.83;
        r.controlLoss = 0.52;
        const auto name = [](std::int64_t id) { return QString(QChar(char16_t('!' + id))); };
        const std::vector<LessonStep> steps = attn::circuitLessonSteps(r, name);
        QCOMPARE(steps.size(), std::size_t(5));
        QVERIFY(steps[0].html.contains("3.26") && steps[0].html.contains("0.412"));
        QVERIFY(steps[1].html.contains("L0H2") && steps[1].html.contains("87%"));
        QVERIFY(steps[2].html.contains("L1H3") && steps[2].html.contains("0.84") &&
                steps[2].html.contains("93%") && steps[2].html.contains("\u201cA\u201d") &&
                steps[2].html.contains("\u201cB\u201d"));
        QVERIFY(steps[3].html.contains("K-composition") && steps[3].html.contains("91%"));
        for (const char *number : {"0.84", "0.412", "0.19", "2.65", "0.83", "0.52", "L0H1"})
            QVERIFY2(steps[4].html.contains(number), number);
        for (const LessonStep &step : steps)
            QVERIFY(!step.html.contains("Not formed yet"));

        attn::CircuitReadings early = r;
        early.inductionScore = 0.12;
        early.previousScore = 0.2;
        const std::vector<LessonStep> before = attn::circuitLessonSteps(early, name);
        for (std::size_t i = 1; i < before.size(); ++i)
            QVERIFY2(before[i].html.contains("Not formed yet"), qPrintable(before[i].html));
        QVERIFY(!before[4].html.contains("2.65"));
        // Nothing read yet (before the first step): no number at all, and no crash.
        const std::vector<LessonStep> none = attn::circuitLessonSteps({}, name);
        QCOMPARE(none.size(), std::size_t(5));
    }

    // The planted task's batches: a start token, the task's tokens, and the loss counting
    // exactly the positions whose next token an earlier occurrence decides.
    void plantedBatches() {
        const attn::TrainingSettings s = smallCircuit();
        const attn::DecoderTraining t(s, {});
        const std::vector<std::int64_t> ids = t.batch(5);
        QCOMPARE(std::int64_t(ids.size()), s.batch * s.sequenceLength);
        QCOMPARE(t.batch(5), ids); // a function of the step
        const std::vector<char> counted = t.counted(ids);
        QCOMPARE(counted.size(), ids.size());
        const auto T = std::size_t(s.sequenceLength);
        int total = 0;
        for (std::size_t b = 0; b < ids.size() / T; ++b) {
            const std::size_t begin = b * T;
            QCOMPARE(ids[begin], s.vocab - 1);
            int flagged = 0;
            for (std::size_t i = 1; i < T; ++i) {
                QVERIFY(ids[begin + i] >= s.inductionFirst &&
                        ids[begin + i] < s.inductionFirst + s.inductionTokens);
                std::size_t j = 0;
                bool seen = false;
                for (std::size_t k = 0; k < i; ++k)
                    if (ids[begin + k] == ids[begin + i]) {
                        j = k;
                        seen = true;
                    }
                const bool decided = i + 1 < T && seen && ids[begin + j + 1] == ids[begin + i + 1];
                QCOMPARE(counted[begin + i] != 0, decided);
                flagged += decided;
            }
            QVERIFY(flagged >= 1); // the pairs copied (a later pair may overwrite one)
            total += flagged;
        }
        QVERIFY(total >= int(ids.size() / T) * 3);
        // The loss is the mean over those positions only.
        attn::DecoderPass pass;
        attn::DecoderTraining copy(s, {});
        const double all = pass.forward(copy.parameters(), ids, s.batch);
        const double some = pass.forward(copy.parameters(), ids, s.batch, counted);
        QVERIFY(std::isfinite(all) && std::isfinite(some) && all != some);
    }

    // Settings written before the planted task (no induction_pairs, warmup, tied_head) read
    // as the run they were: the old layout, no warm-up, a tied head.
    void olderSettingsReadAsBefore() {
        QJsonObject o = attn::trainingSettingsJson(tinyInduction());
        QCOMPARE(attn::trainingSettingsFromJson(o, "t.json"), tinyInduction());
        o.remove("induction_pairs");
        o.remove("warmup");
        o.remove("tied_head");
        const attn::TrainingSettings old = attn::trainingSettingsFromJson(o, "t.json");
        QCOMPARE(old.inductionPairs, std::int64_t(0));
        QCOMPARE(old.warmup, std::int64_t(0));
        QVERIFY(old.tiedHead);
        const attn::TrainingSettings defaults = attn::inductionDefaults();
        QCOMPARE(attn::trainingSettingsFromJson(attn::trainingSettingsJson(defaults), "t.json"),
                 defaults);
    }

    // The readings' ablation is Intervention::zero of the previous-token head in a run of the
    // written checkpoint (the microscope's), and the readings' scores are those of the runs.
    void ablationIsTheMicroscopes() {
        attn::DecoderTraining t(smallCircuit(), {});
        for (int i = 0; i < 60; ++i)
            t.step();
        const attn::CircuitReadings r = t.circuitReadings(4);
        QVERIFY(r.previousHead >= 0 && r.inductionLayer == 1 && r.controlHead >= 0);
        QTemporaryDir dir;
        t.saveCheckpoint(dir.path(), attn::trainByteLevelBpe(QString(), 257));
        const auto checkpoint = attn::Checkpoint::open(dir.path());
        QVERIFY(!checkpoint->config().tiedEmbeddings);
        const std::vector<std::int64_t> ids = t.heldOut(4);
        const auto length = std::size_t(t.heldOutLength());
        double plain = 0, ablated = 0;
        attn::Interventions zero;
        zero.edits.push_back(attn::Intervention::zero(0, r.previousHead));
        for (std::size_t b = 0; b < 4; ++b) {
            const std::vector<std::int64_t> sequence(ids.begin() + std::ptrdiff_t(b * length),
                                                     ids.begin() +
                                                         std::ptrdiff_t((b + 1) * length));
            plain += attn::headScores(
                         *attn::runModel(*checkpoint, sequence))[1][std::size_t(r.inductionHead)]
                         .induction /
                     4;
            ablated += attn::headScores(*attn::runModel(*checkpoint, sequence,
                                                        zero))[1][std::size_t(r.inductionHead)]
                           .induction /
                       4;
        }
        QVERIFY2(std::abs(plain - r.inductionScore) < 1e-4,
                 qPrintable(QString("%1 %2").arg(plain).arg(r.inductionScore)));
        QVERIFY2(std::abs(ablated - r.ablatedInduction) < 1e-4,
                 qPrintable(QString("%1 %2").arg(ablated).arg(r.ablatedInduction)));
        QVERIFY(std::abs(ablated - plain) > 1e-6); // the ablation changes something
    }

    // The written folder is a GPT-2 checkpoint: runModel runs it to what the training forward
    // gives on the same (F32) numbers, to 1e-12, and to the training's own double numbers to
    // F32's precision. Attention-only models, full ones, one with its own LM head.
    void writtenFolderRuns_data() {
        QTest::addColumn<bool>("attentionOnly");
        QTest::addColumn<bool>("tied");
        QTest::newRow("attention-only") << true << true;
        QTest::newRow("with MLPs") << false << true;
        QTest::newRow("own LM head") << true << false;
    }

    void writtenFolderRuns() {
        QFETCH(bool, attentionOnly);
        QFETCH(bool, tied);
        attn::TrainingSettings s = tinyInduction();
        s.attentionOnly = attentionOnly;
        s.tiedHead = tied;
        s.vocab = 257;
        s.inductionFirst = 32;
        attn::DecoderTraining t(s, {});
        for (int i = 0; i < 5; ++i)
            t.step();
        QTemporaryDir dir;
        t.saveCheckpoint(dir.path(), attn::trainByteLevelBpe(QString(), 257));
        const auto checkpoint = attn::Checkpoint::open(dir.path());
        QCOMPARE(checkpoint->config().ffn, attentionOnly ? 1 : 64);
        QCOMPARE(checkpoint->config().tiedEmbeddings, tied);
        const std::vector<std::int64_t> ids{32, 40, 33, 50, 32, 40, 33, 50, 7};
        const attn::RunPtr expected = attn::runModel(*checkpoint, ids);
        const attn::DecoderParameters loaded = attn::loadDecoderParameters(*checkpoint);
        QCOMPARE(loaded.attentionOnly, attentionOnly);
        attn::DecoderPass pass;
        pass.forward(loaded, ids, 1);
        const QJsonObject asJson = QJsonDocument::fromJson(attn::runToJson(*expected)).object();
        const QString error = compareRun(pass.run(), asJson, 1e-12);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(relativeError(t.run(ids)->logits, expected->logits) < 1e-5);
    }

    void refusals_data() {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("message");
        QTest::newRow("layers") << "layers"
                                << "--layers is 99: from 1 to 24 are supported";
        QTest::newRow("heads") << "heads"
                               << "--d-model 16 must be --heads 3 times an even head size";
        QTest::newRow("odd") << "sequence"
                             << "the induction task needs an even length";
        QTest::newRow("large") << "batch"
                               << "training this model would keep about";
    }

    void refusals() {
        QFETCH(QString, option);
        QFETCH(QString, message);
        attn::TrainingSettings s = tinyInduction();
        if (option == "layers")
            s.layers = 99;
        else if (option == "heads")
            s.heads = 3;
        else if (option == "sequence")
            s.sequenceLength = 15;
        else
            s = {attn::TrainingData::Induction, 24, 32, 2048, false, 65536, 2048, 1024};
        try {
            attn::DecoderTraining t(s, {});
            QFAIL("accepted");
        } catch (const attn::InputError &e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestDecoderTraining)
#include "test_decoder_training.moc"
