// SPDX-License-Identifier: GPL-3.0-or-later
// Biases on the projections (Q = X·Wq + bq, …, output = concat·Wo + bo) and RoPE's two
// conventions with a base θ: the forward pass against a direct computation written from the
// formulas (Hugging Face's rotate_half for the half-split pairs), the incremental update, the
// KV cache and the gradient (finite differences) against the forward pass, the session format's
// round trip, and the refusals.

#include "Attention.h"
#include "Formula.h"
#include "Gradient.h"
#include "IncrementalAttention.h"
#include "InputError.h"
#include "Notation.h"
#include "Stage.h"
#include "headreadings/Derivation.h"
#include "io/Session.h"
#include "kernels/KvCache.h"

#include <QtTest>

#include <cmath>
#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

Matrix random(Eigen::Index rows, Eigen::Index cols, std::mt19937 &rng) {
    std::normal_distribution<double> normal(0.0, 0.7);
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(rng);
    return m;
}

// Two heads of one key/value group and a third of its own, every bias present, half-split RoPE
// with Llama 3's θ, causal, with Wo and bo.
// A RoPE of the style with Llama 3's base θ 500000.
Rope ropeOf(RopeStyle style) {
    Rope rope;
    rope.style = style;
    rope.theta = 500000.0;
    return rope;
}

AttentionInputs biasedCase(unsigned seed, RopeStyle style = RopeStyle::HalfSplit) {
    std::mt19937 rng(seed);
    AttentionInputs in;
    const Eigen::Index n = 6, p = 5, dk = 4, dv = 3;
    in.X = random(n, p, rng);
    in.tokens = defaultTokens(n);
    for (int h = 0; h < 3; ++h) {
        HeadWeights w{random(p, dk, rng), random(p, dk, rng), random(p, dv, rng)};
        w.bq = random(1, dk, rng);
        w.bk = random(1, dk, rng);
        w.bv = random(1, dv, rng);
        w.kvGroup = h < 2 ? 0 : -1;
        in.heads.push_back(w);
    }
    shareKeyValueGroups(in);
    in.Wo = random(3 * dv, p, rng);
    in.bo = random(1, p, rng);
    in.options.causal = true;
    in.options.positional = Positional::Rope;
    in.options.rope = ropeOf(style);
    in.target = random(n, p, rng);
    return in;
}

// Hugging Face's apply_rotary_pos_emb: x·cos + rotate_half(x)·sin, with cos and sin of
// p·θ^(−2i/d) repeated for both halves; or the interleaved pairs (2i, 2i+1).
Matrix rotated(const Matrix &x, const Rope &rope) {
    const Eigen::Index d = x.cols(), half = d / 2;
    Matrix out(x.rows(), d);
    for (Eigen::Index p = 0; p < x.rows(); ++p)
        for (Eigen::Index i = 0; i < half; ++i) {
            const double angle = double(p) / std::pow(rope.theta, double(2 * i) / double(d));
            const double c = std::cos(angle), s = std::sin(angle);
            const Eigen::Index a = rope.style == RopeStyle::HalfSplit ? i : 2 * i;
            const Eigen::Index b = rope.style == RopeStyle::HalfSplit ? i + half : 2 * i + 1;
            out(p, a) = x(p, a) * c - x(p, b) * s;
            out(p, b) = x(p, b) * c + x(p, a) * s;
        }
    return out;
}

// The whole computation from the formulas, head by head.
Matrix directOutput(const AttentionInputs &in, std::vector<Matrix> *weights = nullptr) {
    const Eigen::Index n = in.X.rows();
    Matrix concat(n, 0);
    for (const HeadWeights &w : in.heads) {
        Matrix Q = in.X * w.Wq, K = in.X * w.Wk, V = in.X * w.Wv;
        Q.rowwise() += w.bq.row(0);
        K.rowwise() += w.bk.row(0);
        V.rowwise() += w.bv.row(0);
        Q = rotated(Q, in.options.rope);
        K = rotated(K, in.options.rope);
        Matrix A = (Q * K.transpose()) / std::sqrt(double(Q.cols()));
        for (Eigen::Index i = 0; i < n; ++i) {
            const double top = A.row(i).head(i + 1).maxCoeff();
            for (Eigen::Index j = 0; j < n; ++j)
                A(i, j) = j <= i ? std::exp(A(i, j) - top) : 0.0;
            A.row(i) /= A.row(i).sum();
        }
        if (weights)
            weights->push_back(A);
        Matrix wide(n, concat.cols() + V.cols());
        wide << concat, A * V;
        concat = wide;
    }
    Matrix out = concat * in.Wo;
    out.rowwise() += in.bo.row(0);
    return out;
}

