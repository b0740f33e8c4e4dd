// SPDX-License-Identifier: GPL-3.0-or-later
#include "InterpretationTerms.h"

#include "Decomposition.h"
#include "Formula.h"
#include "Notation.h"

#include <algorithm>

#include <QCoreApplication>

namespace {

// A no-break space after the comma: an index never wraps ("output[1,↵1]").
QString cell(const QString &matrix, const QString &row, const QString &col) {
    return QString("%1[%2,\u00a0%3]").arg(matrix, row, col);
}

QString quoted(const QStringList &labels, int index) {
    return index >= 0 && index < labels.size() ? QString("\u201c%1\u201d").arg(labels[index])
                                               : QString();
}

// "k (d_k index)" / "key k": the header over the term labels.
QString termHeader(const InterpretedProduct &p) {
    return p.termNoun == "key" ? QCoreApplication::translate("InterpretationTerms", "key k")
                               : QString("k (%1)").arg(p.termNoun);
}

// The same product in the other layout, for the notes: "scores = Kᵀ·Q".
QString otherFormula(const InterpretedProduct &p) {
    return attn::productFormula(p.product, p.layout == attn::Layout::Rows ? attn::Layout::Columns
                                                                          : attn::Layout::Rows);
}

void fillCommon(InterpretationTerms &t, const InterpretedProduct &p) {
    t.termHeader = termHeader(p);
    t.termLabels = p.termLabels;
}

} // namespace

attn::RowVector InterpretationTerms::partialSum(int count) const {
    const int k = std::clamp(count, 0, termCount());
    if (k == 0)
        return attn::RowVector::Zero(scaled.cols());
    return scaled.topRows(k).colwise().sum();
}

InterpretationTerms dotTerms(const InterpretedProduct &p, int row, int col) {
    InterpretationTerms t;
    t.mode = InterpretationMode::Dot;
    if (p.isEmpty() || row < 0 || col < 0 || row >= p.rows() || col >= p.cols())
        return t;
    const attn::DotDecomposition d = attn::dotDecomposition(p.A, p.B, row, col);
    const QString i = QString::number(row), j = QString::number(col);
    fillCommon(t, p);
    t.title = QString("%1 = \u03a3\u2096 %2\u00b7%3   (%4 %5, %6 %7)")
                  .arg(cell(p.pName, i, j), cell(p.aName, i, "k"), cell(p.bName, "k", j), p.rowNoun,
                       quoted(p.rowLabels, row), p.colNoun, quoted(p.colLabels, col))
                  .simplified();
    t.coefHeader = cell(p.aName, i, "k");
    t.vectorHeader = cell(p.bName, "k", j);
    t.scaledHeader = "product";
    t.targetLabel = cell(p.pName, i, j);
    t.coefficients = d.a;
    t.vectors = d.b;
    t.scaled = d.products;
    t.sum = attn::RowVector::Constant(1, d.sum);
    t.target = attn::RowVector::Constant(1, p.P(row, col));
    // A row of the weights times a column of V: a weighted average of that column's entries.
    t.coefficientsAreWeights = p.rowViewIsConvex();
    return t;
}

InterpretationTerms rowTerms(const InterpretedProduct &p, int row) {
    InterpretationTerms t;
    t.mode = InterpretationMode::Row;
    if (p.isEmpty() || row < 0 || row >= p.rows())
        return t;
    const attn::RowDecomposition d = attn::rowDecomposition(p.A, p.B, row);
    const QString i = QString::number(row);
    fillCommon(t, p);
    t.title =
        QCoreApplication::translate("InterpretationTerms",
                                    "row %1 of %2 = \u03a3\u2096 %3\u00b7(row k of %4)   (%5 %6)")
            .arg(i, p.pName, cell(p.aName, i, "k"), p.bName, p.rowNoun, quoted(p.rowLabels, row))
            .simplified();
    t.coefHeader = cell(p.aName, i, "k");
    t.vectorHeader = QCoreApplication::translate("InterpretationTerms", "row k of ") + p.bName;
    t.scaledHeader = t.coefHeader +
                     QCoreApplication::translate("InterpretationTerms", "\u00b7(row k of ") +
                     p.bName + ")";
    t.targetLabel =
        QCoreApplication::translate("InterpretationTerms", "row %1 of %2").arg(i, p.pName);
    t.elementLabels = p.colLabels;
    t.coefficients = d.weights;
    t.vectors = d.rows;
    t.scaled = d.scaled;
    t.sum = d.sum;
    t.target = p.P.row(row);
    t.coefficientsAreWeights = p.rowViewIsConvex();
    return t;
}

