// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "HeatmapData.h"
#include "HeatmapGeometry.h"

#include <qcustomplot.h>

namespace attn::ui {

// Outlines drawn over the cells: the selected row, highlighted columns and rows, the hovered cell
// and the keyboard focus. Lives on its own buffered layer so changing them repaints only this
// layer, not the (possibly 1024×1024) cells.
class HeatmapOverlay : public QCPLayerable {
    Q_OBJECT
public:
    HeatmapOverlay(QCPAxisRect *axisRect, const HeatmapData *data);

    void setSelectedRow(int row) { m_selectedRow = row; }
    // Dashed outlines: columns (Vertical) or rows (Horizontal).
    void setHighlightedLines(Qt::Orientation orientation, const QList<int> &lines) {
        (orientation == Qt::Vertical ? m_highlightedColumns : m_highlightedRows) = lines;
    }
    void setHoveredCell(int row, int col) {
        m_hoverRow = row;
        m_hoverCol = col;
    }
    // Exercises: solid outlines around the cells an exercise gives, and covers (a "?") over the
    // cells that would show its answer (HeatmapView::setMarkedBlocks, setCoveredBlocks).
    void setMarkedBlocks(const QList<QRect> &blocks) { m_marked = blocks; }
    void setCoveredBlocks(const QList<QRect> &blocks) { m_covered = blocks; }
    static QColor coverColor() { return QColor(0xe4, 0xe4, 0xe4); }
    void setFocused(bool focused) { m_focused = focused; }
    void setFocusColor(const QColor &color) { m_focusColor = color; }

    static QColor outlineColor() { return QColor(Qt::black); }
    static QColor haloColor() { return QColor(Qt::white); }

protected:
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;
    QRect clipRect() const override;

private:
    void drawOutline(QCPPainter *painter, const QRectF &rect, double width, bool dashed) const;

    QCPAxisRect *m_axisRect;
    const HeatmapData *m_data;
    int m_selectedRow = -1;
    QList<int> m_highlightedColumns, m_highlightedRows;
    QList<QRect> m_marked, m_covered;
    int m_hoverRow = -1;
    int m_hoverCol = -1;
    bool m_focused = false;
    QColor m_focusColor = QColor(0x30, 0x8c, 0xc6);
};

} // namespace attn::ui
