// SPDX-License-Identifier: GPL-3.0-or-later
// A run grown by the rows of a KV cache (core/transformer/RunGrowth.h, what the window's
// Continue shows): after each appended token, every matrix the grown run keeps equals the
// whole run of the longer ids, to 1e-12 relative, for every decoder family, full and compact,
// with the interventions a cache applies (zero, scale, steering); rows of another run are
// refused.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "support/ModelSupport.h"
#include "transformer/Forward.h"
#include "transformer/RunGrowth.h"

#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

// Where `grown` and `whole` differ most, relative to each matrix's scale: "" when every pair
// agrees to `tolerance`, else the first one that does not, named.
QString differences(const attn::Run &grown, const attn::Run &whole, double tolerance) {
    if (grown.ids != whole.ids)
        return QStringLiteral("ids");
    if (grown.compact != whole.compact || grown.logitsFirst != whole.logitsFirst)
        return QStringLiteral("kind (compact, logitsFirst)");
    const auto check = [tolerance](const attn::Matrix &a, const attn::Matrix &b,
                                   const QString &name) -> QString {
        const double e = relativeError(a, b);
        return e <= tolerance ? QString() : QStringLiteral("%1: %2").arg(name).arg(e);
    };
    const auto vector = [](const attn::Vector &v) { return attn::Matrix(v); };
    QString d;
    for (auto [a, b, name] : {std::tuple{&grown.embedded, &whole.embedded, "embedded"},
                              std::tuple{&grown.final, &whole.final, "final"},
                              std::tuple{&grown.logits, &whole.logits, "logits"}})
        if (d = check(*a, *b, name); !d.isEmpty())
            return d;
    if (grown.layers.size() != whole.layers.size())
        return QStringLiteral("layers");
    for (std::size_t l = 0; l < grown.layers.size(); ++l) {
        const attn::LayerRun &g = grown.layers[l], &w = whole.layers[l];
        const QString at = QStringLiteral("layer %1 ").arg(l);
        for (auto [a, b, name] :
             {std::tuple{&g.x, &w.x, "x"}, std::tuple{&g.attnOut, &w.attnOut, "attnOut"},
              std::tuple{&g.mid, &w.mid, "mid"}, std::tuple{&g.mlpOut, &w.mlpOut, "mlpOut"},
              std::tuple{&g.hidden, &w.hidden, "hidden"}})
            if (d = check(*a, *b, at + name); !d.isEmpty())
                return d;
        if (g.heads.size() != w.heads.size())
            return at + "heads";
        for (std::size_t h = 0; h < g.heads.size(); ++h) {
            const attn::HeadRun &gh = g.heads[h], &wh = w.heads[h];
            const QString head = at + QStringLiteral("head %1 ").arg(h);
            for (auto [a, b, name] :
                 {std::tuple{&gh.q, &wh.q, "q"}, std::tuple{&gh.k, &wh.k, "k"},
                  std::tuple{&gh.v, &wh.v, "v"}, std::tuple{&gh.weights, &wh.weights, "weights"},
                  std::tuple{&gh.output, &wh.output, "output"}})
                if (d = check(*a, *b, head + name); !d.isEmpty())
                    return d;
            if (d = check(vector(gh.rowMax), vector(wh.rowMax), head + "rowMax"); !d.isEmpty())
                return d;
            if (d = check(vector(gh.rowSum), vector(wh.rowSum), head + "rowSum"); !d.isEmpty())
                return d;
        }
    }
    return {};
}

} // namespace

class TestRunGrowth : public QObject {
    Q_OBJECT

