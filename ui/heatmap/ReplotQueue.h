// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

namespace attn::ui {

// What the queue needs of a widget that waits in it (HeatmapPlot): the queue knows no plot.
class QueuedReplot {
public:
    virtual bool isSeen() const = 0; // shown and not scrolled out of view
    virtual void markStale() = 0;    // replot when painted again
    virtual void replotResized() = 0;

protected:
    ~QueuedReplot() = default;
};

// The replots a relayout of the window asks for, spread over turns of the event loop. A panel
// shown or the window resized gives every heatmap a new size at once, and each replots at it
// (layout, paint buffers, axes, cells: 2–10 ms apiece at 4096 tokens); done inside the resize,
// as QCustomPlot does, they held the GUI thread for all of them in one turn (70–160 ms).
// Here the heatmaps on screen replot one (or a few cheap ones) per turn, so input, timers and
// progress are served in between; those out of view replot when they are painted again.
class ReplotQueue : public QObject {
public:
    static ReplotQueue &instance(); // of the GUI thread

    // `widget` is `replot` itself; it leaves the queue when destroyed.
    void add(QObject *widget, QueuedReplot *replot);
    void remove(const QObject *widget);
    bool contains(const QObject *widget) const;
    bool isEmpty() const { return m_plots.isEmpty(); }

    // A turn replots plots until this much time has passed (at least one plot).
    static constexpr int kTurnBudgetMs = 4;

private:
    ReplotQueue();
    void runTurn();

    struct Entry {
        QPointer<QObject> widget;
        QueuedReplot *replot;
    };

    QList<Entry> m_plots;
    QTimer m_timer;
};

} // namespace attn::ui
