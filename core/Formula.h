// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Stage.h"

#include <QString>
#include <QStringList>

// The formulas the views write beside the stage titles (those are the stage table's, see
// Stage.h): the attention as a whole, the two products, the scaling spelled out symbolically or
// with numbers, and a query–key dot product. Each piece (ᵀ, d_k, the scaling's order) is
// written here once, so the View menu, the lesson, the panels and the hover text cannot drift
// apart.
namespace attn {

// Whether symbols are for plain text (menus, titles: "√d_k") or for rich text ("√d<sub>k</sub>").
enum class Markup { Plain, Html };

// "Kᵀ": the transposed matrix's name.
QString transposed(const QString &name);

// "d_k" / "d<sub>k</sub>".
QString dkSymbol(Markup markup = Markup::Plain);
// The scaling's divisor: "√d_k" / "√d<sub>k</sub>", or with a number, "√3".
QString scaleSymbol(Markup markup = Markup::Plain);
QString scaleNumber(Eigen::Index dk);
// The scaling's divisors in the order the core divides: √d_k, then the temperature. Symbolic
// ("√d_k", "T") or with `context`'s numbers ("√3", "2"); empty without scaling and at T = 1.
QStringList scaleDivisors(const FormulaContext &context);
QStringList scaleSymbols(const FormulaContext &context, Markup markup = Markup::Plain);
// "/√3/2" (the stage titles' {scale}) or, spaced, " / √3 / 2".
QString divisionSuffix(const QStringList &divisors, bool spaced);

// The stage's formula as the stages view titles it: "Q = X·Wq", "softmax(QKᵀ/√3)".
QString stageFormula(Stage stage, Layout layout, const FormulaContext &context = {});

// The scores' product without its dot, as the stage titles write it: "QKᵀ" / "KᵀQ".
QString scoresProduct(Layout layout);
// The whole attention, symbolically: "softmax(QKᵀ/√d_k)·V" / "V·softmax(KᵀQ/√d_k)".
QString attentionFormula(Layout layout, Markup markup = Markup::Plain);

// Which of attention's two matrix products: scores = Q·Kᵀ or output = A·V (A: the weights).
enum class Product { Scores, Output };
// Their names as the Interpretations view writes them, each layout with its own matrices as the
// stage table titles them: rows "scores = Q·Kᵀ", "output = A·V"; columns (the article's
// Q = Wqᵀ·Xᵀ, …) "scores = Kᵀ·Q", "output = V·A".
struct ProductNames {
    QString p, a, b; // P = A·B
};
ProductNames productNames(Product product, Layout layout);
// "A": the attention weights' symbol (the weights' stage title is their formula, softmax(…)).
QString weightsSymbol();
QString productExpression(Product product, Layout layout); // "Q·Kᵀ"
QString productFormula(Product product, Layout layout);    // "scores = Q·Kᵀ"

// One query–key dot product with the given index texts (subscripts, "<sub>i</sub>", …):
// rows "qᵢ·kⱼ", columns "kⱼᵀqᵢ".
QString queryKeyDot(Layout layout, const QString &query, const QString &key);

} // namespace attn
