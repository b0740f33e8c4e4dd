// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headreadings/InterpretedProduct.h"

namespace attn::ui {

class Document;
class HeatmapView;

// Which part of A, B and P one reading of P = A·B uses, so the main heatmaps can outline it:
// a row, a column, a cell, the whole matrix (as its rows or as its columns: the row view
// combines B's rows, the column view A's columns), or nothing.
struct MatrixPart {
    static constexpr int kAll = -1;
    bool used = false;
    int row = kAll;      // a row index, or kAll
    int col = kAll;      // a column index, or kAll
    bool byRows = false; // the whole matrix (row and col kAll) outlined row by row
    MatrixPart transposed() const { return {used, col, row, !byRows}; }
    friend bool operator==(const MatrixPart &, const MatrixPart &) = default;
};

struct InterpretationParts {
    MatrixPart a, b, p;
};

// The parts of the product that `mode` reads for the picked row/column (P's own coordinates)
// with `revealed` of the K terms shown: while an animation runs (0 < revealed < K) only the
// newest term's parts of A and B; the outer-product view uses column k and row k, k =
// revealed − 1 (nothing before the first term).
InterpretationParts interpretationParts(const InterpretedProduct &p, InterpretationMode mode,
                                        int row, int col, int revealed);

// Outlines `part` on the heatmap that draws the matrix (transposed when the heatmap draws it
// that way): a row gets the solid selected-row outline, a column the dashed outline, a cell
// both, the whole matrix every row or every column dashed (up to kMaxOutlinedLines; none
// beyond).
constexpr int kMaxOutlinedLines = 16;
void applyPart(HeatmapView *view, const MatrixPart &part, bool transposed);
// What the main window shows when no interpretation is drawn on a stage's heatmap: the
// selected query and no column outlines (mirrors StagesView's own selection outline).
void restoreStageOutline(HeatmapView *view, attn::Stage stage, const Document &document);

} // namespace attn::ui
