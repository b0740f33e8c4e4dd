// SPDX-License-Identifier: GPL-3.0-or-later
// A head's overview (core/networkreadings/HeadOverview.h): the block maxima an overview draws
// and the summary a table lists, from whole weights and from a compact run's heads derived a
// block of queries at a time; both equal a direct computation.

#include "checkpoint/Checkpoint.h"
#include "networkreadings/HeadOverview.h"
#include "support/ModelSupport.h"
#include "support/RandomLlamaSupport.h"
#include "transformer/Forward.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

// Each number of a summary computed the plain way, from the whole matrix.
attn::HeadSummary directSummary(const attn::Matrix &w, const std::vector<std::int64_t> &ids) {
    attn::HeadSummary s;
    s.scores = attn::headScores(w, ids);
    const Eigen::Index n = w.rows();
    double entropy = 0, lookBack = 0;
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j <= i; ++j)
            if (w(i, j) > 0) {
                entropy -= w(i, j) * std::log(w(i, j));
                lookBack += w(i, j) * double(i - j);
            }
    s.entropy = entropy / double(n);
    s.lookBack = lookBack / double(n);
    return s;
}

bool sameOrBothNan(double a, double b, double tolerance) {
    return (std::isnan(a) && std::isnan(b)) || std::abs(a - b) <= tolerance;
}

void compareSummaries(const attn::HeadSummary &a, const attn::HeadSummary &b, double tolerance) {
    QVERIFY(sameOrBothNan(a.scores.firstToken, b.scores.firstToken, tolerance));
    QVERIFY(sameOrBothNan(a.scores.previousToken, b.scores.previousToken, tolerance));
    QVERIFY(sameOrBothNan(a.scores.induction, b.scores.induction, tolerance));
    QVERIFY(sameOrBothNan(a.scores.duplicateToken, b.scores.duplicateToken, tolerance));
    QVERIFY(sameOrBothNan(a.entropy, b.entropy, tolerance));
    QVERIFY(sameOrBothNan(a.lookBack, b.lookBack, tolerance));
}

} // namespace

class TestHeadOverview : public QObject {
    Q_OBJECT

private slots:
    // From whole weights: the summary is the direct one (the scores exactly headScores'), and
    // each block holds its largest weight, masked blocks NaN.
    void fromWholeWeights() {
        QTemporaryDir dir;
        writeRandomLlamaFolder(dir.path());
        const auto checkpoint = attn::Checkpoint::open(dir.path());
        const std::vector<std::int64_t> ids = repeatingIds(300, 64);
        const attn::RunPtr run = attn::runModel(*checkpoint, ids);
        const attn::Matrix &w = run->layers[1].heads[2].weights;
        const int cells = 64;
        const attn::HeadOverview o = attn::headOverview(w, ids, true, cells);
        const attn::HeadSummary direct = directSummary(w, ids);
        compareSummaries(o.summary, direct, 1e-12);
        const attn::HeadScores scores = attn::headScores(w, ids);
        QCOMPARE(o.summary.scores.firstToken, scores.firstToken);
        QCOMPARE(o.summary.scores.induction, scores.induction);
        QCOMPARE(o.maxima.rows(), Eigen::Index(cells));
        const Eigen::Index n = w.rows();
        for (int p = 0; p < cells; ++p)
            for (int q = 0; q < cells; ++q) {
                const Eigen::Index r0 = p * n / cells, r1 = (p + 1) * n / cells;
                const Eigen::Index c0 = q * n / cells, c1 = (q + 1) * n / cells;
                if (c0 > r1 - 1) {
                    QVERIFY(std::isnan(o.maxima(p, q)));
                    continue;
                }
                QCOMPARE(o.maxima(p, q), w.block(r0, c0, r1 - r0, c1 - c0).maxCoeff());
            }
        // Fewer tokens than cells: one block per token, the weights themselves.
        const attn::Matrix small = w.topLeftCorner(10, 10);
        QCOMPARE(
            attn::headOverview(small, {ids.begin(), ids.begin() + 10}, true, cells).maxima.rows(),
            Eigen::Index(10));
    }

    // A compact run's weights derived by rows are the full run's, and so is each layer's
    // overview.
    void compactEqualsFull() {
        QTemporaryDir dir;
        writeRandomLlamaFolder(dir.path());
        const auto checkpoint = attn::Checkpoint::open(dir.path());
        const std::vector<std::int64_t> ids = repeatingIds(300, 64);
        const attn::RunPtr full = attn::runModel(*checkpoint, ids);
        const attn::RunPtr compact =
            attn::runModel(*checkpoint, ids, {}, {attn::RunOptions::Keep::Compact});
        QVERIFY(compact->compact);
        const attn::LayerRun layer =
            attn::expandLayer(*checkpoint, *compact, 1, std::vector<bool>(4, false));
        const attn::Matrix rows =
            attn::weightRows(checkpoint->config(), layer.heads[3], 1, 100, 50);
        QVERIFY(relativeError(rows, full->layers[1].heads[3].weights.middleRows(100, 50)) < 1e-14);
        for (int l = 0; l < 2; ++l) {
            const auto a = attn::layerOverview(*checkpoint, *full, l, 64);
            const auto b = attn::layerOverview(*checkpoint, *compact, l, 64);
            QCOMPARE(a.size(), std::size_t(4));
            QCOMPARE(b.size(), a.size());
            for (std::size_t h = 0; h < a.size(); ++h) {
                compareSummaries(a[h].summary, b[h].summary, 1e-12);
                const attn::Matrix fa = a[h].maxima.array().isNaN().select(-1, a[h].maxima);
                const attn::Matrix fb = b[h].maxima.array().isNaN().select(-1, b[h].maxima);
                QVERIFY(relativeError(fb, fa) < 1e-12);
            }
        }
        // Cancelled: nothing.
        std::atomic<bool> cancel(true);
        QVERIFY(attn::layerOverview(*checkpoint, *compact, 0, 64, &cancel).empty());
    }

    // A run's layers report as they finish, and a cancelled run stops with RunCancelled.
    void runProgressAndCancel() {
        QTemporaryDir dir;
        writeRandomLlamaFolder(dir.path());
        const auto checkpoint = attn::Checkpoint::open(dir.path());
        const std::vector<std::int64_t> ids = repeatingIds(40, 64);
        std::vector<int> done;
        attn::RunOptions options;
        options.layerDone = [&](int layers) { done.push_back(layers); };
        attn::runModel(*checkpoint, ids, {}, options);
        QCOMPARE(done, (std::vector<int>{1, 2}));
        std::atomic<bool> cancel(true);
        options.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(attn::RunCancelled, attn::runModel(*checkpoint, ids, {}, options));
    }
};

QTEST_GUILESS_MAIN(TestHeadOverview)
#include "test_head_overview.moc"
