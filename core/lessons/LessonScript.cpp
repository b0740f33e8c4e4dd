// SPDX-License-Identifier: GPL-3.0-or-later
#include "LessonScript.h"

#include "Decomposition.h"
#include "Formula.h"
#include "Notation.h"
#include "headreadings/Derivation.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <QCoreApplication>

using attn::Stage;
using attn::notation::number;
using derivation::subscript;
using derivation::subscripts;

namespace {

QString vec(const Eigen::RowVectorXd &v, int max = 6) {
    QStringList parts;
    for (int k = 0; k < v.size() && k < max; ++k)
        parts << number(v(k));
    if (v.size() > max)
        parts << QCoreApplication::translate("LessonScript", "\u2026 (%1 numbers)").arg(v.size());
    return "(" + parts.join(", ") + ")";
}

QString label(const std::vector<std::string> &tokens, Eigen::Index i) {
    return i >= 0 && size_t(i) < tokens.size()
               ? "\u201c" + QString::fromStdString(tokens[size_t(i)]).toHtmlEscaped() + "\u201d"
               : QString::number(i);
}

QString dotTerms(const Eigen::RowVectorXd &a, const Eigen::RowVectorXd &b, int max = 5) {
    QStringList terms;
    for (int k = 0; k < a.size() && k < max; ++k)
        terms << number(a(k)) + "\u00b7" + (b(k) < 0 ? "(" + number(b(k)) + ")" : number(b(k)));
    QString s = attn::notation::sum(terms);
    if (a.size() > max)
        s += QCoreApplication::translate("LessonScript", " + \u2026 (%1 terms)").arg(a.size());
    return s;
}

} // namespace

