// SPDX-License-Identifier: GPL-3.0-or-later
// Incremental updates after cell edits of X or of the context (attn::updateTokens) agree with a
// full recompute: random sequences of 1,000 edits, with masks, causal attention, sliding
// windows, ALiBi, positions, cross-attention, several heads and key/value groups, in both
// layouts, to 1e-12 relative to each matrix's largest entry.

#include "Attention.h"
#include "BlockKernels.h"
#include "IncrementalAttention.h"
#include "Masks.h"
#include "Parallel.h"
#include "support/TestSupport.h"

#include <memory>
#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

struct Case {
    int n = 12, m = 12, p = 6, d = 4, heads = 1;
    bool cross = false, causal = false, customMask = false, alibi = false, kvGroups = false;
    bool withWo = false;
    int window = 0;
    Positional positional = Positional::None;
    double xScale = 1.0; // large values make sharp softmax rows whose maxima change often
};

AttentionInputs randomInputs(std::mt19937 &rng, const Case &c) {
    AttentionInputs in;
    in.X = testsupport::randomMatrix(rng, c.n, c.p, c.xScale);
    in.tokens = defaultTokens(c.n);
    in.hasContext = c.cross;
    if (c.cross) {
        in.context = testsupport::randomMatrix(rng, c.m, c.p + 1, c.xScale);
        in.contextTokens = defaultTokens(c.m, "c");
    }
    const Eigen::Index pc = in.source().cols();
    for (int h = 0; h < c.heads; ++h) {
        HeadWeights w{testsupport::randomMatrix(rng, c.p, c.d, 0.5),
                      testsupport::randomMatrix(rng, pc, c.d, 0.5),
                      testsupport::randomMatrix(rng, pc, c.d + 1, 0.5)};
        w.kvGroup = c.kvGroups ? h / 2 : -1;
        in.heads.push_back(w);
    }
    shareKeyValueGroups(in);
    if (c.withWo)
        in.Wo = testsupport::randomMatrix(rng, c.heads * (c.d + 1), 3);
    in.options.causal = c.causal;
    in.options.alibi = c.alibi;
    in.options.window = c.window;
    in.options.positional = c.positional;
    if (c.customMask) // one query with every key masked
        in.mask = testsupport::randomMask(rng, c.n, in.keyCount(), 0.2, 1);
    return in;
}

// |actual − expected| ≤ 1e-12 · max|expected| over the whole matrix.
void compareRelative(const Matrix &actual, const Matrix &expected, const char *what) {
    QCOMPARE(actual.rows(), expected.rows());
    QCOMPARE(actual.cols(), expected.cols());
    if (expected.size() == 0)
        return;
    const double scale = std::max(expected.cwiseAbs().maxCoeff(), 1e-300);
    const Matrix diff = actual - expected;
    const double worst = diff.cwiseAbs().maxCoeff();
    QVERIFY2(
        worst <= 1e-12 * scale,
        qPrintable(QString("%1: off by %2 relative after the edits").arg(what).arg(worst / scale)));
}

void compareResults(const AttentionResult &fast, const AttentionResult &full) {
    QCOMPARE(fast.heads.size(), full.heads.size());
    QCOMPARE(fast.layout, full.layout);
    for (size_t k = 0; k < full.heads.size(); ++k) {
        const HeadResult &a = fast.heads[k], &b = full.heads[k];
        compareRelative(a.Q, b.Q, "Q");
        compareRelative(a.K, b.K, "K");
        compareRelative(a.V, b.V, "V");
        compareRelative(a.scores(), b.scores(), "scores");
        // Masked logits are −∞ in both: compare where they are finite.
        const Matrix la = a.logits(), lb = b.logits();
        QVERIFY(((la.array() == -INFINITY) == (lb.array() == -INFINITY)).all());
        compareRelative(Matrix((lb.array() == -INFINITY).select(0.0, la)),
                        Matrix((lb.array() == -INFINITY).select(0.0, lb)), "logits");
        compareRelative(a.weights(), b.weights(), "weights");
        compareRelative(a.output, b.output, "head output");
    }
    compareRelative(fast.concat(), full.concat(), "concat");
    compareRelative(fast.output(), full.output(), "output");
    QCOMPARE(fast.warnings, full.warnings);
}

} // namespace

Q_DECLARE_METATYPE(Case)

class TestIncremental : public QObject {
    Q_OBJECT
private slots:
    // Two threads whatever the machine: from n = 1024 an update splits its queries over them.
    void initTestCase() { setThreadCount(2); }
    void cleanupTestCase() { setThreadCount(0); }

