// SPDX-License-Identifier: GPL-3.0-or-later
// The four readings of a product: each one's terms sum to the product it explains.

#include "Attention.h"
#include "Decomposition.h"
#include "InputError.h"
#include "io/Session.h"
#include "support/TestSupport.h"

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

class TestDecomposition : public QObject {
    Q_OBJECT

private slots:
    void products_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("inner");
        QTest::addColumn<int>("cols");
        QTest::newRow("1x1x1") << 1u << 1 << 1 << 1;
        QTest::newRow("4x3x4") << 2u << 4 << 3 << 4;
        QTest::newRow("5x7x2") << 3u << 5 << 7 << 2;
        QTest::newRow("9x1x6") << 4u << 9 << 1 << 6;
        QTest::newRow("16x16x16") << 5u << 16 << 16 << 16;
    }

    void products() {
        QFETCH(unsigned, seed);
        QFETCH(int, rows);
        QFETCH(int, inner);
        QFETCH(int, cols);
        std::mt19937 rng(seed);
        const Matrix A = testsupport::randomMatrix(rng, rows, inner);
        const Matrix B = testsupport::randomMatrix(rng, inner, cols);
        const Matrix P = A * B;

        for (int i = 0; i < rows; ++i) {
            for (int j = 0; j < cols; ++j) {
                const DotDecomposition d = dotDecomposition(A, B, i, j);
                QCOMPARE(d.products.size(), Eigen::Index(inner));
                QVERIFY(testsupport::close(d.products.sum(), d.sum, 1e-12));
                QVERIFY(testsupport::close(d.sum, P(i, j), 1e-12));
                QVERIFY(testsupport::close(d.products(0), A(i, 0) * B(0, j), 1e-15));
            }
            const RowDecomposition r = rowDecomposition(A, B, i);
            COMPARE_MATRIX(Matrix(r.sum), Matrix(P.row(i)));
            COMPARE_MATRIX(Matrix(r.scaled.colwise().sum()), Matrix(P.row(i)));
            COMPARE_MATRIX(Matrix(r.scaled.row(0)), Matrix(A(i, 0) * B.row(0)));
        }
        for (int j = 0; j < cols; ++j) {
            const ColumnDecomposition c = columnDecomposition(A, B, j);
            COMPARE_MATRIX(Matrix(c.sum), Matrix(P.col(j)));
            COMPARE_MATRIX(Matrix(c.scaled.rowwise().sum()), Matrix(P.col(j)));
            COMPARE_MATRIX(Matrix(c.scaled.col(inner - 1)),
                           Matrix(B(inner - 1, j) * A.col(inner - 1)));
        }
        const OuterDecomposition o = outerDecomposition(A, B);
        QCOMPARE(Eigen::Index(o.terms.size()), outerTermCount(A, B));
        COMPARE_MATRIX(o.sum, P);
        Matrix running = Matrix::Zero(rows, cols);
        for (int k = 0; k < inner; ++k) {
            running += outerTerm(A, B, k);
            COMPARE_MATRIX(running, outerPartialSum(A, B, k + 1));
            // Each term has rank one: every row is a multiple of row k of B.
            COMPARE_MATRIX(o.terms[size_t(k)], Matrix(A.col(k) * B.row(k)));
        }
        COMPARE_MATRIX(running, P);
        COMPARE_MATRIX(outerPartialSum(A, B, 0), Matrix(Matrix::Zero(rows, cols)));
    }

    // On attention's own two products, for every reference case.
    void attentionProducts_data() {
        QTest::addColumn<QString>("file");
        for (const QString &file : testsupport::referenceFiles())
            QTest::newRow(qPrintable(QFileInfo(file).baseName())) << file;
    }

    void attentionProducts() {
        QFETCH(QString, file);
        const AttentionResult r = compute(loadSessionFile(file).inputs);
        for (const HeadResult &h : r.heads) {
            const Matrix Kt = h.K.transpose();
            for (Eigen::Index i = 0; i < h.output.rows(); ++i) {
                const RowDecomposition row = rowDecomposition(h.weights(), h.V, i);
                COMPARE_MATRIX(Matrix(row.sum), Matrix(h.output.row(i)));
                // The convex combination: weights non-negative, summing to 1.
                QVERIFY((row.weights.array() >= 0).all());
                QVERIFY(testsupport::close(row.weights.sum(), 1.0, 1e-12));
                const RowDecomposition s = rowDecomposition(h.Q, Kt, i);
                COMPARE_MATRIX(Matrix(s.sum), Matrix(h.scores().row(i)));
                for (Eigen::Index j = 0; j < h.scores().cols(); ++j)
                    QVERIFY(
                        testsupport::close(dotDecomposition(h.Q, Kt, i, j).sum, h.scores(i, j)));
            }
            for (Eigen::Index j = 0; j < h.output.cols(); ++j)
                COMPARE_MATRIX(Matrix(columnDecomposition(h.weights(), h.V, j).sum),
                               Matrix(h.output.col(j)));
            COMPARE_MATRIX(outerDecomposition(h.weights(), h.V).sum, h.output);
        }
    }

    void workedExampleRowZero() {
        const AttentionResult r = compute(workedExample());
        const HeadResult &h = r.heads[0];
        const RowDecomposition d = rowDecomposition(h.weights(), h.V, 0);
        QVERIFY(testsupport::close(d.weights(1), 0.959558930028089));
        // Row 1 of V is (4, 8, 4); scaled by its weight.
        QVERIFY(testsupport::close(d.scaled(1, 1), 8 * 0.959558930028089));
        QVERIFY(std::abs(d.sum(0) - 3.9492) < 5e-5);
        // q₀·k₁ = 2·4 + 1·2 + 3·3 = 19
        const DotDecomposition s = dotDecomposition(h.Q, Matrix(h.K.transpose()), 0, 1);
        QCOMPARE(s.products(0), 8.0);
        QCOMPARE(s.products(1), 2.0);
        QCOMPARE(s.products(2), 9.0);
        QCOMPARE(s.sum, 19.0);
    }

    void badIndicesThrow() {
        const Matrix A = Matrix::Ones(2, 3), B = Matrix::Ones(3, 4);
        QVERIFY_THROWS_EXCEPTION(InputError, dotDecomposition(A, B, 2, 0));
        QVERIFY_THROWS_EXCEPTION(InputError, dotDecomposition(A, B, 0, 4));
        QVERIFY_THROWS_EXCEPTION(InputError, rowDecomposition(A, B, -1));
        QVERIFY_THROWS_EXCEPTION(InputError, columnDecomposition(A, B, 4));
        QVERIFY_THROWS_EXCEPTION(InputError, outerTerm(A, B, 3));
        QVERIFY_THROWS_EXCEPTION(InputError, outerPartialSum(A, B, 4));
        QVERIFY_THROWS_EXCEPTION(InputError, rowDecomposition(B, A, 0)); // 3×4 · 2×3
        try {
            rowDecomposition(B, A, 0);
        } catch (const InputError &e) {
            QCOMPARE(
                QString::fromStdString(e.what()),
                QString("cannot multiply a 3×4 matrix by a 2×3 matrix: the inner sizes differ"));
        }
    }
};

QTEST_GUILESS_MAIN(TestDecomposition)
#include "test_decomposition.moc"
