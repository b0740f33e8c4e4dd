// SPDX-License-Identifier: GPL-3.0-or-later
// The loss ½·Σ(output − target)² and its gradient: every reference-learning case (PyTorch
// autograd in float64, tests/data/reference-learning) to 1e-9 relative, and central finite
// differences on random cases with masks, causal, cross-attention, several heads, Wo and both
// positional schemes.

#include "Gradient.h"
#include "InputError.h"
#include "Notation.h"
#include "io/Session.h"
#include "lessons/LearningReadings.h"
#include "support/LearningSupport.h"

#include <functional>
#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::jsonMatrix;

namespace {

using Shape = testsupport::LearningShape;

double lossOf(AttentionInputs in) {
    // A perturbed entry of a key/value group's shared Wk or Wv (its first head's copy) is the
    // whole group's, as the Document makes it.
    shareKeyValueGroups(in);
    return 0.5 * (compute(in).output() - in.target).squaredNorm();
}

// The largest relative disagreement between `analytic` and central differences of the loss
// with respect to every entry of the matrix `entry` returns.
double finiteDifferenceError(AttentionInputs in,
                             const std::function<Matrix &(AttentionInputs &)> &entry,
                             const Matrix &analytic) {
    const double h = 1e-6;
    Matrix numeric(analytic.rows(), analytic.cols());
    for (Eigen::Index i = 0; i < analytic.rows(); ++i)
        for (Eigen::Index j = 0; j < analytic.cols(); ++j) {
            const double saved = entry(in)(i, j);
            entry(in)(i, j) = saved + h;
            const double up = lossOf(in);
            entry(in)(i, j) = saved - h;
            const double down = lossOf(in);
            entry(in)(i, j) = saved;
            numeric(i, j) = (up - down) / (2 * h);
        }
    const double scale = std::max(1.0, numeric.cwiseAbs().maxCoeff());
    return (numeric - analytic).cwiseAbs().maxCoeff() / scale;
}

} // namespace

class TestGradient : public QObject {
    Q_OBJECT

private slots:
    void matchesReference_data() {
        QTest::addColumn<QString>("file");
        for (const QString &file : testsupport::learningReferenceFiles())
            QTest::newRow(qPrintable(QFileInfo(file).baseName())) << file;
    }

    void matchesReference() {
        QFETCH(QString, file);
        const QJsonObject root = testsupport::readJsonObject(file);
        const Session session = loadSessionFile(file);
        QVERIFY(session.inputs.hasTarget());
        const Gradient g = gradient(session.inputs);
        const QJsonObject expected = root["expected"].toObject();
        const QJsonObject grad = expected["grad"].toObject();

        const double loss = expected["loss"].toDouble();
        const double lossError = std::abs(g.loss - loss) / std::abs(loss);
        QVERIFY2(lossError <= 1e-9,
                 qPrintable(QString("loss %1, expected %2").arg(g.loss).arg(loss)));
        double worst = 0;
        auto check = [&](const Matrix &actual, const QJsonValue &e, const QString &what) {
            const double error = testsupport::maxRelativeError(actual, jsonMatrix(e));
            worst = std::max(worst, error);
            QVERIFY2(error <= 1e-9, qPrintable(what + QString(": relative error %1").arg(error)));
            COMPARE_MATRIX(actual, jsonMatrix(e));
        };
        check(g.X, grad["X"], "grad X");
        if (session.inputs.hasContext)
            check(g.context, grad["context"], "grad context");
        else
            QVERIFY(grad["context"].isNull() && g.context.size() == 0);
        if (session.inputs.hasWo())
            check(g.Wo, grad["Wo"], "grad Wo");
        else
            QVERIFY(grad["Wo"].isNull() && g.Wo.size() == 0);
        const QJsonArray heads = grad["heads"].toArray();
        QCOMPARE(qsizetype(g.heads.size()), heads.size());
        for (qsizetype h = 0; h < heads.size(); ++h) {
            const QJsonObject e = heads[h].toObject();
            check(g.heads[size_t(h)].Wq, e["Wq"], QString("grad Wq %1").arg(h));
            check(g.heads[size_t(h)].Wk, e["Wk"], QString("grad Wk %1").arg(h));
            check(g.heads[size_t(h)].Wv, e["Wv"], QString("grad Wv %1").arg(h));
        }
        qInfo("%s: loss relative error %.3g, gradient max relative error %.3g",
              qPrintable(QFileInfo(file).baseName()), lossError, worst);
    }

