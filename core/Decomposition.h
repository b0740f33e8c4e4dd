// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <vector>

namespace attn {

// The four readings of a product P = A·B. Each returns its terms and their sum, which equals
// the corresponding part of P. Indices are checked; out-of-range ones throw InputError.

// P(i, j) = Σ_k A(i, k)·B(k, j): a row of A dotted with a column of B.
struct DotDecomposition {
    Vector a;        // row i of A
    Vector b;        // column j of B
    Vector products; // a(k)·b(k)
    double sum = 0;  // = P(i, j)
};
DotDecomposition dotDecomposition(const Matrix &A, const Matrix &B, Eigen::Index i, Eigen::Index j);

// Row i of P = Σ_k A(i, k)·(row k of B): the rows of B weighted by row i of A.
struct RowDecomposition {
    Vector weights; // row i of A
    Matrix rows;    // row k = row k of B
    Matrix scaled;  // row k = weights(k)·(row k of B)
    RowVector sum;  // = row i of P
};
RowDecomposition rowDecomposition(const Matrix &A, const Matrix &B, Eigen::Index i);

// Column j of P = Σ_k B(k, j)·(column k of A): the columns of A weighted by column j of B.
struct ColumnDecomposition {
    Vector weights; // column j of B
    Matrix columns; // column k = column k of A
    Matrix scaled;  // column k = weights(k)·(column k of A)
    Vector sum;     // = column j of P
};
ColumnDecomposition columnDecomposition(const Matrix &A, const Matrix &B, Eigen::Index j);

// P = Σ_k (column k of A)(row k of B): a sum of rank-one terms.
Eigen::Index outerTermCount(const Matrix &A, const Matrix &B);
Matrix outerTerm(const Matrix &A, const Matrix &B, Eigen::Index k);
// Σ of the first `count` terms (count = outerTermCount gives P).
Matrix outerPartialSum(const Matrix &A, const Matrix &B, Eigen::Index count);
struct OuterDecomposition {
    std::vector<Matrix> terms;
    Matrix sum;
};
OuterDecomposition outerDecomposition(const Matrix &A, const Matrix &B);

} // namespace attn
