// SPDX-License-Identifier: GPL-3.0-or-later
// The AVX-512 block kernels of the forward pass (core/BlockKernels.h) against the OpenBLAS path:
// the same results to 1e-12 on awkward shapes (sizes that are not multiples of the register
// tiles, every option that touches the logits), and every derived stage consistent with the
// forward pass's statistics bit for bit (a cell, a row and a whole stage compute a score alike).

#include "Attention.h"
#include "BlockKernels.h"
#include "io/Session.h"
#include "support/TestSupport.h"

#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

struct Shape {
    int n, m, p, d, dv;
    bool cross = false, causal = false, alibi = false;
    int window = 0;
    Positional positional = Positional::None;
};

AttentionInputs randomInputs(const Shape &s) {
    std::mt19937 rng(unsigned(s.n * 31 + s.m * 7 + s.d));
    AttentionInputs in;
    in.X = testsupport::randomMatrix(rng, s.n, s.p, 1.5);
    in.tokens = defaultTokens(s.n);
    in.hasContext = s.cross;
    if (s.cross) {
        in.context = testsupport::randomMatrix(rng, s.m, s.p, 1.5);
        in.contextTokens = defaultTokens(s.m, "c");
    }
    for (int h = 0; h < 2; ++h)
        in.heads.push_back({testsupport::randomMatrix(rng, s.p, s.d, 0.7),
                            testsupport::randomMatrix(rng, s.p, s.d, 0.7),
                            testsupport::randomMatrix(rng, s.p, s.dv, 0.7)});
    in.options.causal = s.causal;
    in.options.alibi = s.alibi;
    in.options.window = s.window;
    in.options.positional = s.positional;
    return in;
}

// |actual − expected| ≤ 1e-12 · max|expected|, −∞ where expected is.
void compareRelative(const Matrix &actual, const Matrix &expected, const char *what) {
    QCOMPARE(actual.rows(), expected.rows());
    QCOMPARE(actual.cols(), expected.cols());
    const auto inf = expected.array() == -INFINITY;
    QVERIFY2(((actual.array() == -INFINITY) == inf).all(), what);
    const Matrix a = inf.select(0.0, actual), e = inf.select(0.0, expected);
    const double scale = std::max(e.cwiseAbs().maxCoeff(), 1e-300);
    QVERIFY2((a - e).cwiseAbs().maxCoeff() <= 1e-12 * scale, what);
}

class BlasPath {
public:
    BlasPath() { kernel::setBlockKernelsAllowed(false); }
    ~BlasPath() { kernel::setBlockKernelsAllowed(true); }
};

} // namespace

Q_DECLARE_METATYPE(Shape)

class TestBlockKernels : public QObject {
    Q_OBJECT
private slots:
    void init() {
        if (!kernel::blockKernelsEnabled())
            QSKIP("this CPU has no AVX-512: the forward pass uses OpenBLAS only");
    }

    void sameAsOpenBlas_data() {
        QTest::addColumn<Shape>("shape");
        // Tiles are 8 queries × 24 keys (scores) and 6 queries × 32 columns (values, and the
        // projections: 6 tokens × 32 columns of W); blocks of 64 queries split over threads.
        QTest::newRow("tiny") << Shape{3, 3, 4, 2, 3};
        QTest::newRow("odd sizes") << Shape{37, 37, 11, 5, 13};
        QTest::newRow("two blocks and a tail") << Shape{139, 139, 16, 24, 40};
        QTest::newRow("cross-attention, keys not whole panels") << Shape{70, 53, 9, 8, 33, true};
        QTest::newRow("causal, ALiBi") << Shape{150, 150, 12, 16, 16, false, true, true};
        QTest::newRow("sliding window, RoPE")
            << Shape{129, 129, 10, 6, 7, false, false, false, 5, Positional::Rope};
        QTest::newRow("d_v wider than a tile") << Shape{65, 65, 8, 64, 72};
        QTest::newRow("whole tiles (unmasked loads), p above a chunk")
            << Shape{200, 200, 130, 32, 64};
    }
    void sameAsOpenBlas() {
        QFETCH(Shape, shape);
        const AttentionInputs in = randomInputs(shape);
        const AttentionResult fast = compute(in);
        AttentionResult blas;
        {
            BlasPath off;
            blas = compute(in);
        }
        for (size_t k = 0; k < blas.heads.size(); ++k) {
            const HeadResult &a = fast.heads[k], &b = blas.heads[k];
            // The projections too: the block kernel of weights·V, or OpenBLAS.
            compareRelative(a.Q, b.Q, "Q");
            compareRelative(a.K, b.K, "K");
            compareRelative(a.V, b.V, "V");
            compareRelative(a.output, b.output, "head output");
            compareRelative(Matrix(a.expSum), Matrix(b.expSum), "softmax sums");
            compareRelative(a.scores(), b.scores(), "scores");
            compareRelative(a.logits(), b.logits(), "logits");
            compareRelative(a.weights(), b.weights(), "weights");
        }
        compareRelative(fast.output(), blas.output(), "output");
    }

