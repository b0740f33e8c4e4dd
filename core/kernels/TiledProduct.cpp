// SPDX-License-Identifier: GPL-3.0-or-later
#include "TiledProduct.h"

#include "InputError.h"
#include "Translate.h"

#include <algorithm>
#include <string>

namespace attn {

namespace {

Eigen::Index blocks(Eigen::Index extent, Eigen::Index size) {
    return (extent + size - 1) / size;
}

void check(const Matrix &A, const Matrix &B, TileSize size) {
    if (size.rows < 1 || size.cols < 1 || size.inner < 1)
        throw InputError(
            translate("attn::analysis", "the tile size must be at least 1×1×1, got %1×%2×%3")
                .arg(qs(size.rows), qs(size.cols), qs(size.inner)));
    if (A.cols() != B.rows())
        throw InputError(
            translate("attn::analysis", "the product needs A's columns (%1) to equal B's rows (%2)")
                .arg(qs(A.cols()), qs(B.rows())));
}

} // namespace

TiledProduct tiledProduct(const Matrix &A, const Matrix &B, TileSize size) {
    check(A, B, size);
    TiledProduct out;
    out.size = size;
    out.tileRows = blocks(A.rows(), size.rows);
    out.tileCols = blocks(B.cols(), size.cols);
    out.innerBlocks = blocks(A.cols(), size.inner);
    out.assembled = Matrix::Zero(A.rows(), B.cols());
    for (Eigen::Index r0 = 0; r0 < A.rows(); r0 += size.rows) {
        for (Eigen::Index c0 = 0; c0 < B.cols(); c0 += size.cols) {
            ProductTile tile;
            tile.rowFirst = r0;
            tile.rowCount = std::min(size.rows, A.rows() - r0);
            tile.colFirst = c0;
            tile.colCount = std::min(size.cols, B.cols() - c0);
            tile.sum = Matrix::Zero(tile.rowCount, tile.colCount);
            for (Eigen::Index k0 = 0; k0 < A.cols(); k0 += size.inner) {
                TileTerm term;
                term.innerFirst = k0;
                term.innerCount = std::min(size.inner, A.cols() - k0);
                term.product.noalias() = A.block(r0, k0, tile.rowCount, term.innerCount) *
                                         B.block(k0, c0, term.innerCount, tile.colCount);
                tile.sum += term.product;
                tile.terms.push_back(std::move(term));
            }
            out.assembled.block(r0, c0, tile.rowCount, tile.colCount) = tile.sum;
            out.tiles.push_back(std::move(tile));
        }
    }
    return out;
}

Eigen::Index tiledStepCount(const Matrix &A, const Matrix &B, TileSize size) {
    check(A, B, size);
    // An empty inner dimension still visits each tile once (its sum is 0).
    return blocks(A.rows(), size.rows) * blocks(B.cols(), size.cols) *
           std::max<Eigen::Index>(1, blocks(A.cols(), size.inner));
}

TiledStep tiledStep(const Matrix &A, const Matrix &B, TileSize size, Eigen::Index step) {
    const Eigen::Index count = tiledStepCount(A, B, size);
    if (step < 0 || step >= count)
        throw InputError(translate("attn::analysis", "step %1 is out of range (0..%2)")
                             .arg(qs(step), qs(count - 1)));
    const Eigen::Index inner = std::max<Eigen::Index>(1, blocks(A.cols(), size.inner));
    const Eigen::Index cols = blocks(B.cols(), size.cols);
    TiledStep s;
    s.innerBlock = step % inner;
    s.tileCol = (step / inner) % cols;
    s.tileRow = step / inner / cols;
    s.rowFirst = s.tileRow * size.rows;
    s.rowCount = std::min(size.rows, A.rows() - s.rowFirst);
    s.colFirst = s.tileCol * size.cols;
    s.colCount = std::min(size.cols, B.cols() - s.colFirst);
    s.innerFirst = std::min(s.innerBlock * size.inner, A.cols());
    s.innerCount = std::min(size.inner, A.cols() - s.innerFirst);
    return s;
}

Matrix tiledPartialSum(const Matrix &A, const Matrix &B, TileSize size, Eigen::Index count) {
    count = std::clamp<Eigen::Index>(count, 0, tiledStepCount(A, B, size));
    Matrix out = Matrix::Zero(A.rows(), B.cols());
    for (Eigen::Index step = 0; step < count; ++step) {
        const TiledStep s = tiledStep(A, B, size, step);
        out.block(s.rowFirst, s.colFirst, s.rowCount, s.colCount).noalias() +=
            A.block(s.rowFirst, s.innerFirst, s.rowCount, s.innerCount) *
            B.block(s.innerFirst, s.colFirst, s.innerCount, s.colCount);
    }
    return out;
}

} // namespace attn
