// SPDX-License-Identifier: GPL-3.0-or-later
#include "Derivation.h"

#include "Decomposition.h"
#include "Formula.h"
#include "Masks.h"
#include "Notation.h"
#include "Stage.h"

#include <cmath>

#include <QCoreApplication>

namespace derivation {

// The stage titles' numbers, so formulas and titles read alike.
using attn::notation::number;

namespace {

// Long dot products are shortened to their first terms: a tooltip of 512 terms helps nobody.
constexpr int kMaxTerms = 6;

// A derived stage's cell, without deriving the stage.
bool inside(const attn::HeadResult &h, int row, int col) {
    return row >= 0 && col >= 0 && row < h.stageRows() && col < h.stageCols();
}

template <typename M> bool inside(const M &m, int row, int col) {
    return row >= 0 && col >= 0 && row < m.rows() && col < m.cols();
}

const attn::HeadResult *headOf(const Context &c) {
    if (!c.result || c.head < 0 || c.head >= int(c.result->heads.size()))
        return nullptr;
    return &c.result->heads[size_t(c.head)];
}

QString label(const QStringList &labels, int index) {
    return index >= 0 && index < labels.size() ? labels[index].toHtmlEscaped()
                                               : QString::number(index);
}

// "a₀·b₀ + a₁·b₁ + … = s" from paired terms, shortened when long.
QString sumOfProducts(const Eigen::VectorXd &a, const Eigen::VectorXd &b) {
    QStringList terms;
    const int n = int(a.size());
    for (int k = 0; k < n && k < kMaxTerms; ++k) {
        QString bText = number(b(k));
        if (b(k) < 0)
            bText = "(" + bText + ")";
        terms << number(a(k)) + "\u00b7" + bText;
    }
    QString text = attn::notation::sum(terms);
    if (n > kMaxTerms)
        text += QCoreApplication::translate("Derivation", " + \u2026 (%1 terms)").arg(n);
    return text;
}

QString header(const QString &title) {
    return "<b>" + title + "</b><br>";
}

} // namespace

QString subscript(int index) {
    static const QString digits = QString::fromUtf8("₀₁₂₃₄₅₆₇₈₉");
    QString s = QString::number(index);
    for (QChar &ch : s)
        if (ch.isDigit())
            ch = digits[ch.digitValue()];
    return s;
}

QString subscripts(int row, int col) {
    return subscript(row) + QStringLiteral(",") + subscript(col);
}

QString projection(const Context &c, char which, int row, int col) {
    const attn::HeadResult *h = headOf(c);
    if (!h || !c.inputs || c.head >= int(c.inputs->heads.size()))
        return {};
    const attn::HeadWeights &w = c.inputs->heads[size_t(c.head)];
    const bool isQuery = which == 'Q';
    const attn::Matrix &source = isQuery ? c.inputs->X : c.inputs->source();
    const attn::Matrix &W = which == 'Q' ? w.Wq : which == 'K' ? w.Wk : w.Wv;
    const attn::Matrix &out = which == 'Q' ? h->Q : which == 'K' ? h->K : h->V;
    if (!inside(out, row, col) || source.cols() != W.rows() || !inside(source, row, 0) ||
        !inside(W, 0, col))
        return {};
    const attn::DotDecomposition d = attn::dotDecomposition(source, W, row, col);
    const QString lower = QString(QChar(which).toLower());
    const QString src = isQuery || !c.inputs->hasContext ? "x" : "c";
    const QStringList &labels = isQuery ? c.queries : c.keys;
    // K and V of a key/value group come from its first head: so do their biases.
    const attn::HeadWeights &kv = c.inputs->heads[attn::kvSource(*c.inputs, size_t(c.head))];
    const attn::Matrix &bias = which == 'Q' ? w.bq : which == 'K' ? kv.bk : kv.bv;
    const bool biased = inside(bias, 0, col);
    const bool rotated = which != 'V' && c.inputs->options.positional == attn::Positional::Rope;
    QString text =
        header(QCoreApplication::translate("Derivation", "%1 — token %2, feature %3")
                   .arg(QString(QChar(which)), label(labels, row))
                   .arg(col)) +
        QString("%1%2,%3 = %4%2 · W%5[:, %3]%6<br>= %7%8")
            .arg(lower, subscript(row), QString::number(col), src, lower,
                 biased ? QString(" + b%1[%2]").arg(lower).arg(col) : QString(),
                 sumOfProducts(d.a, d.b),
                 biased ? attn::notation::sum({QString(), number(bias(0, col))}) : QString());
    double before = d.sum + (biased ? bias(0, col) : 0.0);
    // The QK norm divides the token's whole row by its root mean square, then the gain scales
    // this feature.
    if (which != 'V' && c.inputs->options.qkNorm) {
        attn::Matrix projected = source.row(row) * W;
        if (bias.size() > 0)
            projected += bias;
        const double rms = std::sqrt(projected.squaredNorm() / double(projected.cols()) +
                                     c.inputs->options.qkNormEpsilon);
        const attn::Matrix &gain = which == 'Q' ? w.gq : kv.gk;
        const double g = inside(gain, 0, col) ? gain(0, col) : 1.0;
        text += QString("<br>= %1").arg(number(before)) +
                QCoreApplication::translate("Derivation", "<br>QK norm: / rms %1 \u00d7 g%2[%3] %4")
                    .arg(number(rms), lower)
                    .arg(col)
                    .arg(number(g));
        before = before / rms * g;
    }
    const Eigen::Index dk = out.cols();
    const Eigen::Index turned = attn::ropeDims(c.inputs->options.rope, dk);
    if (!rotated || col >= turned)
        return text + QString("<br>= <b>%1</b>").arg(number(out(row, col)));
    // RoPE turns this feature with its partner by the token's angle: the product alone is not
    // the stored value.
    const attn::RopeStyle style = c.inputs->options.rope.style;
    const Eigen::Index pair = style == attn::RopeStyle::HalfSplit ? col % (turned / 2) : col / 2;
    const auto [a, b] = attn::ropePair(style, pair, turned);
    const Eigen::Index partner = col == a ? b : a;
    const std::vector<double> frequencies =
        attn::ropeInverseFrequencies(c.inputs->options.rope, dk);
    return text + QString("<br>= %1").arg(number(before)) +
           QCoreApplication::translate("Derivation", "<br>RoPE turns it with feature %1 by %2 × %3:"
                                                     "<br>= <b>%4</b>")
               .arg(partner)
               .arg(row)
               .arg(number(frequencies[std::size_t(pair)]), number(out(row, col)));
}

QString score(const Context &c, int query, int key) {
    const attn::HeadResult *h = headOf(c);
    if (!h || !inside(*h, query, key) || !inside(h->Q, query, 0) || !inside(h->K, key, 0))
        return {};
    const Eigen::VectorXd q = h->Q.row(query).transpose(), k = h->K.row(key).transpose();
    return header(QCoreApplication::translate("Derivation", "score: query %1 \u00b7 key %2")
                      .arg(label(c.queries, query), label(c.keys, key))) +
           QString("%1 = %2 = <b>%3</b>")
               .arg(attn::queryKeyDot(attn::Layout::Rows, subscript(query), subscript(key)),
                    sumOfProducts(q, k), number(h->scores(query, key)));
}

QString logit(const Context &c, int query, int key) {
    const attn::HeadResult *h = headOf(c);
    if (!h || !c.inputs || !inside(*h, query, key))
        return {};
    const QString head = header(QCoreApplication::translate("Derivation", "logit: query %1, key %2")
                                    .arg(label(c.queries, query), label(c.keys, key)));
    const bool causal = c.inputs->options.causal && key > query;
    if (inside(c.result->masked, query, key) && c.result->masked(query, key))
        return head +
               QCoreApplication::translate("Derivation",
                                           "masked%1: \u2212\u221e, so its weight is exactly 0<br>"
                                           "<i>click to unmask</i>")
                   .arg(causal ? QCoreApplication::translate(
                                     "Derivation", " (causal: this key comes after the query)")
                        : !attn::windowSees(c.inputs->options, query, key)
                            ? QCoreApplication::translate("Derivation",
                                                          " (outside the sliding window)")
                            : "");
    // This head's d_k, which the inputs' formula context (head 0's) need not be.
    attn::FormulaContext fc = attn::formulaContext(*c.inputs);
    fc.dk = h->Q.cols();
    QString formula =
        "score" + attn::divisionSuffix(attn::scaleSymbols(fc, attn::Markup::Html), true);
    QString values =
        number(h->scores(query, key)) + attn::divisionSuffix(attn::scaleDivisors(fc), true);
    if (h->softcap > 0) { // Gemma 2's soft cap bends the scaled score first
        formula = "c\u00b7tanh(" + formula + " / c)";
        values = number(h->softcap) + "\u00b7tanh(" + values + " / " + number(h->softcap) + ")";
    }
    if (c.inputs->options.alibi && size_t(c.head) < c.inputs->heads.size()) {
        // ALiBi's bias is part of the logit: slope·(j − i).
        const double slope =
            attn::alibiSlopes(c.inputs->options, c.inputs->heads.size())[size_t(c.head)];
        formula += " + m·(j − i)";
        values += QString(" + %1·(%2 − %3)").arg(number(slope)).arg(key).arg(query);
    }
    return head + formula + " = " + values + " = <b>" + number(h->logits(query, key)) +
           QCoreApplication::translate("Derivation", "</b><br><i>click to mask this cell</i>");
}

QString capped(const Context &c, int query, int key) {
    const attn::HeadResult *h = headOf(c);
    if (!h || !c.inputs || !inside(*h, query, key))
        return {};
    attn::FormulaContext fc = attn::formulaContext(*c.inputs);
    fc.dk = h->Q.cols();
    const double scaled = h->scores(query, key) * h->factor;
    return header(QCoreApplication::translate("Derivation", "capped: query %1, key %2")
                      .arg(label(c.queries, query), label(c.keys, key))) +
           "c\u00b7tanh(score" +
           attn::divisionSuffix(attn::scaleSymbols(fc, attn::Markup::Html), true) +
           " / c) = " + number(h->softcap) + "\u00b7tanh(" + number(scaled) + " / " +
           number(h->softcap) + ") = <b>" +
           number(h->cell(attn::HeadResult::Derived::Capped, query, key)) + "</b>" +
           QCoreApplication::translate("Derivation",
                                       "<br><i>tanh keeps every logit within \u00b1%1</i>")
               .arg(number(h->softcap));
}

QString weight(const Context &c, int query, int key) {
    const attn::HeadResult *h = headOf(c);
    if (!h || !inside(*h, query, key) || !inside(*h, query, key))
        return {};
    const QString head =
        header(QCoreApplication::translate("Derivation", "weight: query %1 attends to key %2")
                   .arg(label(c.queries, query), label(c.keys, key)));
    const Eigen::ArrayXXd row = h->logits().row(query).array();
    const double max = row.maxCoeff();
    if (std::isinf(max))
        return head + QCoreApplication::translate(
                          "Derivation", "every key of this query is masked: all its weights are 0");
    if (std::isinf(h->logits(query, key)))
        return head +
               QCoreApplication::translate(
                   "Derivation", "masked: exp(\u2212\u221e) = 0, so the weight is exactly 0");
    const double numerator = std::exp(h->logits(query, key) - max);
    const double sum = (row - max).exp().sum();
    const bool rows = c.layout == attn::Layout::Rows;
    // Index order and the line the softmax runs along follow the layout shown.
    const QString q = subscript(query), k = subscript(key);
    const QString ij = rows ? q + "," + k : k + "," + q;
    const QString anyKey = rows ? q + ",j" : "j," + q;
    const QString line = rows ? QStringLiteral("row") : QStringLiteral("column");
    return head +
           QCoreApplication::translate(
               "Derivation",
               "a%1 = exp(l%1 \u2212 max) / \u03a3<sub>j</sub> exp(l%2 \u2212 max)<br>"
               "exponent: exp(%3 \u2212 %4) = %5<br>%8 sum: \u03a3 = %6<br>"
               "quotient: %5 / %6 = <b>%7</b>")
               .arg(ij, anyKey, number(h->logits(query, key)), number(max), number(numerator),
                    number(sum), number(h->weights(query, key)), line) +
           QCoreApplication::translate(
               "Derivation",
               "<br><i>(subtracting the %1 maximum changes nothing but keeps exp finite)</i>")
               .arg(line);
}

QString headOutput(const Context &c, int query, int col) {
    const attn::HeadResult *h = headOf(c);
    if (!h || !inside(h->output, query, col) || !inside(*h, query, 0) ||
        h->stageCols() != h->V.rows() || !inside(h->V, 0, col))
        return {};
    const Eigen::VectorXd a = h->weights().row(query).transpose(), v = h->V.col(col);
    return header(QCoreApplication::translate("Derivation", "head output: query %1, feature %2")
                      .arg(label(c.queries, query))
                      .arg(col)) +
           QString(QCoreApplication::translate("Derivation",
                                               "o%1,%2 = \u03a3<sub>j</sub> a%1j \u00b7 "
                                               "v<sub>j,%2</sub><br>= %3<br>= <b>%4</b>"))
               .arg(subscript(query), QString::number(col), sumOfProducts(a, v),
                    number(h->output(query, col)));
}

QString concat(const Context &c, int query, int col) {
    if (!c.result || !inside(c.result->concat(), query, col))
        return {};
    int head = 0, offset = col;
    while (head < int(c.result->heads.size()) && offset >= c.result->heads[size_t(head)].V.cols())
        offset -= int(c.result->heads[size_t(head++)].V.cols());
    return header(QCoreApplication::translate("Derivation", "concat: query %1, column %2")
                      .arg(label(c.queries, query))
                      .arg(col)) +
           QCoreApplication::translate("Derivation", "head %1's output, feature %2 = <b>%3</b>")
               .arg(head)
               .arg(offset)
               .arg(number(c.result->concat()(query, col)));
}

QString finalOutput(const Context &c, int query, int col) {
    if (!c.result || !c.inputs || !inside(c.result->output(), query, col))
        return {};
    const QString head =
        header(QCoreApplication::translate("Derivation", "output: query %1, feature %2")
                   .arg(label(c.queries, query))
                   .arg(col));
    if (!c.inputs->hasWo() || c.inputs->Wo.rows() != c.result->concat().cols() ||
        !inside(c.inputs->Wo, 0, col))
        return head +
               QCoreApplication::translate("Derivation",
                                           "no Wo: the output is the concatenation, <b>") +
               number(c.result->output()(query, col)) + "</b>";
    const Eigen::VectorXd a = c.result->concat().row(query).transpose(), b = c.inputs->Wo.col(col);
    return head + QCoreApplication::translate("Derivation",
                                              "concat%1 \u00b7 Wo[:, %2]<br>= %3<br>= <b>%4</b>")
                      .arg(subscript(query), QString::number(col), sumOfProducts(a, b),
                           number(c.result->output()(query, col)));
}

QString ofStage(const Context &c, attn::Stage stage, int row, int col) {
    using attn::Stage;
    switch (stage) {
    case Stage::Q:
        return projection(c, 'Q', row, col);
    case Stage::K:
        return projection(c, 'K', row, col);
    case Stage::V:
        return projection(c, 'V', row, col);
    case Stage::Scores:
        return score(c, row, col);
    case Stage::Capped:
        return capped(c, row, col);
    case Stage::Logits:
        return logit(c, row, col);
    case Stage::Weights:
        return weight(c, row, col);
    case Stage::HeadOutput:
        return headOutput(c, row, col);
    case Stage::Concat:
        return concat(c, row, col);
    case Stage::Final:
        return finalOutput(c, row, col);
    default: // the inputs are edited, not derived
        return {};
    }
}

} // namespace derivation
