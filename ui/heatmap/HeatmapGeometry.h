// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRect>
#include <QRectF>

class QCPAxisRect;

namespace attn::ui {

struct HeatmapData;

// Where a heatmap's cells are on screen, with the axes' current (possibly zoomed) ranges: one
// place for the arithmetic the cell layer, the overlay and the mouse handling share, so a click,
// a tooltip and the drawing always agree on which cell is where.
struct HeatmapGeometry {
    QRectF area; // the whole matrix in pixels; larger than `clip` when zoomed in
    QRect clip;  // the axis rect: what is visible
    int rows = 0, cols = 0;
    double cellWidth = 0, cellHeight = 0;

    static HeatmapGeometry of(const QCPAxisRect *axisRect, const HeatmapData &data);

    QRectF cellRect(int row, int col) const;
    // Cells at least partly visible (x = first column, y = first row); empty when none.
    QRect visibleCells() const;
    // The pixels of a block of cells (x = column, y = row).
    QRectF blockRect(const QRect &cells) const;
    // The cell under a pixel, or {-1, -1} (outside the matrix or outside the visible part).
    std::pair<int, int> cellAt(QPointF pixel) const;
    // A rectangle cut to a little beyond the visible part: outlines of rows of a matrix zoomed
    // 100× stay within coordinates a raster painter handles exactly.
    QRectF visiblePart(const QRectF &rect, double margin = 8) const;
};

} // namespace attn::ui
