// SPDX-License-Identifier: GPL-3.0-or-later
// How kernels compute attention (core/kernels/OnlineSoftmax, TiledProduct): every reading
// gives the plain result to 1e-12 on the reference cases and on seeded random ones with masks,
// causal, cross-attention and several heads.

#include "InputError.h"
#include "io/Session.h"
#include "kernels/OnlineSoftmax.h"
#include "kernels/TiledProduct.h"
#include "support/KernelSupport.h"

#include <cmath>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using namespace testsupport;

Q_DECLARE_METATYPE(AttentionInputs)

namespace {

constexpr double kTight = 1e-12;

// Every reference case and a set of random ones, as (inputs) rows.
void addCases() {
    QTest::addColumn<AttentionInputs>("inputs");
    for (const QString &file : referenceFiles())
        QTest::newRow(qPrintable(QFileInfo(file).baseName())) << loadSessionFile(file).inputs;
    //                                            n  m  p dk dv H cross causal mask row
    const KernelShape shapes[] = {
        {1, 1, 1, 1, 1, 1, false, false, 0.0, -1}, {5, 5, 4, 3, 2, 1, false, true, 0.0, -1},
        {7, 7, 6, 4, 3, 3, false, false, 0.2, 2},  {4, 9, 5, 4, 6, 2, true, false, 0.3, 3},
        {6, 4, 4, 2, 3, 2, true, true, 0.1, 0},    {9, 9, 8, 8, 4, 2, false, true, 0.0, -1, 30.0},
        {13, 11, 6, 5, 4, 1, true, false, 0.5, -1}};
    unsigned seed = 1;
    for (const KernelShape &s : shapes) {
        QTest::newRow(qPrintable(QString("random %1").arg(seed))) << randomKernelInputs(seed, s);
        ++seed;
    }
}

// |a − b| ≤ 1e-12, relative to the plain result's magnitude.
QString tightDifference(const Matrix &actual, const Matrix &expected) {
    const double scale = std::max(1.0, expected.size() ? expected.cwiseAbs().maxCoeff() : 0.0);
    return compareMatrices(actual, expected, kTight * scale);
}

} // namespace

class TestKernels : public QObject {
    Q_OBJECT

private slots:
    void onlineRowEqualsPlain_data() { addCases(); }
    void onlineRowEqualsPlain() {
        QFETCH(AttentionInputs, inputs);
        const AttentionResult r = compute(inputs);
        for (Eigen::Index h = 0; h < Eigen::Index(r.heads.size()); ++h) {
            const HeadKernelInputs k = headKernelInputs(inputs, r, h);
            const Matrix &plain = r.heads[size_t(h)].output;
            for (Eigen::Index block = 1; block <= k.K.rows() + 1; ++block) {
                for (Eigen::Index i = 0; i < plain.rows(); ++i) {
                    const OnlineRow walk = onlineSoftmaxRow(k, i, block);
                    const QString diff = tightDifference(walk.output, plain.row(i));
                    QVERIFY2(
                        diff.isEmpty(),
                        qPrintable(QString("head %1 row %2 block %3: ").arg(h).arg(i).arg(block) +
                                   diff));
                    QCOMPARE(walk.fullyMasked, r.masked.size() != 0 && bool(r.masked.row(i).all()));
                    QCOMPARE(Eigen::Index(walk.steps.size()), (k.K.rows() + block - 1) / block);
                }
            }
        }
    }

