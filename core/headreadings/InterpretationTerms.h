// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InterpretedProduct.h"

#include <QString>
#include <QStringList>
#include <Qt>

// What the dot, row and column views draw: K terms, term k = coefficient(k) · vector k, whose
// sum is one part of P (a cell, a row, a column). Built from the tested decompositions of
// core/Decomposition.h; `target` is the same part read from the computed result, so the view
// can show that the terms really add up to it.
struct InterpretationTerms {
    InterpretationMode mode = InterpretationMode::Dot;
    // Horizontal: each term's vector is drawn as a row (terms stacked downwards); Vertical: as
    // a column (terms side by side), for the column view.
    Qt::Orientation orientation = Qt::Horizontal;
    QString title;        // the formula of this part: "scores[1, 2] = Σₖ Q[1, k]·Kᵀ[k, 2]"
    QString termHeader;   // "k (d_k index)", "key k"
    QString coefHeader;   // "Q[1, k]"
    QString vectorHeader; // "row k of Kᵀ"
    QString scaledHeader; // "Q[1, k]·(row k of Kᵀ)"
    QString targetLabel;  // "row 1 of scores"
    QStringList termLabels;
    QStringList elementLabels; // along each vector (empty for the dot product)
    attn::Vector coefficients; // K
    attn::Matrix vectors;      // K × L: term k's vector (a row of B, a column of A, B(k, j))
    attn::Matrix scaled;       // K × L: coefficients(k) · vectors.row(k)
    attn::RowVector sum;       // Σ of all the terms (the decomposition's sum)
    attn::RowVector target;    // the part of P it must equal
    // One query's attention weights (the row and dot views of A·V, the column view of V·A):
    // a convex combination.
    bool coefficientsAreWeights = false;

    int termCount() const { return int(coefficients.size()); }
    int length() const { return int(scaled.cols()); }
    bool isEmpty() const { return coefficients.size() == 0; }
    // Σ of the first `count` terms.
    attn::RowVector partialSum(int count) const;
};

// Each returns empty terms when the index is out of range for the product (a selection made on
// newer inputs than the product's, or an empty product).
InterpretationTerms dotTerms(const InterpretedProduct &p, int row, int col);
InterpretationTerms rowTerms(const InterpretedProduct &p, int row);
InterpretationTerms columnTerms(const InterpretedProduct &p, int col);

// When the coefficients are one query's weights: "The weights are non-negative (smallest …) and
// sum to 1.000000: the result is a convex combination — a weighted average — of the rows of V."
// Empty otherwise.
QString convexityNote(const InterpretationTerms &terms);

// "Column layout: …" / "In the column layout …": how this mode reads in the other layout (the
// row view of one layout is the column view of the other). One line.
QString layoutNote(const InterpretedProduct &p, InterpretationMode mode);
