// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ReplotQueue.h"

#include <qcustomplot.h>

#include <functional>

namespace attn::ui {

// QCustomPlot with a hook after the layout pass: tick labels (token names, rotated names or
// indices) depend on how many pixels a cell gets, which is only known once the layout has run;
// deciding here keeps it to one replot instead of a second, corrective one.
class HeatmapPlot : public QCustomPlot, public QueuedReplot {
    Q_OBJECT
public:
    explicit HeatmapPlot(QWidget *parent = nullptr);

    // Before the layout: may change anything. After it: returns true when it changed something
    // that needs the layout again (at most a few rounds, so it always terminates).
    std::function<void()> beforeLayout;
    std::function<bool()> afterLayout;

    // Dimmed: drawn faded behind a veil of its background (the lesson dims the stages it is
    // not about). Painted by the plot itself, so the window never composites a translucent
    // widget over an earlier drawing of it; exports (toPixmap) are never dimmed.
    void setDimmed(bool dimmed);
    bool isDimmed() const { return m_dimmed; }

    // What a requested replot redraws: the cells alone (new values of the same shape under the
    // same axes, names and colour bar: only their buffered layer is drawn again, no layout, no
    // tick labels) or everything.
    enum class Scope { Cells, Everything };
    // Replots once when the event loop next runs, however many requests came before, as
    // rpQueuedReplot does, and only as much as the widest scope asked. The paint follows with
    // the window's next paint: the heatmaps of one result reach the screen in one frame. A plot
    // scrolled out of view is not replotted until it is painted again (markStale).
    void requestReplot(Scope scope = Scope::Everything);
    // The layer the cells are drawn on: the lowest one, buffered on its own.
    QCPLayer *cellsLayer() const { return m_cellsLayer; }

    // Whether a replot now draws for nobody: the plot is shown but scrolled out of view (or
    // covered). Its cells are then left as they were (the costly part), and drawn once it is
    // painted again (markStale).
    bool replotsUnseen() const { return m_replotting && isVisible() && visibleRegion().isEmpty(); }
    void markStale() override { m_stale = true; }
    bool isSeen() const override { return isVisible() && !visibleRegion().isEmpty(); }

    // A resize does not replot at once (QCustomPlot's way) but in a later turn of the event
    // loop (ReplotQueue); meanwhile the last picture is drawn stretched to the new size.
    bool isResizePending() const { return m_resizePending; }
    void replotResized() override {
        if (m_resizePending)
            replot(rpQueuedRefresh);
    }

protected:
    void updateLayout() override;
    void resizeEvent(QResizeEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void paintStretched();
    void runRequestedReplot();

    QCPLayer *m_cellsLayer = nullptr;
    bool m_replotRequested = false;
    bool m_replotted = false; // once: the paint buffers and the layout exist
    Scope m_requestedScope = Scope::Cells;
    bool m_dimmed = false;
    bool m_replotting = false;
    bool m_stale = false;
    bool m_resizePending = false;
};

} // namespace attn::ui
