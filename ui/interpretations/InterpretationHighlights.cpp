// SPDX-License-Identifier: GPL-3.0-or-later
#include "InterpretationHighlights.h"

#include "document/Document.h"
#include "heatmap/HeatmapView.h"

#include <numeric>

namespace attn::ui {

InterpretationParts interpretationParts(const InterpretedProduct &p, InterpretationMode mode,
                                        int row, int col, int revealed) {
    InterpretationParts parts;
    if (p.isEmpty())
        return parts;
    constexpr int all = MatrixPart::kAll;
    const int count = p.termCount();
    // The newest term while the terms are being revealed one by one; every term otherwise.
    const int k = revealed > 0 && revealed < count ? revealed - 1 : all;
    const bool rowOk = row >= 0 && row < p.rows(), colOk = col >= 0 && col < p.cols();
    switch (mode) {
    case InterpretationMode::Dot:
        if (rowOk && colOk)
            parts = {{true, row, k}, {true, k, col}, {true, row, col}};
        break;
    case InterpretationMode::Row: // row i of A weights the rows of B
        if (rowOk)
            parts = {{true, row, k}, {true, k, all, k == all}, {true, row, all}};
        break;
    case InterpretationMode::Column: // column j of B weights the columns of A
        if (colOk)
            parts = {{true, all, k}, {true, k, col}, {true, all, col}};
        break;
    case InterpretationMode::Outer:
        if (revealed > 0 && revealed <= count) {
            parts.a = {true, all, revealed - 1};
            parts.b = {true, revealed - 1, all};
        }
        parts.p = {true, all, all};
        break;
    case InterpretationMode::Tiled:
    case InterpretationMode::Online:
        break; // blocks of cells, outlined by the view (KernelHighlights.h)
    }
    return parts;
}

void applyPart(HeatmapView *view, const MatrixPart &part, bool transposed) {
    if (!view)
        return;
    view->setHighlightedBlock({}); // a tile's outline belongs to the tiled reading only
    const MatrixPart shown = transposed ? part.transposed() : part;
    view->setSelectedRow(shown.used ? shown.row : -1);
    const bool whole = shown.used && shown.row == MatrixPart::kAll && shown.col == MatrixPart::kAll;
    // The whole matrix: every row (or column) outlined, the lines the reading combines. With
    // many lines the dashes would hide the cells, and "all of it" needs no outline anyway.
    const auto every = [](Eigen::Index count) {
        QList<int> lines;
        if (count <= kMaxOutlinedLines) {
            lines.resize(qsizetype(count));
            std::iota(lines.begin(), lines.end(), 0);
        }
        return lines;
    };
    QList<int> cols, rows;
    if (shown.used && shown.col != MatrixPart::kAll)
        cols = {shown.col};
    else if (whole && !shown.byRows)
        cols = every(view->values().cols());
    if (whole && shown.byRows)
        rows = every(view->values().rows());
    view->setHighlightedColumns(cols);
    view->setHighlightedRows(rows);
}

void restoreStageOutline(HeatmapView *view, attn::Stage stage, const Document &document) {
    if (!view)
        return;
    using attn::Stage;
    view->setHighlightedBlock({});
    const bool queries = stage != Stage::K && stage != Stage::V;
    const int query = document.selection().selectedRow();
    view->setHighlightedRows({});
    if (document.selection().layout() == attn::Layout::Rows) {
        view->setSelectedRow(queries ? query : -1);
        view->setHighlightedColumns({});
    } else {
        // Queries are columns in the column layout.
        view->setSelectedRow(-1);
        view->setHighlightedColumns(queries && query >= 0 ? QList<int>{query} : QList<int>{});
    }
}

} // namespace attn::ui
