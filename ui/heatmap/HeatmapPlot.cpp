#include "HeatmapPlot.h"

HeatmapPlot::HeatmapPlot(QWidget *parent) : QCustomPlot(parent) {}

void HeatmapPlot::updateLayout() {
    if (beforeLayout)
        beforeLayout();
    QCustomPlot::updateLayout();
    for (int round = 0; round < 3 && afterLayout && afterLayout(); ++round)
        QCustomPlot::updateLayout();
}
