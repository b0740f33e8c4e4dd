#include "HeatmapPlot.h"

#include <QPainter>

HeatmapPlot::HeatmapPlot(QWidget *parent) : QCustomPlot(parent) {
    // Tick labels are numbers like the cells': "0.2" in every language (QCustomPlot formats them
    // with the widget's locale, which follows the interface language: "0,2" in German).
    setLocale(QLocale::c());
    // Exports (toPixmap, SVG) draw outside replot(): they always draw everything.
    connect(this, &QCustomPlot::beforeReplot, this, [this] { m_replotting = true; });
    connect(this, &QCustomPlot::afterReplot, this, [this] { m_replotting = false; });
}

void HeatmapPlot::updateLayout() {
    if (beforeLayout)
        beforeLayout();
    QCustomPlot::updateLayout();
    for (int round = 0; round < 3 && afterLayout && afterLayout(); ++round)
        QCustomPlot::updateLayout();
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
    QCustomPlot::paintEvent(event);
    if (!m_dimmed)
        return;
    // 70 % of the (white) background over the plot: the look of 30 % opacity on white.
    QPainter p(this);
    p.fillRect(rect(), QColor(255, 255, 255, 179));
}
