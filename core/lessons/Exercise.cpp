// SPDX-License-Identifier: GPL-3.0-or-later
#include "Exercise.h"

#include "Formula.h"
#include "InputError.h"
#include "Masks.h"
#include "Notation.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn {

namespace {

using attn::notation::number;
using derivation::subscript;
using derivation::subscripts;

QString tr(const char *text) {
    return QCoreApplication::translate("Exercise", text);
}

// splitmix64: the same numbers on every platform and standard library (std::uniform_int_
// distribution is not), so a worksheet printed again is the same sheet.
struct Dice {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return n <= 1 ? 0 : int(next() % std::uint64_t(n)); }
    // `count` of `from`, in their order.
    std::vector<int> choose(std::vector<int> from, int count) {
        for (int i = 0; i < int(from.size()) && i < count; ++i)
            std::swap(from[size_t(i)], from[size_t(i + below(int(from.size()) - i))]);
        from.resize(size_t(std::min<int>(count, int(from.size()))));
        std::sort(from.begin(), from.end());
        return from;
    }
};

QString tokenLabel(const QStringList &labels, int index) {
    return index >= 0 && index < labels.size() ? labels[index].toHtmlEscaped()
                                               : QString::number(index);
}

QString keyName(const derivation::Context &c, int key) {
    return QString("<b>%1</b> (k%2)").arg(tokenLabel(c.keys, key), subscript(key));
}

QString queryName(const derivation::Context &c, int query) {
    return QString("<b>%1</b> (q%2)").arg(tokenLabel(c.queries, query), subscript(query));
}

// "(1, 2, 3)": the numbers of a vector as the question prints them.
QString vectorText(const std::vector<double> &values) {
    QStringList parts;
    for (double v : values)
        parts << number(v);
    return "(" + parts.join(", ") + ")";
}

QString factor(double v) {
    return v < 0 ? "(" + number(v) + ")" : number(v);
}

// "a·b + c·d = s"
QString productSum(const std::vector<double> &a, const std::vector<double> &b) {
    QStringList terms;
    double sum = 0;
    for (size_t k = 0; k < a.size(); ++k) {
        terms << number(a[k]) + "\u00b7" + factor(b[k]);
        sum += a[k] * b[k];
    }
    return notation::sum(terms) + " = <b>" + number(sum) + "</b>";
}

QString rangeText(const std::vector<int> &dims) {
    return dims.size() == 1 ? QString::number(dims.front())
                            : QString("%1\u2013%2").arg(dims.front()).arg(dims.back());
}

// The tooltip's derivation, without its hint for the mouse ("click to mask this cell").
QString tooltip(QString text) {
    static const QRegularExpression hint("<br><i>[^<]*</i>$");
    return text.remove(hint);
}

QString tooltipSection(const QString &intro, const QString &derivation) {
    if (derivation.isEmpty())
        return {};
    return "<br><br><i>" + intro + "</i><br>" + tooltip(derivation);
}

const HeadResult &headOf(const derivation::Context &c) {
    if (!c.inputs || !c.result || c.head < 0 || c.head >= int(c.result->heads.size()) ||
        c.head >= int(c.inputs->heads.size()))
        throw InputError(tr("exercise: no result of head %1 to make an exercise of").arg(c.head));
    const HeadResult &h = c.result->heads[size_t(c.head)];
    if (h.layout != Layout::Rows || h.queryCount() < 1 || h.keyCount() < 1)
        throw InputError(tr("exercise: the result is not one of these inputs"));
    return h;
}

std::vector<int> unmaskedKeys(const HeadResult &h, int query) {
    std::vector<int> keys;
    for (int j = 0; j < int(h.keyCount()); ++j)
        if (std::isfinite(h.logits(query, j)))
            keys.push_back(j);
    return keys;
}

// A query with at least `least` unmasked keys (as many as it has when none has that many); −1
// when every key of every query is masked.
int pickQuery(const HeadResult &h, int least, Dice &dice) {
    std::vector<int> good, any;
    for (int i = 0; i < int(h.queryCount()); ++i) {
        const size_t n = unmaskedKeys(h, i).size();
        if (n >= size_t(least))
            good.push_back(i);
        if (n > 0)
            any.push_back(i);
    }
    const std::vector<int> &from = good.empty() ? any : good;
    return from.empty() ? -1 : from[size_t(dice.below(int(from.size())))];
}

