// SPDX-License-Identifier: GPL-3.0-or-later
// The training forward and the hand-written backward of whole decoders (DecoderPass) against
// the reference runs of tests/data/reference-models (PyTorch autograd, float64): the loss and
// the gradient of every tensor to 1e-9 relative, the forward against runModel to 1e-12, and
// the gradient against central finite differences.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "support/ModelSupport.h"
#include "transformer/DecoderGradientJson.h"
#include "transformer/DecoderParameters.h"
#include "transformer/DecoderPass.h"
#include "transformer/Forward.h"
#include "transformer/RunJson.h"

#include <QJsonDocument>
#include <QtTest>

#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

const char *const kDecoders[] = {"gpt2-tiny", "llama-gqa-tiny", "qwen2-bias-tiny"};

attn::DecoderParameters load(const QString &model) {
    return attn::loadDecoderParameters(*attn::Checkpoint::open(modelDir(model)));
}

QJsonObject reference(const QString &model) {
    return readJsonObject(modelDir(model) + "/reference.json");
}

double lossOf(const attn::DecoderParameters &p, const std::vector<std::int64_t> &ids) {
    attn::DecoderPass pass;
    return pass.forward(p, ids, 1);
}

} // namespace

class TestDecoderPass : public QObject {
    Q_OBJECT

private slots:
    void gradientMatchesTheReference_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kDecoders)
            QTest::newRow(name) << QString(name);
        for (const char *name : kFamilyModels)
            QTest::newRow(name) << QString(name);
    }

    // Every tensor of the file has a gradient, named as the file names it, within 1e-9 of
    // PyTorch's (max |a − b| / max |b|); a tied head's embeddings hold both uses.
    void gradientMatchesTheReference() {
        QFETCH(QString, model);
        const QJsonObject ref = reference(model);
        const attn::DecoderParameters p = load(model);
        attn::DecoderParameters g;
        const double loss = attn::decoderGradient(p, jsonIds(ref["ids"]), g);
        QVERIFY2(std::abs(loss - ref["loss"].toDouble()) <= 1e-12 * ref["loss"].toDouble(),
                 qPrintable(QString("loss %1, expected %2").arg(loss).arg(ref["loss"].toDouble())));
        const QJsonObject grad = ref["grad"].toObject();
        // Phi-3's fused projections are trained as their parts, and written whole.
        const std::vector<attn::Parameter> tensors = attn::fileTensors(g);
        QCOMPARE(qsizetype(tensors.size()), grad.size());
        double worst = 0;
        for (const attn::Parameter &t : tensors) {
            QVERIFY2(grad.contains(t.name), qPrintable(t.name + " is not in the reference"));
            const double e = relativeError(t.value, jsonTensor(grad[t.name]));
            QVERIFY2(e <= 1e-9, qPrintable(QString("%1: relative error %2").arg(t.name).arg(e)));
            worst = std::max(worst, e);
        }
        qInfo("%s: worst relative error of a gradient %.3g", qPrintable(model), worst);
    }

    void forwardMatchesRunModel_data() { gradientMatchesTheReference_data(); }

    // The training forward computes what the inference forward does, stage by stage.
    void forwardMatchesRunModel() {
        QFETCH(QString, model);
        const std::vector<std::int64_t> ids = jsonIds(reference(model)["ids"]);
        const attn::RunPtr expected = attn::runModel(*attn::Checkpoint::open(modelDir(model)), ids);
        attn::DecoderPass pass;
        pass.forward(load(model), ids, 1);
        const QJsonObject asJson = QJsonDocument::fromJson(attn::runToJson(*expected)).object();
        const QString error = compareRun(pass.run(), asJson, 1e-12);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void finiteDifferences_data() { gradientMatchesTheReference_data(); }

    // A few entries of every tensor (the largest gradient's and two drawn at random) against
    // (L(θ + h) − L(θ − h)) / 2h with h = 1e-5: the error of the difference is O(h²) ≈ 1e-10.
    void finiteDifferences() {
        QFETCH(QString, model);
        const std::vector<std::int64_t> ids = jsonIds(reference(model)["ids"]);
        attn::DecoderParameters p = load(model);
        attn::DecoderParameters g;
        attn::decoderGradient(p, ids, g);
        const std::vector<attn::Parameter *> params = p.tensors();
        const std::vector<attn::Parameter *> grads = g.tensors();
        std::mt19937_64 random(7);
        const double h = 1e-5;
        for (std::size_t t = 0; t < params.size(); ++t) {
            attn::Matrix &value = params[t]->value;
            const attn::Matrix &gradient = grads[t]->value;
            const double scale = std::max(gradient.cwiseAbs().maxCoeff(), 1e-12);
            Eigen::Index largest = 0;
            gradient.cwiseAbs().reshaped<Eigen::RowMajor>().maxCoeff(&largest);
            for (Eigen::Index entry : {largest, Eigen::Index(random() % value.size()),
                                       Eigen::Index(random() % value.size())}) {
                double &x = value.data()[entry];
                const double saved = x;
                x = saved + h;
                const double up = lossOf(p, ids);
                x = saved - h;
                const double down = lossOf(p, ids);
                x = saved;
                const double numeric = (up - down) / (2 * h);
                const double e = std::abs(numeric - gradient.data()[entry]) / scale;
                QVERIFY2(e <= 1e-6, qPrintable(QString("%1[%2]: %3 by differences, %4 by "
                                                       "backward")
                                                   .arg(params[t]->name)
                                                   .arg(entry)
                                                   .arg(numeric)
                                                   .arg(gradient.data()[entry])));
            }
        }
    }

    // A batch of two sequences: the loss is the mean of theirs, the gradient the mean of their
    // gradients.
    void batchIsTheMeanOfItsSequences() {
        const attn::DecoderParameters p = load("llama-gqa-tiny");
        const std::vector<std::int64_t> a{5, 9, 200, 3, 17}, b{44, 2, 2, 81, 9};
        std::vector<std::int64_t> both = a;
        both.insert(both.end(), b.begin(), b.end());
        attn::DecoderParameters ga, gb;
        const double la = attn::decoderGradient(p, a, ga);
        const double lb = attn::decoderGradient(p, b, gb);
        attn::DecoderPass pass;
        const double loss = pass.forward(p, both, 2);
        attn::DecoderParameters g = p.zerosLike();
        pass.backward(p, g);
        QVERIFY(std::abs(loss - (la + lb) / 2) <= 1e-13);
        const auto all = g.tensors(), as = ga.tensors(), bs = gb.tensors();
        for (std::size_t t = 0; t < all.size(); ++t) {
            const attn::Matrix mean = (as[t]->value + bs[t]->value) / 2;
            QVERIFY2(relativeError(all[t]->value, mean) <= 1e-12, qPrintable(all[t]->name));
        }
    }

    void refusesWhatItCannotTrain() {
        const attn::DecoderParameters p = load("gpt2-tiny");
        attn::DecoderPass pass;
        QVERIFY_THROWS_EXCEPTION(attn::InputError, pass.forward(p, {1}, 1));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, pass.forward(p, {1, 300}, 1));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, pass.forward(p, {1, 2, 3}, 2));
        QVERIFY_THROWS_EXCEPTION(
            attn::InputError,
            attn::loadDecoderParameters(*attn::Checkpoint::open(modelDir("bert-tiny"))));
    }
};

QTEST_GUILESS_MAIN(TestDecoderPass)
#include "test_decoder_pass.moc"