double maxRelative(const Matrix &a, const Matrix &b) {
    return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

double lossOf(AttentionInputs in) {
    shareKeyValueGroups(in);
    return 0.5 * (compute(in).output() - in.target).squaredNorm();
}

// Central differences of the loss against the analytic gradient of one bias.
double biasGradientError(const AttentionInputs &in, Matrix &(*entry)(AttentionInputs &),
                         const Matrix &analytic) {
    AttentionInputs probe = in;
    const double h = 1e-6;
    double worst = 0;
    for (Eigen::Index j = 0; j < analytic.cols(); ++j) {
        const double saved = entry(probe)(0, j);
        entry(probe)(0, j) = saved + h;
        const double up = lossOf(probe);
        entry(probe)(0, j) = saved - h;
        const double down = lossOf(probe);
        entry(probe)(0, j) = saved;
        worst = std::max(worst, std::abs((up - down) / (2 * h) - analytic(0, j)));
    }
    return worst / std::max(1.0, analytic.cwiseAbs().maxCoeff());
}

} // namespace

class TestBiases : public QObject {
    Q_OBJECT

private slots:
    void forwardMatchesTheFormulas_data() {
        QTest::addColumn<int>("style");
        QTest::newRow("half-split") << int(RopeStyle::HalfSplit);
        QTest::newRow("interleaved") << int(RopeStyle::Interleaved);
    }

    void forwardMatchesTheFormulas() {
        QFETCH(int, style);
        for (unsigned seed = 1; seed <= 5; ++seed) {
            const AttentionInputs in = biasedCase(seed, RopeStyle(style));
            std::vector<Matrix> weights;
            const Matrix expected = directOutput(in, &weights);
            const AttentionResult r = compute(in);
            QVERIFY2(maxRelative(r.output(), expected) < 1e-12,
                     qPrintable(QString::number(maxRelative(r.output(), expected))));
            for (std::size_t h = 0; h < weights.size(); ++h)
                QVERIFY(maxRelative(r.heads[h].weights(), weights[h]) < 1e-12);
            // The column layout is the same numbers transposed.
            const AttentionResult t = compute(in, Layout::Columns);
            QVERIFY(maxRelative(t.output().transpose(), expected) < 1e-12);
        }
    }

    // The two conventions turn different pairs, and θ changes the angles: each is visible.
    void conventionsAndThetaMatter() {
        AttentionInputs in = biasedCase(7);
        const Matrix half = compute(in).heads[0].Q;
        in.options.rope.style = RopeStyle::Interleaved;
        const Matrix interleaved = compute(in).heads[0].Q;
        in.options.rope.theta = 10000.0;
        const Matrix lowTheta = compute(in).heads[0].Q;
        QVERIFY(maxRelative(half, interleaved) > 1e-3);
        QVERIFY(maxRelative(interleaved, lowTheta) > 1e-3);
        // Position 0 is never turned, whatever the convention.
        QVERIFY(maxRelative(half.row(0), interleaved.row(0)) < 1e-15);
        // The inverse rotation undoes the rotation.
        Matrix q = half;
        ropeRotateRows(q, 0, true, ropeOf(RopeStyle::HalfSplit));
        Matrix unrotated = in.X * in.heads[0].Wq;
        unrotated.rowwise() += in.heads[0].bq.row(0);
        QVERIFY(maxRelative(q, unrotated) < 1e-12);
    }