void scoreExercise(const derivation::Context &c, const HeadResult &h, Dice &dice, Exercise &e) {
    const int dk = int(h.Q.cols());
    e.query = dice.below(int(h.queryCount()));
    e.key = dice.below(int(h.keyCount()));
    const int first = dk > kMaxExerciseTerms ? dice.below(dk - kMaxExerciseTerms + 1) : 0;
    for (int d = first; d < std::min(dk, first + kMaxExerciseTerms); ++d)
        e.dims.push_back(d);
    e.partial = int(e.dims.size()) < dk;
    std::vector<double> q, k;
    for (int d : e.dims) {
        q.push_back(h.Q(e.query, d));
        k.push_back(h.K(e.key, d));
    }
    const QString qk = queryKeyDot(Layout::Rows, subscript(e.query), subscript(e.key));
    e.title = tr("A score");
    e.question = tr("Compute the score of query %1 and key %2, %3 = \u03a3 q\u00b7k.")
                     .arg(queryName(c, e.query), keyName(c, e.key), qk);
    if (e.partial)
        e.question += " " + tr("Only features %1 of d<sub>k</sub> = %2: the sum of those %3 "
                               "products.")
                                .arg(rangeText(e.dims))
                                .arg(dk)
                                .arg(e.dims.size());
    e.question += QString("<br>q%1 = %2<br>k%3 = %4")
                      .arg(subscript(e.query), vectorText(q), subscript(e.key), vectorText(k));
    double sum = 0;
    for (size_t d = 0; d < q.size(); ++d)
        sum += q[d] * k[d];
    e.answer = {e.partial ? sum : h.scores(e.query, e.key)};
    e.answerText = qk + " = " + number(e.answer[0]);
    const QString whole = derivation::score(c, e.query, e.key);
    e.solution = e.partial ? qk + " (" + tr("features %1").arg(rangeText(e.dims)) +
                                 ") = " + productSum(q, k) +
                                 tooltipSection(tr("Over all the features, as the score's "
                                                   "tooltip computes it:"),
                                                whole)
                           : tooltip(whole);
    const int width = int(e.dims.size());
    e.given = {{Stage::Q, e.query, first, 1, width}, {Stage::K, e.key, first, 1, width}};
    e.hidden = {{Stage::Scores, e.query, e.key, 1, 1}, {Stage::Logits, e.query, e.key, 1, 1}};
}

void logitExercise(const derivation::Context &c, const HeadResult &h, Dice &dice, Exercise &e) {
    e.query = pickQuery(h, 1, dice);
    const std::vector<int> keys = unmaskedKeys(h, e.query);
    e.key = keys[size_t(dice.below(int(keys.size())))];
    FormulaContext fc = formulaContext(*c.inputs);
    fc.dk = h.Q.cols();
    const QString ij = subscripts(e.query, e.key);
    QString formula = "score" + divisionSuffix(scaleSymbols(fc, Markup::Html), true);
    QString values = number(h.scores(e.query, e.key)) + divisionSuffix(scaleDivisors(fc), true);
    if (c.inputs->options.alibi) {
        const double slope = alibiSlopes(c.inputs->options, c.inputs->heads.size())[size_t(c.head)];
        formula += " + m\u00b7(j \u2212 i)";
        values += QString(" + %1\u00b7(%2 \u2212 %3)").arg(number(slope)).arg(e.key).arg(e.query);
    }
    e.title = tr("A scaled logit");
    e.question = tr("The score of query %1 and key %2 is %3. Compute its logit:<br>"
                    "l%4 = %5 = %6 = ?")
                     .arg(queryName(c, e.query), keyName(c, e.key),
                          number(h.scores(e.query, e.key)), ij, formula, values) +
                 "<br>" + tr("(d<sub>k</sub> = %1)").arg(fc.dk);
    e.answer = {h.logits(e.query, e.key)};
    e.answerText = "l" + ij + " = " + number(e.answer[0]);
    e.solution = tooltip(derivation::logit(c, e.query, e.key));
    e.given = {{Stage::Scores, e.query, e.key, 1, 1}};
    e.hidden = {{Stage::Logits, e.query, e.key, 1, 1}};
}

