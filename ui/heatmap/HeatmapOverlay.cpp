#include "HeatmapOverlay.h"

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

QRectF HeatmapOverlay::cellsArea() const {
    const QCPAxis *x = m_axisRect->axis(QCPAxis::atBottom);
    const QCPAxis *y = m_axisRect->axis(QCPAxis::atLeft);
    const double cols = std::max(1, m_data->cols());
    const double rows = std::max(1, m_data->rows());
    return QRectF(QPointF(x->coordToPixel(-0.5), y->coordToPixel(-0.5)),
                  QPointF(x->coordToPixel(cols - 0.5), y->coordToPixel(rows - 0.5)))
        .normalized();
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
    const QRectF area = cellsArea();
    if (m_focused) {
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(m_focusColor, 2.0));
        painter->drawRect(area.adjusted(-4, -4, 4, 4));
    }
    if (m_data->isEmpty())
        return;
    const double cw = area.width() / m_data->cols();
    const double ch = area.height() / m_data->rows();
    for (int col : m_highlightedColumns) {
        if (col >= 0 && col < m_data->cols())
            drawOutline(painter, QRectF(area.left() + col * cw, area.top(), cw, area.height()), 2.0,
                        true);
    }
    for (int row : m_highlightedRows) {
        if (row >= 0 && row < m_data->rows())
            drawOutline(painter, QRectF(area.left(), area.top() + row * ch, area.width(), ch), 2.0,
                        true);
    }
    if (m_selectedRow >= 0 && m_selectedRow < m_data->rows())
        drawOutline(painter, QRectF(area.left(), area.top() + m_selectedRow * ch, area.width(), ch),
                    3.0, false);
    if (const QRect b = m_data->block.intersected(QRect(0, 0, m_data->cols(), m_data->rows()));
        !b.isEmpty())
        drawOutline(painter,
                    QRectF(area.left() + b.x() * cw, area.top() + b.y() * ch, b.width() * cw,
                           b.height() * ch),
                    3.0, false);
    if (m_data->contains(m_hoverRow, m_hoverCol) && cw >= 6 && ch >= 6) {
        const QRectF cell(area.left() + m_hoverCol * cw, area.top() + m_hoverRow * ch, cw, ch);
        drawOutline(painter, cell.adjusted(2, 2, -2, -2), 1.0, false);
    }
}

std::optional<int> rowAfterKey(int key, int current, int rows) {
    switch (key) {
    case Qt::Key_Up:
        return current < 0 ? rows - 1 : std::max(0, current - 1);
    case Qt::Key_Down:
        return current < 0 ? 0 : std::min(rows - 1, current + 1);
    case Qt::Key_PageUp:
        return current < 0 ? rows - 1 : std::max(0, current - 10);
    case Qt::Key_PageDown:
        return current < 0 ? 0 : std::min(rows - 1, current + 10);
    case Qt::Key_Home:
        return 0;
    case Qt::Key_End:
        return rows - 1;
    default:
        return std::nullopt;
    }
}
