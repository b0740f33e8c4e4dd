// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>
#include <utility>

class QCPAxisRect;
class QContextMenuEvent;
class QCustomPlot;
class QHelpEvent;
class QKeyEvent;
class QMouseEvent;
class QWidget;

namespace attn::ui {

class HeatmapZoom;

// What a user does to a heatmap: the mouse on its plot (clicks, hover, tooltips; the wheel and
// drag go to HeatmapZoom first), keys and the context menu. It holds no data and draws nothing,
// so the view keeps one owner of what is selected and drawn: the input reads the cells through
// Heatmap and reports what the user did through its signals, and the view (HeatmapView) selects,
// outlines and emits its own signals in turn.
class HeatmapInput : public QObject {
    Q_OBJECT
public:
    // What the input reads from the heatmap it serves.
    class Heatmap {
    public:
        // The cell under a plot pixel, or {-1, -1}; where a cell is, in plot pixels.
        virtual std::pair<int, int> cellAt(QPointF plotPosition) const = 0;
        virtual QRectF cellRect(int row, int col) const = 0;
        virtual QString toolTipText(int row, int col) const = 0; // empty: no tooltip
        virtual int rows() const = 0;
        virtual int selectedRow() const = 0; // -1 = none

    protected:
        ~Heatmap() = default;
    };

    // Filters `plot`'s events from now on. `widget` is the view the plot fills: a right click's
    // menu event goes on to it, and the context menu opens over it. The zoom (the view's) gets
    // the wheel and drags first and hands back its clicks; the keys + and − zoom around the
    // middle of `axisRect`, the cells.
    HeatmapInput(const Heatmap &heatmap, QWidget *widget, QCustomPlot *plot, QCPAxisRect *axisRect,
                 HeatmapZoom *zoom);

    // The view's own events, handed on by its handlers. keyPress returns false for a key the
    // heatmap has no use for (the view's parent may).
    bool keyPress(QKeyEvent *event);
    void contextMenu(QContextMenuEvent *event);
    void doubleClick(QMouseEvent *event);

    // The row the selection moves to on a key (Up/Down, Page Up/Down by ten, Home/End; from
    // no selection, the first or last row); nullopt for any other key.
    static std::optional<int> rowAfterKey(int key, int current, int rows);

signals:
    void clicked(int row, int col, Qt::KeyboardModifiers modifiers); // a left click on a cell
    void rowStepped(int row);       // a key moved the selection to a row it was not on
    void hovered(int row, int col); // the cell under the pointer changed; -1,-1 = none
    void enlargeRequested();        // a left double click

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setHover(int row, int col);
    void clickAt(QPointF plotPosition, Qt::KeyboardModifiers modifiers);
    bool zoomKey(int key);
    void showToolTip(QHelpEvent *help);

    const Heatmap &m_heatmap;
    QWidget *m_widget;
    QCustomPlot *m_plot;
    QCPAxisRect *m_axisRect;
    HeatmapZoom *m_zoom;
    int m_hoverRow = -1;
    int m_hoverCol = -1;
};

} // namespace attn::ui
