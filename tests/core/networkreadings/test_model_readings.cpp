// SPDX-License-Identifier: GPL-3.0-or-later
// The readings of a model run (core/networkreadings: value-weighted norms, attention rollout, the
// logit lens, head circuits, head scores, ablations) against the references' analysis section
// for the four families, and the fast paths of the circuits against the dense products.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "networkreadings/AttentionRollout.h"
#include "networkreadings/HeadCircuits.h"
#include "networkreadings/HeadOverview.h"
#include "networkreadings/LogitLens.h"
#include "networkreadings/ModelAnalysis.h"
#include "networkreadings/RunDifference.h"
#include "networkreadings/ValueWeightedNorms.h"
#include "support/AnalysisSupport.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"
#include "transformer/RunSelection.h"
#include "transformer/TakeApart.h"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include <QJsonDocument>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

struct Opened {
    std::shared_ptr<const attn::Checkpoint> checkpoint;
    attn::RunPtr run;
    QJsonObject reference;
};

Opened open(const QString &model) {
    Opened o;
    o.reference = readJsonObject(modelDir(model) + "/reference.json");
    o.checkpoint = attn::Checkpoint::open(modelDir(model));
    o.run = attn::runModel(*o.checkpoint, jsonIds(o.reference["ids"]));
    return o;
}

} // namespace

