// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapPlot.h"

#include <QPainter>

#include <algorithm>

namespace attn::ui {

HeatmapPlot::HeatmapPlot(QWidget *parent) : QCustomPlot(parent) {
    // Tick labels are numbers like the cells': "0.2" in every language (QCustomPlot formats them
    // with the widget's locale, which follows the interface language: "0,2" in German).
    setLocale(QLocale::c());
    // The cells under everything else (nothing else draws over the axis rect's area) on a
    // buffer of their own, so new values redraw them alone.
    addLayer(QStringLiteral("cells"), layer(QStringLiteral("background")), limBelow);
    m_cellsLayer = layer(QStringLiteral("cells"));
    m_cellsLayer->setMode(QCPLayer::lmBuffered);
    // A replot asks for a paint instead of painting the window at once (QCustomPlot's default):
    // the replots of one result are painted together, in one pass over the window.
    setPlottingHint(QCP::phImmediateRefresh, false);
    // Exports (toPixmap, SVG) draw outside replot(): they always draw everything.
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        m_replotting = true;
        if (m_resizePending) { // laid out at the new size now, whatever asked for it
            m_resizePending = false;
            ReplotQueue::instance().remove(this);
        }
    });
    connect(this, &QCustomPlot::afterReplot, this, [this] {
        m_replotting = false;
        m_replotted = true;
    });
}

void HeatmapPlot::updateLayout() {
    if (beforeLayout)
        beforeLayout();
    QCustomPlot::updateLayout();
    for (int round = 0; round < 4 && afterLayout && afterLayout(); ++round)
        QCustomPlot::updateLayout();
}

void HeatmapPlot::resizeEvent(QResizeEvent *event) {
    // What QCustomPlot::resizeEvent does, but the replot waits its turn (ReplotQueue).
    Q_UNUSED(event);
    setViewport(rect());
    m_resizePending = true;
    ReplotQueue::instance().add(this, this);
}

void HeatmapPlot::requestReplot(Scope scope) {
    if (m_replotRequested) {
        m_requestedScope = std::max(m_requestedScope, scope);
        return;
    }
    m_replotRequested = true;
    m_requestedScope = scope;
    QMetaObject::invokeMethod(this, &HeatmapPlot::runRequestedReplot, Qt::QueuedConnection);
}

void HeatmapPlot::runRequestedReplot() {
    if (!m_replotRequested)
        return;
    m_replotRequested = false;
    if (isVisible() && visibleRegion().isEmpty()) {
        m_stale = true; // nobody sees it: replotted whole when it is painted again
        return;
    }
    // A buffered layer redraws alone only on buffers a full replot has set up at this size
    // (not while a resize waits for its replot), and only when no replot was left out
    // meanwhile.
    if (m_requestedScope == Scope::Cells && m_replotted && !m_stale && !m_resizePending &&
        !hasInvalidatedPaintBuffers()) {
        m_cellsLayer->replot();
        return;
    }
    m_stale = false;
    replot();
}

void HeatmapPlot::setDimmed(bool dimmed) {
    if (m_dimmed == dimmed)
        return;
    m_dimmed = dimmed;
    update();
}

void HeatmapPlot::paintEvent(QPaintEvent *event) {
    if (m_stale) {
        // Scrolled into view after replots it did not draw: drawn now, before this paint shows
        // it, so no stale frame reaches the screen (the update it asks for repaints, cheaply).
        m_stale = false;
        replot(rpQueuedRefresh);
    }
    if (m_resizePending)
        paintStretched();
    else
        QCustomPlot::paintEvent(event);
    if (!m_dimmed)
        return;
    // 70 % of the (white) background over the plot: the look of 30 % opacity on white.
    QPainter p(this);
    p.fillRect(rect(), QColor(255, 255, 255, 179));
}

void HeatmapPlot::paintStretched() {
    QCPPainter painter(this);
    if (mBackgroundBrush.style() != Qt::NoBrush)
        painter.fillRect(rect(), mBackgroundBrush);
    const QSize drawn = mPaintBuffers.isEmpty() ? QSize() : mPaintBuffers.first()->size();
    if (drawn.isEmpty())
        return; // never replotted: the background until its first replot
    // The last picture, fitted to the new size (nearest pixels: it lasts a few frames).
    painter.scale(double(width()) / drawn.width(), double(height()) / drawn.height());
    for (const QSharedPointer<QCPAbstractPaintBuffer> &buffer : std::as_const(mPaintBuffers))
        buffer->draw(&painter);
}

} // namespace attn::ui