    void randomEditSequences_data() {
        QTest::addColumn<Case>("shape");
        QTest::addColumn<bool>("columns");
        const auto row = [](const char *name, Case c, bool columns = false) {
            QTest::newRow(name) << c << columns;
        };
        row("self-attention", Case{});
        row("column layout", Case{}, true);
        row("causal", Case{.causal = true});
        row("custom mask with an all-masked query", Case{.customMask = true});
        row("sliding window + ALiBi", Case{.heads = 2, .alibi = true, .window = 3});
        row("cross-attention, context and X edits", Case{.n = 9, .m = 14, .cross = true});
        row("cross-attention, causal, column layout",
            Case{.n = 10, .m = 13, .cross = true, .causal = true}, true);
        row("four heads, kv groups, Wo", Case{.heads = 4, .kvGroups = true, .withWo = true});
        row("sinusoidal positions", Case{.positional = Positional::Sinusoidal});
        row("RoPE, cross-attention", Case{.cross = true, .positional = Positional::Rope});
        row("sharp rows (maxima move)", Case{.heads = 2, .causal = true, .xScale = 6.0});
        row("very sharp rows, masked", Case{.customMask = true, .xScale = 25.0});
        row("queries split over threads", Case{.n = 1100, .heads = 2, .causal = true});
        row("cross-attention split over threads, more queries than keys",
            Case{.n = 1100, .m = 700, .cross = true, .customMask = true});
    }
    void randomEditSequences() {
        QFETCH(Case, shape);
        QFETCH(bool, columns);
        std::mt19937 rng(2026);
        AttentionInputs in = randomInputs(rng, shape);
        AttentionResult result = compute(in);
        std::normal_distribution<double> value(0.0, shape.xScale);
        std::bernoulli_distribution contextEdit(shape.cross ? 0.5 : 0.0);
        for (int e = 1; e <= 1000; ++e) {
            TokenEdit edit;
            Matrix &target = contextEdit(rng) ? in.context : in.X;
            const Eigen::Index row =
                std::uniform_int_distribution<Eigen::Index>(0, target.rows() - 1)(rng);
            target(row, std::uniform_int_distribution<Eigen::Index>(0, target.cols() - 1)(rng)) =
                value(rng);
            if (&target == &in.X)
                edit.xFirst = edit.xLast = row;
            else
                edit.contextFirst = edit.contextLast = row;
            result = updateTokens(in, result, edit);
            if (e % 250 == 0) {
                const AttentionResult full = compute(in, columns ? Layout::Columns : Layout::Rows);
                compareResults(columns ? transposed(result) : result, full);
                if (QTest::currentTestFailed())
                    QFAIL(qPrintable(QString("after %1 edits").arg(e)));
            }
        }
    }

    // The bound each row carries stays under the tolerance: a row past it was recomputed.
    void driftStaysBounded() {
        std::mt19937 rng(7);
        Case c{.n = 40, .heads = 2, .xScale = 3.0};
        AttentionInputs in = randomInputs(rng, c);
        AttentionResult result = compute(in);
        std::normal_distribution<double> value(0.0, 3.0);
        for (int e = 0; e < 2000; ++e) {
            const Eigen::Index t = e % c.n;
            in.X(t, e % c.p) = value(rng);
            result = recomputeRows(in, result, t, t);
        }
        for (const HeadResult &h : result.heads) {
            QCOMPARE(h.drift.size(), h.queryCount());
            const double scale = h.output.cwiseAbs().maxCoeff();
            QVERIFY(h.drift.maxCoeff() <= kDriftTolerance * scale);
            QVERIFY(h.sumDrift.maxCoeff() <= kDriftTolerance);
            QVERIFY(h.drift.maxCoeff() > 0.0); // the edits did accumulate some
        }
    }

