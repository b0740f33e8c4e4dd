// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointF>
#include <QRectF>

#include <functional>

class QAction;
class QCPAxisRect;
class QCustomPlot;
class QEvent;
class QMouseEvent;
class QToolButton;

namespace attn::ui {

// The part of a heatmap that is shown: the whole matrix, or a zoomed-in window onto it that the
// wheel zooms around the cursor and a drag pans. It owns the ranges of the axis rect's bottom
// (columns) and left (rows) axes; cells are at integer coordinates, so the whole matrix spans
// −0.5 … n − 0.5. The window never leaves the matrix and never shows less than one cell.
//
// Input on the plot: the wheel zooms around the cursor; zoomed in, a left drag pans and a left
// click without a drag is a click (delivered through `click` on release, so a drag never
// selects or masks); not zoomed, presses go to the plot as before. While zoomed a small
// "Reset zoom" button shows in the corner; resetAction() (key 0) is for context menus.
class HeatmapZoom : public QObject {
    Q_OBJECT
public:
    HeatmapZoom(QCustomPlot *plot, QCPAxisRect *axisRect, QObject *parent = nullptr);
    ~HeatmapZoom() override;

    // Wheel, press, move and release events of the plot; true when consumed.
    bool handleEvent(QEvent *event);
    // A click on a zoomed heatmap (a press and release without a drag between).
    std::function<void(QMouseEvent *)> click;
    QAction *resetAction() const { return m_resetAction; }
    QToolButton *resetButton() const { return m_resetButton; }
    // One notch of the wheel zooms by this factor (in: its inverse).
    static constexpr double kWheelStep = 1.25;

    // A new shape resets to the whole matrix; the same shape keeps the window (an edit).
    void setShape(int rows, int cols);
    bool isZoomed() const;
    // The shown window in cell coordinates (x = columns, y = rows, edges at ±0.5).
    QRectF window() const { return m_window; }
    void setWindow(const QRectF &cells); // clamped to the matrix
    void reset();
    // factor < 1 zooms in, > 1 out, keeping the cell under `pixel` (axis-rect pixels) in place.
    // Returns false when nothing changed (already whole, or already at one cell).
    bool zoomAt(QPointF pixel, double factor);
    // Moves the window with the pointer: the cells follow a drag of `pixels`.
    bool panBy(QPointF pixels);
    // How many cells a pixel of the axis rect covers along each axis at `ratio` device pixels.
    QPointF cellsPerPixel(qreal ratio = 1.0) const;

signals:
    void changed(); // the window moved or changed size: replot

private:
    void apply();
    QRectF whole() const;
    void placeButton();

    QCustomPlot *m_plot;
    QCPAxisRect *m_axisRect;
    QAction *m_resetAction;
    QToolButton *m_resetButton;
    QPointF m_pressAt, m_dragFrom;
    bool m_pressed = false, m_dragging = false;
    int m_rows = 0, m_cols = 0;
    QRectF m_window;
};

} // namespace attn::ui
