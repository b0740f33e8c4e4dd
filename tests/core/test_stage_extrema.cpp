// SPDX-License-Identifier: GPL-3.0-or-later
// The block extrema a large heatmap is drawn from (attn::StageExtrema) agree with the stages
// themselves: built, and after random sequences of token edits kept in step by update() (with
// masks, causal attention, sliding windows, ALiBi, RoPE, cross-attention), for the whole
// matrix and for a zoomed-in part. The column layout draws the same table transposed, so one
// orientation covers both (tests/ui/heatmap/test_heatmap_lod checks the drawing of both).

#include "Attention.h"
#include "IncrementalAttention.h"
#include "Masks.h"
#include "StageExtrema.h"
#include "support/TestSupport.h"

#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

struct Case {
    int n = 24, p = 6, d = 4;
    bool cross = false, causal = false, customMask = false, alibi = false;
    int window = 0;
    Positional positional = Positional::None;
    double xScale = 1.0;
};

AttentionInputs randomInputs(std::mt19937 &rng, const Case &c) {
    AttentionInputs in;
    in.X = testsupport::randomMatrix(rng, c.n, c.p, c.xScale);
    in.tokens = defaultTokens(c.n);
    in.hasContext = c.cross;
    if (c.cross) {
        in.context = testsupport::randomMatrix(rng, c.n + 5, c.p, c.xScale);
        in.contextTokens = defaultTokens(c.n + 5, "c");
    }
    in.heads.push_back({testsupport::randomMatrix(rng, c.p, c.d, 0.5),
                        testsupport::randomMatrix(rng, c.p, c.d, 0.5),
                        testsupport::randomMatrix(rng, c.p, c.d, 0.5)});
    in.options.causal = c.causal;
    in.options.alibi = c.alibi;
    in.options.window = c.window;
    in.options.positional = c.positional;
    if (c.customMask) // one query with every key masked
        in.mask = testsupport::randomMask(rng, c.n, in.keyCount(), 0.3, 2);
    return in;
}

// The table a brute force gives: every cell of the stage, reduced per block.
void compareWithStage(const StageExtrema &table, const HeadResult &head) {
    const bool logits = table.quantity() == StageExtrema::Quantity::Logits;
    const Matrix all = logits ? head.logits() : head.scores();
    const double scale = std::max(1.0, all.cwiseAbs().redux([](double a, double b) {
        return std::max(std::isfinite(a) ? a : 0.0, std::isfinite(b) ? b : 0.0);
    }));
    const auto &bounds = table.bounds();
    for (Eigen::Index i = 0; i < table.queryCount(); ++i)
        for (Eigen::Index b = 0; b < table.blockCount(); ++b) {
            double max = -INFINITY, min = INFINITY;
            for (Eigen::Index k = bounds[size_t(b)]; k < bounds[size_t(b) + 1]; ++k) {
                const double v = all(table.firstQuery() + i, k);
                if (v == -INFINITY)
                    continue;
                max = std::max(max, v);
                min = std::min(min, v);
            }
            const double gotMax = table.maxima()(i, b), gotMin = table.minima()(i, b);
            const auto where = QString("query %1, block %2").arg(table.firstQuery() + i).arg(b);
            if (std::isinf(max) || std::isinf(min)) { // every key of the block masked
                QVERIFY2(gotMax == max && gotMin == min, qPrintable(where));
                continue;
            }
            QVERIFY2(std::abs(gotMax - max) <= 1e-12 * scale,
                     qPrintable(where + QString(": max %1, expected %2").arg(gotMax).arg(max)));
            QVERIFY2(std::abs(gotMin - min) <= 1e-12 * scale,
                     qPrintable(where + QString(": min %1, expected %2").arg(gotMin).arg(min)));
        }
}

// Uneven blocks of keys, as the pixels of a heatmap split them.
std::vector<Eigen::Index> blocks(std::mt19937 &rng, Eigen::Index first, Eigen::Index last) {
    std::vector<Eigen::Index> bounds{first};
    std::uniform_int_distribution<int> width(1, 4);
    while (bounds.back() < last)
        bounds.push_back(std::min<Eigen::Index>(bounds.back() + width(rng), last));
    return bounds;
}

} // namespace

class TestStageExtrema : public QObject {
    Q_OBJECT
private slots:
    void editsKeepTheExtrema_data();
    void editsKeepTheExtrema();
    void regionIsTheStage();
    void changedRowsFindsTheEdit();
};

