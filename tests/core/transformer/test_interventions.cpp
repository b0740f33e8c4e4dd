// SPDX-License-Identifier: GPL-3.0-or-later
// Interventions on a forward pass (core/transformer/Interventions.h): the references' ablation
// logits, ablations that compose and undo bit for bit, mean and scale ablation by direct
// construction, activation patching of a head and of the whole residual stream, edited heads
// sent back, and the one-line refusals.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "networkreadings/RunDifference.h"
#include "support/ModelSupport.h"
#include "transformer/Forward.h"
#include "transformer/Interventions.h"
#include "transformer/TakeApart.h"

#include <QJsonArray>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;
using attn::Intervention;
using attn::Interventions;

namespace {

Interventions of(std::vector<Intervention> edits, attn::RunPtr source = nullptr) {
    return Interventions{std::move(edits), std::move(source)};
}

// Every matrix of two runs, bit for bit.
bool sameRun(const attn::Run &a, const attn::Run &b) {
    if (a.layers.size() != b.layers.size() || !sameBits(a.logits, b.logits) ||
        !sameBits(a.final, b.final))
        return false;
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        const attn::LayerRun &x = a.layers[l], &y = b.layers[l];
        if (!sameBits(x.x, y.x) || !sameBits(x.attnOut, y.attnOut) || !sameBits(x.hidden, y.hidden))
            return false;
        for (std::size_t h = 0; h < x.heads.size(); ++h)
            if (!sameBits(x.heads[h].output, y.heads[h].output) ||
                !sameBits(x.heads[h].weights, y.heads[h].weights))
                return false;
    }
    return true;
}

