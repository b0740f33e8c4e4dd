// SPDX-License-Identifier: GPL-3.0-or-later
// Take a head apart: the workbench inputs built from one head (or a whole layer) of a run must
// give, through the workbench's own computation, the run's q, k, v, weights and head outputs,
// and as final output the head's contribution to the layer (its Wo rows), or the layer's
// attn_out. Checked against the PyTorch reference runs of all four families (biases: GPT-2,
// BERT, Qwen2; half-split RoPE with θ and grouped-query attention: Llama and Qwen2).

#include "Attention.h"
#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "support/ModelSupport.h"
#include "transformer/Forward.h"
#include "transformer/TakeApart.h"

#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

constexpr double kTolerance = 1e-9;

std::vector<std::string> labels(std::size_t n) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i)
        out.push_back("tok" + std::to_string(i));
    return out;
}

#define CHECK_CLOSE(actual, expected, what)                                                        \
    do {                                                                                           \
        const double e_ = relativeError((actual), (expected));                                     \
        QVERIFY2(e_ < kTolerance, qPrintable(QString("%1: relative error %2").arg(what).arg(e_))); \
    } while (0)

} // namespace

class TestTakeApart : public QObject {
    Q_OBJECT

private slots:
    void headsMatchTheReference_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
        QTest::newRow("gpt2-tiny-bf16") << "gpt2-tiny-bf16";
    }

    void headsMatchTheReference() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        // The BF16 variant has no reference file of its own: it runs gpt2-tiny's ids.
        const QString referenceOf = model.endsWith("-bf16") ? "gpt2-tiny" : model;
        const QJsonObject ref = readJsonObject(modelDir(referenceOf) + "/reference.json");
        const attn::RunPtr run = attn::runModel(*checkpoint, jsonIds(ref["ids"]));
        QVERIFY(!run->ids.empty());
        const auto tokens = labels(run->ids.size());
        const attn::ModelConfig &c = checkpoint->config();
        for (int layer = 0; layer < int(c.layers); ++layer) {
            const attn::LayerRun &lr = run->layers[std::size_t(layer)];
            // The run itself (already checked against the reference by test_forward) is what
            // the heads must equal; the BF16 variant has no reference of its own.
            attn::Matrix contributions = attn::Matrix::Zero(lr.x.rows(), lr.x.cols());
            for (int head = 0; head < int(c.heads); ++head) {
                const attn::AttentionInputs in =
                    attn::takeApart(*checkpoint, *run, tokens, layer, head);
                QCOMPARE(in.heads.size(), std::size_t(1));
                QCOMPARE(in.tokens, tokens);
                QCOMPARE(in.options.causal, c.decoder());
                const bool rope = c.features.rope;
                QCOMPARE(in.options.positional,
                         rope ? attn::Positional::Rope : attn::Positional::None);
                if (rope) {
                    QCOMPARE(in.options.rope.style, attn::RopeStyle::HalfSplit);
                    QCOMPARE(in.options.rope.theta, c.features.ropes.theta);
                }
                QCOMPARE(in.heads[0].hasBiases(), c.family != attn::ModelFamily::Llama);
                const attn::AttentionResult r = attn::compute(in);
                const attn::HeadRun &h = lr.heads[std::size_t(head)];
                const QString at = QString("%1 layer %2 head %3").arg(model).arg(layer).arg(head);
                CHECK_CLOSE(r.heads[0].Q, h.q, at + " q");
                CHECK_CLOSE(r.heads[0].K, h.k, at + " k");
                CHECK_CLOSE(r.heads[0].V, h.v, at + " v");
                CHECK_CLOSE(r.heads[0].weights(), h.weights, at + " weights");
                CHECK_CLOSE(r.heads[0].output, h.output, at + " output");
                QCOMPARE(r.output().rows(), lr.x.rows());
                QCOMPARE(r.output().cols(), lr.x.cols());
                contributions += r.output();
            }
            // The heads' contributions and the projection's bias add up to the layer's output.
            attn::AttentionInputs whole = attn::takeApart(*checkpoint, *run, tokens, layer, -1);
            QCOMPARE(whole.heads.size(), std::size_t(c.heads));
            if (whole.bo.size() > 0)
                contributions.rowwise() += whole.bo.row(0);
            CHECK_CLOSE(contributions, lr.attnOut, model + " contributions");
            const attn::AttentionResult all = attn::compute(whole);
            CHECK_CLOSE(all.output(), lr.attnOut, model + " layer output");
            for (int head = 0; head < int(c.heads); ++head)
                CHECK_CLOSE(all.heads[std::size_t(head)].weights(),
                            lr.heads[std::size_t(head)].weights, model + " layer weights");
            // Grouped-query attention: the heads of a group share their key/value head.
            if (c.kvHeads < c.heads)
                QCOMPARE(whole.heads.back().kvGroup, int(c.kvHeads - 1));
        }
    }

    // The layer's heads against the reference file itself, not only the run.
    void layerMatchesTheReferenceFile() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("qwen2-bias-tiny"));
        const QJsonObject ref = readJsonObject(modelDir("qwen2-bias-tiny") + "/reference.json");
        const attn::RunPtr run = attn::runModel(*checkpoint, jsonIds(ref["ids"]));
        const QJsonObject layer = ref["layers"].toArray()[1].toObject();
        const attn::AttentionInputs in =
            attn::takeApart(*checkpoint, *run, labels(run->ids.size()), 1, -1);
        const attn::AttentionResult r = attn::compute(in);
        CHECK_CLOSE(r.output(), jsonMatrix(layer["attn_out"]), "attn_out");
        const QJsonArray heads = layer["heads"].toArray();
        for (qsizetype h = 0; h < heads.size(); ++h) {
            CHECK_CLOSE(r.heads[std::size_t(h)].Q, jsonMatrix(heads[h].toObject()["q"]), "q");
            CHECK_CLOSE(r.heads[std::size_t(h)].K, jsonMatrix(heads[h].toObject()["k"]), "k");
        }
    }

    void badRequestsAreRefused() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("gpt2-tiny"));
        const attn::RunPtr run = attn::runModel(*checkpoint, {1, 2, 3});
        const auto tokens = labels(3);
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::takeApart(*checkpoint, *run, tokens, 99, 0));
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::takeApart(*checkpoint, *run, tokens, 0, 99));
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::takeApart(*checkpoint, *run, labels(2), 0, 0));
    }

    // Heads whose attention the workbench does not compute yet are refused by name, never taken
    // apart into something the model does not compute; a window and a query scale pass through.
    void unsupportedFeaturesAreNamed_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("message");
        QTest::newRow("qwen3") << "qwen3-tiny"
                               << "qwen3's heads use the per-head norm of q and k";
        QTest::newRow("gemma2") << "gemma2-tiny"
                                << "gemma2's heads use soft-capped scores";
        QTest::newRow("llama3") << "llama3-tiny"
                                << "RoPE with scaled frequencies";
        QTest::newRow("mistral") << "mistral-tiny"
                                 << "";
        QTest::newRow("phi3") << "phi3-tiny"
                              << "";
    }

    void unsupportedFeaturesAreNamed() {
        QFETCH(QString, model);
        QFETCH(QString, message);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const QJsonObject ref = readJsonObject(modelDir(model) + "/reference.json");
        const std::vector<std::int64_t> ids = jsonIds(ref["ids"]);
        const attn::RunPtr run = attn::runModel(*checkpoint, ids);
        std::vector<std::string> tokens;
        for (std::size_t i = 0; i < ids.size(); ++i)
            tokens.push_back("t" + std::to_string(i));
        if (message.isEmpty()) {
            // Mistral's and Phi-3's windows: the head taken apart computes the run's weights.
            const attn::AttentionInputs in = attn::takeApart(*checkpoint, *run, tokens, 0, 1);
            const attn::AttentionResult r = attn::compute(in);
            CHECK_CLOSE(r.heads[0].weights(), run->layers[0].heads[1].weights, model + " weights");
            CHECK_CLOSE(r.heads[0].output, run->layers[0].heads[1].output, model + " output");
            return;
        }
        try {
            attn::takeApart(*checkpoint, *run, tokens, 0, 0);
            QFAIL("taken apart");
        } catch (const attn::InputError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
        }
    }

    // A layer over the workbench's limits (32 heads; at most 16) says why; its heads still fit.
    void largeLayersSayWhy() {
        attn::ModelConfig c;
        c.family = attn::ModelFamily::Llama;
        c.layers = 22;
        c.heads = 32;
        c.kvHeads = 4;
        c.dModel = 2048;
        c.headDim = 64;
        const std::string why = attn::layerTooLarge(c, 11);
        QVERIFY(!why.empty());
        QVERIFY2(QString::fromStdString(why).contains("16"), why.c_str());
        c.heads = 12;
        c.kvHeads = 12;
        c.dModel = 768;
        QVERIFY(attn::layerTooLarge(c, 11).empty());
    }
};

QTEST_GUILESS_MAIN(TestTakeApart)
#include "test_take_apart.moc"
