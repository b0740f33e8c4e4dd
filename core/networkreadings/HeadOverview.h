// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "HeadScores.h"
#include "Matrix.h"
#include "transformer/Run.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace attn {

class Checkpoint;

// What one head's weights do, in numbers a table can sort by: the scores of HeadScores (its
// firstToken is the sink mass, the weight on position 0 averaged over the queries), the entropy
// of each query's weights and how far back each query looks, both averaged over the queries.
struct HeadSummary {
    HeadScores scores;
    double entropy = 0;  // mean over queries of −Σ_j w_ij·ln w_ij (nats; 0: one key only)
    double lookBack = 0; // mean over queries of Σ_j w_ij·(i − j) (positions; an encoder's
                         // keys after the query count as negative)
};

// A head reduced to what an overview draws and a table lists, without its n × n: the largest
// weight of each block of cells (at most `cells` blocks a side, as many as there are tokens
// when fewer; a block's bounds are i·n/blocks … (i + 1)·n/blocks − 1) and the summary.
struct HeadOverview {
    Matrix maxima;       // blocks × blocks; NaN where causally every key follows every query
    HeadSummary summary; // NaN scores where none applies (HeadScores)
};

// Builds a HeadOverview from a head's weights fed a block of query rows at a time, in order,
// so the numbers are the same as from the whole matrix (every sum runs over i in order).
class HeadOverviewBuilder {
public:
    HeadOverviewBuilder(Eigen::Index tokens, const std::vector<std::int64_t> &ids, bool causal,
                        int cells);
    // Rows first … first + rows.rows() − 1 of the weights (rows.cols() = tokens), each query
    // once, in increasing order.
    void addRows(Eigen::Index first, const Matrix &rows);
    HeadOverview finish() const;

private:
    Eigen::Index m_n;
    bool m_causal;
    std::vector<int> m_rowBlock, m_colBlock;
    std::vector<Eigen::Index> m_latest; // the latest earlier position of each query's token
    Matrix m_maxima;
    double m_first = 0, m_previous = 0, m_induction = 0, m_duplicate = 0;
    double m_entropy = 0, m_lookBack = 0;
    int m_repeats = 0;
};

// Query rows a block holds while a head's weights (or anything n wide) are derived a block at a
// time: about `values` numbers (16 MB by default) a thread, at least one row.
Eigen::Index queryRowsPerBlock(Eigen::Index n, Eigen::Index values = Eigen::Index(1) << 21);

// The overview of a head from its whole weights (n × n) on `ids`.
HeadOverview headOverview(const Matrix &weights, const std::vector<std::int64_t> &ids, bool causal,
                          int cells);

// Every head of layer `layer` of `run`: a full run's from its weights; a compact run's layer is
// recomputed (expandLayer, every head's q and k but no n × n) and each head's weights derived a
// block of queries at a time (weightRows), so the memory is one layer's vectors and a block per
// thread. Stops early and returns {} when `cancel` is set. Throws InputError (a NaN weight).
std::vector<HeadOverview> layerOverview(const Checkpoint &checkpoint, const Run &run, int layer,
                                        int cells, const std::atomic<bool> *cancel = nullptr);

} // namespace attn
