// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapOverlay.h"

#include <algorithm>

namespace attn::ui {

HeatmapOverlay::HeatmapOverlay(QCPAxisRect *axisRect, const HeatmapData *data)
    : QCPLayerable(axisRect->parentPlot(), QString(), axisRect), m_axisRect(axisRect),
      m_data(data) {}

void HeatmapOverlay::applyDefaultAntialiasingHint(QCPPainter *painter) const {
    painter->setAntialiasing(false);
}

// A little outside the cells, so outlines on the outer cells are not cut in half.
QRect HeatmapOverlay::clipRect() const {
    return m_axisRect->rect().adjusted(-6, -6, 6, 6);
}

// Black outline with a thin white halo, drawn just outside `rect` so it never hides what it
// marks (a row of a 256-row matrix is barely a pixel high) and shows on every colour of every map.
void HeatmapOverlay::drawOutline(QCPPainter *painter, const QRectF &rect, double width,
                                 bool dashed) const {
    const double grow = width / 2;
    const QRectF around = rect.adjusted(-grow, -grow, grow, grow);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(haloColor(), width + 2.0, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter->drawRect(around);
    painter->setPen(QPen(outlineColor(), width, dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap,
                         Qt::MiterJoin));
    painter->drawRect(around);
}

void HeatmapOverlay::draw(QCPPainter *painter) {
    const HeatmapGeometry g = HeatmapGeometry::of(m_axisRect, *m_data);
    if (m_focused) {
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(m_focusColor, 2.0));
        painter->drawRect(g.visiblePart(g.area, 0).adjusted(-4, -4, 4, 4));
    }
    if (m_data->isEmpty())
        return;
    // Zoomed in, a row's outline may be thousands of pixels long: it is cut to a little beyond
    // the visible part, so its cut ends fall outside the clip.
    auto outline = [&](const QRect &cells, double width, bool dashed) {
        const QRectF rect = g.visiblePart(g.blockRect(cells));
        if (!rect.isEmpty())
            drawOutline(painter, rect, width, dashed);
    };
    const int rows = m_data->rows(), cols = m_data->cols();
    for (int col : m_highlightedColumns) {
        if (col >= 0 && col < cols)
            outline(QRect(col, 0, 1, rows), 2.0, true);
    }
    for (int row : m_highlightedRows) {
        if (row >= 0 && row < rows)
            outline(QRect(0, row, cols, 1), 2.0, true);
    }
    if (m_selectedRow >= 0 && m_selectedRow < rows)
        outline(QRect(0, m_selectedRow, cols, 1), 3.0, false);
    if (const QRect b = m_data->block.intersected(QRect(0, 0, cols, rows)); !b.isEmpty())
        outline(b, 3.0, false);
    const QRect all(0, 0, cols, rows);
    for (const QRect &block : m_covered) {
        const QRectF rect = g.visiblePart(g.blockRect(block.intersected(all)));
        if (block.intersected(all).isEmpty() || rect.isEmpty())
            continue;
        // Opaque, so the number under it cannot be read; a "?" says something is asked there.
        painter->setPen(Qt::NoPen);
        painter->setBrush(coverColor());
        painter->drawRect(rect);
        QFont font = painter->font();
        font.setBold(true);
        font.setPixelSize(std::max(8, int(std::min(g.cellHeight, g.cellWidth) * 0.6)));
        painter->setFont(font);
        painter->setPen(QColor(0x40, 0x40, 0x40));
        painter->drawText(rect, Qt::AlignCenter, QStringLiteral("?"));
        drawOutline(painter, rect, 2.0, true);
    }
    for (const QRect &block : m_marked)
        if (const QRect b = block.intersected(all); !b.isEmpty())
            outline(b, 3.0, false);
    if (m_data->contains(m_hoverRow, m_hoverCol) && g.cellWidth >= 6 && g.cellHeight >= 6) {
        const QRectF cell = g.cellRect(m_hoverRow, m_hoverCol);
        drawOutline(painter, cell.adjusted(2, 2, -2, -2), 1.0, false);
    }
}

} // namespace attn::ui