    // A stage derived whole, a block of rows, a single row and a single cell compute each score
    // as the forward pass did, so weights follow from its maxima and sums exactly: every row of
    // weights sums to 1 to rounding even where logits are in the thousands.
    void derivedStagesAgreeBitForBit() {
        Shape shape{90, 90, 12, 10, 10};
        AttentionInputs in = randomInputs(shape);
        in.X *= 40.0; // logits in the thousands: a different sum order would show
        const AttentionResult r = compute(in);
        const HeadResult &h = r.heads.front();
        const Matrix all = h.logits();
        const Matrix block = h.queryRows(HeadResult::Derived::Logits, 20, 30);
        const Matrix row = h.queryRows(HeadResult::Derived::Logits, 57, 1);
        QVERIFY(testsupport::sameBits(Matrix(all.middleRows(20, 30)), block));
        QVERIFY(testsupport::sameBits(Matrix(all.row(57)), row));
        for (Eigen::Index j = 0; j < all.cols(); j += 7)
            QCOMPARE(h.logits(57, j), all(57, j));
        const Matrix w = h.weights();
        for (Eigen::Index i = 0; i < w.rows(); ++i)
            QVERIFY(std::abs(w.row(i).sum() - 1.0) < 1e-14);
    }

    // The packed kernel and the ones for a few rows (16 or 8 keys at a time, transposed in
    // registers; 58 keys: 16 + 16 + 16 + 8 + 2; one, four or eight queries at once) give the same
    // bits, whole blocks of 8 dimensions or not.
    void packedAndUnpackedScoresAreEqual_data() {
        QTest::addColumn<int>("d");
        QTest::newRow("d = 7") << 7;
        QTest::newRow("d = 19") << 19;
        QTest::newRow("d = 64") << 64;
    }
    void packedAndUnpackedScoresAreEqual() {
        QFETCH(int, d);
        std::mt19937 rng(5);
        const Matrix Q = testsupport::randomMatrix(rng, 21, d, 1.0);
        const Matrix K = testsupport::randomMatrix(rng, 58, d, 1.0);
        const kernel::PackedKeys packed = kernel::packKeys(K);
        Matrix viaPanels(21, packed.paddedKeys()), viaGather(21, 58);
        kernel::scaledScores(Q, 0, 21, packed, 1.0, viaPanels.data(), packed.paddedKeys());
        for (Eigen::Index r = 0; r < 21; ++r)
            kernel::scores(Q, r, 1, K, viaGather.row(r).data(), 58);
        QVERIFY(testsupport::sameBits(Matrix(viaPanels.leftCols(58)), viaGather));
        // Several queries at a time (8 + 4 + 1 + 1 of them from row 3: a refresh's block), the
        // same bits.
        Matrix viaBlock(14, 58);
        kernel::scores(Q, 3, 14, K, viaBlock.data(), 58);
        QVERIFY(testsupport::sameBits(viaBlock, Matrix(viaGather.middleRows(3, 14))));
        // Two keys against every query in one pass (an edit's old and new key), from row 5 on.
        Matrix twoKeys(16, 2);
        kernel::scoresAgainst(K.row(3).data(), K.row(47).data(), Q, 5, 16, twoKeys.data(), 2);
        QVERIFY(testsupport::sameBits(twoKeys.col(0), viaGather.block(5, 3, 16, 1)));
        QVERIFY(testsupport::sameBits(twoKeys.col(1), viaGather.block(5, 47, 16, 1)));
        QVERIFY((viaPanels.rightCols(packed.paddedKeys() - 58).array() == 0.0).all());
        COMPARE_MATRIX(viaGather, Matrix(Q * K.transpose()));
    }

