// SPDX-License-Identifier: GPL-3.0-or-later
// Direct logit attribution (core/networkreadings/LogitAttribution.h): for every decoder family
// the parts add up to the logit (to 1e-9 relative of the largest part), the heads of a layer
// add up to what the layer's attention wrote, an ablated head contributes nothing, the cap and
// the norms are stated, and an encoder is refused.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "networkreadings/LogitAttribution.h"
#include "support/ModelSupport.h"
#include "transformer/Forward.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

double largestPart(const attn::LogitAttribution &a) {
    double m = std::max(std::abs(a.embeddings), std::abs(a.finalBias));
    for (const attn::LogitAttribution::Layer &l : a.layers) {
        for (double h : l.heads)
            m = std::max(m, std::abs(h));
        m = std::max({m, std::abs(l.mlp), std::abs(l.attentionBias)});
    }
    return m;
}

} // namespace

class TestLogitAttribution : public QObject {
    Q_OBJECT

private slots:
    void partsAddUpToTheLogit_data() { addDecoderModelRows(); }

    void partsAddUpToTheLogit() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const std::vector<std::int64_t> ids = referenceIds(model);
        const attn::RunPtr run = attn::runModel(*checkpoint, ids);
        const auto n = std::int64_t(ids.size());
        for (std::int64_t position : {std::int64_t(0), n / 2, n - 1}) {
            for (std::int64_t target :
                 {std::int64_t(0), ids[std::size_t(position)], checkpoint->config().vocab - 1}) {
                const attn::LogitAttribution a =
                    attn::attributeLogit(*checkpoint, *run, target, position);
                const double scale = largestPart(a);
                QVERIFY(scale > 0);
                QVERIFY2(std::abs(a.sum - a.logit) <= 1e-9 * scale,
                         qPrintable(QString("%1 vs %2").arg(a.sum).arg(a.logit)));
                QCOMPARE(a.layers.size(), run->layers.size());
                // The pre-cap logit is the run's where there is no cap.
                if (checkpoint->config().features.finalSoftcap == 0)
                    QCOMPARE(a.cappedLogit, a.logit);
                else
                    QVERIFY(std::abs(a.cappedLogit - run->logits(Eigen::Index(position),
                                                                 Eigen::Index(target))) == 0);
            }
        }
    }

    // A head zeroed contributes exactly nothing, the others of its layer keep contributing.
    void anAblatedHeadContributesNothing() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("llama-gqa-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("llama-gqa-tiny");
        const attn::RunPtr run =
            attn::runModel(*checkpoint, ids, {{attn::Intervention::zero(1, 3)}, nullptr});
        const attn::LogitAttribution a =
            attn::attributeLogit(*checkpoint, *run, 5, std::int64_t(ids.size()) - 1);
        QCOMPARE(a.layers[1].heads[3], 0.0);
        QVERIFY(a.layers[1].heads[2] != 0.0);
        QVERIFY(std::abs(a.sum - a.logit) <= 1e-9 * largestPart(a));
    }

    // The caveats name the frozen norm, Gemma's 1 + w and sandwich norms, and the soft cap;
    // the JSON carries the parts, the sum and the logit.
    void caveatsAndJson() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("gemma2-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("gemma2-tiny");
        const attn::RunPtr run = attn::runModel(*checkpoint, ids);
        const attn::LogitAttribution a = attn::attributeLogit(*checkpoint, *run, 7, 2);
        QString all;
        for (const std::string &c : a.caveats)
            all += QString::fromStdString(c) + '\n';
        QVERIFY(all.contains("frozen at position 2"));
        QVERIFY(all.contains("1 + w"));
        QVERIFY(all.contains("soft-capped"));
        QVERIFY(all.contains("own norm"));
        const QJsonObject o = QJsonDocument::fromJson(attn::attributionToJson(a, "tok")).object();
        QCOMPARE(o["target"].toInt(), 7);
        QCOMPARE(o["target_token"].toString(), QString("tok"));
        QCOMPARE(o["position"].toInt(), 2);
        QCOMPARE(o["logit"].toDouble(), a.logit);
        QCOMPARE(o["sum"].toDouble(), a.sum);
        QVERIFY(o.contains("capped_logit"));
        QCOMPARE(o["layers"].toArray().size(), qsizetype(run->layers.size()));
        QCOMPARE(o["layers"][0]["heads"].toArray().size(), qsizetype(checkpoint->config().heads));
    }

    void refusals() {
        const auto bert = attn::Checkpoint::open(modelDir("bert-tiny"));
        const attn::RunPtr run = attn::runModel(*bert, referenceIds("bert-tiny"));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::attributeLogit(*bert, *run, 1, 0));
        const auto gpt2 = attn::Checkpoint::open(modelDir("gpt2-tiny"));
        const attn::RunPtr r = attn::runModel(*gpt2, {1, 2, 3});
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::attributeLogit(*gpt2, *r, gpt2->config().vocab, 0));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::attributeLogit(*gpt2, *r, 1, 3));
    }
};

QTEST_GUILESS_MAIN(TestLogitAttribution)
#include "test_logit_attribution.moc"
