// SPDX-License-Identifier: GPL-3.0-or-later
// Compact runs (core/transformer/Forward.h, RunOptions::Keep::Compact): a run that keeps the
// residual stream and each head's softmax statistics, and recomputes a layer when asked. Every
// layer recomputed (expandLayer) equals the full run's bit for bit for every decoder family
// and for a random model at a few hundred tokens, interventions included; the weights follow
// from q, k and the statistics; the JSON of chosen heads is the same bytes either way; Auto
// turns compact past kMaxRunValues.

#include "InputError.h"
#include "Limits.h"
#include "checkpoint/Checkpoint.h"
#include "support/ModelSupport.h"
#include "support/RandomLlamaSupport.h"
#include "transformer/Forward.h"
#include "transformer/RunJson.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

bool sameLayer(const attn::LayerRun &a, const attn::LayerRun &b) {
    for (const auto &[x, y] :
         {std::pair{&a.x, &b.x}, std::pair{&a.attnOut, &b.attnOut}, std::pair{&a.mid, &b.mid},
          std::pair{&a.mlpOut, &b.mlpOut}, std::pair{&a.hidden, &b.hidden}})
        if (!sameBits(*x, *y))
            return false;
    if (a.heads.size() != b.heads.size())
        return false;
    for (std::size_t h = 0; h < a.heads.size(); ++h) {
        const attn::HeadRun &p = a.heads[h], &q = b.heads[h];
        for (const auto &[x, y] :
             {std::pair{&p.q, &q.q}, std::pair{&p.k, &q.k}, std::pair{&p.v, &q.v},
              std::pair{&p.weights, &q.weights}, std::pair{&p.output, &q.output}})
            if (!sameBits(*x, *y))
                return false;
        if (!sameBits(p.rowMax.transpose(), q.rowMax.transpose()) ||
            !sameBits(p.rowSum.transpose(), q.rowSum.transpose()))
            return false;
    }
    return true;
}

// Compact and full runs of `ids` agree: the kept parts bit for bit, every layer recomputed bit
// for bit, the last logits to 1e-13, and every position's logits computed on demand to 1e-12.
void compareCompact(const attn::Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                    const attn::Interventions &edits = {}) {
    const attn::RunPtr full = attn::runModel(checkpoint, ids, edits);
    const attn::RunPtr compact =
        attn::runModel(checkpoint, ids, edits, {attn::RunOptions::Keep::Compact});
    QVERIFY(compact->compact);
    QVERIFY(!full->compact);
    QVERIFY(sameBits(compact->embedded, full->embedded));
    QVERIFY(sameBits(compact->final, full->final));
    const auto n = std::int64_t(ids.size());
    QCOMPARE(compact->logitsFirst, n - 1);
    // One row through the LM head: the product's kernel may add in another order than for n rows.
    QVERIFY(relativeError(compact->logits, full->logits.bottomRows(1)) < 1e-13);
    QVERIFY(attn::keptValues(*compact) < attn::keptValues(*full));
    for (std::size_t l = 0; l < full->layers.size(); ++l) {
        const attn::LayerRun &kept = compact->layers[l];
        QVERIFY(sameBits(kept.hidden, full->layers[l].hidden));
        QCOMPARE(kept.x.size(), Eigen::Index(0));
        for (std::size_t h = 0; h < kept.heads.size(); ++h) {
            QCOMPARE(kept.heads[h].weights.size(), Eigen::Index(0));
            QVERIFY(sameBits(kept.heads[h].rowMax.transpose(),
                             full->layers[l].heads[h].rowMax.transpose()));
            QVERIFY(sameBits(kept.heads[h].rowSum.transpose(),
                             full->layers[l].heads[h].rowSum.transpose()));
        }
        QVERIFY2(sameLayer(attn::expandLayer(checkpoint, *compact, int(l)), full->layers[l]),
                 qPrintable(QString("layer %1").arg(l)));
        // A chosen head keeps its weights; the others their q, k, v and output only.
        std::vector<bool> one(kept.heads.size(), false);
        one[1] = true;
        const attn::LayerRun some = attn::expandLayer(checkpoint, *compact, int(l), one);
        QVERIFY(sameBits(some.heads[1].weights, full->layers[l].heads[1].weights));
        QCOMPARE(some.heads[0].weights.size(), Eigen::Index(0));
        QVERIFY(sameBits(some.heads[0].q, full->layers[l].heads[0].q));
        QVERIFY(sameBits(some.hidden, full->layers[l].hidden));
    }
    const attn::Matrix logits = attn::logitsOf(checkpoint, *compact, 0, n);
    QVERIFY(relativeError(logits, full->logits) < 1e-12);
}

} // namespace

