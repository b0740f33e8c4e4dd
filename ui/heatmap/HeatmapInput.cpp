// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapInput.h"

#include "HeatmapZoom.h"

#include <qcustomplot.h>

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QToolTip>

#include <algorithm>

namespace attn::ui {

HeatmapInput::HeatmapInput(const Heatmap &heatmap, QWidget *widget, QCustomPlot *plot,
                           QCPAxisRect *axisRect, HeatmapZoom *zoom)
    : m_heatmap(heatmap), m_widget(widget), m_plot(plot), m_axisRect(axisRect), m_zoom(zoom) {
    connect(m_zoom, &HeatmapZoom::changed, this, [this] {
        setHover(-1, -1); // the hovered cell moved from under the cursor
    });
    m_zoom->click = [this](QMouseEvent *event) { clickAt(event->position(), event->modifiers()); };
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        if (event->button() == Qt::LeftButton)
            clickAt(event->position(), event->modifiers());
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent *event) {
        const auto [row, col] = m_heatmap.cellAt(event->position());
        setHover(row, col);
    });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, &HeatmapInput::doubleClick);
    m_plot->installEventFilter(this);
}

void HeatmapInput::setHover(int row, int col) {
    if (row == m_hoverRow && col == m_hoverCol)
        return;
    m_hoverRow = row;
    m_hoverCol = col;
    emit hovered(row, col);
}

void HeatmapInput::clickAt(QPointF plotPosition, Qt::KeyboardModifiers modifiers) {
    const auto [row, col] = m_heatmap.cellAt(plotPosition);
    if (row >= 0)
        emit clicked(row, col, modifiers);
}

bool HeatmapInput::eventFilter(QObject *watched, QEvent *event) {
    if (watched != m_plot)
        return false;
    if (m_zoom->handleEvent(event))
        return true;
    switch (event->type()) {
    case QEvent::ToolTip:
        showToolTip(static_cast<QHelpEvent *>(event));
        return true;
    case QEvent::Leave:
        setHover(-1, -1);
        return false;
    case QEvent::ContextMenu: {
        // QCustomPlot sets WA_NoMousePropagation, so a right click's menu event would stop at
        // the plot: it goes to the view, whose context menu policy applies.
        auto *menu = static_cast<QContextMenuEvent *>(event);
        QContextMenuEvent forwarded(menu->reason(), m_plot->mapTo(m_widget, menu->pos()),
                                    menu->globalPos(), menu->modifiers());
        QCoreApplication::sendEvent(m_widget, &forwarded);
        return true;
    }
    default:
        return false;
    }
}

void HeatmapInput::showToolTip(QHelpEvent *help) {
    const auto [row, col] = m_heatmap.cellAt(help->pos());
    const QString text = m_heatmap.toolTipText(row, col);
    if (text.isEmpty()) {
        QToolTip::hideText();
        help->ignore();
    } else {
        QToolTip::showText(help->globalPos(), text, m_plot,
                           m_heatmap.cellRect(row, col).toAlignedRect());
    }
}

bool HeatmapInput::keyPress(QKeyEvent *event) {
    if (zoomKey(event->key()))
        return true;
    const int rows = m_heatmap.rows(), selected = m_heatmap.selectedRow();
    const std::optional<int> next = rowAfterKey(event->key(), selected, rows);
    if (!next)
        return false;
    event->accept();
    if (rows > 0 && *next != selected)
        emit rowStepped(*next);
    return true;
}

bool HeatmapInput::zoomKey(int key) {
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

std::optional<int> HeatmapInput::rowAfterKey(int key, int current, int rows) {
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

void HeatmapInput::contextMenu(QContextMenuEvent *event) {
    // Views whose owner builds a menu of their own (CustomContextMenu) add the zoom's
    // resetAction() to it.
    QMenu menu(m_widget);
    menu.addAction(m_zoom->resetAction());
    menu.exec(event->globalPos());
}

void HeatmapInput::doubleClick(QMouseEvent *event) {
    if (event->button() == Qt::LeftButton)
        emit enlargeRequested();
}

} // namespace attn::ui
