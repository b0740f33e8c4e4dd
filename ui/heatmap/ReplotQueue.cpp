// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReplotQueue.h"

#include <QCoreApplication>
#include <QElapsedTimer>

namespace attn::ui {

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

void ReplotQueue::add(QObject *widget, QueuedReplot *replot) {
    if (!contains(widget))
        m_plots.append({widget, replot});
    if (!m_timer.isActive())
        m_timer.start();
}

void ReplotQueue::remove(const QObject *widget) {
    m_plots.removeIf([widget](const Entry &e) { return !e.widget || e.widget == widget; });
}

bool ReplotQueue::contains(const QObject *widget) const {
    return std::any_of(m_plots.cbegin(), m_plots.cend(),
                       [widget](const Entry &e) { return e.widget == widget; });
}

void ReplotQueue::runTurn() {
    QElapsedTimer turn;
    turn.start();
    do {
        m_plots.removeIf([](const Entry &e) { return !e.widget; });
        // The ones on screen first, in the order they were resized (the layout's order).
        const auto seen = std::find_if(m_plots.cbegin(), m_plots.cend(),
                                       [](const Entry &e) { return e.replot->isSeen(); });
        if (seen == m_plots.cend()) {
            // None on screen: each replots when it is painted (scrolled into view, shown).
            for (const Entry &e : std::as_const(m_plots))
                e.replot->markStale();
            m_plots.clear();
            return;
        }
        QueuedReplot *replot = seen->replot;
        m_plots.erase(seen);
        replot->replotResized();
    } while (!m_plots.isEmpty() && turn.elapsed() < kTurnBudgetMs);
    if (!m_plots.isEmpty())
        m_timer.start(); // the rest in later turns
}

} // namespace attn::ui