class TestCompactRun : public QObject {
    Q_OBJECT

private slots:
    void compactEqualsFull_data() { addDecoderModelRows(); }

    void compactEqualsFull() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        compareCompact(*checkpoint, referenceIds(model));
    }

    // A random model at 300 tokens, plain and with an ablation and a steering vector: the
    // interventions are recomputed with the layer.
    void aRandomModelAtAFewHundredTokens() {
        QTemporaryDir dir;
        writeRandomLlamaFolder(dir.path(), {.positions = 512});
        const auto checkpoint = attn::Checkpoint::open(dir.path());
        std::vector<std::int64_t> ids(300);
        for (std::size_t i = 0; i < ids.size(); ++i)
            ids[i] = std::int64_t((i * 37 + i / 7) % 64);
        compareCompact(*checkpoint, ids);
        compareCompact(*checkpoint, ids,
                       {{attn::Intervention::zero(0, 2),
                         attn::Intervention::steer(0, attn::Matrix::Constant(1, 32, 0.25))},
                        nullptr});
        // The weights follow from q, k and the statistics: exp(s − max) / sum, causal.
        const attn::RunPtr compact =
            attn::runModel(*checkpoint, ids, {}, {attn::RunOptions::Keep::Compact});
        const attn::LayerRun layer = attn::expandLayer(*checkpoint, *compact, 1);
        const attn::HeadRun &h = compact->layers[1].heads[3];
        const attn::Matrix s = (layer.heads[3].q * layer.heads[3].k.transpose()) / std::sqrt(8.0);
        for (Eigen::Index i : {Eigen::Index(0), Eigen::Index(150), Eigen::Index(299)}) {
            attn::RowVector row =
                ((s.row(i).head(i + 1).array() - h.rowMax(i)).exp() / h.rowSum(i)).matrix();
            QVERIFY(relativeError(row, layer.heads[3].weights.row(i).head(i + 1)) < 1e-12);
        }
    }

    // The JSON of chosen heads and fields is the same bytes from a compact run as from a full
    // one.
    void jsonOfChosenHeads() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("qwen3-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("qwen3-tiny");
        const attn::RunPtr full = attn::runModel(*checkpoint, ids);
        const attn::RunPtr compact =
            attn::runModel(*checkpoint, ids, {}, {attn::RunOptions::Keep::Compact});
        attn::RunSelection selection;
        selection.fields = attn::RunSelection::kAllFields;
        selection.heads = {{1}, {0, 3}};
        QCOMPARE(attn::runToJson(*checkpoint, *compact, selection),
                 attn::runToJson(*full, selection));
        selection.heads.clear();
        QCOMPARE(attn::runToJson(*checkpoint, *compact, selection),
                 attn::runToJson(*full, selection));
    }

    // Auto is the full run while it fits kMaxRunValues, compact past it; an encoder is never
    // compact.
    void autoTurnsCompactPastTheCap() {
        QTemporaryDir dir;
        writeRandomLlamaFolder(dir.path(), {.positions = 512});
        const auto checkpoint = attn::Checkpoint::open(dir.path());
        const std::vector<std::int64_t> shortIds(20, 3);
        QVERIFY(
            !attn::runModel(*checkpoint, shortIds, {}, {attn::RunOptions::Keep::Auto})->compact);
        QVERIFY(attn::runValues(checkpoint->config(), 512) < attn::kMaxRunValues);
        QVERIFY(attn::compactRunValues(checkpoint->config(), 512) <
                attn::runValues(checkpoint->config(), 512));
        const auto bert = attn::Checkpoint::open(modelDir("bert-tiny"));
        QVERIFY_THROWS_EXCEPTION(
            attn::InputError,
            attn::runModel(*bert, {1, 2, 3}, {}, {attn::RunOptions::Keep::Compact}));
        QVERIFY(!attn::runModel(*bert, {1, 2, 3}, {}, {attn::RunOptions::Keep::Auto})->compact);
    }
};

QTEST_GUILESS_MAIN(TestCompactRun)
#include "test_compact_run.moc"
