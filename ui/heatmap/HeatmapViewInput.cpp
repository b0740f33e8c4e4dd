// SPDX-License-Identifier: GPL-3.0-or-later
// HeatmapView's input: the mouse (clicks, hover, tooltips, the zoom's wheel and drag), keys
// and the context menu. Kept apart from the data and drawing side of the view.
#include "HeatmapView.h"

#include "HeatmapCellLayer.h"
#include "HeatmapOverlay.h"
#include "HeatmapPlot.h"
#include "HeatmapZoom.h"

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QToolTip>

void HeatmapView::setHover(int row, int col) {
    if (row == m_hoverRow && col == m_hoverCol)
        return;
    m_hoverRow = row;
    m_hoverCol = col;
    m_overlay->setHoveredCell(row, col);
    replotOverlay();
    emit cellHovered(row, col);
}

void HeatmapView::onMousePress(QMouseEvent *event) {
    if (event->button() == Qt::LeftButton)
        clickAt(event->position(), event->modifiers());
}

void HeatmapView::clickAt(QPointF plotPosition, Qt::KeyboardModifiers modifiers) {
    const auto [row, col] = cellAt(plotPosition);
    if (row < 0)
        return;
    setSelectedRow(row);
    emit cellClicked(row, col, modifiers);
    emit rowClicked(row);
}

void HeatmapView::onMouseMove(QMouseEvent *event) {
    const auto [row, col] = cellAt(event->position());
    setHover(row, col);
}

bool HeatmapView::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_plot) {
        if (m_zoom->handleEvent(event))
            return true;
        if (event->type() == QEvent::ToolTip) {
            auto *help = static_cast<QHelpEvent *>(event);
            const auto [row, col] = cellAt(help->pos());
            const QString text = toolTipText(row, col);
            if (text.isEmpty()) {
                QToolTip::hideText();
                event->ignore();
            } else {
                QToolTip::showText(help->globalPos(), text, m_plot,
                                   cellRect(row, col).toAlignedRect());
            }
            return true;
        }
        if (event->type() == QEvent::Leave)
            setHover(-1, -1);
        if (event->type() == QEvent::ContextMenu) {
            // QCustomPlot sets WA_NoMousePropagation, so a right click's menu event would stop
            // at the plot: it goes to this view, whose context menu policy applies.
            auto *menu = static_cast<QContextMenuEvent *>(event);
            QContextMenuEvent forwarded(menu->reason(), m_plot->mapTo(this, menu->pos()),
                                        menu->globalPos(), menu->modifiers());
            QCoreApplication::sendEvent(this, &forwarded);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void HeatmapView::keyPressEvent(QKeyEvent *event) {
    if (zoomKey(event->key()))
        return;
    const std::optional<int> next = rowAfterKey(event->key(), m_selectedRow, m_data.rows());
    if (!next) {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
    if (m_data.rows() == 0 || *next == m_selectedRow)
        return;
    setSelectedRow(*next);
    emit rowClicked(*next);
}

bool HeatmapView::zoomKey(int key) {
    // 0 shows the whole matrix, + and − zoom around the middle of the part in view.
    const QPointF middle = QRectF(m_axisRect->rect()).center();
    switch (key) {
    case Qt::Key_0:
        m_zoom->reset();
        return true;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        m_zoom->zoomAt(middle, 1 / HeatmapZoom::kWheelStep);
        return true;
    case Qt::Key_Minus:
        m_zoom->zoomAt(middle, HeatmapZoom::kWheelStep);
        return true;
    default:
        return false;
    }
}

void HeatmapView::contextMenuEvent(QContextMenuEvent *event) {
    // Views whose owner builds a menu of their own (CustomContextMenu) add resetZoomAction().
    QMenu menu(this);
    menu.addAction(m_zoom->resetAction());
    menu.exec(event->globalPos());
}

QAction *HeatmapView::resetZoomAction() const {
    return m_zoom->resetAction();
}

void HeatmapView::mouseDoubleClickEvent(QMouseEvent *event) {
    QWidget::mouseDoubleClickEvent(event);
    if (event->button() == Qt::LeftButton)
        emit enlargeRequested();
}

void HeatmapView::focusInEvent(QFocusEvent *event) {
    QWidget::focusInEvent(event);
    m_overlay->setFocused(true);
    replotOverlay();
}

void HeatmapView::focusOutEvent(QFocusEvent *event) {
    QWidget::focusOutEvent(event);
    m_overlay->setFocused(false);
    replotOverlay();
}
