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

QString primed(const QString &name) {
    return name + QChar(0x2032);
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
        out << scaleNumber(c.dk);
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

ProductNames productNames(Product product, Layout layout) {
    const bool scores = product == Product::Scores;
    if (layout == Layout::Rows)
        return scores ? ProductNames{"scores", "Q", transposed("K")}
                      : ProductNames{"output", "A", "V"};
    // The column layout's matrices are the row layout's transposed: K′ = Kᵀ, so K′ᵀ = K.
    return scores ? ProductNames{primed("scores"), transposed(primed("K")), primed("Q")}
                  : ProductNames{primed("output"), primed("V"), primed("A")};
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

} // namespace attn