    void agreesWithFiniteDifferences_data() {
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<QString>("kernel"); // options of how attention is computed
        Shape plain;
        QTest::newRow("plain") << plain << 1u << QString();
        Shape masked = plain;
        masked.mask = true;
        masked.temperature = 0.6;
        QTest::newRow("mask, temperature") << masked << 2u << QString();
        Shape causal = plain;
        causal.n = causal.m = 5;
        causal.causal = true;
        causal.scale = false;
        QTest::newRow("causal, unscaled") << causal << 3u << QString();
        Shape cross = plain;
        cross.context = true;
        cross.n = 3;
        cross.m = 5;
        cross.pc = 6;
        cross.mask = true;
        QTest::newRow("cross, mask") << cross << 4u << QString();
        Shape heads = plain;
        heads.heads = 3;
        heads.wo = true;
        heads.dv = 2;
        QTest::newRow("3 heads, Wo") << heads << 5u << QString();
        Shape rope = causal;
        rope.positional = Positional::Rope;
        rope.heads = 2;
        rope.wo = true;
        QTest::newRow("rope, causal, 2 heads, Wo") << rope << 6u << QString();
        Shape ropeCross = cross;
        ropeCross.positional = Positional::Rope;
        QTest::newRow("rope, cross") << ropeCross << 7u << QString();
        Shape sinusoidal = masked;
        sinusoidal.positional = Positional::Sinusoidal;
        sinusoidal.p = 6;
        QTest::newRow("sinusoidal, mask") << sinusoidal << 8u << QString();
        Shape sinusoidalCross = cross;
        sinusoidalCross.positional = Positional::Sinusoidal;
        sinusoidalCross.heads = 2;
        sinusoidalCross.wo = true;
        QTest::newRow("sinusoidal, cross, 2 heads, Wo") << sinusoidalCross << 9u << QString();
        QTest::newRow("window, global token, ALiBi, causal")
            << causal << 10u << QString("window alibi");
        Shape grouped = rope;
        grouped.heads = 4;
        QTest::newRow("kv groups, rope, ALiBi, 4 heads, Wo") << grouped << 11u << QString("groups");
        Shape groupedCross = ropeCross;
        groupedCross.heads = 3;
        QTest::newRow("kv groups of 2 and 1, rope, cross")
            << groupedCross << 12u << QString("groups");
        // The newer families' attention: Gemma 2's soft cap and query scale, Qwen3's QK norm
        // with its gains, Phi-3's partial RoPE with Llama 3's scaled frequencies.
        Shape families = grouped;
        families.dk = 6;
        QTest::newRow("soft cap, QK norm, partial llama3 RoPE, scale_dim, kv groups")
            << families << 13u << QString("families");
    }

