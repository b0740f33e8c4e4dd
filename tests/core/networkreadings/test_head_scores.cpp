// SPDX-License-Identifier: GPL-3.0-or-later
// Head scores: previous-token and first-token against the reference files' analysis.scores
// (PyTorch, float64), induction and duplicate-token on hand-made weights whose answer is known.
#include "networkreadings/HeadScores.h"
#include "support/ModelSupport.h"

#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

class TestHeadScores : public QObject {
    Q_OBJECT
private slots:
    void matchTheReferences_data() {
        QTest::addColumn<QString>("name");
        for (const char *name : testsupport::kReferenceModels)
            QTest::newRow(name) << QString(name);
    }
    void matchTheReferences() {
        QFETCH(QString, name);
        const QJsonObject ref =
            testsupport::readJsonObject(testsupport::modelDir(name) + "/reference.json");
        const attn::Run run = testsupport::runFromJson(ref);
        const QJsonArray scores = ref["analysis"]["scores"].toArray();
        QCOMPARE(scores.size(), qsizetype(run.layers.size()));
        int checked = 0;
        for (std::size_t l = 0; l < run.layers.size(); ++l)
            for (std::size_t h = 0; h < run.layers[l].heads.size(); ++h) {
                const HeadScores s = headScores(run.layers[l].heads[h].weights, run.ids);
                const QJsonObject r = scores[qsizetype(l)][qsizetype(h)].toObject();
                QVERIFY(std::abs(s.previousToken - r["previous_token"].toDouble()) <=
                        1e-12 * std::abs(r["previous_token"].toDouble()));
                QVERIFY(std::abs(s.firstToken - r["first_token"].toDouble()) <=
                        1e-12 * std::abs(r["first_token"].toDouble()));
                ++checked;
            }
        QVERIFY(checked >= 8);
    }

    // A perfect induction head on a b c a b c: each second-half query looks at the token after
    // the earlier occurrence of its own token; a perfect duplicate-token head at the occurrence.
    void inductionAndDuplicateOnKnownWeights() {
        const std::vector<std::int64_t> ids{5, 6, 7, 5, 6, 7};
        Matrix induction = Matrix::Zero(6, 6), duplicate = Matrix::Zero(6, 6);
        for (int i = 0; i < 3; ++i) { // the first half: no earlier occurrence, any row
            induction(i, 0) = 1;
            duplicate(i, i) = 1;
        }
        for (int i = 3; i < 6; ++i) {
            induction(i, i - 3 + 1) = 1;
            duplicate(i, i - 3) = 1;
        }
        const HeadScores a = headScores(induction, ids), b = headScores(duplicate, ids);
        QCOMPARE(a.induction, 1.0);
        QCOMPARE(a.duplicateToken, 0.0);
        QCOMPARE(b.duplicateToken, 1.0);
        QCOMPARE(b.induction, 0.0);
        // Uniform causal weights: row i gives 1/(i+1) to the induction target.
        Matrix uniform = Matrix::Zero(6, 6);
        for (int i = 0; i < 6; ++i)
            uniform.row(i).head(i + 1).setConstant(1.0 / (i + 1));
        const HeadScores u = headScores(uniform, ids);
        QVERIFY(std::abs(u.induction - (1.0 / 4 + 1.0 / 5 + 1.0 / 6) / 3) < 1e-15);
        QVERIFY(std::abs(u.previousToken - (1.0 / 2 + 1.0 / 3 + 1.0 / 4 + 1.0 / 5 + 1.0 / 6) / 5) <
                1e-15);
    }

    // The latest earlier occurrence counts, and no repeat leaves the scores undefined.
    void latestOccurrenceAndNoRepeat() {
        const std::vector<std::int64_t> ids{1, 2, 1, 3, 1};
        Matrix w = Matrix::Zero(5, 5);
        w(0, 0) = 1;
        w(1, 0) = 1;
        w(2, 1) = 1; // token 1 at 2: earlier at 0, target 1
        w(3, 3) = 1;
        w(4, 3) = 1; // token 1 at 4: latest earlier at 2, target 3
        QCOMPARE(headScores(w, ids).induction, 1.0);
        const HeadScores none = headScores(Matrix::Identity(3, 3), {1, 2, 3});
        QVERIFY(std::isnan(none.induction) && std::isnan(none.duplicateToken));
        QVERIFY(std::isnan(headScores(Matrix(), {}).firstToken));
        QVERIFY(std::isnan(headScores(Matrix::Identity(2, 2), {1}).firstToken)); // wrong count
    }

    void repeatedRandomTokensAreSeededAndRepeat() {
        const auto a = repeatedRandomTokens(8, 10, 50, 42), b = repeatedRandomTokens(8, 10, 50, 42);
        QCOMPARE(a, b);
        QCOMPARE(a.size(), std::size_t(16));
        for (std::size_t i = 0; i < 8; ++i) {
            QCOMPARE(a[i], a[i + 8]);
            QVERIFY(a[i] >= 10 && a[i] < 60);
        }
        QVERIFY(repeatedRandomTokens(8, 10, 50, 43) != a);
        QVERIFY(repeatedRandomTokens(0, 0, 5, 1).empty());
    }
};

QTEST_GUILESS_MAIN(TestHeadScores)
#include "test_head_scores.moc"