std::vector<LessonStep> lessonSteps(const attn::AttentionInputs &in, const attn::AttentionResult &r,
                                    int query, int head) {
    std::vector<LessonStep> steps;
    if (r.heads.empty() || in.X.rows() == 0)
        return steps;
    head = std::clamp(head, 0, int(r.heads.size()) - 1);
    const attn::HeadResult &h = r.heads[size_t(head)];
    const Eigen::Index n = h.stageRows(), m = h.stageCols();
    const int i = std::clamp(query, 0, int(n) - 1);
    if (h.Q.rows() != n || in.X.rows() != n)
        return steps;
    const std::vector<std::string> &keys = in.sourceTokens();
    Eigen::Index j = 0;
    h.weights().row(i).maxCoeff(&j); // the key this query attends to most
    const Eigen::Index dk = h.Q.cols(), dv = h.V.cols();
    const QString qi = "q" + subscript(i), kj = "k" + subscript(int(j));
    const QString src =
        in.hasContext ? QCoreApplication::translate("LessonScript", "the context C") : "X";
    // The stages view's titles, so that the lesson writes each product as the heatmap does.
    const attn::FormulaContext fc = attn::formulaContext(in);
    const auto formula = [&](Stage stage, attn::Layout layout = attn::Layout::Rows) {
        return attn::stageFormula(stage, layout, fc);
    };

    steps.push_back(
        {QCoreApplication::translate("LessonScript", "1. Tokens are rows of X"),
         QCoreApplication::translate(
             "LessonScript",
             "Each of the %1 tokens is a vector of p = %2 numbers: one row of X. Token %3 is "
             "x%4 = %5.<br>Everything that follows is computed from these numbers and the "
             "weight matrices; edit any of them and every step updates.")
             .arg(n)
             .arg(in.X.cols())
             .arg(label(in.tokens, i), subscript(i), vec(in.X.row(i))),
         {Stage::X},
         attn::Layout::Rows,
         false});

    steps.push_back(
        {QCoreApplication::translate("LessonScript", "2. Queries, keys and values: ") +
             formula(Stage::Q) + ", " + formula(Stage::K) + ", " + formula(Stage::V),
         QCoreApplication::translate(
             "LessonScript",
             "Three learned matrices turn every token into three vectors: a query (what it "
             "looks for), a key (what it offers to be found by) and a value (what it passes "
             "on). Row by row: %1 = x%2\u00b7Wq = %3, and the keys and values come from %4."
             "<br>Q and K have d<sub>k</sub> = %5 columns, V has d<sub>v</sub> = %6.")
             .arg(qi, subscript(i), vec(h.Q.row(i)), src)
             .arg(dk)
             .arg(dv),
         {Stage::Q, Stage::K, Stage::V},
         attn::Layout::Rows,
         false});

    const double s = h.scores(i, j);
    steps.push_back(
        {QCoreApplication::translate("LessonScript", "3. Scores are dot products: S = ") +
             attn::scoresProduct(attn::Layout::Rows),
         QString(QCoreApplication::translate(
                     "LessonScript",
                     "How well does query %1 match key %2? Their dot product: %3\u00b7%4 = %5 = "
                     "<b>%6</b>."
                     "<br>%9 computes all %7\u00d7%8 of these at once: entry (i, j) is "
                     "%10, row i of Q against column j of %11."))
             .arg(label(in.tokens, i), label(keys, j), qi, kj, dotTerms(h.Q.row(i), h.K.row(j)),
                  number(s))
             .arg(n)
             .arg(m)
             .arg(attn::productExpression(attn::Product::Scores, attn::Layout::Rows),
                  attn::queryKeyDot(attn::Layout::Rows, "<sub>i</sub>", "<sub>j</sub>"),
                  attn::transposed("K")),
         {Stage::Scores},
         attn::Layout::Rows,
         false});

    const attn::AttentionOptions &o = in.options;
    QString scaling;
    if (o.scale)
        scaling =
            QCoreApplication::translate("LessonScript",
                                        "Divide by %1 = %2 = %3: %4 / %3 = <b>%5</b>.")
                .arg(attn::scaleSymbol(attn::Markup::Html), attn::scaleNumber(dk),
                     number(std::sqrt(double(dk))), number(s), number(s / std::sqrt(double(dk))));
    else
        scaling = QCoreApplication::translate(
            "LessonScript",
            "Scaling is switched off here, so the logits are the scores themselves.");
    if (o.temperature != 1.0)
        scaling +=
            QCoreApplication::translate("LessonScript", " Then divide by the temperature T = %1.")
                .arg(number(o.temperature));
    steps.push_back(
        {QCoreApplication::translate("LessonScript", "4. Scale by ") +
             attn::scaleSymbol(attn::Markup::Html) +
             QCoreApplication::translate("LessonScript", " (before the softmax)"),
         scaling + QCoreApplication::translate(
                       "LessonScript",
                       "<br>Why: a dot product of d<sub>k</sub> terms grows with d<sub>k</sub> "
                       "(for random unit-variance vectors its standard deviation is "
                       "%4). Unscaled, large d<sub>k</sub> pushes the softmax "
                       "into near one-hot rows where it barely learns. The logit of %1 for %2 "
                       "is <b>%3</b>.")
                       .arg(label(in.tokens, i), label(keys, j), number(h.logits(i, j)),
                            attn::scaleSymbol(attn::Markup::Html)),
         {Stage::Logits},
         attn::Layout::Rows,
         false});

    const Eigen::ArrayXXd row = h.logits().row(i).array();
    const double max = row.maxCoeff();
    double sum = 0;
    for (Eigen::Index k = 0; k < m; ++k)
        if (std::isfinite(row(k)))
            sum += std::exp(row(k) - max);
    steps.push_back(
        {QCoreApplication::translate("LessonScript", "5. Softmax turns each row into weights"),
         QCoreApplication::translate(
             "LessonScript",
             "a<sub>ij</sub> = exp(l<sub>ij</sub>) / \u03a3<sub>k</sub> exp(l<sub>ik</sub>): "
             "the exponent is taken of each logit, and the row's sum goes in the "
             "denominator.<br>For %1: a%2 = exp(%3) / \u03a3 = <b>%4</b> (computed as "
             "exp(%3 \u2212 %5) / %6, subtracting the row maximum, which changes nothing "
             "but keeps exp finite).<br>Every weight is \u2265 0 and each row sums to 1 "
             "(this row: %7): a row of weights says how %1 spreads its attention over "
             "the keys.")
             .arg(label(in.tokens, i), subscripts(i, int(j)), number(h.logits(i, j)),
                  number(h.weights(i, j)), number(max), number(sum),
                  number(h.weights().row(i).sum())),
         {Stage::Weights},
         attn::Layout::Rows,
         false});

    const attn::RowDecomposition d = attn::rowDecomposition(h.weights(), h.V, i);
    // The terms that make the output: the three largest weights, in key order, and what the
    // others weigh together. The first keys' weights are often below 0.0001, and a sum of
    // "≤ 0.0001·v₀ + ≤ 0.0001·v₁" says nothing a class can read.
    std::vector<Eigen::Index> order(static_cast<std::size_t>(m));
    std::iota(order.begin(), order.end(), Eigen::Index(0));
    const std::size_t shown = std::min<std::size_t>(3, order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(shown), order.end(),
                      [&](Eigen::Index a, Eigen::Index b) {
                          return d.weights(a) > d.weights(b) ||
                                 (d.weights(a) == d.weights(b) && a < b);
                      });
    std::sort(order.begin(), order.begin() + std::ptrdiff_t(shown));
    QStringList terms;
    double rest = 1;
    for (std::size_t t = 0; t < shown; ++t) {
        const Eigen::Index k = order[t];
        terms << number(d.weights(k)) + "\u00b7v" + subscript(int(k));
        rest -= d.weights(k);
    }
    QString combination = attn::notation::sum(terms);
    if (std::size_t(m) > shown)
        combination += " + " + QCoreApplication::translate(
                                   "LessonScript", "the other rows (their weights add up to %1)")
                                   .arg(number(std::max(rest, 0.0)));
    steps.push_back(
        {QCoreApplication::translate("LessonScript",
                                     "6. The output row is a weighted average of V's rows"),
         QCoreApplication::translate(
             "LessonScript",
             "Row i of weights\u00b7V is the rows of V weighted by row i of the weights: "
             "o%1 = %2 = <b>%3</b>.<br>Because the weights are non-negative and sum to 1, "
             "this is a convex combination: the output lies among the value vectors, "
             "pulled towards those with the largest weights (here %4, weight %5). The "
             "panel beside the output draws it term by term.")
             .arg(subscript(i), combination, vec(d.sum), label(keys, j), number(h.weights(i, j))),
         {Stage::Weights, Stage::V, Stage::HeadOutput},
         attn::Layout::Rows,
         true});

    const int c = 0;
    const attn::ColumnDecomposition col = attn::columnDecomposition(h.weights(), h.V, c);
    steps.push_back(
        {QCoreApplication::translate("LessonScript", "7. The same product, read by columns"),
         QCoreApplication::translate(
             "LessonScript",
             "Column j of weights\u00b7V is the columns of the weights, each scaled by the "
             "matching entry of column j of V: column %1 of the output = "
             "\u03a3<sub>k</sub> V<sub>k,%1</sub> \u00b7 (column k of the weights) = %2.<br>"
             "Same numbers, another reading: the row view asks \u201cwhat does each token "
             "receive?\u201d, the column view \u201chow is each feature of V spread over "
             "the tokens?\u201d")
             .arg(c)
             .arg(vec(col.sum.transpose())),
         {Stage::Weights, Stage::V, Stage::HeadOutput},
         attn::Layout::Rows,
         false});

    // Step 8 is drawn in the column layout: its formulas are that layout's stage titles (the
    // article's Q = Wqᵀ·Xᵀ, the scores KᵀQ, the softmax down each column).
    const attn::Layout columns = attn::Layout::Columns;
    steps.push_back(
        {QCoreApplication::translate("LessonScript", "8. The transposed convention: ") +
             attn::attentionFormula(columns, attn::Markup::Html),
         QCoreApplication::translate(
             "LessonScript",
             "Stack the tokens as columns instead of rows and every matrix is transposed: "
             "%3 is d<sub>k</sub>×n, the scores are %4 (m×n), the weights "
             "A = %5 are normalised down each column, and the output is %6 = %7: "
             "d<sub>v</sub>×n, the transpose of the row layout's output. The numbers "
             "are the same: output column %1 here is output row %1 before, %2.<br>Neither is "
             "more correct; they differ only in how the inputs are laid out.")
             .arg(i)
             .arg(vec(d.sum), formula(Stage::Q, columns), attn::scoresProduct(columns),
                  formula(Stage::Weights, columns),
                  attn::productExpression(attn::Product::Output, columns),
                  attn::attentionFormula(columns, attn::Markup::Html)),
         {Stage::Scores, Stage::Weights, Stage::HeadOutput},
         columns,
         true});
    // Every step's numbers are of query i and its strongest key j: the cell a class looks for.
    for (LessonStep &step : steps)
        step.cell = QPoint(int(j), i);
    return steps;
}
