// SPDX-License-Identifier: GPL-3.0-or-later
// Take a head apart: the workbench inputs built from one head (or a whole layer) of a run must
// give, through the workbench's own computation, the run's q, k, v, weights and head outputs,
// and as final output the head's contribution to the layer (its Wo rows), or the layer's
// attn_out. Checked against the PyTorch reference runs of every family (biases: GPT-2, BERT,
// Qwen2; half-split RoPE with θ and grouped-query attention: Llama and Qwen2; Llama 3's scaled
// RoPE, Mistral's window, Qwen3's and Gemma 3's QK norm, Gemma 2's soft cap and query scale,
// Phi-3's partial RoPE).

#include "Attention.h"
#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "io/Session.h"
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
        for (const char *name : kFamilyModels)
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
                    QCOMPARE(in.options.rope, attn::layerRope(c, layer));
                }
                const attn::LayerWeights &lw = checkpoint->weights().layers[std::size_t(layer)];
                QCOMPARE(in.heads[0].hasBiases(), lw.q.bias.present() || lw.qkv.bias.present());
                QCOMPARE(in.options.qkNorm, c.features.qkNorm);
                QCOMPARE(in.options.softcap, c.features.attnSoftcap);
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

    // Every head of the newer families against the reference file itself (q and k after the
    // QK norm and RoPE, the weights after the soft cap and the window), and through a session
    // file: what a teacher saves and opens again computes the same.
    void familiesMatchTheReferenceFile_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kFamilyModels)
            QTest::newRow(name) << QString(name);
    }

    void familiesMatchTheReferenceFile() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const QJsonObject ref = readJsonObject(modelDir(model) + "/reference.json");
        const attn::RunPtr run = attn::runModel(*checkpoint, jsonIds(ref["ids"]));
        const auto tokens = labels(run->ids.size());
        const QJsonArray layers = ref["layers"].toArray();
        QCOMPARE(layers.size(), qsizetype(checkpoint->config().layers));
        for (qsizetype l = 0; l < layers.size(); ++l) {
            const QJsonArray heads = layers[l].toObject()["heads"].toArray();
            for (qsizetype h = 0; h < heads.size(); ++h) {
                const attn::AttentionInputs in =
                    attn::takeApart(*checkpoint, *run, tokens, int(l), int(h));
                const attn::Session saved = attn::sessionFromJson(attn::sessionToJson(in, {}, {}));
                QVERIFY(saved.inputs == in);
                const attn::AttentionResult r = attn::compute(saved.inputs);
                const QJsonObject head = heads[h].toObject();
                const QString at = QString("%1 layer %2 head %3").arg(model).arg(l).arg(h);
                CHECK_CLOSE(r.heads[0].Q, jsonMatrix(head["q"]), at + " q");
                CHECK_CLOSE(r.heads[0].K, jsonMatrix(head["k"]), at + " k");
                CHECK_CLOSE(r.heads[0].V, jsonMatrix(head["v"]), at + " v");
                CHECK_CLOSE(r.heads[0].weights(), jsonMatrix(head["weights"]), at + " weights");
                CHECK_CLOSE(r.heads[0].output, jsonMatrix(head["output"]), at + " output");
            }
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
