// SPDX-License-Identifier: GPL-3.0-or-later
// Positions: the sinusoidal table, RoPE's rotation, the forward stages of every
// reference-learning case (tests/data/reference-learning, PyTorch in float64) in both layouts,
// the session format's options.positional and target, and the incremental recompute.

#include "Attention.h"
#include "IncrementalAttention.h"
#include "InputError.h"
#include "io/Session.h"
#include "support/LearningSupport.h"

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::jsonMatrix;

class TestPositional : public QObject {
    Q_OBJECT

private slots:
    void everyCaseIsThere() { QVERIFY(testsupport::learningReferenceFiles().size() >= 5); }

    void forwardMatchesReference_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("layout");
        for (const QString &file : testsupport::learningReferenceFiles()) {
            const QString name = QFileInfo(file).baseName();
            QTest::newRow(qPrintable(name + " rows")) << file << int(Layout::Rows);
            QTest::newRow(qPrintable(name + " columns")) << file << int(Layout::Columns);
        }
    }

    void forwardMatchesReference() {
        QFETCH(QString, file);
        QFETCH(int, layout);
        const QJsonObject root = testsupport::readJsonObject(file);
        const Session session = loadSessionFile(file);
        QCOMPARE(QString(positionalName(session.inputs.options.positional)),
                 root["inputs"]["options"]["positional"].toString());
        const bool rows = Layout(layout) == Layout::Rows;
        const AttentionResult r = compute(session.inputs, Layout(layout));
        auto oriented = [rows](const Matrix &m) { return rows ? m : Matrix(m.transpose()); };
        const QJsonObject expected = root["expected"].toObject();
        const QJsonArray heads = expected["heads"].toArray();
        QCOMPARE(qsizetype(r.heads.size()), heads.size());
        double worst = 0;
        auto check = [&](const Matrix &actual, const QJsonValue &e, const char *what) {
            const Matrix want = jsonMatrix(e);
            const double error = testsupport::maxRelativeError(oriented(actual), want);
            worst = std::max(worst, error);
            QVERIFY2(error <= 1e-9,
                     qPrintable(QString("%1: relative error %2").arg(what).arg(error)));
        };
        for (qsizetype h = 0; h < heads.size(); ++h) {
            const QJsonObject e = heads[h].toObject();
            const HeadResult &head = r.heads[size_t(h)];
            check(head.Q, e["Q"], "Q");
            check(head.K, e["K"], "K");
            check(head.V, e["V"], "V");
            check(head.scores(), e["scores"], "scores");
            check(head.logits(), e["logits"], "logits");
            check(head.weights(), e["weights"], "weights");
            check(head.output, e["output"], "head output");
        }
        check(r.concat(), expected["concat"], "concat");
        check(r.output(), expected["output"], "output");
        qInfo("%s: max relative error of the forward stages %.3g",
              qPrintable(QFileInfo(file).baseName()), worst);
    }

    void sinusoidalTableFollowsTheFormula() {
        const Matrix p = sinusoidalTable(5, 6);
        QCOMPARE(p.rows(), 5);
        QCOMPARE(p.cols(), 6);
        for (int pos = 0; pos < 5; ++pos)
            for (int i = 0; i < 3; ++i) {
                const double angle = pos / std::pow(10000.0, 2.0 * i / 6.0);
                QCOMPARE(p(pos, 2 * i), std::sin(angle));
                QCOMPARE(p(pos, 2 * i + 1), std::cos(angle));
            }
        // An odd width ends with a sine column.
        const Matrix odd = sinusoidalTable(3, 5);
        QCOMPARE(odd(2, 4), std::sin(2.0 / std::pow(10000.0, 4.0 / 5.0)));
    }

    void ropeRotatesPairsAndGoesBack() {
        std::mt19937 rng(3);
        const Matrix q = testsupport::randomMatrix(rng, 6, 8);
        Matrix r = q;
        ropeRotateRows(r);
        // Position 0 is not rotated; rotations keep each pair's length.
        COMPARE_MATRIX(r.row(0), q.row(0));
        for (int i = 0; i < 6; ++i)
            for (int pair = 0; pair < 4; ++pair)
                QVERIFY(testsupport::close(r.row(i).segment(2 * pair, 2).norm(),
                                           q.row(i).segment(2 * pair, 2).norm(), 1e-12));
        const double angle = 3 * std::pow(10000.0, -2.0 / 8.0); // position 3, pair 1
        QVERIFY(testsupport::close(r(3, 2), q(3, 2) * std::cos(angle) - q(3, 3) * std::sin(angle)));
        QVERIFY(testsupport::close(r(3, 3), q(3, 2) * std::sin(angle) + q(3, 3) * std::cos(angle)));
        ropeRotateRows(r, 0, true);
        COMPARE_MATRIX_TOL(r, q, 1e-12);
        // A block rotated from its own first position agrees with the whole.
        Matrix whole = q, part = q.middleRows(2, 3);
        ropeRotateRows(whole);
        ropeRotateRows(part, 2);
        COMPARE_MATRIX(part, whole.middleRows(2, 3));
        COMPARE_MATRIX(ropeAngles(4, 8).row(3), (ropeAngles(2, 8).row(1) * 3.0).eval());
    }

    void ropeScoresDependOnlyOnTheOffset() {
        // q_m·k_n after rotation depends on m − n only: the same vectors at shifted positions
        // give the same score.
        std::mt19937 rng(5);
        const Matrix q = testsupport::randomMatrix(rng, 1, 6),
                     k = testsupport::randomMatrix(rng, 1, 6);
        auto score = [&](Eigen::Index m, Eigen::Index n) {
            Matrix a = q, b = k;
            ropeRotateRows(a, m);
            ropeRotateRows(b, n);
            return (a * b.transpose())(0, 0);
        };
        QVERIFY(testsupport::close(score(4, 1), score(9, 6), 1e-12));
        QVERIFY(testsupport::close(score(2, 2), score(0, 0), 1e-12));
        QVERIFY(!testsupport::close(score(4, 1), score(4, 2), 1e-6));
    }

    void ropeNeedsAnEvenKeySize() {
        AttentionInputs in = workedExample(); // d_k = 3
        in.options.positional = Positional::Rope;
        try {
            compute(in);
            QFAIL("an odd d_k was accepted");
        } catch (const InputError &e) {
            const QString message = e.what();
            QVERIFY2(message.contains("d_k must be even") && message.contains("3 columns"),
                     qPrintable(message));
        }
    }

    void sessionKeepsPositionalAndTarget_data() {
        QTest::addColumn<int>("positional");
        QTest::addColumn<bool>("target");
        QTest::newRow("none") << int(Positional::None) << false;
        QTest::newRow("sinusoidal, target") << int(Positional::Sinusoidal) << true;
        QTest::newRow("rope, target") << int(Positional::Rope) << true;
    }

    void sessionKeepsPositionalAndTarget() {
        QFETCH(int, positional);
        QFETCH(bool, target);
        testsupport::LearningShape shape;
        shape.positional = Positional(positional);
        Session session{testsupport::randomLearningCase(shape, 7), {}};
        if (!target)
            session.inputs.target = Matrix();
        const QByteArray bytes = sessionToJson(session);
        QCOMPARE(bytes.contains("\"positional\""), positional != int(Positional::None));
        QCOMPARE(bytes.contains("\"target\""), target);
        QVERIFY(sessionFromJson(bytes).inputs == session.inputs);
    }

    void sessionRefusesBadPositionalAndTarget_data() {
        QTest::addColumn<QByteArray>("inputs");
        QTest::addColumn<QString>("message");
        const QByteArray base = R"("X": [[1, 2]], "heads": [{"Wq": [[1, 0], [0, 1]], )"
                                R"("Wk": [[1, 0], [0, 1]], "Wv": [[1], [2]]}])";
        QTest::newRow("unknown name") << base + R"(, "options": {"positional": "alibi"})"
                                      << "inputs.options.positional: expected \"none\", "
                                         "\"sinusoidal\" or \"rope\", got the text \"alibi\"";
        QTest::newRow("not text") << base + R"(, "options": {"positional": 1})"
                                  << "inputs.options.positional: expected";
        QTest::newRow("target shape") << base + R"(, "target": [[1, 2]])"
                                      << "the target is 1×2 but the output is 1×1";
        QTest::newRow("target value") << base + R"(, "target": [["x"]])"
                                      << "inputs.target[0][0]: expected a number";
    }

    void sessionRefusesBadPositionalAndTarget() {
        QFETCH(QByteArray, inputs);
        QFETCH(QString, message);
        try {
            sessionFromJson("{\"inputs\": {" + inputs + "}}");
            QFAIL("accepted");
        } catch (const InputError &e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }

    void recomputeRowsAgreesWithPositions_data() {
        QTest::addColumn<int>("positional");
        QTest::addColumn<bool>("context");
        QTest::newRow("sinusoidal self") << int(Positional::Sinusoidal) << false;
        QTest::newRow("sinusoidal cross") << int(Positional::Sinusoidal) << true;
        QTest::newRow("rope self") << int(Positional::Rope) << false;
        QTest::newRow("rope cross") << int(Positional::Rope) << true;
    }

    void recomputeRowsAgreesWithPositions() {
        QFETCH(int, positional);
        QFETCH(bool, context);
        testsupport::LearningShape shape;
        shape.n = 7;
        shape.m = 5;
        shape.context = context;
        shape.heads = 2;
        shape.positional = Positional(positional);
        AttentionInputs in = testsupport::randomLearningCase(shape, 11);
        const AttentionResult before = compute(in);
        in.X(3, 1) += 0.5;
        in.X(4, 0) -= 1.0;
        const AttentionResult fast = recomputeRows(in, before, 3, 4);
        const AttentionResult full = compute(in);
        for (size_t h = 0; h < full.heads.size(); ++h) {
            COMPARE_MATRIX_TOL(fast.heads[h].Q, full.heads[h].Q, 1e-12);
            COMPARE_MATRIX_TOL(fast.heads[h].K, full.heads[h].K, 1e-12);
            COMPARE_MATRIX_TOL(fast.heads[h].weights(), full.heads[h].weights(), 1e-12);
        }
        COMPARE_MATRIX_TOL(fast.output(), full.output(), 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestPositional)
#include "test_positional.moc"