// The keys of a row an exercise is about: all of them when there are few, else 3 or 4.
std::vector<int> someKeys(const std::vector<int> &keys, Dice &dice, bool &partial) {
    partial = int(keys.size()) > kMaxExerciseTerms;
    return partial ? dice.choose(keys, kMaxExerciseTerms - 1 + dice.below(2)) : keys;
}

void softmaxExercise(const derivation::Context &c, const HeadResult &h, Dice &dice, Exercise &e) {
    e.query = pickQuery(h, 2, dice);
    e.keys = someKeys(unmaskedKeys(h, e.query), dice, e.partial);
    std::vector<double> logits;
    for (int j : e.keys)
        logits.push_back(h.logits(e.query, j));
    const double max = *std::max_element(logits.begin(), logits.end());
    std::vector<double> exps;
    for (double l : logits)
        exps.push_back(std::exp(l - max));
    const double sum = std::accumulate(exps.begin(), exps.end(), 0.0);
    QStringList names, given, expText, quotients, weights;
    for (size_t k = 0; k < e.keys.size(); ++k) {
        const double a = exps[k] / sum;
        e.answer.push_back(a);
        names << keyName(c, e.keys[k]);
        given << QString("l%1 = %2").arg(subscripts(e.query, e.keys[k]), number(logits[k]));
        expText << QString("exp(%1 \u2212 %2) = %3")
                       .arg(number(logits[k]), number(max), number(exps[k]));
        // Over part of a row the quotient is not the row's weight a: its own symbol, ã.
        quotients << QString("%1%2 = %3 / %4 = <b>%5</b>")
                         .arg(e.partial ? QStringLiteral("\u00e3") : QStringLiteral("a"),
                              subscripts(e.query, e.keys[k]), number(exps[k]), number(sum),
                              number(a));
        weights << number(a);
    }
    e.title = tr("The softmax of a row");
    e.question = tr("Compute the weights of query %1: the softmax of its logits over the keys "
                    "%2.")
                     .arg(queryName(c, e.query), names.join(", "));
    if (e.partial)
        e.question += " " + tr("Only these %1 keys, as if the row had no others: part of the "
                               "row, so its weights are written \u00e3, not a (the heatmap's "
                               "weights are over the whole row).")
                                .arg(e.keys.size());
    e.question += "<br>" + given.join("<br>");
    e.answerText =
        (e.partial ? QStringLiteral("\u00e3 = ") : QStringLiteral("a = ")) + weights.join(", ");
    const int top = e.keys[size_t(std::max_element(logits.begin(), logits.end()) - logits.begin())];
    e.solution = tr("largest logit: %1<br>").arg(number(max)) + expText.join("<br>") +
                 "<br>\u03a3 = " + number(sum) + "<br>" + quotients.join("<br>") +
                 tooltipSection(e.partial ? tr("The whole row, as the tooltip of the largest "
                                               "weight computes it:")
                                          : tr("The tooltip of the largest weight:"),
                                derivation::weight(c, e.query, top));
    for (int j : e.keys) {
        e.given.push_back({Stage::Logits, e.query, j, 1, 1});
        e.hidden.push_back({Stage::Weights, e.query, j, 1, 1});
    }
}

