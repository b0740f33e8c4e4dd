// SPDX-License-Identifier: GPL-3.0-or-later
// The forward pass: softmax stability, masking, options, and every input error's message.

#include "Attention.h"
#include "InputError.h"
#include "support/TestSupport.h"

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

// Runs compute and returns the InputError message, or "" when it succeeded.
QString errorOf(const AttentionInputs &in) {
    try {
        compute(in);
    } catch (const InputError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

AttentionInputs crossExample() {
    AttentionInputs in = workedExample();
    in.hasContext = true;
    in.context = Matrix::Ones(5, 4);
    in.contextTokens = defaultTokens(5, "c");
    return in;
}

} // namespace

class TestAttention : public QObject {
    Q_OBJECT

private slots:
    void softmaxRowsIsStable() {
        Matrix m(2, 3);
        m << 1e4, 1e4 + 1, 1e4 - 1, //
            -1e4, -1e4, -1e4;
        const auto empty = softmaxRowsInPlace(m);
        QVERIFY(empty.empty());
        QVERIFY(m.allFinite());
        const double e = std::exp(1.0);
        QVERIFY(testsupport::close(m(0, 1), e / (1 + e + 1 / e), 1e-15));
        QVERIFY(testsupport::close(m(1, 0), 1.0 / 3, 1e-15));
        QVERIFY(testsupport::close(m.row(0).sum(), 1.0, 1e-15));
    }

    void softmaxMaskedCellsAreExactlyZero() {
        const double inf = std::numeric_limits<double>::infinity();
        Matrix m(3, 4);
        m << 1, -inf, 2, -inf,      //
            -inf, -inf, -inf, -inf, //
            0, -800, -inf, 3;
        const auto empty = softmaxRowsInPlace(m);
        QCOMPARE(empty.size(), size_t(1));
        QCOMPARE(empty.front(), Eigen::Index(1));
        QCOMPARE(m(0, 1), 0.0);
        QCOMPARE(m(0, 3), 0.0);
        QCOMPARE(m.row(1).cwiseAbs().sum(), 0.0);
        QCOMPARE(m(2, 2), 0.0);
        QVERIFY(m(2, 1) >= 0 && m(2, 1) < 1e-300);
        QVERIFY(testsupport::close(m.row(0).sum(), 1.0, 1e-15));

        Matrix t(4, 3);
        t << 1, -inf, 0,      //
            -inf, -inf, -800, //
            2, -inf, -inf,    //
            -inf, -inf, 3;
        const auto emptyColumns = softmaxColumnsInPlace(t);
        QCOMPARE(emptyColumns.size(), size_t(1));
        QCOMPARE(emptyColumns.front(), Eigen::Index(1));
        QCOMPARE(t.col(1).cwiseAbs().sum(), 0.0);
        QCOMPARE(t(1, 0), 0.0);
        QVERIFY(testsupport::close(t.col(0).sum(), 1.0, 1e-15));
        QVERIFY(testsupport::close(t.col(2).sum(), 1.0, 1e-15));
    }

    void fullyMaskedRowGivesZerosAndAWarning() {
        AttentionInputs in = workedExample();
        in.mask = Mask::Constant(4, 4, false);
        in.mask.row(2).setConstant(true);
        for (Layout layout : {Layout::Rows, Layout::Columns}) {
            const AttentionResult r = compute(in, layout);
            const Matrix w = layout == Layout::Rows ? r.heads[0].weights()
                                                    : Matrix(r.heads[0].weights().transpose());
            const Matrix out = layout == Layout::Rows ? r.output() : Matrix(r.output().transpose());
            QCOMPARE(w.row(2).cwiseAbs().sum(), 0.0);
            QCOMPARE(out.row(2).cwiseAbs().sum(), 0.0);
            QVERIFY(w.allFinite() && out.allFinite());
            QCOMPARE(r.warnings.size(), size_t(1));
            QVERIFY2(QString::fromStdString(r.warnings[0]).contains("query 2"),
                     r.warnings[0].c_str());
            QVERIFY(QString::fromStdString(r.warnings[0]).contains("t2"));
        }
    }

    void causalMaskHidesLaterKeys() {
        AttentionInputs in = workedExample();
        in.options.causal = true;
        const AttentionResult r = compute(in);
        const HeadResult &h = r.heads[0];
        for (int i = 0; i < 4; ++i) {
            for (int j = 0; j < 4; ++j) {
                QCOMPARE(bool(r.masked(i, j)), j > i);
                if (j > i) {
                    QCOMPARE(h.weights(i, j), 0.0);
                    QVERIFY(std::isinf(h.logits(i, j)) && h.logits(i, j) < 0);
                }
            }
        }
        QCOMPARE(h.weights(0, 0), 1.0);
        COMPARE_MATRIX(Matrix(h.output.row(0)), Matrix(h.V.row(0)));
        QVERIFY(r.warnings.empty());
    }

    void customMaskCombinesWithCausal() {
        AttentionInputs in = workedExample();
        in.options.causal = true;
        in.mask = Mask::Constant(4, 4, false);
        in.mask(3, 0) = true;
        const Mask m = effectiveMask(in);
        QVERIFY(m(3, 0));
        QVERIFY(m(0, 1));
        QVERIFY(!m(3, 1));
        QCOMPARE(compute(in).heads[0].weights(3, 0), 0.0);
    }

    void temperatureAndScale() {
        AttentionInputs in = workedExample();
        const Matrix scores = compute(in).heads[0].scores();
        in.options.temperature = 2;
        COMPARE_MATRIX(compute(in).heads[0].logits(), Matrix(scores / std::sqrt(3.0) / 2));
        in.options.scale = false;
        COMPARE_MATRIX(compute(in).heads[0].logits(), Matrix(scores / 2));
        QCOMPARE(logitFactor({true, 1.0, false}, 4), 0.5);
    }

    void crossAttentionShapes() {
        const AttentionResult r = compute(crossExample());
        QCOMPARE(r.heads[0].K.rows(), Eigen::Index(5));
        QCOMPARE(r.heads[0].weights().rows(), Eigen::Index(4));
        QCOMPARE(r.heads[0].weights().cols(), Eigen::Index(5));
        QCOMPARE(r.output().rows(), Eigen::Index(4));
        // Identical context rows → identical keys → uniform weights.
        QVERIFY(testsupport::close(r.heads[0].weights(1, 3), 0.2));
    }

    void largestAllowedInputsStayFinite() {
        AttentionInputs in = workedExample();
        // Entries up to the ±1e15 limit (X holds a 2, so 5e14·2 = 1e15).
        in.X *= 5e14;
        in.heads[0].Wq *= 1e15;
        in.heads[0].Wk *= 1e15;
        in.heads[0].Wv *= 3e14; // its largest entry is 3
        const AttentionResult r = compute(in);
        QVERIFY(r.heads[0].weights().allFinite());
        QVERIFY(r.output().allFinite());
        QVERIFY(testsupport::close(r.heads[0].weights().row(0).sum(), 1.0));
    }

    void inputErrors_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("message");
        QTest::newRow("zero tokens") << 0 << "X has no rows: there must be at least one token";
        QTest::newRow("zero features") << 1 << "X has no columns";
        QTest::newRow("labels") << 2 << "there are 3 token labels but X has 4 rows";
        QTest::newRow("Wq rows") << 3 << "Wq has 5 rows but X has 4 columns";
        QTest::newRow("Wk rows, context") << 4 << "Wk has 4 rows but the context has 5 columns";
        QTest::newRow("Wv rows") << 5 << "Wv has 2 rows but X has 4 columns";
        QTest::newRow("d_k mismatch")
            << 6 << "Wq has 3 columns but Wk has 2: queries and keys need the same d_k";
        QTest::newRow("Wo rows")
            << 7 << "Wo has 4 rows but the concatenated head outputs have 3 columns";
        QTest::newRow("temperature 0") << 8 << "the temperature must be a positive number, got 0";
        QTest::newRow("temperature <0") << 9 << "the temperature must be a positive number, got -1";
        QTest::newRow("mask shape")
            << 10 << "the mask is 3×4 but the logits are 4×4 (queries × keys)";
        QTest::newRow("NaN") << 11 << "X[1][2] is not a finite number (nan)";
        QTest::newRow("Inf") << 12 << "Wv[0][0] is not a finite number (inf)";
        QTest::newRow("1e308") << 13
                               << "X[0][0] is too large: 1e+308 (values must lie within ±1e15)";
        QTest::newRow("no heads") << 14 << "there are no heads";
        QTest::newRow("empty context") << 15 << "the context has no rows";
        QTest::newRow("context labels")
            << 16 << "there are 4 context token labels but the context has 5 rows";
        QTest::newRow("second head") << 17 << "Wk of head 1 has 3 rows but X has 4 columns";
        QTest::newRow("temperature NaN")
            << 18 << "the temperature must be a positive number, got nan";
    }

    void inputErrors() {
        QFETCH(int, which);
        QFETCH(QString, message);
        AttentionInputs in = workedExample();
        switch (which) {
        case 0:
            in.X.resize(0, 4);
            in.tokens.clear();
            break;
        case 1:
            in.X.resize(4, 0);
            break;
        case 2:
            in.tokens.pop_back();
            break;
        case 3:
            in.heads[0].Wq = Matrix::Ones(5, 3);
            break;
        case 4:
            in = crossExample();
            in.context = Matrix::Ones(5, 5);
            break;
        case 5:
            in.heads[0].Wv = Matrix::Ones(2, 3);
            break;
        case 6:
            in.heads[0].Wk = Matrix::Ones(4, 2);
            break;
        case 7:
            in.Wo = Matrix::Ones(4, 4);
            break;
        case 8:
            in.options.temperature = 0;
            break;
        case 9:
            in.options.temperature = -1;
            break;
        case 10:
            in.mask = Mask::Constant(3, 4, false);
            break;
        case 11:
            in.X(1, 2) = std::numeric_limits<double>::quiet_NaN();
            break;
        case 12:
            in.heads[0].Wv(0, 0) = std::numeric_limits<double>::infinity();
            break;
        case 13:
            in.X(0, 0) = 1e308;
            break;
        case 14:
            in.heads.clear();
            break;
        case 15:
            in = crossExample();
            in.context.resize(0, 4);
            in.contextTokens.clear();
            break;
        case 16:
            in = crossExample();
            in.contextTokens.pop_back();
            break;
        case 17:
            in.heads.push_back(in.heads[0]);
            in.heads[1].Wk = Matrix::Ones(3, 3);
            break;
        case 18:
            in.options.temperature = std::numeric_limits<double>::quiet_NaN();
            break;
        }
        const QString error = errorOf(in);
        QVERIFY2(error.startsWith(message), qPrintable("got: " + error));
    }

    void transposedLayoutHasTransposedShapes() {
        AttentionInputs in = crossExample();
        in.heads.push_back(in.heads[0]);
        in.Wo = Matrix::Identity(6, 6);
        const AttentionResult rows = compute(in, Layout::Rows);
        const AttentionResult cols = compute(in, Layout::Columns);
        QCOMPARE(cols.layout, Layout::Columns);
        QCOMPARE(cols.heads[0].weights().rows(), Eigen::Index(5));
        QCOMPARE(cols.heads[0].weights().cols(), Eigen::Index(4));
        COMPARE_MATRIX(Matrix(cols.concat().transpose()), rows.concat());
        COMPARE_MATRIX(Matrix(cols.output().transpose()), rows.output());
        QVERIFY((cols.masked == rows.masked.transpose()).all());
        // transposed() turns one layout's result into the other's.
        const AttentionResult back = transposed(cols);
        QCOMPARE(back.layout, Layout::Rows);
        COMPARE_MATRIX(back.heads[1].weights(), rows.heads[1].weights());
        COMPARE_MATRIX(back.heads[0].K, rows.heads[0].K);
        COMPARE_MATRIX(back.output(), rows.output());
        QVERIFY((back.masked == rows.masked).all());
    }
};

QTEST_GUILESS_MAIN(TestAttention)
#include "test_attention.moc"