QString refusal(const attn::Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                const Interventions &interventions) {
    try {
        attn::runModel(checkpoint, ids, interventions);
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestInterventions : public QObject {
    Q_OBJECT

private slots:
    void ablationMatchesTheReference_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
    }

    // The references' analysis.ablation: the last position's logits with one head's output
    // (before the output projection; its bias stays) zeroed.
    void ablationMatchesTheReference() {
        QFETCH(QString, model);
        const QJsonObject ref = readJsonObject(modelDir(model) + "/reference.json");
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const QJsonArray ablations = ref["analysis"]["ablation"].toArray();
        QVERIFY(!ablations.isEmpty());
        for (const QJsonValue &a : ablations) {
            const attn::RunPtr run =
                attn::runModel(*checkpoint, jsonIds(ref["ids"]),
                               of({Intervention::zero(a["layer"].toInt(), a["head"].toInt())}));
            const attn::Matrix last = run->logits.bottomRows(1);
            const attn::Matrix expected = jsonMatrix(QJsonArray{a["last_logits"]});
            const double error = relativeError(last, expected);
            QVERIFY2(error < 1e-9, qPrintable(QString::number(error)));
        }
    }

    // No interventions: the plain run, bit for bit; an edit added and then removed gives the
    // same bits back (the checkpoint is never changed).
    void addingThenRemovingGivesTheSameBits() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("llama-gqa-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("llama-gqa-tiny");
        const attn::RunPtr plain = attn::runModel(*checkpoint, ids);
        QVERIFY(sameRun(*plain, *attn::runModel(*checkpoint, ids, Interventions())));
        Interventions edits = of({Intervention::zero(0, 1), Intervention::scale(1, 3, 2.5)});
        const attn::RunPtr edited = attn::runModel(*checkpoint, ids, edits);
        QVERIFY(!sameBits(edited->logits, plain->logits));
        edits.edits.clear();
        QVERIFY(sameRun(*plain, *attn::runModel(*checkpoint, ids, edits)));
    }

    // Two ablations at once: in either order the same bits; each head zeroed where it is; the
    // layer before the second one as with the first alone; the two heads of one layer removed
    // exactly their two contributions.
    void ablationsCompose() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("gpt2-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("gpt2-tiny");
        const attn::RunPtr plain = attn::runModel(*checkpoint, ids);
        const attn::RunPtr first = attn::runModel(*checkpoint, ids, of({Intervention::zero(0, 1)}));
        const attn::RunPtr both = attn::runModel(
            *checkpoint, ids, of({Intervention::zero(0, 1), Intervention::zero(1, 0)}));
        QVERIFY(sameRun(*both,
                        *attn::runModel(*checkpoint, ids,
                                        of({Intervention::zero(1, 0), Intervention::zero(0, 1)}))));
        QCOMPARE(both->layers[0].heads[1].output.cwiseAbs().maxCoeff(), 0.0);
        QCOMPARE(both->layers[1].heads[0].output.cwiseAbs().maxCoeff(), 0.0);
        QVERIFY(sameBits(both->layers[0].hidden, first->layers[0].hidden));
        QVERIFY(!sameBits(both->logits, first->logits));

        const attn::RunPtr twoHeads = attn::runModel(
            *checkpoint, ids, of({Intervention::zero(0, 0), Intervention::zero(0, 2)}));
        attn::Matrix expected = plain->layers[0].attnOut;
        for (int h : {0, 2})
            expected -= plain->layers[0].heads[std::size_t(h)].output *
                        attn::headOutputRows(*checkpoint, 0, h);
        QVERIFY(relativeError(twoHeads->layers[0].attnOut, expected) < 1e-13);
    }

    // Scale 1 changes no bit; scale 0 is the zero ablation bit for bit; scale 2 doubles the
    // head's output.
    void scaleOneIsNothingAndZeroIsZero() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("qwen2-bias-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("qwen2-bias-tiny");
        const attn::RunPtr plain = attn::runModel(*checkpoint, ids);
        QVERIFY(sameRun(*plain,
                        *attn::runModel(*checkpoint, ids, of({Intervention::scale(1, 2, 1.0)}))));
        QVERIFY(sameRun(*attn::runModel(*checkpoint, ids, of({Intervention::zero(1, 2)})),
                        *attn::runModel(*checkpoint, ids, of({Intervention::scale(1, 2, 0.0)}))));
        const attn::RunPtr twice =
            attn::runModel(*checkpoint, ids, of({Intervention::scale(0, 3, 2.0)}));
        QVERIFY(sameBits(twice->layers[0].heads[3].output, 2.0 * plain->layers[0].heads[3].output));
    }

    // Mean ablation by direct construction: every row the mean over positions, and attn_out
    // changed by exactly (mean − output)·Wo_h.
    void meanAblationByConstruction() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("bert-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("bert-tiny");
        const attn::RunPtr plain = attn::runModel(*checkpoint, ids);
        const attn::RunPtr meaned =
            attn::runModel(*checkpoint, ids, of({Intervention::mean(1, 3)}));
        const attn::Matrix &output = plain->layers[1].heads[3].output;
        attn::Matrix mean(output.rows(), output.cols());
        for (Eigen::Index i = 0; i < output.rows(); ++i)
            mean.row(i) = output.colwise().sum() / double(output.rows());
        QVERIFY(relativeError(meaned->layers[1].heads[3].output, mean) < 1e-15);
        const attn::Matrix expected =
            plain->layers[1].attnOut + (mean - output) * attn::headOutputRows(*checkpoint, 1, 3);
        QVERIFY(relativeError(meaned->layers[1].attnOut, expected) < 1e-13);
        QVERIFY(sameBits(meaned->layers[0].hidden, plain->layers[0].hidden));
    }

    void patchingTheResidualRestoresB_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
    }

    // Run A with the residual stream after layer L taken from run B ends exactly as B: every
    // later stage and the logits, bit for bit.
    void patchingTheResidualRestoresB() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const std::vector<std::int64_t> a = referenceIds(model);
        std::vector<std::int64_t> b(a.rbegin(), a.rend());
        const attn::RunPtr runA = attn::runModel(*checkpoint, a);
        const attn::RunPtr runB = attn::runModel(*checkpoint, b);
        QVERIFY(!sameBits(runA->logits, runB->logits));
        for (int layer = 0; layer < int(runA->layers.size()); ++layer) {
            const attn::RunPtr patched =
                attn::runModel(*checkpoint, a, of({Intervention::patchResidual(layer)}, runB));
            QVERIFY(sameBits(patched->logits, runB->logits));
            QVERIFY(sameBits(patched->final, runB->final));
            QVERIFY(sameBits(patched->layers[std::size_t(layer)].hidden,
                             runB->layers[std::size_t(layer)].hidden));
            QCOMPARE(patched->ids, a); // the run is still A's, on A's tokens
        }
    }

    // The Δ view and the patching measure: nothing changed before the ablated layer; a patch of
    // the whole residual restores all of B's prediction, no patch none.
    void differencesAndRestoration() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("llama-gqa-tiny"));
        const std::vector<std::int64_t> a = referenceIds("llama-gqa-tiny");
        const std::vector<std::int64_t> b(a.rbegin(), a.rend());
        const attn::RunPtr runA = attn::runModel(*checkpoint, a);
        const attn::RunPtr runB = attn::runModel(*checkpoint, b);
        const attn::RunPtr ablated = attn::runModel(*checkpoint, a, of({Intervention::zero(1, 4)}));
        const auto last = std::int64_t(a.size()) - 1;
        const attn::RunDifference d = attn::runDifference(*runA, *ablated, last, 5);
        QCOMPARE(d.residual.size(), std::size_t(2));
        QCOMPARE(d.residual[0].cwiseAbs().maxCoeff(), 0.0);
        QVERIFY(d.residual[1].minCoeff() > 0);
        QCOMPARE(d.weights[1][4], 0.0); // the weights are computed before the output is zeroed
        QVERIFY(d.predictions.size() >= 5);
        for (const attn::PredictionChange &p : d.predictions)
            QVERIFY(p.before > 0 && p.after > 0 && p.before < 1 && p.after < 1);

        const attn::RunPtr patched =
            attn::runModel(*checkpoint, a, of({Intervention::patchResidual(1)}, runB));
        QCOMPARE(attn::restoredFraction(*runA, *patched, *runB, last), 1.0);
        QCOMPARE(attn::restoredFraction(*runA, *runA, *runB, last), 0.0);
        QVERIFY(std::isnan(attn::restoredFraction(*runA, *runA, *runA, last)));
        const attn::RunPtr shorter = attn::runModel(*checkpoint, {1, 2});
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::runDifference(*runA, *shorter, 0));
    }

    // Patching a head from B: A == B changes nothing; otherwise the head's output is B's.
    void patchingAHead() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("gpt2-tiny"));
        const std::vector<std::int64_t> a = referenceIds("gpt2-tiny");
        const attn::RunPtr runA = attn::runModel(*checkpoint, a);
        QVERIFY(sameRun(
            *runA, *attn::runModel(*checkpoint, a, of({Intervention::patchHead(1, 2)}, runA))));
        const attn::RunPtr runB =
            attn::runModel(*checkpoint, std::vector<std::int64_t>(a.rbegin(), a.rend()));
        const attn::RunPtr patched =
            attn::runModel(*checkpoint, a, of({Intervention::patchHead(0, 2)}, runB));
        QVERIFY(sameBits(patched->layers[0].heads[2].output, runB->layers[0].heads[2].output));
        QVERIFY(sameBits(patched->layers[0].heads[1].output, runA->layers[0].heads[1].output));
        QVERIFY(!sameBits(patched->logits, runA->logits));
    }

    // An edited head sent back: its own output, or its own contribution, gives the run back
    // (bit for bit, and to rounding); another contribution moves attn_out by the difference.
    void editedHeadsSentBack() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("qwen2-bias-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("qwen2-bias-tiny");
        const attn::RunPtr plain = attn::runModel(*checkpoint, ids);
        const attn::Matrix &output = plain->layers[0].heads[1].output;
        QVERIFY(sameRun(*plain, *attn::runModel(*checkpoint, ids,
                                                of({Intervention::replaceOutput(0, 1, output)}))));
        const attn::Matrix contribution = output * attn::headOutputRows(*checkpoint, 0, 1);
        const attn::RunPtr same = attn::runModel(
            *checkpoint, ids, of({Intervention::replaceContribution(0, 1, contribution)}));
        QVERIFY(relativeError(same->logits, plain->logits) < 1e-12);
        const attn::Matrix doubled = 2 * contribution;
        const attn::RunPtr edited = attn::runModel(
            *checkpoint, ids, of({Intervention::replaceContribution(0, 1, doubled)}));
        QVERIFY(relativeError(edited->layers[0].attnOut, plain->layers[0].attnOut + contribution) <
                1e-13);
    }

    void patchingOnePosition_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
        for (const char *name : kFamilyModels)
            QTest::newRow(name) << QString(name);
    }

    // Patching one position: the head's (or the residual's) row P is B's and every other row
    // A's; positions before P never change in a decoder (they cannot see P); patching every
    // position one by one in one run equals the whole patch, bit for bit.
    void patchingOnePosition() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const bool decoder = checkpoint->config().decoder();
        const std::vector<std::int64_t> a = referenceIds(model);
        const std::vector<std::int64_t> b(a.rbegin(), a.rend());
        const auto n = std::int64_t(a.size());
        const attn::RunPtr runA = attn::runModel(*checkpoint, a);
        const attn::RunPtr runB = attn::runModel(*checkpoint, b);
        const std::int64_t p = n / 2;
        const int last = int(runA->layers.size()) - 1;
        const attn::RunPtr head =
            attn::runModel(*checkpoint, a, of({Intervention::patchHead(0, 1, p)}, runB));
        const attn::Matrix &patchedOut = head->layers[0].heads[1].output;
        const attn::Matrix &outA = runA->layers[0].heads[1].output;
        const attn::Matrix &outB = runB->layers[0].heads[1].output;
        for (Eigen::Index i = 0; i < patchedOut.rows(); ++i)
            QVERIFY(sameBits(patchedOut.row(i), (i == p ? outB : outA).row(i)));
        QVERIFY(!sameBits(head->logits, runA->logits));
        if (decoder)
            QVERIFY(sameBits(head->logits.topRows(p), runA->logits.topRows(p)));

        const attn::RunPtr resid =
            attn::runModel(*checkpoint, a, of({Intervention::patchResidual(0, p)}, runB));
        const attn::Matrix &h = resid->layers[0].hidden;
        for (Eigen::Index i = 0; i < h.rows(); ++i)
            QVERIFY(sameBits(h.row(i), (i == p ? runB : runA)->layers[0].hidden.row(i)));
        if (decoder)
            QVERIFY(sameBits(resid->logits.topRows(p), runA->logits.topRows(p)));
        // The last layer's residual at the last position is B's prediction there.
        const attn::RunPtr end =
            attn::runModel(*checkpoint, a, of({Intervention::patchResidual(last, n - 1)}, runB));
        QVERIFY(sameBits(end->logits.row(n - 1), runB->logits.row(n - 1)));

        std::vector<Intervention> each;
        for (std::int64_t i = 0; i < n; ++i)
            each.push_back(Intervention::patchHead(1, 0, i));
        QVERIFY(
            sameRun(*attn::runModel(*checkpoint, a, of(each, runB)),
                    *attn::runModel(*checkpoint, a, of({Intervention::patchHead(1, 0)}, runB))));
        QVERIFY(refusal(*checkpoint, a, of({Intervention::patchHead(0, 0, n)}, runB))
                    .contains(QString("there is no position %1").arg(n)));
    }

    // Steering adds the vector to every row of the residual after layer L: that layer's
    // hidden is A's plus the vector, the layers before are A's, and a zero vector changes
    // nothing.
    void steering() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("llama3-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("llama3-tiny");
        const attn::RunPtr plain = attn::runModel(*checkpoint, ids);
        const auto d = Eigen::Index(checkpoint->config().dModel);
        QVERIFY(sameRun(*plain,
                        *attn::runModel(*checkpoint, ids,
                                        of({Intervention::steer(0, attn::Matrix::Zero(1, d))}))));
        attn::Matrix v = attn::Matrix::Random(1, d);
        const attn::RunPtr steered =
            attn::runModel(*checkpoint, ids, of({Intervention::steer(0, v)}));
        attn::Matrix expected = plain->layers[0].hidden;
        expected.rowwise() += v.row(0);
        QVERIFY(sameBits(steered->layers[0].hidden, expected));
        QVERIFY(sameBits(steered->embedded, plain->embedded));
        QVERIFY(!sameBits(steered->logits, plain->logits));
        QVERIFY(refusal(*checkpoint, ids, of({Intervention::steer(0, attn::Matrix::Zero(1, 3))}))
                    .contains("the vector has 1 × 3 numbers"));
        v(0, 1) = std::nan("");
        QVERIFY(refusal(*checkpoint, ids, of({Intervention::steer(0, v)})).contains("finite"));
    }

    // The residual stream's parts add up: resid_mid = resid_pre + attn_out and resid_post =
    // resid_mid + mlp_out (bit for bit where there is no norm between).
    void residualParts() {
        for (const char *model : {"gpt2-tiny", "llama-gqa-tiny", "gemma2-tiny"}) {
            const auto checkpoint = attn::Checkpoint::open(modelDir(model));
            const attn::RunPtr run = attn::runModel(*checkpoint, referenceIds(model));
            const bool sandwich = checkpoint->config().features.sandwichNorms;
            for (std::size_t l = 0; l < run->layers.size(); ++l) {
                const attn::LayerRun &r = run->layers[l];
                const attn::Matrix &pre = l == 0 ? run->embedded : run->layers[l - 1].hidden;
                if (!sandwich) {
                    QVERIFY(sameBits(r.mid, pre + r.attnOut));
                    QVERIFY(sameBits(r.hidden, r.mid + r.mlpOut));
                } else {
                    QVERIFY(!sameBits(r.mid, pre + r.attnOut)); // the post-attention norm
                }
            }
        }
    }

    // Refusals: one line each, before the run.
    void badInterventionsAreRefused() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("gpt2-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("gpt2-tiny");
        const attn::RunPtr shorter = attn::runModel(*checkpoint, {1, 2, 3});
        const std::pair<Interventions, const char *> cases[] = {
            {of({Intervention::zero(2, 0)}), "there is no layer 2"},
            {of({Intervention::zero(0, 4)}), "there is no head 4"},
            {of({Intervention::scale(0, 0, std::nan(""))}), "not a finite number"},
            {of({Intervention::patchHead(0, 0)}), "no run B"},
            {of({Intervention::patchResidual(0)}, shorter), "same length"},
            {of({Intervention::patchHead(1, 1)}, shorter), "same length"},
            {of({Intervention::replaceOutput(0, 0, attn::Matrix::Zero(2, 2))}), "2 × 2"},
        };
        for (const auto &[interventions, expected] : cases) {
            const QString message = refusal(*checkpoint, ids, interventions);
            QVERIFY2(message.contains(expected), qPrintable(message));
            QVERIFY(!message.contains('\n'));
        }
    }
};

QTEST_GUILESS_MAIN(TestInterventions)
#include "test_interventions.moc"
