// SPDX-License-Identifier: GPL-3.0-or-later
// Exercises (predict, then reveal): each kind's answer is the result's own number on a document
// small enough to do by hand, a larger one gets sub-problems of at most four terms, the same seed
// gives the same exercises, the solution quotes the tooltips' derivation, and typed answers are
// judged right, close or wrong.
#include "Attention.h"
#include "InputError.h"
#include "Notation.h"
#include "headreadings/TokenLabels.h"
#include "lessons/ExerciseAnswer.h"

#include <QtTest>

#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

struct Case {
    AttentionInputs inputs;
    AttentionResult result;
    derivation::Context context() const {
        derivation::Context c;
        c.inputs = &inputs;
        c.result = &result;
        c.queries = tokenLabels(inputs.tokens);
        c.keys = tokenLabels(inputs.tokens);
        return c;
    }
};

Case workedCase() {
    Case k{workedExample(), {}};
    k.result = compute(k.inputs);
    return k;
}

// n tokens of d features, d_k = d_v = dk, random numbers.
Case randomCase(int n, int dk, bool causal) {
    std::mt19937 rng(7);
    std::normal_distribution<double> normal;
    auto random = [&](int r, int c) {
        Matrix m(r, c);
        for (Eigen::Index i = 0; i < m.size(); ++i)
            m.data()[i] = normal(rng);
        return m;
    };
    Case k;
    k.inputs.tokens = defaultTokens(n);
    k.inputs.X = random(n, 8);
    HeadWeights w;
    w.Wq = random(8, dk);
    w.Wk = random(8, dk);
    w.Wv = random(8, dk);
    k.inputs.heads.push_back(w);
    k.inputs.options.causal = causal;
    k.result = compute(k.inputs);
    return k;
}

} // namespace