void outputExercise(const derivation::Context &c, const HeadResult &h, Dice &dice, Exercise &e) {
    // A query with one key only would copy its row of V: nothing to add up.
    e.query = pickQuery(h, 2, dice);
    e.feature = dice.below(int(h.V.cols()));
    std::vector<int> keys;
    for (int j = 0; j < int(h.keyCount()); ++j)
        if (h.weights(e.query, j) != 0)
            keys.push_back(j);
    e.partial = int(keys.size()) > kMaxExerciseTerms;
    if (e.partial) {
        // The keys that weigh most: their terms are most of the cell.
        std::stable_sort(keys.begin(), keys.end(), [&](int a, int b) {
            return h.weights(e.query, a) > h.weights(e.query, b);
        });
        keys.resize(size_t(kMaxExerciseTerms));
        std::sort(keys.begin(), keys.end());
    }
    e.keys = keys;
    std::vector<double> a, v;
    QStringList given;
    for (int j : keys) {
        a.push_back(h.weights(e.query, j));
        v.push_back(h.V(j, e.feature));
        given << QString("a%1 = %2, v%3 = %4")
                     .arg(subscripts(e.query, j), number(a.back()), subscripts(j, e.feature),
                          number(v.back()));
    }
    e.title = tr("One output cell");
    e.question = tr("Compute feature %1 of query %2's output: o%3,%1 = \u03a3<sub>j</sub> "
                    "a%3,j \u00b7 v<sub>j,%1</sub>.")
                     .arg(e.feature)
                     .arg(queryName(c, e.query), subscript(e.query));
    if (e.partial)
        e.question += " " + tr("Only the %1 keys that weigh most (of %2): part of the row, so "
                               "the sum is written \u00f5, not the output o.")
                                .arg(keys.size())
                                .arg(h.keyCount());
    e.question += "<br>" + given.join("<br>");
    double sum = 0;
    for (size_t k = 0; k < a.size(); ++k)
        sum += a[k] * v[k];
    e.answer = {e.partial ? sum : h.output(e.query, e.feature)};
    // Over part of a row the sum is not the output cell: its own symbol, õ.
    const QString symbol = e.partial ? QStringLiteral("\u00f5") : QStringLiteral("o");
    e.answerText = symbol + subscripts(e.query, e.feature) + " = " + number(e.answer[0]);
    const QString whole = derivation::headOutput(c, e.query, e.feature);
    e.solution = e.partial ? symbol + subscripts(e.query, e.feature) + " = " + productSum(a, v) +
                                 tooltipSection(tr("Over every key, as the output's tooltip "
                                                   "computes it:"),
                                                whole)
                           : tooltip(whole);
    for (int j : keys) {
        e.given.push_back({Stage::Weights, e.query, j, 1, 1});
        e.given.push_back({Stage::V, j, e.feature, 1, 1});
    }
    e.hidden = {{Stage::HeadOutput, e.query, e.feature, 1, 1}};
    // The concatenation and the final output show it too (with one head and no Wo they are it).
    int offset = 0;
    for (int k = 0; k < c.head; ++k)
        offset += int(c.result->heads[size_t(k)].V.cols());
    e.hidden.push_back({Stage::Concat, e.query, offset + e.feature, 1, 1});
    e.hidden.push_back({Stage::Final, e.query, 0, 1, int(c.result->output().cols())});
}

