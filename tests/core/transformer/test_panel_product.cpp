// SPDX-License-Identifier: GPL-3.0-or-later
// The forward pass's own products with a panel of widened weights (transformer/PanelProduct.h)
// agree with Eigen's product to rounding, for every shape of tail the kernels' tiles leave (rows
// of X, columns of the panel, depth), into strided blocks of a larger output, with and without
// accumulating; and give the same bits when the output is computed block by block.

#include "transformer/PanelProduct.h"

#include <QtTest>

#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

attn::Matrix randomMatrix(Eigen::Index rows, Eigen::Index cols, std::mt19937 &rng) {
    std::normal_distribution<double> normal(0.0, 1.0);
    attn::Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(rng);
    return m;
}

// max |a − b| / max |b|
double relativeError(const attn::Matrix &a, const attn::Matrix &b) {
    return (a - b).cwiseAbs().maxCoeff() / std::max(b.cwiseAbs().maxCoeff(), 1e-300);
}

} // namespace

class TestPanelProduct : public QObject {
    Q_OBJECT
private slots:
    void productsMatchEigen_data() {
        QTest::addColumn<int>("M");
        QTest::addColumn<int>("K");
        QTest::addColumn<int>("width");
        for (int M : {1, 3, 4, 5, 12, 13, 33, 70})
            for (int K : {1, 7, 8, 64, 513, 1030})
                for (int width : {1, 5, 6, 7, 16, 17, 40})
                    QTest::addRow("%d x %d x %d", M, K, width) << M << K << width;
    }

    void productsMatchEigen() {
        QFETCH(int, M);
        QFETCH(int, K);
        QFETCH(int, width);
        std::mt19937 rng(std::uint32_t(M * 7919 + K * 31 + width));
        // X and C are blocks of larger matrices: the kernels must follow the outer strides.
        const attn::Matrix xWide = randomMatrix(M, K + 5, rng);
        const auto X = xWide.middleCols(2, K);
        const attn::Matrix P = randomMatrix(width, K, rng); // nn.Linear: out × in
        const attn::Matrix Q = randomMatrix(K, width, rng); // Conv1D: in × out
        const attn::Matrix start = randomMatrix(M, width + 9, rng);
        const attn::Matrix expectedT = X * P.transpose(), expected = X * Q;

        attn::Matrix c = start;
        attn::productTransposed(X, P.data(), c.middleCols(4, width), false);
        QVERIFY(relativeError(c.middleCols(4, width), expectedT) < 1e-14);
        QVERIFY(c.leftCols(4) == start.leftCols(4)); // nothing outside the block is written
        QVERIFY(c.rightCols(5) == start.rightCols(5));
        attn::productTransposed(X, P.data(), c.middleCols(4, width), true);
        QVERIFY(relativeError(c.middleCols(4, width), 2.0 * expectedT) < 1e-14);

        c = start;
        attn::product(X, Q.data(), c.middleCols(4, width), false);
        QVERIFY(relativeError(c.middleCols(4, width), expected) < 1e-14);
        QVERIFY(c.leftCols(4) == start.leftCols(4));
        QVERIFY(c.rightCols(5) == start.rightCols(5));
        attn::product(X, Q.data(), c.middleCols(4, width), true);
        QVERIFY(relativeError(c.middleCols(4, width), 2.0 * expected) < 1e-14);
    }

    // A column of the output has the same bits whichever block of columns computed it (the
    // forward pass splits its outputs into blocks over threads) and whichever rows of X were
    // computed with it. (OpenBLAS, used without AVX-512, promises neither: the forward pass's
    // blocks then have fixed widths.)
    void aColumnIsTheSameInAnyBlock() {
        if (!attn::panelKernelsAvailable())
            QSKIP("no AVX-512: the products are OpenBLAS's");
        std::mt19937 rng(7);
        const int M = 45, K = 777, width = 23;
        const attn::Matrix X = randomMatrix(M, K, rng), P = randomMatrix(width, K, rng);
        attn::Matrix whole(M, width), parts(M, width);
        attn::productTransposed(X, P.data(), whole, false);
        for (int c0 = 0; c0 < width; c0 += 5) {
            const int w = std::min(5, width - c0);
            attn::productTransposed(X, P.data() + c0 * K, parts.middleCols(c0, w), false);
        }
        QVERIFY(std::memcmp(whole.data(), parts.data(), sizeof(double) * std::size_t(M * width)) ==
                0);
        attn::Matrix row(1, width);
        attn::productTransposed(X.middleRows(37, 1), P.data(), row, false);
        QVERIFY(std::memcmp(row.data(), whole.row(37).data(), sizeof(double) * width) == 0);
    }
};

QTEST_GUILESS_MAIN(TestPanelProduct)
#include "test_panel_product.moc"
