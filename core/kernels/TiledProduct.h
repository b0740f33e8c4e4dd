// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <vector>

namespace attn {

// The block reading of a product P = A·B that a GPU kernel uses: P is cut into tiles of
// `rows` × `cols`, and each tile is the sum over the inner dimension cut in blocks of `inner`:
//   P[I, J] = Σ_K A[I, K]·B[K, J].
// Edge tiles and blocks are smaller when the sizes do not divide the dimensions.
struct TileSize {
    Eigen::Index rows = 1, cols = 1, inner = 1;
};

// One block product A[I, K]·B[K, J] of a tile.
struct TileTerm {
    Eigen::Index innerFirst = 0, innerCount = 0;
    Matrix product; // rows × cols of the tile
};

struct ProductTile {
    Eigen::Index rowFirst = 0, rowCount = 0, colFirst = 0, colCount = 0;
    std::vector<TileTerm> terms;
    Matrix sum; // Σ of the terms = P[I, J]
};

struct TiledProduct {
    TileSize size;
    Eigen::Index tileRows = 0, tileCols = 0, innerBlocks = 0; // how many of each
    std::vector<ProductTile> tiles;                           // row of tiles by row of tiles
    Matrix assembled;                                         // the tiles put together = P
};

// Throws InputError for a size below 1 or A, B that do not multiply.
TiledProduct tiledProduct(const Matrix &A, const Matrix &B, TileSize size);

// The animation's steps: tile by tile (row-major), and within a tile one inner block at a time.
Eigen::Index tiledStepCount(const Matrix &A, const Matrix &B, TileSize size);
// Which tile and inner block step `step` (0-based) adds.
struct TiledStep {
    Eigen::Index tileRow = 0, tileCol = 0, innerBlock = 0;
    Eigen::Index rowFirst = 0, rowCount = 0, colFirst = 0, colCount = 0;
    Eigen::Index innerFirst = 0, innerCount = 0;
};
TiledStep tiledStep(const Matrix &A, const Matrix &B, TileSize size, Eigen::Index step);
// P after the first `count` steps: finished tiles, the current tile's partial sum, zeros
// elsewhere (count = tiledStepCount gives P).
Matrix tiledPartialSum(const Matrix &A, const Matrix &B, TileSize size, Eigen::Index count);

} // namespace attn
