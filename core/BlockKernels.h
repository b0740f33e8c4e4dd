// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <vector>

// The products of the forward pass (its projections too: see weightedValues), written for its
// shapes: a block of queries against every key (Q·Kᵀ, inner dimension d_k = 64 typically) and the
// block's weights times V (inner dimension n). OpenBLAS repacks the whole of K (or V) for every
// block it is called on, which at n = 4096 took a third of the products' time (29 GFLOP/s per core
// for 64-query blocks); here K is packed once per head and V needs no packing (its rows are the
// vectors the kernel loads): 47–52 GFLOP/s per core measured alone, about what OpenBLAS reaches on
// a large square product. AVX-512 only, chosen at run time like VectorExp.h; without it the forward
// pass calls OpenBLAS. Also the single scores of the derived stages and of the incremental update,
// so that all compute a score alike.
namespace attn::kernel {

// K (m × d) as panels of kKeyPanel keys, each d × kKeyPanel with a key's values in a column,
// the last panel padded with zero keys.
struct PackedKeys {
    static constexpr Eigen::Index kKeyPanel = 24;
    std::vector<double> data;
    Eigen::Index keys = 0, dims = 0;
    // Columns a row of scores needs: m rounded up to whole panels.
    Eigen::Index paddedKeys() const { return (keys + kKeyPanel - 1) / kKeyPanel * kKeyPanel; }
};

// Whether the forward pass uses these kernels: AVX-512F on this CPU and not switched off.
bool blockKernelsEnabled();
// Tests switch them off to check that the OpenBLAS path gives the same results.
void setBlockKernelsAllowed(bool allowed);

PackedKeys packKeys(const Matrix &K);

// out[r·ld + j] = factor · Q.row(first + r) · K.row(j) for r < rows and j < paddedKeys() (the
// padding gets 0). ld ≥ paddedKeys().
void scaledScores(const Matrix &Q, Eigen::Index first, Eigen::Index rows, const PackedKeys &K,
                  double factor, double *out, Eigen::Index ld);

// The scores (factor 1) of rows first … of Q against K unpacked, with the same arithmetic as
// scaledScores (one FMA chain per score in the order of d, then the factor), so a stage derived
// later matches the statistics of the forward pass bit for bit. out[r·ld + j], j < K.rows().
void scores(const Matrix &Q, Eigen::Index first, Eigen::Index rows, const Matrix &K, double *out,
            Eigen::Index ld);
// out[j·stride] = v · rows.row(first + j) and out[j·stride + 1] = w · rows.row(first + j) for
// j < count, the same way (a key's old and new values against every query; each score is the
// same whichever rows are asked). One pass over the rows for both: their transposition in
// registers is the larger part of the work. stride ≥ 2.
void scoresAgainst(const double *v, const double *w, const Matrix &rows, Eigen::Index first,
                   Eigen::Index count, double *out, Eigen::Index stride);
// One score, the same way (for a single cell). d ≥ 1.
double score(const double *q, const double *k, Eigen::Index d);

// out.row(first + r) = Σ_j P[r·ld + j] · V.row(j) for r < rows, j < V.rows(). The weights·V of
// the forward pass, and its projections (P = rows of X, V = a weight matrix). Widths that are
// whole multiples of 32 use plain loads: masked ones ran the tile at 41 GFLOP/s instead of 50.
void weightedValues(const double *P, Eigen::Index ld, Eigen::Index rows, const Matrix &V,
                    Matrix &out, Eigen::Index first);

// out[c] = Σ_j x[j] · W(j, c), c < W.cols(): one row's projection (an edited token's), the
// same bits as weightedValues gives that row.
void projectRow(const double *x, const Matrix &W, double *out);

// A query's output row after one key's weight and value changed (the incremental update):
// out[c] = (before[c]·sumBefore − eOld·vOld[c] + eNew·vNew[c]) / sum for c < dv, and
// maxima = {max |before[c]|, max |out[c]|}. AVX-512 where the block kernels run (eight lanes
// where Eigen's baseline build has two: a third of an edit's time at n = 4096).
void correctRow(const double *before, double sumBefore, double eOld, const double *vOld,
                double eNew, const double *vNew, double sum, double *out, Eigen::Index dv,
                double *maxima);
// Σ q[c]² for c < d, the same way.
double squaredNorm(const double *q, Eigen::Index d);

} // namespace attn::kernel
