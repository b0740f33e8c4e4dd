// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ColorScale.h"

#include <QImage>
#include <QRect>
#include <QSize>

namespace attn::ui {

// Turns a row-major matrix into the pixels of its heatmap, through a 256-entry LUT, scanline by
// scanline: about a nanosecond per cell, so a 1024×1024 matrix costs ~1 ms (filling a
// QCPColorMap cell by cell from column-major data costs ~10 ns per cell).
struct CellImages {
    QImage colors;   // Format_RGB32; excluded pixels get the excluded colour
    QImage excluded; // Format_Alpha8, 255 where excluded (masked or not finite); null if none is
};

// What a pixel shows when it covers several cells: the largest of them (a probability: one
// strong link never vanishes into its neighbours), or the one of largest magnitude (a signed
// value: the most negative and the most positive both stay visible, whichever is stronger wins).
enum class CellReduction { Max, LargestMagnitude };

// The matrix to draw. masked: row-major rows*cols bytes (true = switched off) or nullptr.
// stride: elements from one row to the next in `values` and `masked` (0 = cols), so a block of
// a larger matrix (the zoomed-in part) is drawn without copying it.
struct CellSource {
    const double *values = nullptr;
    int rows = 0;
    int cols = 0;
    const bool *masked = nullptr;
    ValueRange range;
    const ColorLut *lut = nullptr;
    QRgb excludedColor = 0xffe0e0e0;
    qsizetype stride = 0;
    CellReduction reduction = CellReduction::Max;

    qsizetype rowStride() const { return stride > 0 ? stride : cols; }
    // The block of cells (x = first column, y = first row) as a source of its own.
    CellSource block(const QRect &cells) const;
};

// The colour of one cell (what the heatmap shows for it when cells are at least a pixel).
QRgb cellColor(const CellSource &source, int row, int col);

// One pixel per cell.
CellImages colorCells(const CellSource &source);

// The heatmap at `target` pixels. Where cells are larger than pixels they are sampled (crisp
// squares); where there are more cells than pixels each pixel shows the source's reduction of
// the cells it covers, leaving out excluded ones, so a thin line of high weights (a diagonal)
// keeps its full colour instead of being dropped by sampling or diluted by averaging; a pixel
// is excluded only when all its cells are. Reads the matrix once; cost ~ cells + pixels.
CellImages renderCells(const CellSource &source, QSize target);

} // namespace attn::ui