    // The run of the reference ids, then four tokens appended one at a time with a KV cache,
    // each grown run against the whole run of its ids.
    void growAndCompare(const QString &model, attn::RunOptions::Keep keep,
                        const attn::Interventions &interventions) {
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        std::vector<std::int64_t> ids = referenceIds(model);
        attn::RunOptions options;
        options.keep = keep;
        attn::RunPtr run = attn::runModel(*checkpoint, ids, interventions, options);
        attn::ContinuedRun cache(*checkpoint, interventions);
        cache.append(ids);
        for (int step = 0; step < 4; ++step) {
            Eigen::Index next = 0;
            run->logits.row(run->logits.rows() - 1).maxCoeff(&next);
            const std::int64_t id = (std::int64_t(next) * 7 + step) % checkpoint->config().vocab;
            std::vector<attn::LayerRun> layers;
            const attn::Matrix logits = cache.append({id}, &layers);
            run = attn::growRun(*checkpoint, *run, {id}, std::move(layers), logits);
            ids.push_back(id);
            const attn::RunPtr whole = attn::runModel(*checkpoint, ids, interventions, options);
            const QString d = differences(*run, *whole, 1e-12);
            QVERIFY2(d.isEmpty(), qPrintable(QStringLiteral("step %1: %2").arg(step).arg(d)));
            if (run->compact) {
                // What the views derive of a compact run (a layer, the logits) is the whole
                // run's too.
                const int last = int(run->layers.size()) - 1;
                const QString e = differences(
                    [&] {
                        attn::Run r;
                        r.ids = ids;
                        r.layers = {attn::expandLayer(*checkpoint, *run, last)};
                        return r;
                    }(),
                    [&] {
                        attn::Run r;
                        r.ids = ids;
                        r.layers = {attn::expandLayer(*checkpoint, *whole, last)};
                        return r;
                    }(),
                    1e-12);
                QVERIFY2(e.isEmpty(), qPrintable(e));
                QVERIFY(relativeError(attn::logitsOf(*checkpoint, *run, 0, 3),
                                      attn::logitsOf(*checkpoint, *whole, 0, 3)) <= 1e-12);
            }
        }
    }

private slots:
    void grownRunEqualsTheWholeRun_data() { addDecoderModelRows(); }
    void grownRunEqualsTheWholeRun() {
        QFETCH(QString, model);
        growAndCompare(model, attn::RunOptions::Keep::Everything, {});
    }

    void grownCompactRunEqualsTheWholeRun_data() { addDecoderModelRows(); }
    void grownCompactRunEqualsTheWholeRun() {
        QFETCH(QString, model);
        growAndCompare(model, attn::RunOptions::Keep::Compact, {});
    }

    // Ablations to zero, scales and steering apply to the new rows as to the whole run.
    void grownRunKeepsTheInterventions_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("gpt2-tiny") << QString("gpt2-tiny");
        QTest::newRow("llama-gqa-tiny") << QString("llama-gqa-tiny");
    }
    void grownRunKeepsTheInterventions() {
        QFETCH(QString, model);
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const auto d = Eigen::Index(checkpoint->config().dModel);
        attn::Interventions edits;
        edits.edits = {attn::Intervention::zero(0, 1), attn::Intervention::scale(1, 0, 0.5),
                       attn::Intervention::steer(0, attn::Matrix::Constant(1, d, 0.25))};
        growAndCompare(model, attn::RunOptions::Keep::Everything, edits);
        growAndCompare(model, attn::RunOptions::Keep::Compact, edits);
    }

    // Rows of another length, or of another model's layers, are refused in one line.
    void rowsThatDoNotFitAreRefused() {
        const auto checkpoint = attn::Checkpoint::open(modelDir("gpt2-tiny"));
        const std::vector<std::int64_t> ids = referenceIds("gpt2-tiny");
        const attn::RunPtr run = attn::runModel(*checkpoint, ids);
        attn::ContinuedRun cache(*checkpoint);
        cache.append(ids);
        std::vector<attn::LayerRun> layers;
        const attn::Matrix logits = cache.append({3, 4}, &layers);
        // Two rows, one id: refused; no layers: refused.
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::growRun(*checkpoint, *run, {3}, layers, logits));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::growRun(*checkpoint, *run, {3, 4}, {},
                                                                 attn::Matrix(2, logits.cols())));
        // Rows that follow a longer run than this one: refused.
        const attn::RunPtr shorter = attn::runModel(*checkpoint, {ids.begin(), ids.end() - 1});
        QVERIFY_THROWS_EXCEPTION(attn::InputError,
                                 attn::growRun(*checkpoint, *shorter, {3, 4}, layers,
                                               attn::Matrix::Zero(2, logits.cols())));
    }
};

QTEST_GUILESS_MAIN(TestRunGrowth)
#include "test_run_growth.moc"
