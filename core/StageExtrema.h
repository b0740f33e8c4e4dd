// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

#include <optional>
#include <vector>

namespace attn {

// A head's scores or logits reduced to what the pixels of a heatmap show, without the n × m
// stage: per query, the largest and the smallest value over each block of keys (a block = the
// keys one pixel covers). A pixel covering several queries takes the extreme over their blocks,
// so the per-pixel maximum (or value farthest from 0) stays exact; the weights' block maximum
// follows from the logits' as exp(max − shift)/sum, exp being monotone. Building one costs a
// product, O(queries·keys·d), once per size, zoom or head; a token edit keeps it in step in
// O(n·d) plus a rescan of the few blocks whose extreme was the edited cell (update()). Memory:
// 2·queries·blocks doubles (about 46 MB for 4,096 queries at 700 pixels, against 134 MB for the
// stage itself). The head is in the row layout; the column layout draws the same table
// transposed (its blocks then split the pixel rows).
class StageExtrema {
public:
    enum class Quantity {
        Scores, // every cell (scores are defined unmasked)
        Capped, // every cell: the scaled scores after soft-capping
        Logits, // unmasked cells only; a block with none has max −∞, min +∞
    };

    StageExtrema() = default;
    // Queries firstQuery … firstQuery + queryCount − 1; block b holds keys bounds[b] …
    // bounds[b + 1] − 1 (bounds increasing, at least two).
    StageExtrema(const HeadResult &head, Quantity quantity, Eigen::Index firstQuery,
                 Eigen::Index queryCount, std::vector<Eigen::Index> bounds);

    // The table of `after`, this one having been built (or updated) for `before`: the heads
    // differ only in the Q rows `queries` and the K rows `keys` (a token edit; the same shapes,
    // factor, slope and mask). Edited queries are scanned again whole; for an edited key each
    // query's block of it takes the new value, and is rescanned only when its old extreme fell.
    void update(const HeadResult &before, const HeadResult &after,
                const std::vector<Eigen::Index> &queries, const std::vector<Eigen::Index> &keys);

    // One block per query spanning all of this table's keys: the rows' extrema.
    StageExtrema merged() const;

    bool isEmpty() const { return m_bounds.size() < 2; }
    Quantity quantity() const { return m_quantity; }
    Eigen::Index firstQuery() const { return m_firstQuery; }
    Eigen::Index queryCount() const { return m_max.rows(); }
    Eigen::Index blockCount() const { return m_max.cols(); }
    const std::vector<Eigen::Index> &bounds() const { return m_bounds; }
    // queryCount × blockCount, row-major.
    const Matrix &maxima() const { return m_max; }
    const Matrix &minima() const { return m_min; }

private:
    void scanQueries(const HeadResult &head, Eigen::Index first, Eigen::Index count);
    void scanBlock(const HeadResult &head, Eigen::Index line, Eigen::Index block);

    Quantity m_quantity = Quantity::Scores;
    Eigen::Index m_firstQuery = 0;
    std::vector<Eigen::Index> m_bounds;
    Matrix m_max, m_min;
};

// One stage of a head for queries firstQuery … and keys firstKey … (queryCount × keyCount, the
// row layout's orientation): the cells a zoomed-in heatmap shows, computed like
// HeadResult::queryRows but only for those keys, O(queryCount·keyCount·d).
Matrix stageRegion(const HeadResult &head, HeadResult::Derived stage, Eigen::Index firstQuery,
                   Eigen::Index queryCount, Eigen::Index firstKey, Eigen::Index keyCount);

// The Q rows and K rows in which `after` differs from `before`, when the rest (shapes, factor,
// slope, mask) is the same and at most `limit` rows of each changed; nullopt otherwise (then a
// table is built again rather than updated).
struct ChangedRows {
    std::vector<Eigen::Index> queries, keys;
};
std::optional<ChangedRows> changedRows(const HeadResult &before, const HeadResult &after,
                                       Eigen::Index limit);

} // namespace attn