InterpretationTerms columnTerms(const InterpretedProduct &p, int col) {
    InterpretationTerms t;
    t.mode = InterpretationMode::Column;
    t.orientation = Qt::Vertical;
    if (p.isEmpty() || col < 0 || col >= p.cols())
        return t;
    const attn::ColumnDecomposition d = attn::columnDecomposition(p.A, p.B, col);
    const QString j = QString::number(col);
    fillCommon(t, p);
    t.title =
        QCoreApplication::translate(
            "InterpretationTerms",
            "column %1 of %2 = \u03a3\u2096 %3\u00b7(column k of %4)   (%5 %6)")
            .arg(j, p.pName, cell(p.bName, "k", j), p.aName, p.colNoun, quoted(p.colLabels, col))
            .simplified();
    t.coefHeader = cell(p.bName, "k", j);
    t.vectorHeader = QCoreApplication::translate("InterpretationTerms", "column k of ") + p.aName;
    t.scaledHeader = t.coefHeader +
                     QCoreApplication::translate("InterpretationTerms", "\u00b7(column k of ") +
                     p.aName + ")";
    t.targetLabel =
        QCoreApplication::translate("InterpretationTerms", "column %1 of %2").arg(j, p.pName);
    t.elementLabels = p.rowLabels;
    t.coefficients = d.weights;
    // Stored like the row view (one term per row), drawn standing up.
    t.vectors = d.columns.transpose();
    t.scaled = d.scaled.transpose();
    t.sum = d.sum.transpose();
    t.target = p.P.col(col).transpose();
    t.coefficientsAreWeights = p.columnViewIsConvex();
    return t;
}

QString convexityNote(const InterpretationTerms &t) {
    if (!t.coefficientsAreWeights || t.isEmpty())
        return {};
    const double low = t.coefficients.minCoeff();
    // "the entries V[k, 1]" (a dot product), "the rows of V" (the row view).
    QString what = (t.mode == InterpretationMode::Dot
                        ? QCoreApplication::translate("InterpretationTerms", "the entries ")
                        : "") +
                   t.vectorHeader;
    what.replace(QCoreApplication::translate("InterpretationTerms", "row k of"),
                 QCoreApplication::translate("InterpretationTerms", "the rows of"))
        .replace(QCoreApplication::translate("InterpretationTerms", "column k of"),
                 QCoreApplication::translate("InterpretationTerms", "the columns of"));
    return QCoreApplication::translate(
               "InterpretationTerms",
               "The weights are %1 (smallest %2) and sum to %3: the result is a convex "
               "combination \u2014 a weighted average \u2014 of %4.")
        .arg(low >= 0 ? "non-negative"
                      : QCoreApplication::translate("InterpretationTerms", "NOT all non-negative"),
             attn::notation::cell(low), QString::number(t.coefficients.sum(), 'f', 6), what);
}

QString layoutNote(const InterpretedProduct &p, InterpretationMode mode) {
    // The names are the same in both layouts (each layout's own matrices, as the stage table
    // titles them), so a note says which layout it means.
    const bool rows = p.layout == attn::Layout::Rows;
    const QString other = otherFormula(p);
    switch (mode) {
    case InterpretationMode::Dot:
        return rows ? QCoreApplication::translate(
                          "InterpretationTerms",
                          "In the column layout (%1): the transposed cell, the same dot "
                          "product.")
                          .arg(other)
                    : QCoreApplication::translate(
                          "InterpretationTerms",
                          "Column layout: %1[j,\u00a0i] here is %1[i,\u00a0j] of the row "
                          "layout (%2).")
                          .arg(p.pName, other);
    case InterpretationMode::Row:
        return rows ? QCoreApplication::translate(
                          "InterpretationTerms",
                          "In the column layout (%1) this row view is the column view.")
                          .arg(other)
                    : QCoreApplication::translate(
                          "InterpretationTerms",
                          "Column layout: this row view is the column view of the row layout "
                          "(%1), transposed.")
                          .arg(other);
    case InterpretationMode::Column:
        return rows ? QCoreApplication::translate(
                          "InterpretationTerms",
                          "In the column layout (%1) this column view is the row view.")
                          .arg(other)
                    : QCoreApplication::translate(
                          "InterpretationTerms",
                          "Column layout: this column view is the row view of the row layout "
                          "(%1), transposed.")
                          .arg(other);
    case InterpretationMode::Outer:
        return rows ? QCoreApplication::translate(
                          "InterpretationTerms",
                          "In the column layout (%1) every term is transposed.")
                          .arg(other)
                    : QCoreApplication::translate(
                          "InterpretationTerms",
                          "Column layout: term k is term k of the row layout (%1), "
                          "transposed.")
                          .arg(other);
    case InterpretationMode::Tiled:
        return rows ? QCoreApplication::translate(
                          "InterpretationTerms",
                          "In the column layout (%1) every tile is transposed.")
                          .arg(other)
                    : QCoreApplication::translate(
                          "InterpretationTerms",
                          "Column layout: tile (I, J) is tile (J, I) of %1, transposed.")
                          .arg(other);
    case InterpretationMode::Online:
        return rows ? QCoreApplication::translate(
                          "InterpretationTerms",
                          "One query row of softmax(logits)·V, key block by key block, "
                          "as a fused kernel computes it: the n×m weights are never "
                          "stored.")
                    : QCoreApplication::translate(
                          "InterpretationTerms",
                          "Column layout: the same walk down the query's column of the "
                          "logits.");
    }
    return {};
}