void TestStageExtrema::editsKeepTheExtrema_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("plain") << 0;
    QTest::newRow("causal") << 1;
    QTest::newRow("custom mask") << 2;
    QTest::newRow("alibi + window") << 3;
    QTest::newRow("rope, sharp") << 4;
    QTest::newRow("cross-attention") << 5;
}

void TestStageExtrema::editsKeepTheExtrema() {
    QFETCH(int, which);
    Case c;
    c.causal = which == 1;
    c.customMask = which == 2;
    c.alibi = which == 3;
    c.window = which == 3 ? 5 : 0;
    c.positional = which == 4 ? Positional::Rope : Positional::None;
    c.xScale = which == 4 ? 6.0 : 1.0;
    c.cross = which == 5;
    std::mt19937 rng(uint32_t(40 + which));
    AttentionInputs in = randomInputs(rng, c);
    AttentionResult result = compute(in);
    const Eigen::Index n = in.queryCount(), m = in.keyCount();
    // The whole matrix and a zoomed-in part, for scores and logits.
    std::vector<StageExtrema> tables;
    for (auto quantity : {StageExtrema::Quantity::Scores, StageExtrema::Quantity::Logits}) {
        tables.emplace_back(result.heads[0], quantity, 0, n, blocks(rng, 0, m));
        tables.emplace_back(result.heads[0], quantity, 3, n - 7, blocks(rng, 2, m - 4));
    }
    for (const StageExtrema &t : tables)
        compareWithStage(t, result.heads[0]);

    std::uniform_int_distribution<int> token(0, int(n) - 1), contextToken(0, int(m) - 1);
    std::normal_distribution<double> value(0.0, c.xScale);
    for (int edit = 0; edit < 150; ++edit) {
        TokenEdit e;
        if (c.cross && edit % 2) {
            const int t = contextToken(rng);
            in.context(t, edit % in.context.cols()) = value(rng);
            e.contextFirst = e.contextLast = t;
        } else {
            const int t = token(rng);
            in.X(t, edit % in.X.cols()) = value(rng);
            e.xFirst = e.xLast = t;
        }
        AttentionResult next = updateTokens(in, result, e);
        const auto changed = changedRows(result.heads[0], next.heads[0], 4);
        QVERIFY(changed.has_value());
        for (StageExtrema &t : tables)
            t.update(result.heads[0], next.heads[0], changed->queries, changed->keys);
        result = std::move(next);
        if (edit % 25 == 24)
            for (const StageExtrema &t : tables)
                compareWithStage(t, result.heads[0]);
    }
    for (const StageExtrema &t : tables) {
        compareWithStage(t, result.heads[0]);
        compareWithStage(t.merged(), result.heads[0]);
    }
}

void TestStageExtrema::regionIsTheStage() {
    Case c;
    c.customMask = true;
    c.alibi = true;
    std::mt19937 rng(3);
    const AttentionResult r = compute(randomInputs(rng, c));
    const HeadResult &h = r.heads[0];
    using D = HeadResult::Derived;
    for (D stage : {D::Scores, D::Logits, D::Weights}) {
        const Matrix all = h.derive(stage);
        const Matrix part = stageRegion(h, stage, 4, 9, 7, 11);
        for (Eigen::Index i = 0; i < part.rows(); ++i)
            for (Eigen::Index j = 0; j < part.cols(); ++j) {
                const double want = all(4 + i, 7 + j), got = part(i, j);
                if (std::isinf(want))
                    QCOMPARE(got, want);
                else
                    QVERIFY(std::abs(got - want) <= 1e-12 * std::max(1.0, std::abs(want)));
            }
    }
}

void TestStageExtrema::changedRowsFindsTheEdit() {
    Case c;
    std::mt19937 rng(9);
    AttentionInputs in = randomInputs(rng, c);
    const AttentionResult before = compute(in);
    in.X(5, 1) += 0.25;
    const AttentionResult after = recomputeRows(in, before, 5, 5);
    const auto changed = changedRows(before.heads[0], after.heads[0], 4);
    QVERIFY(changed.has_value());
    QCOMPARE(changed->queries, std::vector<Eigen::Index>{5});
    QCOMPARE(changed->keys, std::vector<Eigen::Index>{5});
    // A new mask (or factor) is no token edit: the table is built again.
    in.options.causal = true;
    QVERIFY(!changedRows(before.heads[0], compute(in).heads[0], 4).has_value());
    // Beyond the limit: built again.
    AttentionInputs many = in;
    many.options.causal = false;
    many.X.array() += 1.0;
    QVERIFY(!changedRows(before.heads[0], compute(many).heads[0], 4).has_value());
}

QTEST_APPLESS_MAIN(TestStageExtrema)
#include "test_stage_extrema.moc"
