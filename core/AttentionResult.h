// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"

#include <memory>
#include <string>
#include <vector>

// What a forward pass gives: each head's stages and the combined output. Its own header, below
// both the forward pass (Attention.h) and the loops it shares with the derived stages
// (HeadKernel.h), so neither needs the other's header.
namespace attn {

// Row layout: tokens are rows, softmax(QKᵀ/√d_k)·V, softmax along each row.
// Column layout (the article's second formula): tokens are columns, V·softmax(KᵀQ/√d_k),
// softmax down each column; every matrix it returns is the transpose of the row layout's.
enum class Layout { Rows, Columns };

// One head. Q, K, V and the output are stored; the three n × m stages (scores, logits,
// weights) are derived on demand from Q, K and the softmax's per-query maximum and sum, so a
// head of n = 4096 tokens takes a few MB instead of three 134 MB matrices, and a cell edit
// changes O(n·d) numbers, not O(n²). Derive a whole stage for small problems, rows or single
// cells for large ones. Every accessor follows the head's layout: in the column layout they
// return the transposes (keys × queries).
struct HeadResult {
    enum class Derived { Scores, Capped, Logits, Weights };

    Matrix Q, K, V; // with RoPE, Q and K are the rotated ones
    Matrix output;  // weights·V

    // Per query (row layout, n): the shift subtracted before the exponential (the row's
    // largest logit; −∞ when every key is masked) and Σ exp(logit − shift), so that
    // weight = exp(logit − shift)/sum. An incremental update may leave the shift above the
    // row's maximum, never below it, and by at most ln(2m) (see IncrementalAttention.h).
    Vector shift, expSum;
    // How a logit follows from a score: cap(score·factor) + alibiSlope·(key − query), and −∞
    // where the mask (row layout, n × m; null = nothing masked) is set; cap(s) = c·tanh(s/c)
    // with c = softcap, or s when softcap is 0. Derived::Capped is cap(score·factor) alone.
    double factor = 1.0;
    double softcap = 0.0;
    double alibiSlope = 0.0;
    std::shared_ptr<const RowMask> mask;
    Layout layout = Layout::Rows;
    // Per query: a bound on the absolute rounding error incremental updates have added to the
    // output row since it was last computed whole (empty after compute()).
    // And a bound on the relative rounding error of its expSum.
    Vector drift, sumDrift;

    // The stages as matrices in the head's layout (n × m in rows, m × n in columns).
    Matrix scores() const { return derive(Derived::Scores); }
    Matrix capped() const { return derive(Derived::Capped); }
    Matrix logits() const { return derive(Derived::Logits); }
    Matrix weights() const { return derive(Derived::Weights); }
    Matrix derive(Derived stage) const;
    // One cell, (row, column) in the head's layout: O(d).
    double scores(Eigen::Index r, Eigen::Index c) const { return cell(Derived::Scores, r, c); }
    double logits(Eigen::Index r, Eigen::Index c) const { return cell(Derived::Logits, r, c); }
    double weights(Eigen::Index r, Eigen::Index c) const { return cell(Derived::Weights, r, c); }
    double cell(Derived stage, Eigen::Index r, Eigen::Index c) const;
    // Queries first … first + count − 1 against every key (count × m, always the row layout's
    // orientation whatever the head's layout): one product, O(count·m·d).
    Matrix queryRows(Derived stage, Eigen::Index first, Eigen::Index count) const;

    Eigen::Index queryCount() const { return shift.size(); }
    Eigen::Index keyCount() const { return layout == Layout::Rows ? K.rows() : K.cols(); }
    // The shape of a derived stage in the head's layout.
    Eigen::Index stageRows() const { return layout == Layout::Rows ? queryCount() : keyCount(); }
    Eigen::Index stageCols() const { return layout == Layout::Rows ? keyCount() : queryCount(); }
};

struct AttentionResult {
    Layout layout = Layout::Rows;
    std::vector<HeadResult> heads;
    // The heads' outputs side by side (stacked, in the column layout), and concat·Wo, or concat
    // when there is no Wo. With one head and no Wo both are that head's output, held once: an
    // edit at n = 4096 would otherwise copy and check its 2 MB twice (a quarter of the edit).
    const Matrix &concat() const { return m_headIsOutput ? heads.front().output : m_concat; }
    const Matrix &output() const {
        return m_headIsOutput ? heads.front().output : m_outputIsConcat ? m_concat : m_output;
    }
    void setConcat(Matrix concat);
    void setOutput(Matrix output);
    // output() is concat() from now on (no Wo), held once.
    void shareConcatAsOutput();
    // concat() and output() are heads.front().output from now on (one head, no Wo).
    void shareHeadOutput();
    bool sharesHeadOutput() const { return m_headIsOutput; }
    // n × m (m × n in the column layout): which logits are −∞; empty (0 × 0) when none is, so
    // that a result without a mask carries no n × m matrix at all.
    Mask masked;
    std::vector<std::string> warnings; // e.g. a query row with every key masked
    // Set when updateTokens() made this result from another (a token edit): that result, as an
    // identity only (never read through this pointer), and the rows of Q (queries) and of K
    // (keys) that may differ from it, in every head; empty ranges (first > last) when none.
    // A view that keeps something of the earlier result (the heatmaps' block extrema) catches
    // up from it without comparing Q and K whole (4 MB a head at n = 4096).
    struct Update {
        const AttentionResult *from = nullptr;
        Eigen::Index queryFirst = 0, queryLast = -1, keyFirst = 0, keyLast = -1;
    };
    Update update;

private:
    Matrix m_concat, m_output;
    bool m_headIsOutput = false, m_outputIsConcat = false;
};

} // namespace attn
