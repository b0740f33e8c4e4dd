#include "InterpretationHighlights.h"

#include "Document.h"
#include "HeatmapView.h"

#include <numeric>

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
    case InterpretationMode::Row:
        if (rowOk)
            parts = {{true, row, k}, {true, k, all}, {true, row, all}};
        break;
    case InterpretationMode::Column:
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
    if (!shown.used) {
        view->setSelectedRow(-1);
        view->setHighlightedColumns({});
        return;
    }
    view->setSelectedRow(shown.row);
    QList<int> cols;
    if (shown.col != MatrixPart::kAll) {
        cols = {shown.col};
    } else if (shown.row == MatrixPart::kAll && view->values().cols() <= kMaxOutlinedColumns) {
        // The whole matrix: every column outlined reads as one frame around it. With many
        // columns the dashes would hide the cells, and "all of it" needs no outline anyway.
        cols.resize(qsizetype(view->values().cols()));
        std::iota(cols.begin(), cols.end(), 0);
    }
    view->setHighlightedColumns(cols);
}

void restoreStageOutline(HeatmapView *view, attn::Stage stage, const Document &document) {
    if (!view)
        return;
    using attn::Stage;
    view->setHighlightedBlock({});
    const bool queries = stage != Stage::K && stage != Stage::V;
    const int query = document.selectedRow();
    if (document.layout() == attn::Layout::Rows) {
        view->setSelectedRow(queries ? query : -1);
        view->setHighlightedColumns({});
    } else {
        // Queries are columns in the column layout.
        view->setSelectedRow(-1);
        view->setHighlightedColumns(queries && query >= 0 ? QList<int>{query} : QList<int>{});
    }
}
