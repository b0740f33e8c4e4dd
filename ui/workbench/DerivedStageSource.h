// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "StageExtrema.h"
#include "heatmap/HeatmapSource.h"

#include <memory>
#include <optional>

namespace attn::ui {

// What one stage heatmap (scores, logits or weights) keeps between results: the block extrema
// its pixels are drawn from, for the part in view at its size, and the rows' extrema the colour
// range comes from, each with the result and head it describes. A new result brings them up
// to date in O(n·d) when it differs by a token edit (StageExtrema::update); anything else
// (another head, a mask, a new size or zoom) builds them again on a worker. GUI thread only.
struct StageTables {
    explicit StageTables(attn::StageExtrema::Quantity q) : quantity(q) {}

    struct Tracked {
        attn::StageExtrema table;
        std::shared_ptr<const attn::AttentionResult> basis; // the result it describes
        int head = -1;
    };
    struct Request {
        Eigen::Index firstQuery = 0, queryCount = 0;
        std::vector<Eigen::Index> bounds;
        std::shared_ptr<const attn::AttentionResult> basis;
        int head = -1;
        bool whole = false; // the rows' extrema too
        bool operator==(const Request &) const = default;
    };

    attn::StageExtrema::Quantity quantity;
    std::optional<Tracked> view;    // the part in view, one block per pixel of the key axis
    std::optional<Tracked> whole;   // every query over every key: the colour range
    std::optional<Request> pending; // the build a worker runs now
    // Masked cells of the last mask counted (the colour range's `excluded`).
    std::shared_ptr<const attn::RowMask> countedMask;
    qsizetype maskedCount = 0;
};

// Scores, logits or weights of one head of a published result as a HeatmapSource: numbers and
// tooltips cell by cell (O(d) each), a zoomed-in part of up to kDirectCells cells computed
// exactly, anything larger drawn from the block extrema in `tables`, in O(queries × pixels).
// Shows the transpose (keys down, queries across) for the column layout.
class DerivedStageSource : public HeatmapSource {
public:
    DerivedStageSource(std::shared_ptr<const attn::AttentionResult> result, int head,
                       attn::HeadResult::Derived stage, bool transposed,
                       std::shared_ptr<StageTables> tables);

    // Cells in view up to which they are computed outright rather than drawn from the table.
    static constexpr qint64 kDirectCells = 1 << 19;

    int rows() const override;
    int cols() const override;
    double value(int row, int col) const override;
    bool isMasked(int row, int col) const override;
    std::optional<ValueRange> range(ScaleKind kind) override;
    ValueRange rangeNow(ScaleKind kind) override;
    std::optional<CellImages> render(const QRect &cells, QSize target, const CellSource &style,
                                     const std::function<void()> &ready) override;
    attn::Matrix matrix() const override;

private:
    const attn::HeadResult &head() const { return m_result->heads[size_t(m_head)]; }
    bool catchUp(StageTables::Tracked &tracked) const;
    ValueRange rangeOf(const attn::StageExtrema &whole, ScaleKind kind);
    CellImages renderDirect(const QRect &cells, QSize target, const CellSource &style) const;
    CellImages renderTable(const attn::StageExtrema &table, Eigen::Index queryPixels, QSize target,
                           const CellSource &style) const;
    void build(const StageTables::Request &request, const std::function<void()> &ready);

    std::shared_ptr<const attn::AttentionResult> m_result;
    int m_head;
    attn::HeadResult::Derived m_stage;
    bool m_transposed;
    std::shared_ptr<StageTables> m_tables;
};

} // namespace attn::ui