    // An edited token's projection: the bits weightedValues gives the same row, widths with and
    // without a partial vector and beyond 64 columns.
    void rowProjectionMatchesTheForwardPass_data() {
        QTest::addColumn<int>("dv");
        for (int dv : {1, 5, 8, 13, 64, 72, 130})
            QTest::addRow("d = %d", dv) << dv;
    }
    void rowProjectionMatchesTheForwardPass() {
        if (!kernel::blockKernelsEnabled())
            QSKIP("no AVX-512 on this CPU");
        QFETCH(int, dv);
        std::mt19937 rng{static_cast<unsigned>(dv) + 100};
        const Matrix X = testsupport::randomMatrix(rng, 5, 77, 1.0);
        const Matrix W = testsupport::randomMatrix(rng, 77, dv, 0.3);
        Matrix viaBlocks(5, dv), viaRow(1, dv);
        kernel::weightedValues(X.data(), X.cols(), 5, W, viaBlocks, 0);
        kernel::projectRow(X.row(3).data(), W, viaRow.data());
        QVERIFY(testsupport::sameBits(viaRow, Matrix(viaBlocks.row(3))));
        COMPARE_MATRIX(viaRow, Matrix(X.row(3) * W));
    }

    // An edit's correction of an output row and a query's norm: the AVX-512 version against
    // the plain one (Eigen), widths with and without a partial vector.
    void rowCorrectionMatchesPlain_data() {
        QTest::addColumn<int>("dv");
        for (int dv : {1, 5, 8, 13, 64, 72})
            QTest::addRow("d_v = %d", dv) << dv;
    }
    void rowCorrectionMatchesPlain() {
        QFETCH(int, dv);
        std::mt19937 rng{static_cast<unsigned>(dv)};
        const Matrix rows = testsupport::randomMatrix(rng, 3, dv, 2.0); // before, vOld, vNew
        const auto correct = [&](Matrix &out, double *maxima) {
            out.resize(1, dv);
            kernel::correctRow(rows.row(0).data(), 3.25, 0.4, rows.row(1).data(), 0.9,
                               rows.row(2).data(), 3.75, out.data(), dv, maxima);
            return kernel::squaredNorm(rows.row(0).data(), dv);
        };
        Matrix fast, plain;
        double fastMax[2], plainMax[2];
        const double fastNorm = correct(fast, fastMax);
        double plainNorm = 0.0;
        {
            BlasPath off;
            plainNorm = correct(plain, plainMax);
        }
        const Matrix expected = (rows.row(0) * 3.25 - 0.4 * rows.row(1) + 0.9 * rows.row(2)) / 3.75;
        compareRelative(fast, expected, "corrected row");
        compareRelative(plain, expected, "corrected row, plain");
        QCOMPARE(fastMax[0], rows.row(0).cwiseAbs().maxCoeff());
        QCOMPARE(fastMax[1], fast.cwiseAbs().maxCoeff());
        QCOMPARE(plainMax[0], fastMax[0]);
        QVERIFY(std::abs(fastNorm - rows.row(0).squaredNorm()) <= 1e-14 * fastNorm);
        QVERIFY(std::abs(plainNorm - fastNorm) <= 1e-14 * fastNorm);
    }
};

QTEST_GUILESS_MAIN(TestBlockKernels)
#include "test_block_kernels.moc"
