// SPDX-License-Identifier: GPL-3.0-or-later
#include "Decomposition.h"

#include "AttentionInputs.h"
#include "InputError.h"
#include "Translate.h"

namespace attn {

namespace {

void checkProduct(const Matrix &A, const Matrix &B) {
    if (A.cols() != B.rows())
        throw InputError(
            translate("attn::inputs",
                      "cannot multiply a %1 matrix by a %2 matrix: the inner sizes differ")
                .arg(qs(shapeString(A)), qs(shapeString(B))));
}

void checkIndex(Eigen::Index index, Eigen::Index count, const char *what) {
    if (index < 0 || index >= count)
        throw InputError(translate("attn::inputs", "%1 %2 is out of range (0..%3)")
                             .arg(translate("attn::inputs", what), qs(index), qs(count - 1)));
}

} // namespace

DotDecomposition dotDecomposition(const Matrix &A, const Matrix &B, Eigen::Index i,
                                  Eigen::Index j) {
    checkProduct(A, B);
    checkIndex(i, A.rows(), QT_TRANSLATE_NOOP("attn::inputs", "row"));
    checkIndex(j, B.cols(), QT_TRANSLATE_NOOP("attn::inputs", "column"));
    DotDecomposition d;
    d.a = A.row(i).transpose();
    d.b = B.col(j);
    d.products = d.a.cwiseProduct(d.b);
    d.sum = d.products.sum();
    return d;
}

RowDecomposition rowDecomposition(const Matrix &A, const Matrix &B, Eigen::Index i) {
    checkProduct(A, B);
    checkIndex(i, A.rows(), QT_TRANSLATE_NOOP("attn::inputs", "row"));
    RowDecomposition d;
    d.weights = A.row(i).transpose();
    d.rows = B;
    d.scaled = d.weights.asDiagonal() * B;
    d.sum = d.scaled.colwise().sum();
    return d;
}

ColumnDecomposition columnDecomposition(const Matrix &A, const Matrix &B, Eigen::Index j) {
    checkProduct(A, B);
    checkIndex(j, B.cols(), QT_TRANSLATE_NOOP("attn::inputs", "column"));
    ColumnDecomposition d;
    d.weights = B.col(j);
    d.columns = A;
    d.scaled = A * d.weights.asDiagonal();
    d.sum = d.scaled.rowwise().sum();
    return d;
}

Eigen::Index outerTermCount(const Matrix &A, const Matrix &B) {
    checkProduct(A, B);
    return A.cols();
}

Matrix outerTerm(const Matrix &A, const Matrix &B, Eigen::Index k) {
    checkProduct(A, B);
    checkIndex(k, A.cols(), QT_TRANSLATE_NOOP("attn::inputs", "term"));
    return A.col(k) * B.row(k);
}

Matrix outerPartialSum(const Matrix &A, const Matrix &B, Eigen::Index count) {
    checkProduct(A, B);
    if (count < 0 || count > A.cols())
        throw InputError(
            translate("attn::inputs", "a partial sum of %1 terms is out of range (0..%2)")
                .arg(qs(count), qs(A.cols())));
    Matrix sum = Matrix::Zero(A.rows(), B.cols());
    for (Eigen::Index k = 0; k < count; ++k)
        sum.noalias() += A.col(k) * B.row(k);
    return sum;
}

OuterDecomposition outerDecomposition(const Matrix &A, const Matrix &B) {
    checkProduct(A, B);
    OuterDecomposition d;
    d.sum = Matrix::Zero(A.rows(), B.cols());
    for (Eigen::Index k = 0; k < A.cols(); ++k) {
        d.terms.push_back(A.col(k) * B.row(k));
        d.sum += d.terms.back();
    }
    return d;
}

} // namespace attn
