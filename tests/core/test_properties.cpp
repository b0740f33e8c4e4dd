// SPDX-License-Identifier: GPL-3.0-or-later
// Properties that hold for any inputs, checked on seeded random ones (data-driven).

#include "Attention.h"
#include "Decomposition.h"
#include "IncrementalAttention.h"
#include "support/TestSupport.h"

#include <algorithm>
#include <numeric>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

struct Shape {
    int n, m, p, dk, dv, heads;
    bool cross, causal, withWo, scale;
    double temperature;
};

AttentionInputs randomInputs(unsigned seed, const Shape &s) {
    std::mt19937 rng(seed);
    AttentionInputs in;
    in.X = testsupport::randomMatrix(rng, s.n, s.p);
    in.tokens = defaultTokens(s.n);
    in.hasContext = s.cross;
    const int pc = s.cross ? s.p + 1 : s.p;
    if (s.cross) {
        in.context = testsupport::randomMatrix(rng, s.m, pc);
        in.contextTokens = defaultTokens(s.m, "c");
    }
    for (int h = 0; h < s.heads; ++h) {
        in.heads.push_back({testsupport::randomMatrix(rng, s.p, s.dk),
                            testsupport::randomMatrix(rng, pc, s.dk),
                            testsupport::randomMatrix(rng, pc, s.dv)});
    }
    if (s.withWo)
        in.Wo = testsupport::randomMatrix(rng, s.heads * s.dv, s.p);
    in.options = {s.scale, s.temperature, s.causal};
    // A sprinkling of custom-masked cells.
    in.mask = Mask::Constant(s.n, in.keyCount(), false);
    std::uniform_int_distribution<int> coin(0, 9);
    for (int i = 0; i < s.n; ++i)
        for (int j = 0; j < in.keyCount(); ++j)
            in.mask(i, j) = coin(rng) == 0;
    return in;
}

} // namespace

Q_DECLARE_METATYPE(Shape)

