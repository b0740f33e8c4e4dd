// SPDX-License-Identifier: GPL-3.0-or-later
// HeatmapView's plot, built once: axes, colour scale, layers, fonts and the signals that time
// its replots (apart from HeatmapView.cpp to keep each file short).
#include "HeatmapView.h"

#include "HeatmapAxisLabels.h"
#include "HeatmapCellLayer.h"
#include "HeatmapImage.h"
#include "HeatmapOverlay.h"
#include "HeatmapPlot.h"
#include "HeatmapZoom.h"
#include "MonotonicNs.h"
#include "Notation.h"
#include "ReadableSize.h"

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QToolTip>
#include <QVBoxLayout>

#include <chrono>
#include <cmath>
#include <cstring>

void HeatmapView::setupPlot() {
    m_plot->setBackground(Qt::white);
    m_plot->setInteractions(QCP::Interactions());
    m_plot->setAntialiasedElements(QCP::aeNone);

    m_axisRect = m_plot->axisRect();
    QCPLayoutGrid *layout = m_plot->plotLayout();
    layout->take(m_axisRect);
    layout->simplify();
    m_titleElement = new QCPTextElement(m_plot);
    m_titleElement->setTextColor(QColor(0x20, 0x20, 0x20));
    m_titleElement->setMargins(QMargins(6, 6, 6, 2));
    layout->addElement(0, 0, m_titleElement);
    auto *body = new QCPLayoutGrid;
    layout->addElement(1, 0, body);
    layout->setRowSpacing(0);
    body->addElement(0, 0, m_axisRect);
    m_colorScale = new QCPColorScale(m_plot);
    body->addElement(0, 1, m_colorScale);
    body->setColumnSpacing(8);
    m_colorScale->setType(QCPAxis::atRight);
    m_colorScale->setBarWidth(16);
    m_colorScale->setRangeDrag(false);
    m_colorScale->setRangeZoom(false);
    // Colour bar exactly as tall as the cells.
    auto *group = new QCPMarginGroup(m_plot);
    m_axisRect->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_colorScale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    const QPen axisPen(QColor(0x70, 0x70, 0x70));
    for (QCPAxis *axis : m_axisRect->axes()) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 4);
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setTickLabelColor(QColor(0x20, 0x20, 0x20));
        axis->setLabelColor(QColor(0x20, 0x20, 0x20));
    }
    m_axisRect->axis(QCPAxis::atTop)->setVisible(false);
    m_axisRect->axis(QCPAxis::atRight)->setVisible(false);
    QCPAxis *y = m_axisRect->axis(QCPAxis::atLeft);
    y->setRangeReversed(true); // row 0 at the top, like a written matrix
    m_axisLabels = std::make_unique<HeatmapAxisLabels>(m_axisRect);
    m_colorScale->axis()->setTicker(HeatmapAxisLabels::minusSignTicker());
    m_colorScale->axis()->setBasePen(axisPen);
    m_colorScale->axis()->setTickPen(axisPen);
    m_colorScale->axis()->setSubTickPen(axisPen);

    m_cells = new HeatmapCellLayer(m_axisRect, &m_data);
    m_cells->setLayer(m_plot->cellsLayer()); // buffered: new values redraw the cells alone
    connect(m_cells, &HeatmapCellLayer::colored, this, &HeatmapView::onColored);
    m_overlay = new HeatmapOverlay(m_axisRect, &m_data);
    m_overlay->setLayer(QStringLiteral("overlay")); // a buffered layer: repaints alone
    m_overlay->setFocusColor(palette().color(QPalette::Highlight));

    m_zoom = new HeatmapZoom(m_plot, m_axisRect, this);
    connect(m_zoom, &HeatmapZoom::changed, this, [this] {
        // Names and indices follow the cells in view; the hovered cell moved under the cursor.
        setHover(-1, -1);
        m_plot->requestReplot();
    });
    m_zoom->click = [this](QMouseEvent *event) { clickAt(event->position(), event->modifiers()); };

    m_plot->beforeLayout = [this] { elideTitle(); };
    m_plot->afterLayout = [this] {
        const bool labels = m_axisLabels->update();
        const bool caption = updateCaption();
        return updateAxisTitles() || labels || caption;
    };
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] { m_replotStartNs = monotonicNs(); });
    connect(m_plot, &QCustomPlot::afterReplot, this, [this] {
        m_replotNs = monotonicNs() - m_replotStartNs;
        m_replotted = true;
    });
    connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapView::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapView::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent *event) {
        if (event->button() == Qt::LeftButton)
            emit enlargeRequested();
    });
}

void HeatmapView::applyFonts() {
    const HeatmapFonts fonts = heatmapFonts(font());
    for (QCPAxis *axis : m_axisRect->axes()) {
        axis->setTickLabelFont(fonts.ticks);
        axis->setLabelFont(fonts.labels);
    }
    m_titleElement->setFont(fonts.title);
    m_cells->setNumberFont(fonts.numbers);
    m_colorScale->axis()->setTickLabelFont(fonts.scale);
    m_colorScale->axis()->setLabelFont(fonts.labels);
    m_axisLabels->fontChanged();
}