void largestExercise(const derivation::Context &c, const HeadResult &h, Dice &dice, Exercise &e) {
    e.query = pickQuery(h, 2, dice);
    const std::vector<int> row = unmaskedKeys(h, e.query);
    e.keys = someKeys(row, dice, e.partial);
    if (e.partial) {
        // Among a few keys drawn at random the largest may still weigh nothing (4.8e−6): the
        // row's own winner takes the place of one of them, so the key that wins matters.
        const int top = *std::max_element(row.begin(), row.end(), [&](int a, int b) {
            return h.weights(e.query, a) < h.weights(e.query, b);
        });
        if (std::find(e.keys.begin(), e.keys.end(), top) == e.keys.end()) {
            e.keys[size_t(dice.below(int(e.keys.size())))] = top;
            std::sort(e.keys.begin(), e.keys.end());
        }
    }
    const int dk = int(h.Q.cols());
    // Predicting from q and k needs the scores to decide: not so with ALiBi's bias (or a
    // feature count beyond what one does by hand), where the logits are given.
    const bool vectors = dk <= kMaxExerciseTerms && !c.inputs->options.alibi;
    QStringList names, given, reasons;
    int best = e.keys.front();
    for (int j : e.keys) {
        names << keyName(c, j);
        if (h.logits(e.query, j) > h.logits(e.query, best))
            best = j;
        std::vector<double> k;
        for (int d = 0; d < dk; ++d)
            k.push_back(h.K(j, d));
        given << (vectors ? QString("k%1 = %2").arg(subscript(j), vectorText(k))
                          : QString("l%1 = %2")
                                .arg(subscripts(e.query, j), number(h.logits(e.query, j))));
        reasons << QString("%1 = %2, a = %3")
                       .arg(vectors ? queryKeyDot(Layout::Rows, subscript(e.query), subscript(j))
                                    : "l" + subscripts(e.query, j),
                            number(vectors ? h.scores(e.query, j) : h.logits(e.query, j)),
                            number(h.weights(e.query, j)));
    }
    e.key = best;
    e.title = tr("Which key wins");
    e.question = tr("Which key gets query %1's largest weight: %2? Why?")
                     .arg(queryName(c, e.query), names.join(", "));
    if (e.partial)
        e.question += " " + tr("(Among these %1 keys only.)").arg(e.keys.size());
    if (vectors) {
        std::vector<double> q;
        for (int d = 0; d < dk; ++d)
            q.push_back(h.Q(e.query, d));
        given.prepend(QString("q%1 = %2").arg(subscript(e.query), vectorText(q)));
    }
    e.question += "<br>" + given.join("<br>");
    e.answer = {double(best)};
    e.answerText = tr("key %1").arg(keyName(c, best));
    e.solution =
        reasons.join("<br>") + "<br>" +
        (vectors ? tr("%1 has the largest score q\u00b7k: its key points most the way the query "
                      "does. Scaling keeps the order of the scores, and exp only grows, so the "
                      "softmax gives it the largest weight.")
                 : tr("%1 has the largest logit, and exp only grows, so the softmax gives it "
                      "the largest weight."))
            .arg(keyName(c, best)) +
        tooltipSection(tr("Its weight, as the tooltip computes it:"),
                       derivation::weight(c, e.query, best));
    for (int j : e.keys) {
        if (vectors) {
            e.given.push_back({Stage::K, j, 0, 1, dk});
        } else {
            e.given.push_back({Stage::Logits, e.query, j, 1, 1});
        }
        e.hidden.push_back({Stage::Weights, e.query, j, 1, 1});
        if (vectors) {
            e.hidden.push_back({Stage::Scores, e.query, j, 1, 1});
            e.hidden.push_back({Stage::Logits, e.query, j, 1, 1});
        }
    }
    if (vectors)
        e.given.insert(e.given.begin(), ExerciseCells{Stage::Q, e.query, 0, 1, dk});
}

} // namespace

QString exerciseKindName(ExerciseKind kind) {
    switch (kind) {
    case ExerciseKind::Score:
        return QStringLiteral("score");
    case ExerciseKind::Logit:
        return QStringLiteral("logit");
    case ExerciseKind::Softmax:
        return QStringLiteral("softmax");
    case ExerciseKind::Output:
        return QStringLiteral("output");
    case ExerciseKind::LargestWeight:
        return QStringLiteral("largest-weight");
    }
    return {};
}

Exercise makeExercise(const derivation::Context &c, ExerciseKind kind, std::uint64_t seed) {
    const HeadResult &h = headOf(c);
    Dice dice{seed};
    Exercise e;
    e.head = c.head;
    // A row with every key masked has no logit, weight or output to compute: a score then.
    bool anyKey = false;
    for (int i = 0; i < int(h.queryCount()) && !anyKey; ++i)
        anyKey = !unmaskedKeys(h, i).empty();
    e.kind = anyKey ? kind : ExerciseKind::Score;
    switch (e.kind) {
    case ExerciseKind::Score:
        scoreExercise(c, h, dice, e);
        break;
    case ExerciseKind::Logit:
        logitExercise(c, h, dice, e);
        break;
    case ExerciseKind::Softmax:
        softmaxExercise(c, h, dice, e);
        break;
    case ExerciseKind::Output:
        outputExercise(c, h, dice, e);
        break;
    case ExerciseKind::LargestWeight:
        largestExercise(c, h, dice, e);
        break;
    }
    return e;
}

std::vector<Exercise> makeExercises(const derivation::Context &c, int count, std::uint64_t seed) {
    if (count < 1 || count > kMaxExercises)
        throw InputError(
            tr("exercises: the count must be 1 to %1, not %2").arg(kMaxExercises).arg(count));
    std::vector<Exercise> list;
    Dice seeds{seed};
    for (int k = 0; k < count; ++k)
        list.push_back(makeExercise(c, ExerciseKind(k % kExerciseKinds), seeds.next()));
    return list;
}

} // namespace attn
