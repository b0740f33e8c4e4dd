// SPDX-License-Identifier: GPL-3.0-or-later
// The forward pass of whole checkpoints against the reference runs of
// tests/data/reference-models (PyTorch, float64): every stage of every layer of the four
// families to 1e-9 relative, the dtype paths (BF16, F16, F32, F64) and sharded loading, and
// the run's JSON in the reference layout.

#include "InputError.h"
#include "Limits.h"
#include "Parallel.h"
#include "checkpoint/Checkpoint.h"
#include "support/ModelSupport.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"
#include "transformer/RunJson.h"

#include <QJsonDocument>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

attn::RunPtr runOn(const QString &model, const std::vector<std::int64_t> &ids) {
    return attn::runModel(*attn::Checkpoint::open(modelDir(model)), ids);
}

QJsonObject reference(const QString &model) {
    return readJsonObject(modelDir(model) + "/reference.json");
}

} // namespace

class TestForward : public QObject {
    Q_OBJECT

private slots:
    void matchesTheReference_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("referenceOf");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name) << QString(name);
        for (const char *name : kFamilyModels)
            QTest::newRow(name) << QString(name) << QString(name);
        // The BF16 Llama widened to F32 holds the same numbers: the same reference applies.
        QTest::newRow("llama-gqa-tiny-f32") << "llama-gqa-tiny-f32"
                                            << "llama-gqa-tiny";
        QTest::newRow("gpt2-tiny-sharded") << "gpt2-tiny-sharded"
                                           << "gpt2-tiny";
    }

    void matchesTheReference() {
        QFETCH(QString, model);
        QFETCH(QString, referenceOf);
        const QJsonObject ref = reference(referenceOf);
        QVERIFY(!ref.isEmpty());
        const attn::RunPtr run = runOn(model, jsonIds(ref["ids"]));
        const QString error = compareRun(*run, ref);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // A file rounded to BF16 (or F16) and the same numbers stored as F32 (or F64) give the same
    // run bit for bit: each dtype is widened exactly.
    void dtypesAreWidenedExactly_data() {
        QTest::addColumn<QString>("narrow");
        QTest::addColumn<QString>("wide");
        QTest::addColumn<QString>("referenceOf");
        QTest::newRow("gpt2 bf16/f32") << "gpt2-tiny-bf16"
                                       << "gpt2-tiny-bf16-f32"
                                       << "gpt2-tiny";
        QTest::newRow("qwen2 f16/f64") << "qwen2-bias-tiny-f16"
                                       << "qwen2-bias-tiny-f16-f64"
                                       << "qwen2-bias-tiny";
        QTest::newRow("llama bf16/f32") << "llama-gqa-tiny"
                                        << "llama-gqa-tiny-f32"
                                        << "llama-gqa-tiny";
    }

    void dtypesAreWidenedExactly() {
        QFETCH(QString, narrow);
        QFETCH(QString, wide);
        QFETCH(QString, referenceOf);
        const std::vector<std::int64_t> ids = jsonIds(reference(referenceOf)["ids"]);
        const auto a = attn::Checkpoint::open(modelDir(narrow));
        const auto b = attn::Checkpoint::open(modelDir(wide));
        QVERIFY(a->dtype() != b->dtype());
        const attn::RunPtr x = attn::runModel(*a, ids), y = attn::runModel(*b, ids);
        QVERIFY(sameBits(x->logits, y->logits));
        for (std::size_t l = 0; l < x->layers.size(); ++l) {
            QVERIFY(sameBits(x->layers[l].hidden, y->layers[l].hidden));
            QVERIFY(sameBits(x->layers[l].heads[0].weights, y->layers[l].heads[0].weights));
        }
        // Rounded weights are near the originals: the run stays near the reference, not on it.
        const double error = relativeError(x->logits, jsonMatrix(reference(referenceOf)["logits"]));
        QVERIFY2(error < 0.1, qPrintable(QString::number(error)));
    }

    // The threads split the work in blocks of a fixed size: the same bits on any thread count.
    // The second run reads the weights again after the first released their pages.
    void threadsDoNotChangeTheBits() {
        const std::vector<std::int64_t> ids = jsonIds(reference("qwen2-bias-tiny")["ids"]);
        const auto checkpoint = attn::Checkpoint::open(modelDir("qwen2-bias-tiny"));
        attn::setThreadCount(1);
        const attn::RunPtr one = attn::runModel(*checkpoint, ids);
        attn::setThreadCount(4);
        const attn::RunPtr four = attn::runModel(*checkpoint, ids);
        attn::setThreadCount(0);
        QVERIFY(sameBits(one->logits, four->logits));
        QVERIFY(sameBits(one->layers[1].heads[3].weights, four->layers[1].heads[3].weights));
    }

    // The JSON of a run reads back to the same numbers, in the reference files' layout.
    void jsonReadsBackExactly() {
        const QJsonObject ref = reference("llama-gqa-tiny");
        const attn::RunPtr run = runOn("llama-gqa-tiny", jsonIds(ref["ids"]));
        const QJsonObject o = QJsonDocument::fromJson(attn::runToJson(*run)).object();
        QVERIFY(!o.isEmpty());
        const attn::Run back = runFromJson(o);
        QCOMPARE(back.ids, run->ids);
        QVERIFY(sameBits(back.logits, run->logits));
        QVERIFY(sameBits(back.final, run->final));
        QVERIFY(sameBits(back.layers[1].heads[5].q, run->layers[1].heads[5].q));
        QVERIFY(sameBits(back.layers[0].attnOut, run->layers[0].attnOut));
        QVERIFY(compareRun(back, ref).isEmpty());
    }

    void predictionsAreTheSoftmaxOfTheLogits() {
        const QJsonObject ref = reference("gpt2-tiny");
        const attn::RunPtr run = runOn("gpt2-tiny", jsonIds(ref["ids"]));
        const std::int64_t last = std::int64_t(run->ids.size()) - 1;
        const std::vector<attn::Prediction> top = attn::topPredictions(*run, last, 5);
        QCOMPARE(top.size(), std::size_t(5));
        const attn::RowVector row = run->logits.row(Eigen::Index(last));
        Eigen::Index best;
        row.maxCoeff(&best);
        QCOMPARE(top[0].id, std::int64_t(best));
        const double sum = (row.array() - row.maxCoeff()).exp().sum();
        QVERIFY(close(top[0].probability, 1.0 / sum));
        for (std::size_t i = 1; i < top.size(); ++i)
            QVERIFY(top[i].probability <= top[i - 1].probability);
    }

    void badIdsAreRefused_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QList<qint64>>("ids");
        QTest::addColumn<QString>("message");
        QTest::newRow("none") << "gpt2-tiny" << QList<qint64>{} << "no token ids";
        QTest::newRow("beyond the vocabulary")
            << "gpt2-tiny" << QList<qint64>{1, 300} << "token id 300 (at position 1)";
        QTest::newRow("negative") << "bert-tiny" << QList<qint64>{-1} << "token id -1";
        QTest::newRow("more than the positions")
            << "gpt2-tiny" << QList<qint64>(65, 1) << "more than the model's 64";
    }

    void badIdsAreRefused() {
        QFETCH(QString, model);
        QFETCH(QList<qint64>, ids);
        QFETCH(QString, message);
        try {
            runOn(model, std::vector<std::int64_t>(ids.begin(), ids.end()));
            QFAIL("no error");
        } catch (const attn::InputError &e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }

    // A run that would keep more numbers than kMaxRunValues is refused before it starts.
    void runValuesAreCapped() {
        attn::ModelConfig c;
        c.layers = 12;
        c.heads = 12;
        c.headDim = 64;
        c.dModel = 768;
        c.vocab = 50257;
        c.maxPositions = 4096;
        QVERIFY(attn::runValues(c, 128) < attn::kMaxRunValues);
        QVERIFY(attn::runValues(c, 2048) > attn::kMaxRunValues);
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::checkRunIds(c, std::vector<std::int64_t>(2048, 0)));
    }
};

QTEST_GUILESS_MAIN(TestForward)
#include "test_forward.moc"