    // The recurrence's invariants after every block: m is the maximum so far, ℓ the sum of
    // exp(logit − m) over the keys so far, acc the same weighted sum of V's rows.
    void onlineStepsKeepTheInvariant_data() { addCases(); }
    void onlineStepsKeepTheInvariant() {
        QFETCH(AttentionInputs, inputs);
        const AttentionResult r = compute(inputs);
        const HeadKernelInputs k = headKernelInputs(inputs, r, 0);
        const Matrix &logits = r.heads[0].logits();
        for (Eigen::Index i = 0; i < logits.rows(); ++i) {
            const OnlineRow walk = onlineSoftmaxRow(k, i, 2);
            double previousMax = -std::numeric_limits<double>::infinity();
            RowVector sofar(0); // the walk's own logits of the keys so far
            for (const OnlineStep &s : walk.steps) {
                const Eigen::Index count = s.last - s.first + 1;
                // The block's logits are the plain path's (computed per block from Q and K).
                for (Eigen::Index j = 0; j < count; ++j)
                    QVERIFY(close(s.logits(j), logits(i, s.first + j), kTight));
                sofar.conservativeResize(s.last + 1);
                sofar.tail(count) = s.logits;
                QCOMPARE(s.blockMax, s.logits.maxCoeff());
                QCOMPARE(s.max, sofar.maxCoeff());
                if (s.max == -std::numeric_limits<double>::infinity()) {
                    QCOMPARE(s.sum, 0.0);
                    QCOMPARE(s.rescale, 1.0); // nothing kept, nothing to rescale (not NaN)
                    continue;
                }
                const RowVector e = (sofar.array() - s.max).exp().matrix();
                QVERIFY(close(s.sum, e.sum(), kTight));
                QVERIFY(tightDifference(s.acc, e * r.heads[0].V.topRows(s.last + 1)).isEmpty());
                QVERIFY(close(s.rescale, std::exp(previousMax - s.max), kTight));
                previousMax = s.max;
            }
        }
    }

    void fullyMaskedBlockKeepsTheState() {
        // Keys 2..3 masked for query 0: that block's maximum is −∞, m, ℓ and acc stay.
        AttentionInputs in = workedExample();
        in.mask = Mask::Constant(4, 4, false);
        in.mask(0, 2) = in.mask(0, 3) = true;
        const AttentionResult r = compute(in);
        const OnlineRow walk = onlineSoftmaxRow(headKernelInputs(in, r, 0), 0, 2);
        QCOMPARE(walk.steps.size(), size_t(2));
        QVERIFY(std::isinf(walk.steps[1].blockMax) && walk.steps[1].blockMax < 0);
        QCOMPARE(walk.steps[1].rescale, 1.0);
        QCOMPARE(walk.steps[1].max, walk.steps[0].max);
        QCOMPARE(walk.steps[1].sum, walk.steps[0].sum);
        COMPARE_BITS(Matrix(walk.steps[1].acc), Matrix(walk.steps[0].acc));
        QVERIFY(tightDifference(walk.output, r.heads[0].output.row(0)).isEmpty());
    }

    void tiledKernelEqualsPlain_data() { addCases(); }
    void tiledKernelEqualsPlain() {
        QFETCH(AttentionInputs, inputs);
        const AttentionResult r = compute(inputs);
        for (Eigen::Index h = 0; h < Eigen::Index(r.heads.size()); ++h) {
            const HeadKernelInputs k = headKernelInputs(inputs, r, h);
            for (Eigen::Index br : {1, 2, 3, 64})
                for (Eigen::Index bc : {1, 2, 5, 64}) {
                    const TiledAttention t = tiledAttention(k, br, bc);
                    const QString diff = tightDifference(t.output, r.heads[size_t(h)].output);
                    QVERIFY2(diff.isEmpty(), qPrintable(QString("%1×%2: ").arg(br).arg(bc) + diff));
                    QCOMPARE(t.plainDoubles, k.Q.rows() * k.K.rows());
                    const Eigen::Index rows = std::min(br, k.Q.rows());
                    QCOMPARE(t.tiledDoubles,
                             rows * std::min(bc, k.K.rows()) + rows * k.V.cols() + 2 * rows);
                }
        }
    }

    void kernelRefusesBadArguments() {
        const AttentionInputs in = workedExample();
        const AttentionResult r = compute(in);
        QVERIFY_THROWS_EXCEPTION(InputError, headKernelInputs(in, r, 1));
        QVERIFY_THROWS_EXCEPTION(InputError, headKernelInputs(in, transposed(r), 0));
        const HeadKernelInputs k = headKernelInputs(in, r, 0);
        QVERIFY_THROWS_EXCEPTION(InputError, onlineSoftmaxRow(k, 4, 2));
        QVERIFY_THROWS_EXCEPTION(InputError, onlineSoftmaxRow(k, -1, 2));
        QVERIFY_THROWS_EXCEPTION(InputError, onlineSoftmaxRow(k, 0, 0));
        QVERIFY_THROWS_EXCEPTION(InputError, tiledAttention(k, 0, 2));
    }

