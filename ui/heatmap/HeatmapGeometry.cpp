// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapGeometry.h"

#include "HeatmapData.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace attn::ui {

HeatmapGeometry HeatmapGeometry::of(const QCPAxisRect *axisRect, const HeatmapData &data) {
    HeatmapGeometry g;
    const QCPAxis *x = axisRect->axis(QCPAxis::atBottom);
    const QCPAxis *y = axisRect->axis(QCPAxis::atLeft);
    g.rows = std::max(1, data.rows());
    g.cols = std::max(1, data.cols());
    const QPointF a(x->coordToPixel(-0.5), y->coordToPixel(-0.5));
    const QPointF b(x->coordToPixel(g.cols - 0.5), y->coordToPixel(g.rows - 0.5));
    g.area = QRectF(a, b).normalized();
    g.clip = axisRect->rect();
    g.cellWidth = g.area.width() / g.cols;
    g.cellHeight = g.area.height() / g.rows;
    if (data.isEmpty())
        g.rows = g.cols = 0;
    return g;
}

QRectF HeatmapGeometry::cellRect(int row, int col) const {
    return QRectF(area.left() + col * cellWidth, area.top() + row * cellHeight, cellWidth,
                  cellHeight);
}

QRect HeatmapGeometry::visibleCells() const {
    if (rows <= 0 || cols <= 0 || cellWidth <= 0 || cellHeight <= 0)
        return {};
    const QRectF shown = area.intersected(QRectF(clip));
    if (shown.isEmpty())
        return {};
    // A cell counts when more than a sliver (1/1000 of it) is inside.
    const double eps = 1e-3;
    const int c0 =
        std::clamp(int(std::floor((shown.left() - area.left()) / cellWidth + eps)), 0, cols - 1);
    const int c1 =
        std::clamp(int(std::ceil((shown.right() - area.left()) / cellWidth - eps)), c0 + 1, cols);
    const int r0 =
        std::clamp(int(std::floor((shown.top() - area.top()) / cellHeight + eps)), 0, rows - 1);
    const int r1 =
        std::clamp(int(std::ceil((shown.bottom() - area.top()) / cellHeight - eps)), r0 + 1, rows);
    return QRect(c0, r0, c1 - c0, r1 - r0);
}

QRectF HeatmapGeometry::blockRect(const QRect &cells) const {
    return QRectF(area.left() + cells.x() * cellWidth, area.top() + cells.y() * cellHeight,
                  cells.width() * cellWidth, cells.height() * cellHeight);
}

std::pair<int, int> HeatmapGeometry::cellAt(QPointF pixel) const {
    // The clip's last pixel row/column belongs to it (QRect's right() is inclusive).
    const QRectF shown = area.intersected(QRectF(clip));
    if (rows <= 0 || cols <= 0 || !shown.contains(pixel))
        return {-1, -1};
    const int col = int(std::floor((pixel.x() - area.left()) / cellWidth));
    const int row = int(std::floor((pixel.y() - area.top()) / cellHeight));
    if (row < 0 || col < 0 || row >= rows || col >= cols)
        return {-1, -1};
    return {row, col};
}

QRectF HeatmapGeometry::visiblePart(const QRectF &rect, double margin) const {
    const QRectF around = QRectF(clip).adjusted(-margin, -margin, margin, margin);
    return rect.intersected(around);
}

} // namespace attn::ui