class TestProperties : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<Shape>(); }

    void properties_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<Shape>("shape");
        //                             n   m   p  dk  dv  H  cross  causal  Wo     scale  T
        QTest::newRow("tiny") << 1u << Shape{1, 1, 1, 1, 1, 1, false, false, false, true, 1.0};
        QTest::newRow("square") << 2u << Shape{4, 4, 4, 3, 3, 1, false, false, false, true, 1.0};
        QTest::newRow("rect") << 3u << Shape{7, 7, 9, 5, 2, 1, false, false, false, true, 0.7};
        QTest::newRow("causal") << 4u << Shape{8, 8, 6, 4, 4, 1, false, true, false, true, 1.0};
        QTest::newRow("multi-head") << 5u << Shape{6, 6, 8, 4, 4, 3, false, false, true, true, 1.0};
        QTest::newRow("cross") << 6u << Shape{3, 9, 5, 4, 6, 2, true, false, true, true, 1.3};
        QTest::newRow("unscaled hot")
            << 7u << Shape{5, 5, 16, 16, 4, 1, false, false, false, false, 0.2};
        QTest::newRow("cross causal")
            << 8u << Shape{6, 4, 4, 2, 3, 2, true, true, false, true, 1.0};
        QTest::newRow("larger") << 9u << Shape{33, 33, 20, 8, 8, 2, false, true, true, true, 1.0};
    }

    void properties() {
        QFETCH(unsigned, seed);
        QFETCH(Shape, shape);
        const AttentionInputs in = randomInputs(seed, shape);
        const AttentionResult r = compute(in);
        const Mask mask = effectiveMask(in);

        for (const HeadResult &h : r.heads) {
            // Weights: non-negative, rows sum to 1 (0 for a fully masked row), masked cells 0.
            QVERIFY((h.weights().array() >= 0).all());
            for (Eigen::Index i = 0; i < h.weights().rows(); ++i) {
                const double expected = mask.row(i).all() ? 0.0 : 1.0;
                QVERIFY2(testsupport::close(h.weights().row(i).sum(), expected, 1e-12),
                         qPrintable(QString("row %1").arg(i)));
                for (Eigen::Index j = 0; j < h.weights().cols(); ++j)
                    if (mask(i, j))
                        QCOMPARE(h.weights(i, j), 0.0);
            }
            // Adding a constant to a row of logits leaves its weights unchanged.
            Matrix shifted = h.logits();
            for (Eigen::Index i = 0; i < shifted.rows(); ++i)
                shifted.row(i).array() += double(i) * 37.5 - 50;
            softmaxRowsInPlace(shifted);
            COMPARE_MATRIX_TOL(shifted, h.weights(), 1e-12);
            // Both products decompose back to themselves.
            COMPARE_MATRIX(outerDecomposition(h.Q, Matrix(h.K.transpose())).sum, h.scores());
            COMPARE_MATRIX(outerPartialSum(h.weights(), h.V, h.V.rows()), h.output);
        }

        // The transposed layout computes the transposes.
        const AttentionResult t = compute(in, Layout::Columns);
        for (size_t k = 0; k < r.heads.size(); ++k) {
            COMPARE_MATRIX(Matrix(t.heads[k].Q.transpose()), r.heads[k].Q);
            COMPARE_MATRIX(Matrix(t.heads[k].K.transpose()), r.heads[k].K);
            COMPARE_MATRIX(Matrix(t.heads[k].V.transpose()), r.heads[k].V);
            COMPARE_MATRIX(Matrix(t.heads[k].scores().transpose()), r.heads[k].scores());
            COMPARE_MATRIX(Matrix(t.heads[k].logits().transpose()), r.heads[k].logits());
            COMPARE_MATRIX(Matrix(t.heads[k].weights().transpose()), r.heads[k].weights());
            COMPARE_MATRIX(Matrix(t.heads[k].output.transpose()), r.heads[k].output);
        }
        COMPARE_MATRIX(Matrix(t.concat().transpose()), r.concat());
        COMPARE_MATRIX(Matrix(t.output().transpose()), r.output());

        // Scaling Wq by c and Wk by 1/c changes nothing.
        AttentionInputs scaled = in;
        for (HeadWeights &w : scaled.heads) {
            w.Wq *= 4.0;
            w.Wk /= 4.0;
        }
        const AttentionResult s = compute(scaled);
        for (size_t k = 0; k < r.heads.size(); ++k)
            COMPARE_MATRIX(s.heads[k].weights(), r.heads[k].weights());
        COMPARE_MATRIX(s.output(), r.output());
    }

    void recomputingEditedRowsMatchesAFullCompute_data() { properties_data(); }

    void recomputingEditedRowsMatchesAFullCompute() {
        QFETCH(unsigned, seed);
        QFETCH(Shape, shape);
        const AttentionInputs in = randomInputs(seed, shape);
        const AttentionResult before = compute(in);
        std::mt19937 rng(seed + 7);
        for (int trial = 0; trial < 3; ++trial) {
            AttentionInputs edited = in;
            const int first = int(rng() % unsigned(shape.n));
            const int last = std::min(shape.n - 1, first + int(rng() % 3));
            edited.X.middleRows(first, last - first + 1) =
                testsupport::randomMatrix(rng, last - first + 1, shape.p);
            const AttentionResult full = compute(edited);
            const AttentionResult fast = recomputeRows(edited, before, first, last);
            QCOMPARE(fast.heads.size(), full.heads.size());
            for (size_t k = 0; k < full.heads.size(); ++k) {
                COMPARE_MATRIX(fast.heads[k].Q, full.heads[k].Q);
                COMPARE_MATRIX(fast.heads[k].K, full.heads[k].K);
                COMPARE_MATRIX(fast.heads[k].V, full.heads[k].V);
                COMPARE_MATRIX(fast.heads[k].scores(), full.heads[k].scores());
                COMPARE_MATRIX(fast.heads[k].logits(), full.heads[k].logits());
                COMPARE_MATRIX(fast.heads[k].weights(), full.heads[k].weights());
                COMPARE_MATRIX(fast.heads[k].output, full.heads[k].output);
            }
            COMPARE_MATRIX(fast.concat(), full.concat());
            COMPARE_MATRIX(fast.output(), full.output());
            QCOMPARE(fast.warnings, full.warnings);
        }
        // A previous result of other shapes is not reused: the full computation runs.
        AttentionInputs grown = in;
        grown.X.conservativeResize(shape.n + 1, Eigen::NoChange);
        grown.X.row(shape.n).setOnes();
        grown.tokens.push_back("new");
        grown.mask = Mask();
        QVERIFY(!canRecomputeRows(grown, before));
        COMPARE_MATRIX(recomputeRows(grown, before, 0, 0).output(), compute(grown).output());
    }

    void permutingTokensPermutesOutputs_data() { properties_data(); }

    void permutingTokensPermutesOutputs() {
        QFETCH(unsigned, seed);
        QFETCH(Shape, shape);
        // Causal masking ties queries to positions, so permute without it (the custom mask is
        // permuted along with the tokens).
        shape.causal = false;
        const AttentionInputs in = randomInputs(seed, shape);
        std::vector<int> perm(size_t(shape.n));
        std::iota(perm.begin(), perm.end(), 0);
        std::mt19937 rng(seed + 100);
        std::shuffle(perm.begin(), perm.end(), rng);

        AttentionInputs p = in;
        for (int i = 0; i < shape.n; ++i) {
            p.X.row(i) = in.X.row(perm[size_t(i)]);
            p.tokens[size_t(i)] = in.tokens[size_t(perm[size_t(i)])];
        }
        if (!shape.cross) {
            // Keys are the same tokens: permute the mask's columns too.
            for (int i = 0; i < shape.n; ++i)
                for (int j = 0; j < shape.n; ++j)
                    p.mask(i, j) = in.mask(perm[size_t(i)], perm[size_t(j)]);
        } else {
            for (int i = 0; i < shape.n; ++i)
                p.mask.row(i) = in.mask.row(perm[size_t(i)]);
        }
        const AttentionResult a = compute(in), b = compute(p);
        for (int i = 0; i < shape.n; ++i) {
            COMPARE_MATRIX(Matrix(b.output().row(i)), Matrix(a.output().row(perm[size_t(i)])));
            if (!shape.cross)
                for (int j = 0; j < shape.n; ++j)
                    QVERIFY(
                        testsupport::close(b.heads[0].weights(i, j),
                                           a.heads[0].weights(perm[size_t(i)], perm[size_t(j)])));
        }
    }
};

QTEST_GUILESS_MAIN(TestProperties)
#include "test_properties.moc"