    void agreesWithFiniteDifferences() {
        QFETCH(Shape, shape);
        QFETCH(unsigned, seed);
        QFETCH(QString, kernel);
        AttentionInputs in = testsupport::randomLearningCase(shape, seed);
        if (kernel == "window alibi") {
            in.options.window = 2;
            in.options.globalTokens = 1;
            in.options.alibi = true;
        } else if (kernel == "groups") { // heads 0, 1 share; 2, 3 share (or all, with fewer)
            for (size_t h = 0; h < in.heads.size(); ++h)
                in.heads[h].kvGroup = int(h / 2);
            shareKeyValueGroups(in);
            in.options.alibi = in.heads.size() > 2;
        } else if (kernel == "families") {
            for (size_t h = 0; h < in.heads.size(); ++h)
                in.heads[h].kvGroup = int(h / 2);
            std::mt19937 random(seed);
            std::uniform_real_distribution<double> gain(0.5, 1.5);
            for (HeadWeights &w : in.heads) {
                w.gq = Matrix::NullaryExpr(1, w.Wq.cols(), [&] { return gain(random); });
                w.gk = Matrix::NullaryExpr(1, w.Wk.cols(), [&] { return gain(random); });
            }
            shareKeyValueGroups(in);
            in.options.qkNorm = true;
            in.options.qkNormEpsilon = 1e-3;
            in.options.softcap = 1.5; // small, so that tanh bends the logits
            in.options.scaleDim = 2.5;
            in.options.rope.style = RopeStyle::HalfSplit;
            in.options.rope.rotaryDims = 4;
            in.options.rope.scaling = RopeScaling::Llama3;
            in.options.rope.factor = 8;
            in.options.rope.originalPositions = 8;
            in.options.rope.theta = 100;
        }
        const Gradient g = gradient(in);
        QVERIFY(testsupport::close(g.loss, lossOf(in), 1e-12));
        double worst = finiteDifferenceError(
            in, [](AttentionInputs &a) -> Matrix & { return a.X; }, g.X);
        if (in.hasContext)
            worst =
                std::max(worst, finiteDifferenceError(
                                    in, [](AttentionInputs &a) -> Matrix & { return a.context; },
                                    g.context));
        if (in.hasWo())
            worst =
                std::max(worst, finiteDifferenceError(
                                    in, [](AttentionInputs &a) -> Matrix & { return a.Wo; }, g.Wo));
        for (size_t h = 0; h < in.heads.size(); ++h) {
            worst = std::max(worst,
                             finiteDifferenceError(
                                 in, [h](AttentionInputs &a) -> Matrix & { return a.heads[h].Wq; },
                                 g.heads[h].Wq));
            worst = std::max(
                worst,
                finiteDifferenceError(
                    in, [h](AttentionInputs &a) -> Matrix & { return a.heads[kvSource(a, h)].Wk; },
                    g.heads[h].Wk));
            worst = std::max(
                worst,
                finiteDifferenceError(
                    in, [h](AttentionInputs &a) -> Matrix & { return a.heads[kvSource(a, h)].Wv; },
                    g.heads[h].Wv));
        }
        if (in.options.qkNorm)
            for (size_t h = 0; h < in.heads.size(); ++h) {
                worst = std::max(
                    worst, finiteDifferenceError(
                               in, [h](AttentionInputs &a) -> Matrix & { return a.heads[h].gq; },
                               g.heads[h].gq));
                worst = std::max(worst, finiteDifferenceError(
                                            in,
                                            [h](AttentionInputs &a) -> Matrix & {
                                                return a.heads[kvSource(a, h)].gk;
                                            },
                                            g.heads[h].gk));
            }
        qInfo("finite differences: max relative error %.3g", worst);
        QVERIFY2(worst < 1e-7, qPrintable(QString("finite differences disagree by %1").arg(worst)));
    }

    void aFullyMaskedQueryHasNoGradientThroughItsWeights() {
        Shape shape;
        shape.mask = true;
        AttentionInputs in = testsupport::randomLearningCase(shape, 12);
        in.mask.row(1).setConstant(true);
        const Gradient g = gradient(in);
        QVERIFY(g.heads[0].logits.row(1).isZero());
        QVERIFY(g.heads[0].Q.row(1).isZero());
        QVERIFY(g.X.allFinite());
    }

