// SPDX-License-Identifier: GPL-3.0-or-later
#include "Formula.h"

#include "Notation.h"

namespace attn {

namespace {

const QString kDot = QStringLiteral("\u00b7");

// The attention as a whole: {scores} and {scale} as in the stage table (see stageFormula).
constexpr const char *kRowAttention = "softmax({scores}{scale})\u00b7V";
constexpr const char *kColumnAttention = "V\u00b7softmax({scores}{scale})";

} // namespace

QString transposed(const QString &name) {
    return name + QChar(0x1d40);
}

QString dkSymbol(Markup markup) {
    return markup == Markup::Html ? QStringLiteral("d<sub>k</sub>") : QStringLiteral("d_k");
}

QString scaleSymbol(Markup markup) {
    return "\u221a" + dkSymbol(markup);
}

QString scaleNumber(Eigen::Index dk) {
    return QString("\u221a%1").arg(dk);
}

QStringList scaleDivisors(const FormulaContext &c) {
    QStringList out;
    if (c.scale)
        out << (c.scaleDim > 0 ? QString("\u221a%1").arg(notation::number(c.scaleDim))
                               : scaleNumber(c.dk));
    if (c.temperature != 1.0)
        out << notation::number(c.temperature);
    return out;
}

QStringList scaleSymbols(const FormulaContext &c, Markup markup) {
    QStringList out;
    if (c.scale)
        out << scaleSymbol(markup);
    if (c.temperature != 1.0)
        out << QStringLiteral("T");
    return out;
}

QString divisionSuffix(const QStringList &divisors, bool spaced) {
    const QString slash = spaced ? QStringLiteral(" / ") : QStringLiteral("/");
    QString out;
    for (const QString &d : divisors)
        out += slash + d;
    return out;
}

QString scoresProduct(Layout layout) {
    return layout == Layout::Rows ? "Q" + transposed("K") : transposed("K") + "Q";
}

QString attentionFormula(Layout layout, Markup markup) {
    // The formula in general: scaled, at temperature 1, whatever the current options are.
    const FormulaContext general;
    return QString::fromUtf8(layout == Layout::Rows ? kRowAttention : kColumnAttention)
        .replace("{scores}", scoresProduct(layout))
        .replace("{scale}", divisionSuffix(scaleSymbols(general, markup), false));
}

namespace {

// "Q", "K", "V": the symbol a stage's formula defines ("Q = X·Wq").
QString stageSymbol(Stage stage) {
    return QString::fromUtf8(stageInfo(stage).rowFormula).section(QStringLiteral(" = "), 0, 0);
}

} // namespace

ProductNames productNames(Product product, Layout layout) {
    // Each layout names its own matrices as its stage titles do (the column layout's Q is the
    // article's Wqᵀ·Xᵀ), so the products read like the titles: "scores KᵀQ", "output V·softmax↓".
    const bool rows = layout == Layout::Rows;
    if (product == Product::Scores) {
        const QString q = stageSymbol(Stage::Q), kT = transposed(stageSymbol(Stage::K));
        return {QString::fromLatin1(stageInfo(Stage::Scores).name), rows ? q : kT, rows ? kT : q};
    }
    const QString a = weightsSymbol(), v = stageSymbol(Stage::V);
    return {QString::fromLatin1(stageInfo(Stage::HeadOutput).name), rows ? a : v, rows ? v : a};
}

QString weightsSymbol() {
    return QStringLiteral("A");
}

QString productExpression(Product product, Layout layout) {
    const ProductNames n = productNames(product, layout);
    return n.a + kDot + n.b;
}

QString productFormula(Product product, Layout layout) {
    return productNames(product, layout).p + " = " + productExpression(product, layout);
}

QString queryKeyDot(Layout layout, const QString &query, const QString &key) {
    return layout == Layout::Rows ? "q" + query + kDot + "k" + key
                                  : transposed("k" + key) + "q" + query;
}

QString stageFormula(Stage stage, Layout layout, const FormulaContext &c) {
    const StageInfo &info = stageInfo(stage);
    const char *text = layout == Layout::Rows ? info.rowFormula : info.columnFormula;
    if (info.unprojectedFormula && !c.hasWo)
        text = info.unprojectedFormula;
    QString formula = QString::fromUtf8(text);
    // With a soft cap the logits and the weights are those of the capped scores.
    if (c.softcap > 0 && (stage == Stage::Logits || stage == Stage::Weights))
        formula.replace("{scores}{scale}", "{cap}" + QString(kDot) + "tanh({scores}{scale}/{cap})");
    formula = formula.replace("{src}", c.hasContext ? "C" : "X")
                  .replace("{cap}", notation::number(c.softcap))
                  .replace("{scores}", scoresProduct(layout))
                  .replace("{scale}", divisionSuffix(scaleDivisors(c), false))
                  .replace("{heads}", QString::number(c.heads));
    // A bias is added to every token's row (column, in the article's layout) of the product.
    const bool biased = (stage == Stage::Q && c.qBias) || (stage == Stage::K && c.kBias) ||
                        (stage == Stage::V && c.vBias) ||
                        (stage == Stage::Final && c.hasWo && c.oBias);
    if (biased) {
        const QString name = stage == Stage::Q   ? "bq"
                             : stage == Stage::K ? "bk"
                             : stage == Stage::V ? "bv"
                                                 : "bo";
        formula += " + " + (layout == Layout::Rows ? name : transposed(name));
    }
    // The QK norm: each row of the projection divided by its root mean square, times the gain.
    if (c.qkNorm && (stage == Stage::Q || stage == Stage::K)) {
        const qsizetype at = formula.indexOf(" = ");
        if (at > 0)
            formula = formula.left(at + 3) + "rms(" + formula.mid(at + 3) + ")" +
                      (stage == Stage::Q ? "\u2299gq" : "\u2299gk");
    }
    return formula;
}

} // namespace attn