class TestExercise : public QObject {
    Q_OBJECT
private slots:
    void answersAreTheResultsNumbers() {
        const Case k = workedCase();
        const derivation::Context c = k.context();
        const HeadResult &h = k.result.heads[0];
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
            const Exercise score = makeExercise(c, ExerciseKind::Score, seed);
            QVERIFY(!score.partial);
            QCOMPARE(score.dims.size(), size_t(3));
            QCOMPARE(score.answer.front(), h.scores(score.query, score.key));
            const Exercise logit = makeExercise(c, ExerciseKind::Logit, seed);
            QCOMPARE(logit.answer.front(), h.logits(logit.query, logit.key));
            const Exercise softmax = makeExercise(c, ExerciseKind::Softmax, seed);
            QVERIFY(!softmax.partial);
            QCOMPARE(softmax.keys.size(), size_t(4));
            for (size_t j = 0; j < softmax.keys.size(); ++j)
                QVERIFY(std::abs(softmax.answer[j] - h.weights(softmax.query, softmax.keys[j])) <
                        1e-12);
            const Exercise output = makeExercise(c, ExerciseKind::Output, seed);
            QCOMPARE(output.answer.front(), h.output(output.query, output.feature));
            const Exercise largest = makeExercise(c, ExerciseKind::LargestWeight, seed);
            Eigen::Index best = 0;
            h.weights().row(largest.query).maxCoeff(&best);
            QCOMPARE(largest.key, int(best));
            QCOMPARE(largest.answer.front(), double(best));
        }
    }

    // The solution is the tooltip's derivation (its numbers, its wording), not a text of its own.
    void solutionsQuoteTheDerivation() {
        const Case k = workedCase();
        const derivation::Context c = k.context();
        const Exercise score = makeExercise(c, ExerciseKind::Score, 3);
        QCOMPARE(score.solution, derivation::score(c, score.query, score.key));
        const Exercise output = makeExercise(c, ExerciseKind::Output, 3);
        QCOMPARE(output.solution, derivation::headOutput(c, output.query, output.feature));
        const Exercise logit = makeExercise(c, ExerciseKind::Logit, 3);
        QVERIFY(derivation::logit(c, logit.query, logit.key).startsWith(logit.solution));
        QVERIFY(!logit.solution.contains("click"));
        const Exercise softmax = makeExercise(c, ExerciseKind::Softmax, 3);
        QVERIFY(softmax.solution.contains("exp("));
        QVERIFY(softmax.solution.contains("quotient")); // the weight's tooltip
        // The question names the tokens and carries the inputs, not the answer.
        QVERIFY(score.question.contains(c.queries[score.query]));
        QVERIFY(!score.question.contains(attn::notation::number(score.answer.front()) + "<"));
    }

    // A document too large to do by hand gets sub-problems: at most 4 terms, said so.
    void largeDocumentsGetSmallSubProblems() {
        const Case k = randomCase(12, 16, false);
        const derivation::Context c = k.context();
        const HeadResult &h = k.result.heads[0];
        for (std::uint64_t seed = 0; seed < 30; ++seed) {
            const Exercise score = makeExercise(c, ExerciseKind::Score, seed);
            QVERIFY(score.partial);
            QCOMPARE(score.dims.size(), size_t(kMaxExerciseTerms));
            double sum = 0;
            for (int d : score.dims)
                sum += h.Q(score.query, d) * h.K(score.key, d);
            QVERIFY(std::abs(score.answer.front() - sum) < 1e-12);
            QCOMPARE(score.given.front().cols, kMaxExerciseTerms);

            const Exercise softmax = makeExercise(c, ExerciseKind::Softmax, seed);
            QVERIFY(softmax.partial);
            QVERIFY(softmax.keys.size() == 3 || softmax.keys.size() == 4);
            double total = 0;
            for (double a : softmax.answer)
                total += a;
            QVERIFY(std::abs(total - 1) < 1e-12);
            QCOMPARE(softmax.given.size(), softmax.keys.size());
            // Part of a row: it says so, and its weights have their own symbol, never the
            // row's a (whose tooltip gives another number).
            QVERIFY2(softmax.question.contains("part of the row"), qPrintable(softmax.question));
            QVERIFY2(softmax.answerText.startsWith(QString::fromUtf8("ã = ")),
                     qPrintable(softmax.answerText));
            QVERIFY(softmax.solution.contains(QString::fromUtf8("ã")));

            const Exercise output = makeExercise(c, ExerciseKind::Output, seed);
            QVERIFY(output.partial);
            QCOMPARE(output.keys.size(), size_t(kMaxExerciseTerms));
            QVERIFY(output.question.contains("weigh most"));
            QVERIFY2(output.answerText.startsWith(QString::fromUtf8("õ")),
                     qPrintable(output.answerText));

            const Exercise largest = makeExercise(c, ExerciseKind::LargestWeight, seed);
            QVERIFY(largest.keys.size() <= size_t(kMaxExerciseTerms));
            for (int j : largest.keys)
                QVERIFY(h.logits(largest.query, j) <= h.logits(largest.query, largest.key));
            // The key that wins is the row's own winner: never one of negligible weight.
            QCOMPARE(h.weights(largest.query, largest.key),
                     h.weights().row(largest.query).maxCoeff());
            // Two indices of a cell read with a comma: l₁₀,₃, never l₁₀₃.
            for (const Exercise *e : {&softmax, &largest}) {
                const QString cell = "l" + derivation::subscripts(e->query, e->keys.front());
                QVERIFY2(e->question.contains(cell + " = "), qPrintable(e->question));
            }

            // d_k = 16 is too many features to compare by hand: the logits are given.
            QCOMPARE(largest.given.front().stage, Stage::Logits);
        }
    }

    // Causal: a softmax never includes a masked key; with every key masked, a score instead.
    void maskedKeysAreLeftOut() {
        const Case k = randomCase(6, 3, true);
        const derivation::Context c = k.context();
        for (std::uint64_t seed = 0; seed < 30; ++seed) {
            const Exercise e = makeExercise(c, ExerciseKind::Softmax, seed);
            QVERIFY(e.query >= 1); // query 0 has one key only
            for (int j : e.keys)
                QVERIFY(j <= e.query);
            const Exercise l = makeExercise(c, ExerciseKind::Logit, seed);
            QVERIFY(std::isfinite(l.answer.front()));
        }
        Case all = workedCase();
        all.inputs.mask = Mask::Constant(4, 4, true);
        all.result = compute(all.inputs);
        QCOMPARE(makeExercise(all.context(), ExerciseKind::Softmax, 1).kind, ExerciseKind::Score);
    }

    void sameSeedSameExercises() {
        const Case k = randomCase(10, 6, false);
        const derivation::Context c = k.context();
        const auto a = makeExercises(c, 8, 42), b = makeExercises(c, 8, 42);
        QCOMPARE(a.size(), size_t(8));
        bool differs = false;
        for (size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].question, b[i].question);
            QCOMPARE(a[i].answer, b[i].answer);
            QCOMPARE(int(a[i].kind), int(i % kExerciseKinds)); // the kinds take turns
        }
        const auto other = makeExercises(c, 8, 43);
        for (size_t i = 0; i < a.size(); ++i)
            differs = differs || other[i].question != a[i].question;
        QVERIFY(differs);
        QVERIFY_THROWS_EXCEPTION(InputError, makeExercises(c, 0, 1));
        QVERIFY_THROWS_EXCEPTION(InputError, makeExercises(c, kMaxExercises + 1, 1));
        derivation::Context bad = c;
        bad.head = 3;
        QVERIFY_THROWS_EXCEPTION(InputError, makeExercise(bad, ExerciseKind::Score, 1));
    }

    void typedAnswersAreJudged() {
        const Case k = workedCase();
        const derivation::Context c = k.context();
        Exercise e = makeExercise(c, ExerciseKind::Logit, 5);
        e.answer = {-1.5};
        QCOMPARE(checkExerciseAnswer(e, "-1.5", c).verdict, ExerciseVerdict::Right);
        QCOMPARE(checkExerciseAnswer(e, "\u22121,505", c).verdict, ExerciseVerdict::Right);
        QCOMPARE(checkExerciseAnswer(e, "-1.6", c).verdict, ExerciseVerdict::Close);
        QCOMPARE(checkExerciseAnswer(e, "1.5", c).verdict, ExerciseVerdict::Wrong);
        QCOMPARE(checkExerciseAnswer(e, "abc", c).verdict, ExerciseVerdict::Unreadable);
        QCOMPARE(checkExerciseAnswer(e, "", c).verdict, ExerciseVerdict::Unreadable);

        Exercise s = makeExercise(c, ExerciseKind::Softmax, 5);
        s.answer = {0.1, 0.2, 0.3, 0.4};
        QCOMPARE(checkExerciseAnswer(s, "0.1 0.2; 0.3, 0.4", c).verdict, ExerciseVerdict::Right);
        QCOMPARE(checkExerciseAnswer(s, "0.12 0.2 0.3 0.38", c).verdict, ExerciseVerdict::Close);
        QCOMPARE(checkExerciseAnswer(s, "0.4 0.3 0.2 0.1", c).verdict, ExerciseVerdict::Wrong);
        QCOMPARE(checkExerciseAnswer(s, "0.1 0.2", c).verdict, ExerciseVerdict::Unreadable);

        const Exercise w = makeExercise(c, ExerciseKind::LargestWeight, 5);
        QCOMPARE(checkExerciseAnswer(w, c.keys[w.key], c).verdict, ExerciseVerdict::Right);
        QCOMPARE(checkExerciseAnswer(w, "k" + QString::number(w.key), c).verdict,
                 ExerciseVerdict::Right);
        QCOMPARE(checkExerciseAnswer(w, "k" + derivation::subscript(w.key), c).verdict,
                 ExerciseVerdict::Right);
        const int other = w.keys.front() == w.key ? w.keys.back() : w.keys.front();
        QCOMPARE(checkExerciseAnswer(w, QString::number(other), c).verdict, ExerciseVerdict::Wrong);
        QCOMPARE(checkExerciseAnswer(w, "nobody", c).verdict, ExerciseVerdict::Unreadable);
    }
};

QTEST_GUILESS_MAIN(TestExercise)
#include "test_exercise.moc"
