// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapZoom.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QMouseEvent>
#include <QToolButton>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

// Keeps [lo, lo + size) inside [min, max] with size in [1, max − min].
void clampSpan(double &lo, double &size, double min, double max) {
    size = std::clamp(size, std::min(1.0, max - min), max - min);
    lo = std::clamp(lo, min, max - size);
}

} // namespace

HeatmapZoom::HeatmapZoom(QCustomPlot *plot, QCPAxisRect *axisRect, QObject *parent)
    : QObject(parent), m_plot(plot), m_axisRect(axisRect),
      m_resetAction(new QAction(tr("Reset &zoom"), this)), m_resetButton(new QToolButton(plot)) {
    m_resetAction->setShortcut(QKeySequence(Qt::Key_0)); // shown in menus; the view handles it
    m_resetAction->setToolTip(tr("Show the whole matrix again (0)"));
    m_resetAction->setEnabled(false);
    connect(m_resetAction, &QAction::triggered, this, &HeatmapZoom::reset);
    m_resetButton->setDefaultAction(m_resetAction);
    m_resetButton->setText(tr("Reset zoom"));
    m_resetButton->setFocusPolicy(Qt::NoFocus);
    m_resetButton->setAutoRaise(false);
    m_resetButton->hide();
    // The button sits in the cells' top right corner, wherever the layout put them.
    connect(plot, &QCustomPlot::afterLayout, this, &HeatmapZoom::placeButton);
    setShape(0, 0);
}

HeatmapZoom::~HeatmapZoom() = default;

void HeatmapZoom::placeButton() {
    const bool zoomed = isZoomed();
    m_resetAction->setEnabled(zoomed);
    m_resetButton->setVisible(zoomed);
    if (!zoomed)
        return;
    m_resetButton->adjustSize();
    const QRect area = m_axisRect->rect();
    m_resetButton->move(area.right() - m_resetButton->width() - 3, area.top() + 3);
}

bool HeatmapZoom::handleEvent(QEvent *event) {
    switch (event->type()) {
    case QEvent::Wheel: {
        auto *wheel = static_cast<QWheelEvent *>(event);
        const double notches = wheel->angleDelta().y() / 120.0;
        if (notches == 0 || !m_axisRect->rect().contains(wheel->position().toPoint()))
            return false;
        zoomAt(wheel->position(), std::pow(kWheelStep, -notches));
        return true; // consumed even at a limit: the wheel never scrolls from under the cursor
    }
    case QEvent::MouseButtonPress: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() != Qt::LeftButton || !isZoomed())
            return false;
        m_pressed = true;
        m_dragging = false;
        m_pressAt = m_dragFrom = mouse->position();
        return true;
    }
    case QEvent::MouseMove: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (!m_pressed || !(mouse->buttons() & Qt::LeftButton))
            return false;
        if (!m_dragging &&
            (mouse->position() - m_pressAt).manhattanLength() < QApplication::startDragDistance())
            return true;
        if (!m_dragging)
            m_plot->setCursor(Qt::ClosedHandCursor);
        m_dragging = true;
        panBy(mouse->position() - m_dragFrom);
        m_dragFrom = mouse->position();
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (!m_pressed || mouse->button() != Qt::LeftButton)
            return false;
        m_pressed = false;
        if (m_dragging)
            m_plot->unsetCursor();
        else if (click)
            click(mouse);
        m_dragging = false;
        return true;
    }
    default:
        return false;
    }
}

QRectF HeatmapZoom::whole() const {
    return QRectF(-0.5, -0.5, std::max(m_cols, 1), std::max(m_rows, 1));
}

void HeatmapZoom::setShape(int rows, int cols) {
    if (rows == m_rows && cols == m_cols && !m_window.isNull()) {
        apply();
        return;
    }
    m_rows = rows;
    m_cols = cols;
    m_window = whole();
    apply();
    placeButton();
}

bool HeatmapZoom::isZoomed() const {
    return m_window != whole();
}

void HeatmapZoom::setWindow(const QRectF &cells) {
    const QRectF all = whole();
    double x = cells.x(), w = cells.width(), y = cells.y(), h = cells.height();
    clampSpan(x, w, all.left(), all.right());
    clampSpan(y, h, all.top(), all.bottom());
    const QRectF next(x, y, w, h);
    if (next == m_window)
        return;
    m_window = next;
    apply();
    placeButton();
    emit changed();
}

void HeatmapZoom::reset() {
    setWindow(whole());
}

void HeatmapZoom::apply() {
    m_axisRect->axis(QCPAxis::atBottom)->setRange(m_window.left(), m_window.right());
    m_axisRect->axis(QCPAxis::atLeft)->setRange(m_window.top(), m_window.bottom());
}

bool HeatmapZoom::zoomAt(QPointF pixel, double factor) {
    const QCPAxis *xAxis = m_axisRect->axis(QCPAxis::atBottom);
    const QCPAxis *yAxis = m_axisRect->axis(QCPAxis::atLeft);
    const double cx = xAxis->pixelToCoord(pixel.x());
    const double cy = yAxis->pixelToCoord(pixel.y());
    // The point under the cursor keeps its place: it splits the window in the same proportion
    // before and after.
    const QRectF before = m_window;
    const double w = before.width() * factor, h = before.height() * factor;
    const double fx = (cx - before.left()) / before.width();
    const double fy = (cy - before.top()) / before.height();
    setWindow(QRectF(cx - fx * w, cy - fy * h, w, h));
    return m_window != before;
}

bool HeatmapZoom::panBy(QPointF pixels) {
    const QRect area = m_axisRect->rect();
    if (area.isEmpty())
        return false;
    const QRectF before = m_window;
    // Dragging right shows what is to the left; rows run downwards like the pixels.
    const double dx = -pixels.x() * before.width() / area.width();
    const double dy = -pixels.y() * before.height() / area.height();
    setWindow(before.translated(dx, dy));
    return m_window != before;
}

QPointF HeatmapZoom::cellsPerPixel(qreal ratio) const {
    const QRect area = m_axisRect->rect();
    if (area.isEmpty())
        return {0, 0};
    return {m_window.width() / (area.width() * ratio), m_window.height() / (area.height() * ratio)};
}

} // namespace attn::ui