    // With the block kernels the edited tokens' Q, K and V rows are the bits compute() gives
    // them, through every kind of position, so their logits are too: the drift bound counts no
    // logit error then (IncrementalAttention.h). Over a long sequence, refreshes on the way.
    void editedRowsHaveTheForwardPassBits_data() {
        QTest::addColumn<Case>("shape");
        QTest::newRow("self-attention") << Case{.n = 60};
        QTest::newRow("sharp rows, causal") << Case{.n = 60, .causal = true, .xScale = 6.0};
        QTest::newRow("very sharp, masked, ALiBi")
            << Case{.n = 50, .customMask = true, .alibi = true, .xScale = 25.0};
        QTest::newRow("cross-attention, sinusoidal")
            << Case{.n = 30, .m = 70, .cross = true, .positional = Positional::Sinusoidal};
        QTest::newRow("RoPE, two heads")
            << Case{.n = 40, .heads = 2, .positional = Positional::Rope};
    }
    void editedRowsHaveTheForwardPassBits() {
        if (!kernel::blockKernelsEnabled())
            QSKIP("no AVX-512 on this CPU: the projections are OpenBLAS's and Eigen's");
        QFETCH(Case, shape);
        std::mt19937 rng(11);
        AttentionInputs in = randomInputs(rng, shape);
        AttentionResult result = compute(in);
        std::normal_distribution<double> value(0.0, shape.xScale);
        for (int e = 1; e <= 1500; ++e) {
            const bool context = shape.cross && e % 2 == 0;
            Matrix &target = context ? in.context : in.X;
            const Eigen::Index t = (e * 7) % target.rows();
            target(t, e % target.cols()) = value(rng);
            TokenEdit edit;
            (context ? edit.contextFirst : edit.xFirst) = t;
            (context ? edit.contextLast : edit.xLast) = t;
            result = updateTokens(in, result, edit);
            if (e % 500 != 0)
                continue;
            const AttentionResult full = compute(in);
            for (size_t k = 0; k < full.heads.size(); ++k) {
                QVERIFY(testsupport::sameBits(result.heads[k].Q, full.heads[k].Q));
                QVERIFY(testsupport::sameBits(result.heads[k].K, full.heads[k].K));
                QVERIFY(testsupport::sameBits(result.heads[k].V, full.heads[k].V));
            }
            compareResults(result, full);
        }
    }

    // A published result is immutable (the window draws it while the next one is computed):
    // updates from it, of X and of the context, on one thread or split, leave it as it was.
    void anEditNeverChangesItsStartingResult_data() {
        QTest::addColumn<Case>("shape");
        QTest::newRow("small") << Case{.heads = 2};
        QTest::newRow("split over threads, cross-attention")
            << Case{.n = 1100, .m = 1030, .heads = 2, .cross = true};
    }
    void anEditNeverChangesItsStartingResult() {
        QFETCH(Case, shape);
        std::mt19937 rng(9);
        AttentionInputs in = randomInputs(rng, shape);
        const AttentionResult published = compute(in);
        const AttentionResult copy = published; // Matrix copies: its own storage
        for (int e = 0; e < 4; ++e) {
            TokenEdit edit;
            const bool context = shape.cross && e % 2 == 1;
            Matrix &target = context ? in.context : in.X;
            const Eigen::Index t = (e * 5) % target.rows();
            target(t, 0) += 1.0;
            if (context)
                edit.contextFirst = edit.contextLast = t;
            else
                edit.xFirst = edit.xLast = t;
            const AttentionResult updated = updateTokens(in, published, edit);
            QVERIFY(!testsupport::sameBits(updated.output(), published.output()));
            // It names what it was made from and the rows of Q and K that may differ from it:
            // the edited token's (only keys for a context token, only a query for a token of X
            // in cross-attention); every other row is the same.
            const AttentionResult::Update &u = updated.update;
            QVERIFY(u.from == &published);
            QCOMPARE(u.queryFirst, context ? edit.xFirst : t);
            QCOMPARE(u.queryLast, context ? edit.xLast : t);
            // K comes from the context in cross-attention: an edit of X changes none of it.
            const bool keysChanged = context || !shape.cross;
            QCOMPARE(u.keyLast - u.keyFirst, keysChanged ? Eigen::Index(0) : Eigen::Index(-1));
            if (keysChanged)
                QCOMPARE(u.keyFirst, t);
            for (size_t k = 0; k < updated.heads.size(); ++k) {
                const HeadResult &a = updated.heads[k], &b = published.heads[k];
                for (Eigen::Index r = 0; r < a.Q.rows(); ++r)
                    if (r < u.queryFirst || r > u.queryLast)
                        QVERIFY(testsupport::sameBits(Matrix(a.Q.row(r)), Matrix(b.Q.row(r))));
                for (Eigen::Index r = 0; r < a.K.rows(); ++r)
                    if (r < u.keyFirst || r > u.keyLast)
                        QVERIFY(testsupport::sameBits(Matrix(a.K.row(r)), Matrix(b.K.row(r))));
            }
        }
        for (size_t k = 0; k < copy.heads.size(); ++k) {
            const HeadResult &a = published.heads[k], &b = copy.heads[k];
            for (const auto &[x, y] :
                 {std::pair{&a.Q, &b.Q}, {&a.K, &b.K}, {&a.V, &b.V}, {&a.output, &b.output}})
                QVERIFY(testsupport::sameBits(*x, *y));
            QVERIFY(testsupport::sameBits(Matrix(a.shift), Matrix(b.shift)));
            QVERIFY(testsupport::sameBits(Matrix(a.expSum), Matrix(b.expSum)));
            QCOMPARE(a.drift.size(), b.drift.size());
        }
        QVERIFY(testsupport::sameBits(published.concat(), copy.concat()));
        QVERIFY(testsupport::sameBits(published.output(), copy.output()));
    }

