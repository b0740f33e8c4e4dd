// SPDX-License-Identifier: GPL-3.0-or-later
// Training a small GPT-2 from scratch (DecoderTraining): the loss goes down, a seed gives the
// same numbers, a saved run resumes to exactly the numbers of one that never stopped, and the
// sizes are capped.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "support/ModelSupport.h"
#include "tokenizer/BpeTrainer.h"
#include "transformer/DecoderTraining.h"
#include "transformer/Forward.h"
#include "transformer/RunJson.h"

#include <QJsonDocument>

#include <QTemporaryDir>
#include <QtTest>

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
    void resumesExactly() {
        QTemporaryDir dir;
        attn::DecoderTraining straight(tinyInduction(), {});
        for (int i = 0; i < 7; ++i)
            straight.step();
        attn::DecoderTraining first(tinyInduction(), {});
        for (int i = 0; i < 4; ++i)
            first.step();
        first.saveState(dir.path());
        attn::DecoderTraining resumed = attn::DecoderTraining::resume(dir.path(), {});
        QCOMPARE(resumed.steps(), 4);
        QCOMPARE(resumed.settings(), tinyInduction());
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

    // The written folder is a GPT-2 checkpoint: runModel runs it to what the training forward
    // gives on the same (F32) numbers, to 1e-12, and to the training's own double numbers to
    // F32's precision. Attention-only models and full ones.
    void writtenFolderRuns_data() {
        QTest::addColumn<bool>("attentionOnly");
        QTest::newRow("attention-only") << true;
        QTest::newRow("with MLPs") << false;
    }

    void writtenFolderRuns() {
        QFETCH(bool, attentionOnly);
        attn::TrainingSettings s = tinyInduction();
        s.attentionOnly = attentionOnly;
        s.vocab = 257;
        s.inductionFirst = 32;
        attn::DecoderTraining t(s, {});
        for (int i = 0; i < 5; ++i)
            t.step();
        QTemporaryDir dir;
        t.saveCheckpoint(dir.path(), attn::trainByteLevelBpe(QString(), 257));
        const auto checkpoint = attn::Checkpoint::open(dir.path());
        QCOMPARE(checkpoint->config().ffn, attentionOnly ? 1 : 64);
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