    // Both products, in both layouts (the column layout's are the transposed products).
    void tilesReconstructTheProducts_data() { addCases(); }
    void tilesReconstructTheProducts() {
        QFETCH(AttentionInputs, inputs);
        for (Layout layout : {Layout::Rows, Layout::Columns}) {
            const AttentionResult r = compute(inputs, layout);
            const bool rows = layout == Layout::Rows;
            for (const HeadResult &h : r.heads) {
                const Matrix products[][3] = {
                    {rows ? h.Q : Matrix(h.K.transpose()), rows ? Matrix(h.K.transpose()) : h.Q,
                     h.scores()},
                    {rows ? h.weights() : h.V, rows ? h.V : h.weights(), h.output}};
                for (const auto &p : products) {
                    for (TileSize size : {TileSize{1, 1, 1}, TileSize{2, 3, 2}, TileSize{3, 2, 5},
                                          TileSize{64, 64, 64}}) {
                        const TiledProduct t = tiledProduct(p[0], p[1], size);
                        QVERIFY(tightDifference(t.assembled, p[2]).isEmpty());
                        QCOMPARE(Eigen::Index(t.tiles.size()), t.tileRows * t.tileCols);
                        for (const ProductTile &tile : t.tiles) {
                            QCOMPARE(Eigen::Index(tile.terms.size()), t.innerBlocks);
                            Matrix sum = Matrix::Zero(tile.rowCount, tile.colCount);
                            for (const TileTerm &term : tile.terms)
                                sum += term.product;
                            COMPARE_BITS(sum, tile.sum);
                        }
                        const Eigen::Index steps = tiledStepCount(p[0], p[1], size);
                        QCOMPARE(steps, t.tileRows * t.tileCols * t.innerBlocks);
                        QVERIFY(tightDifference(tiledPartialSum(p[0], p[1], size, steps), p[2])
                                    .isEmpty());
                    }
                }
            }
        }
    }

    void tiledStepsWalkTileByTile() {
        const Matrix A = Matrix::Ones(5, 3), B = Matrix::Ones(3, 4);
        const TileSize size{2, 3, 2}; // 3 × 2 tiles, 2 inner blocks: 12 steps
        QCOMPARE(tiledStepCount(A, B, size), Eigen::Index(12));
        const TiledStep first = tiledStep(A, B, size, 0), second = tiledStep(A, B, size, 1);
        QCOMPARE(first.innerFirst, Eigen::Index(0));
        QCOMPARE(first.innerCount, Eigen::Index(2));
        QCOMPARE(second.innerFirst, Eigen::Index(2));
        QCOMPARE(second.innerCount, Eigen::Index(1)); // the edge block
        QCOMPARE(second.tileRow, Eigen::Index(0));
        QCOMPARE(second.tileCol, Eigen::Index(0));
        const TiledStep last = tiledStep(A, B, size, 11);
        QCOMPARE(last.tileRow, Eigen::Index(2));
        QCOMPARE(last.tileCol, Eigen::Index(1));
        QCOMPARE(last.rowFirst, Eigen::Index(4));
        QCOMPARE(last.rowCount, Eigen::Index(1));
        QCOMPARE(last.colCount, Eigen::Index(1));
        // After the first tile's two steps only that tile is filled, with the full inner sum.
        const Matrix partial = tiledPartialSum(A, B, size, 2);
        QCOMPARE(partial.block(0, 0, 2, 3).minCoeff(), 3.0);
        QCOMPARE(partial.sum(), 18.0);
        QVERIFY_THROWS_EXCEPTION(InputError, tiledStep(A, B, size, 12));
        QVERIFY_THROWS_EXCEPTION(InputError, tiledProduct(A, B, TileSize{0, 1, 1}));
        QVERIFY_THROWS_EXCEPTION(InputError, tiledProduct(A, A, TileSize{1, 1, 1}));
    }
};

QTEST_GUILESS_MAIN(TestKernels)
#include "test_kernels.moc"
