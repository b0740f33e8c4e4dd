#include "ReplotQueue.h"

#include "HeatmapPlot.h"

#include <QCoreApplication>
#include <QElapsedTimer>

ReplotQueue &ReplotQueue::instance() {
    // Owned by the application, so it goes with it (and a later application gets a new one).
    static QPointer<ReplotQueue> queue;
    if (!queue)
        queue = new ReplotQueue;
    return *queue;
}

ReplotQueue::ReplotQueue() : QObject(QCoreApplication::instance()) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &ReplotQueue::runTurn);
}

void ReplotQueue::add(HeatmapPlot *plot) {
    if (!contains(plot))
        m_plots.append(plot);
    if (!m_timer.isActive())
        m_timer.start();
}

void ReplotQueue::remove(HeatmapPlot *plot) {
    m_plots.removeIf([plot](const QPointer<HeatmapPlot> &p) { return !p || p == plot; });
}

bool ReplotQueue::contains(const HeatmapPlot *plot) const {
    return std::any_of(m_plots.cbegin(), m_plots.cend(),
                       [plot](const QPointer<HeatmapPlot> &p) { return p == plot; });
}

void ReplotQueue::runTurn() {
    QElapsedTimer turn;
    turn.start();
    do {
        m_plots.removeIf([](const QPointer<HeatmapPlot> &p) { return !p; });
        // The ones on screen first, in the order they were resized (the layout's order).
        const auto seen = std::find_if(m_plots.cbegin(), m_plots.cend(),
                                       [](const QPointer<HeatmapPlot> &p) { return p->isSeen(); });
        if (seen == m_plots.cend()) {
            // None on screen: each replots when it is painted (scrolled into view, shown).
            for (const QPointer<HeatmapPlot> &p : std::as_const(m_plots))
                p->markStale();
            m_plots.clear();
            return;
        }
        HeatmapPlot *plot = *seen;
        m_plots.erase(seen);
        plot->replotResized();
    } while (!m_plots.isEmpty() && turn.elapsed() < kTurnBudgetMs);
    if (!m_plots.isEmpty())
        m_timer.start(); // the rest in later turns
}