    void theLayoutOfTheResultDoesNotMatter() {
        Shape shape;
        shape.heads = 2;
        shape.wo = true;
        const AttentionInputs in = testsupport::randomLearningCase(shape, 13);
        const Gradient rows = gradient(in, compute(in, Layout::Rows));
        const Gradient columns = gradient(in, compute(in, Layout::Columns));
        COMPARE_MATRIX_TOL(columns.X, rows.X, 1e-12);
        COMPARE_MATRIX_TOL(columns.heads[1].Wk, rows.heads[1].Wk, 1e-12);
    }

    void theChainAddsUpToTheEntry_data() {
        QTest::addColumn<int>("of");
        QTest::newRow("Wq") << int(learning::GradientOf::Wq);
        QTest::newRow("Wk") << int(learning::GradientOf::Wk);
        QTest::newRow("Wv") << int(learning::GradientOf::Wv);
        QTest::newRow("Wo") << int(learning::GradientOf::Wo);
        QTest::newRow("X") << int(learning::GradientOf::X);
    }

    void theChainAddsUpToTheEntry() {
        QFETCH(int, of);
        Shape shape;
        shape.heads = 2;
        shape.wo = true;
        shape.positional = Positional::Rope;
        const AttentionInputs in = testsupport::randomLearningCase(shape, 21);
        const AttentionResult r = compute(in);
        const Gradient g = gradient(in, r);
        const Matrix *entry = nullptr;
        switch (learning::GradientOf(of)) {
        case learning::GradientOf::Wq:
            entry = &g.heads[1].Wq;
            break;
        case learning::GradientOf::Wk:
            entry = &g.heads[1].Wk;
            break;
        case learning::GradientOf::Wv:
            entry = &g.heads[1].Wv;
            break;
        case learning::GradientOf::Wo:
            entry = &g.Wo;
            break;
        case learning::GradientOf::X:
            entry = &g.X;
            break;
        }
        const QString text = learning::gradientChain(in, r, g, learning::GradientOf(of), 1, 2, 1);
        // The sum it shows ends in the entry itself, and the chain goes back to the loss.
        QVERIFY2(text.contains("<b>" + attn::notation::number((*entry)(2, 1), 4) + "</b>"),
                 qPrintable(text));
        QVERIFY(text.contains("output − target"));
    }

    void aSmallStepLowersTheLoss() {
        Shape shape;
        shape.heads = 2;
        shape.wo = true;
        shape.positional = Positional::Sinusoidal;
        const AttentionInputs in = testsupport::randomLearningCase(shape, 22);
        const Gradient g = gradient(in);
        const AttentionInputs after = learning::gradientStep(in, g, 1e-3);
        QVERIFY(after.X == in.X);
        COMPARE_MATRIX(after.heads[1].Wk, Matrix(in.heads[1].Wk - 1e-3 * g.heads[1].Wk));
        QVERIFY(gradient(after).loss < g.loss);
    }

    void ropeScoresIgnoreAShiftOfEveryPosition() {
        Shape shape;
        shape.n = 6;
        shape.positional = Positional::Rope;
        const AttentionInputs rope = testsupport::randomLearningCase(shape, 23);
        QVERIFY(learning::shiftPositions(rope, 0, 5).maxDifference < 1e-12);
        COMPARE_MATRIX(learning::shiftPositions(rope, 0, 0).before,
                       compute(rope).heads[0].scores());
        AttentionInputs sinusoidal = rope;
        sinusoidal.options.positional = Positional::Sinusoidal;
        QVERIFY(learning::shiftPositions(sinusoidal, 0, 5).maxDifference > 1e-3);
        QCOMPARE(learning::positionTable(sinusoidal, 0).rows(), Eigen::Index(6));
        QCOMPARE(learning::positionTable(rope, 0).cols(), Eigen::Index(2)); // d_k/2 pairs
    }

    void noTargetIsAClearError() {
        try {
            gradient(workedExample());
            QFAIL("a gradient without a target");
        } catch (const InputError &e) {
            QVERIFY2(QString(e.what()).contains("there is no target"), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestGradient)
#include "test_gradient.moc"