class TestModelReadings : public QObject {
    Q_OBJECT

private slots:
    void analysisMatchesTheReference_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
    }

    // Every reading to 1e-9 relative (singular values and eigenvalues as sets to 1e-7), through
    // analysisToJson, the layout attnviz-cli model analyze writes.
    void analysisMatchesTheReference() {
        QFETCH(QString, model);
        const Opened o = open(model);
        const QJsonObject expected = o.reference["analysis"].toObject();
        const std::optional<attn::ModelAnalysis> analysis =
            attn::analyzeRun(*o.checkpoint, *o.run, referenceAblations(expected));
        QVERIFY(analysis);
        const QJsonObject ours = QJsonDocument::fromJson(attn::analysisToJson(*analysis)).object();
        QVERIFY(!ours.isEmpty());
        QCOMPARE(ours.contains("lens_top"), model != "bert-tiny");
        const AnalysisAgreement agreement = compareAnalysis(ours, expected);
        QVERIFY2(agreement.failure.isEmpty(), qPrintable(agreement.failure));
        qInfo("%s: worst %s", qPrintable(model), qPrintable(describeWorst(agreement)));
    }

    // The spectra computed from head_dim × head_dim problems are those of the dense d × d
    // products; the dense products are Wq_h·Wk_hᵀ and Wv_h·Wo_h.
    void circuitsAgreeWithTheDenseProducts_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
    }

    void circuitsAgreeWithTheDenseProducts() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const int layer = 1, head = int(checkpoint->config().heads) - 1;
        const attn::HeadProjections p = attn::headProjections(*checkpoint, layer, head);
        const attn::Matrix qk = attn::qkCircuit(*checkpoint, layer, head);
        const attn::Matrix ov = attn::ovCircuit(*checkpoint, layer, head);
        QVERIFY(relativeError(qk, p.qkv.Wq * p.qkv.Wk.transpose()) < 1e-15);
        QVERIFY(relativeError(ov, p.qkv.Wv * p.Wo) < 1e-15);
        const attn::HeadCircuit c = attn::headCircuit(*checkpoint, layer, head);
        const auto hd = std::size_t(checkpoint->config().headDim);
        QCOMPARE(c.qkSingular.size(), hd);
        QCOMPARE(c.ovEigenvalues.size(), hd);
        const Eigen::VectorXd qkDense = Eigen::JacobiSVD<Eigen::MatrixXd>(qk).singularValues();
        const Eigen::VectorXd ovDense = Eigen::JacobiSVD<Eigen::MatrixXd>(ov).singularValues();
        for (std::size_t i = 0; i < hd; ++i) {
            QVERIFY(std::abs(c.qkSingular[i] - qkDense(Eigen::Index(i))) < 1e-12 * qkDense(0));
            QVERIFY(std::abs(c.ovSingular[i] - ovDense(Eigen::Index(i))) < 1e-12 * ovDense(0));
        }
        // The dense W_OV's eigenvalues: head_dim of them, then d − head_dim zeros.
        const Eigen::VectorXcd dense =
            Eigen::EigenSolver<Eigen::MatrixXd>(Eigen::MatrixXd(ov), false).eigenvalues();
        std::vector<std::complex<double>> values(dense.data(), dense.data() + dense.size());
        std::sort(values.begin(), values.end(),
                  [](auto a, auto b) { return std::abs(a) > std::abs(b); });
        const double top = std::abs(values[0]);
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i >= hd) {
                QVERIFY(std::abs(values[i]) < 1e-12 * top);
                continue;
            }
            double nearest = std::numeric_limits<double>::infinity();
            for (std::complex<double> v : c.ovEigenvalues)
                nearest = std::min(nearest, std::abs(v - values[i]));
            QVERIFY(nearest < 1e-10 * top);
        }
        for (std::size_t i = 1; i < hd; ++i)
            QVERIFY(std::abs(c.ovEigenvalues[i]) <= std::abs(c.ovEigenvalues[i - 1]));
    }

    void cancelledProductsAreEmpty() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("gpt2-tiny"));
        const std::atomic<bool> cancel{true};
        QCOMPARE(attn::qkCircuit(*checkpoint, 0, 0, &cancel).size(), 0);
        QVERIFY(attn::favouredQkPairs(*checkpoint, 0, 0, 5, &cancel).empty());
        const attn::RunPtr run = attn::runModel(*checkpoint, {1, 2, 3});
        QVERIFY(!attn::analyzeRun(*checkpoint, *run, {}, &cancel));
    }

    // The favoured token pairs are the largest cells of the full vocab × vocab circuits.
    void favouredPairsAreTheLargestCells_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("gpt2") << "gpt2-tiny";
        QTest::newRow("qwen2 (separate lm_head)") << "qwen2-bias-tiny";
    }

    void favouredPairsAreTheLargestCells() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const attn::HeadProjections p = attn::headProjections(*checkpoint, 0, 1);
        const attn::Matrix e = checkpoint->weights().tokenEmbedding.widen();
        const attn::Matrix u = checkpoint->weights().lmHead.weight.widen();
        const attn::Matrix fullQk = e * p.qkv.Wq * p.qkv.Wk.transpose() * e.transpose();
        const attn::Matrix fullOv = e * p.qkv.Wv * p.Wo * u.transpose();
        const std::pair<const attn::Matrix *, std::vector<attn::TokenPair>> cases[] = {
            {&fullQk, attn::favouredQkPairs(*checkpoint, 0, 1, 7)},
            {&fullOv, attn::favouredOvPairs(*checkpoint, 0, 1, 7)}};
        for (const auto &[full, pairs] : cases) {
            QCOMPARE(pairs.size(), std::size_t(7));
            std::vector<double> cells(full->data(), full->data() + full->size());
            std::sort(cells.begin(), cells.end(), std::greater<>());
            for (std::size_t i = 0; i < pairs.size(); ++i) {
                QVERIFY(std::abs(pairs[i].value - cells[i]) < 1e-12 * std::abs(cells[0]));
                QVERIFY(std::abs((*full)(pairs[i].first, pairs[i].second) - pairs[i].value) <
                        1e-12 * std::abs(cells[0]));
            }
        }
    }

    // Rollout: rows of probabilities; no layer is the identity; on a causal model row 0 is
    // all on itself.
    void rolloutIsAMixingOfRows() {
        const Opened o = open("gpt2-tiny");
        const auto n = Eigen::Index(o.run->ids.size());
        QCOMPARE(attn::attentionRollout(*o.run, 0), attn::Matrix(attn::Matrix::Identity(n, n)));
        const attn::Matrix r = attn::attentionRollout(*o.run);
        QCOMPARE(r, attn::attentionRollout(*o.run, 99));
        for (Eigen::Index i = 0; i < n; ++i)
            QVERIFY(std::abs(r.row(i).sum() - 1) < 1e-14);
        QCOMPARE(r(0, 0), 1.0);
    }

    // The lens's last layer is the run's own prediction; BERT has none.
    void lensEndsAtTheRunsPredictions() {
        const Opened o = open("llama-gqa-tiny");
        const attn::LogitLens lens = attn::logitLens(*o.checkpoint, *o.run, 3);
        QCOMPARE(lens.top.size(), o.run->layers.size());
        for (std::size_t i = 0; i < o.run->ids.size(); ++i) {
            const std::vector<attn::Prediction> run =
                attn::topPredictions(*o.run, std::int64_t(i), 3);
            const std::vector<attn::Prediction> &last = lens.top.back()[i];
            QCOMPARE(last.size(), run.size());
            for (std::size_t k = 0; k < run.size(); ++k) {
                QCOMPARE(last[k].id, run[k].id);
                QCOMPARE(last[k].probability, run[k].probability);
            }
        }
        const Opened bert = open("bert-tiny");
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::logitLens(*bert.checkpoint, *bert.run));
    }

    // norms = weights scaled column by column by the keys' value norms.
    void valueNormsScaleTheWeights() {
        const Opened o = open("qwen2-bias-tiny");
        const attn::ValueWeightedHead h = attn::valueWeightedHead(*o.checkpoint, *o.run, 1, 2);
        const attn::Matrix &w = o.run->layers[1].heads[2].weights;
        QCOMPARE(h.valueNorms.size(), w.cols());
        for (Eigen::Index i = 0; i < w.rows(); ++i)
            for (Eigen::Index j = 0; j < w.cols(); ++j)
                QCOMPARE(h.norms(i, j), w(i, j) * h.valueNorms(j));
    }

    void compactAnalysisMatchesTheFullOne_data() { addDecoderModelRows(); }

    // model analyze --heads at long lengths: a compact run's analysis (each layer recomputed
    // with the chosen heads' weights, the scores a block of queries at a time, compact ablated
    // runs) equals the full run's to 1e-12, heads left out are null, the rollout is omitted.
    void compactAnalysisMatchesTheFullOne() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const std::vector<std::int64_t> ids = referenceIds(model);
        const attn::RunPtr full = attn::runModel(*checkpoint, ids);
        const attn::RunPtr compact =
            attn::runModel(*checkpoint, ids, {}, {attn::RunOptions::Keep::Compact});
        QVERIFY(compact->compact);
        const int layers = int(full->layers.size());
        const int heads = int(full->layers[0].heads.size());
        attn::RunSelection selection;
        selection.heads.resize(std::size_t(layers));
        selection.heads[0] = {1};
        selection.heads[std::size_t(layers - 1)].push_back(heads - 1);
        const std::vector<std::pair<int, int>> ablate = {{0, 0}};
        const auto expected = attn::analyzeRun(*checkpoint, *full, ablate);
        const auto picked = attn::analyzeRun(*checkpoint, *full, ablate, nullptr, selection);
        const auto actual = attn::analyzeRun(*checkpoint, *compact, ablate, nullptr, selection);
        QVERIFY(expected && picked && actual);
        for (int l = 0; l < layers; ++l)
            for (int h = 0; h < heads; ++h) {
                const auto lh = std::size_t(l), hh = std::size_t(h);
                const bool chosen = selection.keeps(l, h);
                QCOMPARE(bool(actual->kept[lh][hh]), chosen);
                if (chosen) {
                    // The same products on a full run; recomputed ones on a compact run.
                    QCOMPARE(picked->norms[lh][hh].norms, expected->norms[lh][hh].norms);
                    QVERIFY2(relativeError(actual->norms[lh][hh].norms,
                                           expected->norms[lh][hh].norms) <= 1e-12,
                             qPrintable(QString("norms of %1:%2").arg(l).arg(h)));
                    QCOMPARE(actual->circuits[lh][hh].ovSingular,
                             expected->circuits[lh][hh].ovSingular);
                } else {
                    QCOMPARE(actual->norms[lh][hh].norms.size(), Eigen::Index(0));
                }
                const attn::HeadScores &a = actual->scores[lh][hh], &e = expected->scores[lh][hh];
                for (const auto &[x, y] : {std::pair{a.previousToken, e.previousToken},
                                           {a.firstToken, e.firstToken},
                                           {a.induction, e.induction},
                                           {a.duplicateToken, e.duplicateToken}})
                    QVERIFY2(
                        (std::isnan(x) && std::isnan(y)) || std::abs(x - y) <= 1e-12,
                        qPrintable(
                            QString("scores of %1:%2: %3 and %4").arg(l).arg(h).arg(x).arg(y)));
            }
        for (std::size_t l = 0; l < expected->lens.top.size(); ++l)
            for (std::size_t i = 0; i < expected->lens.top[l].size(); ++i)
                QCOMPARE(actual->lens.top[l][i][0].id, expected->lens.top[l][i][0].id);
        QVERIFY(relativeError(actual->ablations[0].lastLogits, expected->ablations[0].lastLogits) <=
                1e-12);
        QCOMPARE(actual->rollout.size(), Eigen::Index(0));
        QVERIFY(!actual->rolloutOmitted.empty());
        QVERIFY(picked->rolloutOmitted.empty());

        const QJsonObject json = QJsonDocument::fromJson(attn::analysisToJson(*actual)).object();
        QVERIFY(json["norms"][0][0].isNull());
        QVERIFY(json["norms"][0][1].isArray());
        QVERIFY(json["circuits"][0][0].isNull());
        QVERIFY(json["circuits"][0][1].isObject());
        QVERIFY(json["rollout"].isNull());
        QVERIFY(!json["rollout_omitted"].toString().isEmpty());
        QCOMPARE(json["scores"][layers - 1].toArray().size(), heads);
    }

    void blockPicturesOfACompactRun_data() { addDecoderModelRows(); }

    // The window's pictures of a long text: each head's value-weighted norms and each layer's
    // rollout as block maxima, from a compact run, equal the block maxima of the full run's
    // matrices to 1e-12; a cancelled reading is empty.
    void blockPicturesOfACompactRun() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const std::vector<std::int64_t> ids = referenceIds(model);
        const attn::RunPtr full = attn::runModel(*checkpoint, ids);
        const attn::RunPtr compact =
            attn::runModel(*checkpoint, ids, {}, {attn::RunOptions::Keep::Compact});
        constexpr int kCells = 3;
        const auto maxima = [&](const attn::Matrix &m) {
            const attn::Matrix b = attn::headOverview(m, ids, true, kCells).maxima;
            return attn::Matrix(b.array().isNaN().select(-1, b));
        };
        const auto masked = [](const attn::Matrix &b) {
            return attn::Matrix(b.array().isNaN().select(-1, b));
        };
        int reported = 0;
        const std::vector<attn::Matrix> rollouts = attn::rolloutOverview(
            *checkpoint, *compact, kCells, nullptr, [&](int done) { reported = done; });
        QCOMPARE(int(rollouts.size()), int(full->layers.size()));
        QCOMPARE(reported, int(full->layers.size()));
        for (int l = 0; l < int(full->layers.size()); ++l) {
            const attn::Matrix expected = maxima(attn::attentionRollout(*full, l + 1));
            QVERIFY2(relativeError(masked(rollouts[std::size_t(l)]), expected) <= 1e-12,
                     qPrintable(QString("rollout through layer %1").arg(l)));
            const std::vector<attn::ValueWeightedHead> norms =
                attn::layerValueWeightedOverview(*checkpoint, *compact, l, kCells);
            for (std::size_t h = 0; h < norms.size(); ++h) {
                const attn::ValueWeightedHead whole =
                    attn::valueWeightedHead(*checkpoint, *full, l, int(h));
                QVERIFY2(relativeError(masked(norms[h].norms), maxima(whole.norms)) <= 1e-12,
                         qPrintable(QString("norms of %1:%2").arg(l).arg(h)));
                QVERIFY(relativeError(norms[h].valueNorms, whole.valueNorms) <= 1e-12);
            }
        }
        std::atomic<bool> cancel{true};
        QVERIFY(attn::rolloutOverview(*checkpoint, *compact, kCells, &cancel).empty());
        QVERIFY(
            attn::layerValueWeightedOverview(*checkpoint, *compact, 0, kCells, &cancel).empty());
    }

    void differenceOfCompactRuns_data() { addDecoderModelRows(); }

    // The A/B map of long texts: the difference of two compact runs (each layer recomputed, the
    // weights' largest change a block of queries at a time) equals the full runs' to 1e-12.
    void differenceOfCompactRuns() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const std::vector<std::int64_t> ids = referenceIds(model);
        const std::vector<std::int64_t> other(ids.rbegin(), ids.rend());
        const attn::RunOptions compact{attn::RunOptions::Keep::Compact};
        const auto last = std::int64_t(ids.size()) - 1;
        const attn::RunDifference expected = attn::runDifference(
            *attn::runModel(*checkpoint, ids), *attn::runModel(*checkpoint, other), last, 5);
        const attn::RunDifference actual =
            attn::runDifference(*checkpoint, *attn::runModel(*checkpoint, ids, {}, compact),
                                *attn::runModel(*checkpoint, other, {}, compact), last, 5);
        QCOMPARE(actual.weights.size(), expected.weights.size());
        double moved = 0;
        for (std::size_t l = 0; l < expected.weights.size(); ++l) {
            QCOMPARE(actual.residual[l], expected.residual[l]);
            for (std::size_t h = 0; h < expected.weights[l].size(); ++h) {
                QVERIFY2(std::abs(actual.weights[l][h] - expected.weights[l][h]) <= 1e-12,
                         qPrintable(QString("%1:%2").arg(l).arg(h)));
                moved = std::max(moved, expected.weights[l][h]);
            }
        }
        QVERIFY(moved > 0.01); // the texts differ: so must the weights
        QCOMPARE(actual.predictions.size(), expected.predictions.size());
        for (std::size_t i = 0; i < expected.predictions.size(); ++i) {
            QCOMPARE(actual.predictions[i].id, expected.predictions[i].id);
            QVERIFY(std::abs(actual.predictions[i].before - expected.predictions[i].before) <=
                    1e-12);
            QVERIFY(std::abs(actual.predictions[i].after - expected.predictions[i].after) <= 1e-12);
        }
    }

    void outOfRangeHeadsAreRefused() {
        const Opened o = open("gpt2-tiny");
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::headCircuit(*o.checkpoint, 2, 0));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::headCircuit(*o.checkpoint, 0, 4));
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::valueWeightedHead(*o.checkpoint, *o.run, 0, -1));
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::analyzeRun(*o.checkpoint, *o.run, {{9, 0}}));
    }
};

QTEST_GUILESS_MAIN(TestModelReadings)
#include "test_model_readings.moc"