    // An update that takes the matrices of the result before `previous` (as the window's
    // recomputer does: two results in turn) gives the bits of one that copies `previous` whole,
    // in every shape, with edits of several tokens and of both sources at once; a spare that is
    // not the result `previous` came from is left alone.
    void aRecycledResultGivesTheSameBits_data() { randomEditSequences_data(); }
    void aRecycledResultGivesTheSameBits() {
        QFETCH(Case, shape);
        std::mt19937 rng(31);
        AttentionInputs in = randomInputs(rng, shape);
        // On the heap, as the recomputer keeps them: update.from names an address.
        auto plain = std::make_unique<AttentionResult>(compute(in));
        auto current = std::make_unique<AttentionResult>(*plain);
        std::unique_ptr<AttentionResult> spare = std::make_unique<AttentionResult>(compute(in));
        std::normal_distribution<double> value(0.0, shape.xScale);
        int recycled = 0;
        for (int e = 1; e <= 300; ++e) {
            // X: one token, or two every seventh edit; in cross-attention also (every third
            // edit) or instead (every other) a token of the context.
            TokenEdit edit;
            const bool contextToo = shape.cross && e % 3 == 0, contextOnly = shape.cross && e % 2;
            if (!contextOnly) {
                const Eigen::Index t =
                    std::uniform_int_distribution<Eigen::Index>(0, in.X.rows() - 2)(rng);
                edit.xFirst = t;
                edit.xLast = t + (e % 7 == 0 ? 1 : 0);
                for (Eigen::Index r = edit.xFirst; r <= edit.xLast; ++r)
                    in.X(r, e % in.X.cols()) = value(rng);
            }
            if (contextToo || contextOnly) {
                const Eigen::Index c = (e * 5) % in.context.rows();
                in.context(c, e % in.context.cols()) = value(rng);
                edit.contextFirst = edit.contextLast = c;
            }
            const bool fromSpare = current->update.from == spare.get();
            auto next =
                std::make_unique<AttentionResult>(updateTokens(in, *current, edit, spare.get()));
            // Taken (its matrices moved out) exactly when the edit was an update (not a fall-back
            // to compute(): too many tokens for n = 12) of the result made from the spare.
            const bool taken = spare->heads.empty() || spare->heads[0].Q.size() == 0;
            QCOMPARE(taken, fromSpare && next->update.from == current.get());
            recycled += taken ? 1 : 0;
            plain = std::make_unique<AttentionResult>(updateTokens(in, *plain, edit));
            for (size_t k = 0; k < plain->heads.size(); ++k) {
                const HeadResult &a = next->heads[k], &b = plain->heads[k];
                for (const auto &[x, y] :
                     {std::pair{&a.Q, &b.Q}, {&a.K, &b.K}, {&a.V, &b.V}, {&a.output, &b.output}})
                    QVERIFY(testsupport::sameBits(*x, *y));
                QVERIFY(testsupport::sameBits(Matrix(a.shift), Matrix(b.shift)));
                QVERIFY(testsupport::sameBits(Matrix(a.expSum), Matrix(b.expSum)));
                QVERIFY(testsupport::sameBits(Matrix(a.drift), Matrix(b.drift)));
            }
            QVERIFY(testsupport::sameBits(next->output(), plain->output()));
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QString("after %1 edits").arg(e)));
            spare = std::move(current);
            current = std::move(next);
        }
        QVERIFY2(recycled > 100, qPrintable(QString::number(recycled)));
        compareResults(*current, compute(in));
    }

    // Shapes or options that changed are not an edit of values: a full recompute.
    void fallsBackWhenTheResultDoesNotFit() {
        std::mt19937 rng(3);
        AttentionInputs in = randomInputs(rng, Case{});
        const AttentionResult before = compute(in);
        in.options.temperature = 2.0;
        QVERIFY(!canUpdateTokens(in, before));
        TokenEdit edit;
        edit.xFirst = edit.xLast = 0;
        const AttentionResult recomputed = updateTokens(in, before, edit);
        compareResults(recomputed, compute(in));
        QVERIFY(recomputed.update.from == nullptr); // not an update of `before`
        QVERIFY(!canUpdateTokens(in, transposed(compute(in))));
    }
};

QTEST_GUILESS_MAIN(TestIncremental)
#include "test_incremental.moc"