    void incrementalUpdateMatchesCompute() {
        AttentionInputs in = biasedCase(3);
        AttentionResult previous = compute(in);
        std::mt19937 rng(11);
        for (Eigen::Index row : {Eigen::Index(0), Eigen::Index(4), Eigen::Index(2)}) {
            in.X.row(row) = random(1, in.X.cols(), rng);
            const AttentionResult updated = recomputeRows(in, previous, row, row);
            const AttentionResult full = compute(in);
            QVERIFY(maxRelative(updated.output(), full.output()) < 1e-12);
            for (std::size_t h = 0; h < in.heads.size(); ++h) {
                QVERIFY(maxRelative(updated.heads[h].Q, full.heads[h].Q) < 1e-12);
                QVERIFY(maxRelative(updated.heads[h].K, full.heads[h].K) < 1e-12);
                QVERIFY(maxRelative(updated.heads[h].V, full.heads[h].V) < 1e-12);
            }
            previous = updated;
        }
    }

    void kvCacheMatchesCompute() {
        const AttentionInputs in = biasedCase(5);
        const AttentionResult full = compute(in);
        for (Eigen::Index head = 0; head < 3; ++head) {
            const KvCacheState s = kvCacheDecode(in, head, in.X.rows());
            QVERIFY(maxRelative(s.K, full.heads[std::size_t(head)].K) < 1e-12);
            QVERIFY(maxRelative(s.V, full.heads[std::size_t(head)].V) < 1e-12);
            QVERIFY(maxRelative(s.outputs, full.heads[std::size_t(head)].output) < 1e-12);
        }
    }

    void biasGradientsMatchFiniteDifferences() {
        const AttentionInputs in = biasedCase(9);
        const Gradient g = gradient(in);
        QCOMPARE(g.bo.cols(), in.bo.cols());
        double worst = biasGradientError(
            in, [](AttentionInputs &a) -> Matrix & { return a.bo; }, g.bo);
        worst =
            std::max(worst, biasGradientError(
                                in, [](AttentionInputs &a) -> Matrix & { return a.heads[2].bq; },
                                g.heads[2].bq));
        worst =
            std::max(worst, biasGradientError(
                                in, [](AttentionInputs &a) -> Matrix & { return a.heads[0].bq; },
                                g.heads[0].bq));
        // A group's shared bk and bv: the gradient is the group's sum, reported for each head.
        worst =
            std::max(worst, biasGradientError(
                                in, [](AttentionInputs &a) -> Matrix & { return a.heads[0].bk; },
                                g.heads[1].bk));
        worst =
            std::max(worst, biasGradientError(
                                in, [](AttentionInputs &a) -> Matrix & { return a.heads[0].bv; },
                                g.heads[0].bv));
        worst =
            std::max(worst, biasGradientError(
                                in, [](AttentionInputs &a) -> Matrix & { return a.heads[2].bk; },
                                g.heads[2].bk));
        qInfo("bias gradients against finite differences: %.3g", worst);
        QVERIFY2(worst < 1e-7, qPrintable(QString::number(worst)));
    }

    // The stage titles add the biases; the hover of a Q cell shows the dot product, the bias
    // and the turn RoPE gives it, ending in the stored value.
    void titlesAndDerivationsShowTheBias() {
        const AttentionInputs in = biasedCase(6);
        const FormulaContext fc = formulaContext(in);
        QCOMPARE(stageFormula(Stage::Q, Layout::Rows, fc), QString("Q = X\u00b7Wq + bq"));
        QCOMPARE(stageFormula(Stage::V, Layout::Rows, fc), QString("V = X\u00b7Wv + bv"));
        QVERIFY(stageFormula(Stage::Final, Layout::Rows, fc).endsWith(" + bo"));
        QVERIFY(
            !stageFormula(Stage::Q, Layout::Rows, formulaContext(workedExample())).contains("bq"));
        const AttentionResult r = compute(in);
        derivation::Context c{&in, &r, 0, {}, {}};
        const QString text = derivation::projection(c, 'Q', 3, 1);
        QVERIFY2(text.contains("+ bq[1]"), qPrintable(text));
        QVERIFY2(text.contains("RoPE turns it with feature 3"), qPrintable(text));
        QVERIFY2(text.contains(notation::number(r.heads[0].Q(3, 1))), qPrintable(text));
        // V is not turned: the product plus the bias is the value.
        const QString v = derivation::projection(c, 'V', 2, 0);
        QVERIFY(v.contains("+ bv[0]") && !v.contains("RoPE"));
    }

