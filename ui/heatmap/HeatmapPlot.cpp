#include "HeatmapPlot.h"

#include "ReplotQueue.h"

#include <QPainter>

HeatmapPlot::HeatmapPlot(QWidget *parent) : QCustomPlot(parent) {
    // Tick labels are numbers like the cells': "0.2" in every language (QCustomPlot formats them
    // with the widget's locale, which follows the interface language: "0,2" in German).
    setLocale(QLocale::c());
    // Exports (toPixmap, SVG) draw outside replot(): they always draw everything.
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        m_replotting = true;
        if (m_resizePending) { // laid out at the new size now, whatever asked for it
            m_resizePending = false;
            ReplotQueue::instance().remove(this);
        }
    });
    connect(this, &QCustomPlot::afterReplot, this, [this] { m_replotting = false; });
}

void HeatmapPlot::updateLayout() {
    if (beforeLayout)
        beforeLayout();
    QCustomPlot::updateLayout();
    for (int round = 0; round < 3 && afterLayout && afterLayout(); ++round)
        QCustomPlot::updateLayout();
}

void HeatmapPlot::resizeEvent(QResizeEvent *event) {
    // What QCustomPlot::resizeEvent does, but the replot waits its turn (ReplotQueue).
    Q_UNUSED(event);
    setViewport(rect());
    m_resizePending = true;
    ReplotQueue::instance().add(this);
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