    void sessionsKeepBiasesAndRope() {
        const AttentionInputs in = biasedCase(2);
        const QByteArray text = sessionToJson(in, {});
        QVERIFY(text.contains("\"bq\""));
        QVERIFY(text.contains("\"bo\""));
        QVERIFY(text.contains("\"rope_style\": \"half\""));
        QVERIFY(text.contains("\"rope_theta\": 500000"));
        const Session back = sessionFromJson(text);
        QVERIFY(back.inputs == in);
        // A session without biases or a RoPE of its own writes neither.
        const QByteArray plain = sessionToJson(workedExample(), {});
        QVERIFY(!plain.contains("\"bq\""));
        QVERIFY(!plain.contains("rope_"));
        QVERIFY(sessionFromJson(plain).inputs == workedExample());
    }

    // Frequency factors per pair (llama.cpp's rope_freqs) divide each pair's frequency after
    // the scaling: factors of 4 everywhere are linear scaling by 4. A session keeps them.
    void frequencyFactorsDivideTheFrequencies() {
        Rope linear = ropeOf(RopeStyle::HalfSplit);
        linear.scaling = RopeScaling::Linear;
        linear.factor = 4;
        Rope factors = ropeOf(RopeStyle::HalfSplit);
        factors.frequencyFactors = {4, 4};
        QCOMPARE(ropeInverseFrequencies(factors, 4), ropeInverseFrequencies(linear, 4));
        AttentionInputs in = biasedCase(3);
        in.options.rope.frequencyFactors = {1.5, 8};
        const AttentionInputs scaled = sessionFromJson(sessionToJson(in, {})).inputs;
        QVERIFY(scaled == in);
        QVERIFY(sessionToJson(in, {}).contains("\"rope_frequency_factors\""));
        in.options.rope = linear;
        AttentionInputs same = in;
        same.options.rope = factors;
        QVERIFY((compute(same).output().array() == compute(in).output().array()).all());
    }

    void badBiasesAreRefused_data() {
        QTest::addColumn<QByteArray>("change");
        QTest::addColumn<QString>("message");
        QTest::newRow("bq too wide") << QByteArray("bq") << "bq of head 0 is 1\u00d75";
        QTest::newRow("bo without Wo") << QByteArray("bo") << "no output projection";
        QTest::newRow("theta") << QByteArray("theta") << "base";
        QTest::newRow("group") << QByteArray("group") << "their bk differ";
        QTest::newRow("nan") << QByteArray("nan") << "bv of head 2";
        QTest::newRow("factors") << QByteArray("factors")
                                 << "RoPE has 3 frequency factors, but Wq of head 0 turns 2 pairs";
        QTest::newRow("factor 0") << QByteArray("factor 0") << "frequency factors must be above 0";
    }

    void badBiasesAreRefused() {
        QFETCH(QByteArray, change);
        QFETCH(QString, message);
        AttentionInputs in = biasedCase(4);
        if (change == "bq")
            in.heads[0].bq = Matrix::Ones(1, 5);
        else if (change == "bo")
            in.Wo = Matrix();
        else if (change == "theta")
            in.options.rope.theta = 0.5;
        else if (change == "group")
            in.heads[1].bk(0, 0) += 1.0;
        else if (change == "nan")
            in.heads[2].bv(0, 1) = std::nan("");
        else if (change == "factors")
            in.options.rope.frequencyFactors = {1, 2, 3};
        else if (change == "factor 0")
            in.options.rope.frequencyFactors = {1, 0};
        try {
            validate(in);
            QFAIL("accepted");
        } catch (const InputError &e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestBiases)
#include "test_biases.moc"
