// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapView.h"

#include "HeatmapAxisLabels.h"
#include "HeatmapCellLayer.h"
#include "HeatmapImage.h"
#include "HeatmapInput.h"
#include "HeatmapOverlay.h"
#include "HeatmapPlot.h"
#include "HeatmapZoom.h"
#include "MonotonicNs.h"
#include "Notation.h"
#include "ReadableSize.h"

#include <QFontMetricsF>
#include <QVBoxLayout>

#include <cmath>

namespace attn::ui {

HeatmapView::HeatmapView(QWidget *parent) : QWidget(parent) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot = new HeatmapPlot(this);
    layout->addWidget(m_plot);
    // The view takes the focus (also when its plot is clicked) and handles the keys.
    setFocusPolicy(Qt::StrongFocus);
    m_plot->setFocusPolicy(Qt::NoFocus);
    m_plot->setMouseTracking(true);
    setupPlot();
    applyFonts();
    adoptData({}, {}, ScaleKind::Unit);
}

HeatmapView::~HeatmapView() = default;

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
    // The input filters the plot's events from here on, handing the wheel and drags to the zoom
    // (so it comes after it) and resetting the hover when the zoom changes (before the replot).
    const HeatmapInput::Heatmap &cells = *this; // what the input reads (a private base)
    m_input = std::make_unique<HeatmapInput>(cells, this, m_plot, m_axisRect, m_zoom);
    connect(m_input.get(), &HeatmapInput::hovered, this, &HeatmapView::onHovered);
    connect(m_input.get(), &HeatmapInput::clicked, this, &HeatmapView::onClicked);
    connect(m_input.get(), &HeatmapInput::rowStepped, this, &HeatmapView::onRowStepped);
    connect(m_input.get(), &HeatmapInput::enlargeRequested, this, &HeatmapView::enlargeRequested);
    // Names and indices follow the cells in view.
    connect(m_zoom, &HeatmapZoom::changed, this, [this] { m_plot->requestReplot(); });

    m_plot->beforeLayout = [this] {
        elideTitle();
        // The colour bar shares the cells' top and bottom margins (the margin group), and
        // QCustomPlot asks it for its margin by returning the one it was given last: the group
        // only ever grew. Upright names of 12 long tokens left a 200-pixel bottom margin behind,
        // and a 4×4 heatmap after them was a 2-pixel strip. From zero, the cells' axes decide.
        QMargins bar = m_colorScale->margins();
        bar.setTop(0);
        bar.setBottom(0);
        m_colorScale->setMargins(bar);
    };
    m_plot->afterLayout = [this] {
        const bool labels = m_axisLabels->update();
        const bool caption = updateCaption();
        const bool titles = updateAxisTitles();
        const bool squared = fitSquareCells();
        return titles || labels || caption || squared;
    };
    // The margins of the whole plot are set by fitSquareCells alone (none otherwise).
    m_plot->plotLayout()->setAutoMargins(QCP::msNone);
    m_plot->plotLayout()->setMargins(QMargins());
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] { m_replotStartNs = monotonicNs(); });
    connect(m_plot, &QCustomPlot::afterReplot, this, [this] {
        m_replotNs = monotonicNs() - m_replotStartNs;
        m_replotted = true;
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

void HeatmapView::setTitle(const QString &title) {
    if (title == m_title)
        return; // every result sets it again: no replot for the same text
    m_title = title;
    setAccessibleName(title);
    elideTitle();
    m_plot->requestReplot();
}

void HeatmapView::setAxisTitles(const QString &rows, const QString &cols) {
    if (rows == m_rowAxisTitle && cols == m_colAxisTitle)
        return;
    m_rowAxisTitle = rows;
    m_colAxisTitle = cols;
    updateAxisTitles();
    m_plot->requestReplot();
}

bool HeatmapView::updateAxisTitles() {
    return m_axisLabels->updateTitles(m_rowAxisTitle, m_colAxisTitle, m_data.rowLabels,
                                      m_data.colLabels);
}

QStringList HeatmapView::tickNames(Qt::Orientation orientation) const {
    m_plot->replotResized(); // what is drawn at the current size
    return m_axisLabels->shownNames(orientation);
}

QString HeatmapView::cellText(int row, int col) const {
    if (!m_data.contains(row, col))
        return {};
    if (isCellCovered(row, col))
        return QStringLiteral("?");
    return m_cells->cellText(row, col);
}

void HeatmapView::setDecimals(int decimals) {
    decimals = std::clamp(decimals, -1, 6);
    if (decimals == m_decimals)
        return;
    m_decimals = decimals;
    m_cells->setDecimals(decimals);
    m_plot->requestReplot();
}

void HeatmapView::setNumberFormat(std::function<QString(double)> format) {
    m_cells->setNumberFormat(std::move(format));
    m_plot->requestReplot();
}

double HeatmapView::numberPointSize() const {
    m_plot->replotResized();
    return m_cells->numbersShown() ? m_cells->drawnNumberPointSize() : 0.0;
}

QSize HeatmapView::readableSize(bool numbers, int maxCells) const {
    const QCPAxis *x = m_axisRect->axis(QCPAxis::atBottom);
    HeatmapFonts fonts{x->tickLabelFont(), x->labelFont(), m_titleElement->font(),
                       m_cells->numberFont(), m_colorScale->axis()->tickLabelFont()};
    // Cells hold their numbers at the widget's own size (never below 9 pt): the numbers are
    // drawn larger when the cells have room, and shrink to this size (not below) when not.
    fonts.numbers.setPointSizeF(std::max(HeatmapCellLayer::kMinNumberPointSize,
                                         fonts.numbers.pointSizeF() / kHeatmapNumberScale));
    QSize size = readableHeatmapSize(
        fonts, m_data, [this](int r, int c) { return m_cells->cellText(r, c); },
        {m_axisLabels->widestName(Qt::Vertical), m_axisLabels->widestName(Qt::Horizontal)}, numbers,
        maxCells);
    // A small matrix under a long title ("softmax(QKᵀ/√4) (head 0) — 4×4"): the title whole.
    const int title = int(std::ceil(QFontMetricsF(fonts.title).horizontalAdvance(m_title))) + 24;
    size.setWidth(std::max(size.width(), title));
    return size;
}

void HeatmapView::setColorScaleLabel(const QString &label) {
    m_scaleLabel = label;
    updateCaption();
    m_plot->requestReplot();
}

QString HeatmapView::reducedCells() const {
    if (m_data.isEmpty())
        return {};
    // Cells per device pixel in the part in view, rounded up: what the largest pixel covers.
    const QPointF per = m_zoom->cellsPerPixel(m_plot->devicePixelRatioF());
    const int across = int(std::ceil(per.x() - 1e-9)), down = int(std::ceil(per.y() - 1e-9));
    if (across <= 1 && down <= 1)
        return {};
    return QStringLiteral("%1\u00d7%2").arg(std::max(across, 1)).arg(std::max(down, 1));
}

QString HeatmapView::reductionCaption() const {
    const QString cells = reducedCells();
    if (cells.isEmpty())
        return {};
    return m_data.kind == ScaleKind::Diverging
               ? tr("pixel = value farthest from 0 of \u2264%1 cells").arg(cells)
               : tr("pixel = max of \u2264%1 cells").arg(cells);
}

bool HeatmapView::updateCaption() {
    const QString caption = reductionCaption();
    const auto join = [this](const QString &text) {
        return m_scaleLabel.isEmpty() || text.isEmpty()
                   ? m_scaleLabel + text
                   : m_scaleLabel + QStringLiteral(" \u2014 ") + text;
    };
    QString label = join(caption);
    // The caption runs along the colour bar: on a short heatmap (5 rows of 512 columns) the
    // reduction's sentence gives way to its short form, then to nothing, never to a cut word.
    const QFontMetricsF metrics(m_colorScale->axis()->labelFont());
    const double room = m_colorScale->outerRect().height();
    if (room > 0 && metrics.horizontalAdvance(label) > room) {
        label = join(caption.isEmpty() ? QString() : QStringLiteral("\u2264") + reducedCells());
        if (metrics.horizontalAdvance(label) > room)
            label = m_scaleLabel;
        if (metrics.horizontalAdvance(label) > room)
            label = metrics.elidedText(label, Qt::ElideRight, room);
    }
    if (m_colorScale->label() == label)
        return false;
    m_colorScale->setLabel(label);
    return true;
}

void HeatmapView::setData(const attn::Matrix &values, const QStringList &rowLabels,
                          const QStringList &colLabels, ScaleKind kind, const attn::Mask *masked) {
    const qint64 start = monotonicNs();
    m_data.shared.reset();
    m_data.cells.reset();
    m_data.values.resize(values.rows(), values.cols());
    adoptMask(masked);
    // Copying 8 MB (n = 1024) and finding the range in the same pass: one trip through memory.
    m_data.range =
        copyWithRange(values.data(), m_data.values.data(), values.size(), maskData(), kind);
    m_data.rangeKnown = true;
    adoptData(rowLabels, colLabels, kind);
    m_fillNs = monotonicNs() - start;
}

void HeatmapView::setData(attn::Matrix &&values, const QStringList &rowLabels,
                          const QStringList &colLabels, ScaleKind kind, const attn::Mask *masked) {
    const qint64 start = monotonicNs();
    m_data.shared.reset();
    m_data.cells.reset();
    m_data.values = std::move(values);
    adoptMask(masked);
    m_data.range = displayRange(m_data.values.data(), m_data.values.size(), maskData(), kind);
    m_data.rangeKnown = true;
    adoptData(rowLabels, colLabels, kind);
    m_fillNs = monotonicNs() - start;
}

void HeatmapView::setData(std::shared_ptr<const attn::Matrix> values, const QStringList &rowLabels,
                          const QStringList &colLabels, ScaleKind kind, const attn::Mask *masked) {
    const qint64 start = monotonicNs();
    m_data.shared = values ? std::move(values) : std::make_shared<const attn::Matrix>();
    m_data.cells.reset();
    m_data.values.resize(0, 0); // 134 MB at n = 4096 not kept twice
    adoptMask(masked);
    const attn::Matrix &m = m_data.matrix();
    // A large one's range is found by the worker that colours it (HeatmapCellLayer), off the
    // GUI thread; a small one's here (it reads, never writes).
    m_data.kind = kind;
    m_data.rangeKnown = m.size() <= HeatmapCellLayer::kAsyncCells;
    if (m_data.rangeKnown)
        m_data.range = displayRange(m.data(), m.size(), maskData(), kind);
    adoptData(rowLabels, colLabels, kind);
    m_fillNs = monotonicNs() - start;
}

void HeatmapView::setTransposedData(const attn::Matrix &values, const QStringList &rowLabels,
                                    const QStringList &colLabels, ScaleKind kind,
                                    const attn::Mask *masked) {
    const qint64 start = monotonicNs();
    // resize() keeps the allocation when the size is unchanged (every edit): no fresh 8 MB to
    // fault in at n = 1024, unlike a transposed temporary.
    m_data.shared.reset();
    m_data.cells.reset();
    m_data.values.resize(values.cols(), values.rows());
    transposeInto(values, m_data.values);
    adoptMask(masked);
    m_data.range = displayRange(m_data.values.data(), m_data.values.size(), maskData(), kind);
    m_data.rangeKnown = true;
    adoptData(rowLabels, colLabels, kind);
    m_fillNs = monotonicNs() - start;
}

void HeatmapView::setSource(std::shared_ptr<HeatmapSource> cells, const QStringList &rowLabels,
                            const QStringList &colLabels, ScaleKind kind) {
    const qint64 start = monotonicNs();
    m_data.shared.reset();
    m_data.values.resize(0, 0);
    m_data.masked.resize(0, 0); // the source says which cells are masked
    m_maskSource = attn::Mask();
    m_data.cells = std::move(cells);
    m_data.kind = kind;
    // A heatmap nobody sees (hidden, scrolled away) asks when it is drawn (sourceCells) or
    // asked (colorRange): keeping a hidden stage's extrema in step cost each edit 1.5 ms at
    // n = 4096.
    const std::optional<ValueRange> range =
        m_plot->isVisible() && !m_plot->visibleRegion().isEmpty() ? m_data.cells->range(kind)
                                                                  : std::nullopt;
    m_data.rangeKnown = range.has_value(); // else once the source has found it (onColored)
    if (range)
        m_data.range = *range;
    adoptData(rowLabels, colLabels, kind);
    m_fillNs = monotonicNs() - start;
}

void HeatmapView::clear() {
    setData(attn::Matrix(), {}, {}, m_data.kind);
}

const bool *HeatmapView::maskData() const {
    return m_data.masked.size() > 0 ? m_data.masked.data() : nullptr;
}

void HeatmapView::adoptMask(const attn::Mask *masked) {
    m_data.adoptMask(masked, m_maskSource);
}

void HeatmapView::adoptData(const QStringList &rowLabels, const QStringList &colLabels,
                            ScaleKind kind) {
    // An edit brings new values of the same shape under the same names and colour map: then
    // only the cells are drawn again (unless the colour bar's range moved, see updateAxes).
    const QStringList rowNames = completeLabels(rowLabels, m_data.rows());
    const QStringList colNames = completeLabels(colLabels, m_data.cols());
    const bool sameFrame = kind == m_data.kind && m_data.lut.id() == activeMap() &&
                           m_data.rows() == m_shownRows && m_data.cols() == m_shownCols &&
                           rowNames == m_data.rowLabels && colNames == m_data.colLabels;
    m_data.kind = kind;
    m_data.rowLabels = rowNames;
    m_data.colLabels = colNames;
    if (m_data.lut.id() != activeMap())
        m_data.lut = ColorLut(activeMap());
    ++m_data.generation; // the cells are coloured when drawn, at the size they are drawn
    bool cellsOnly = sameFrame;
    if (m_selectedRow >= m_data.rows()) {
        m_selectedRow = -1;
        m_overlay->setSelectedRow(-1);
        cellsOnly = false;
    }
    cellsOnly = updateAxes(!sameFrame) && cellsOnly;
    m_plot->requestReplot(cellsOnly ? HeatmapPlot::Scope::Cells : HeatmapPlot::Scope::Everything);
}

ColorMapId HeatmapView::activeMap() const {
    return m_data.kind == ScaleKind::Diverging ? m_divergingMap : m_sequentialMap;
}

bool HeatmapView::updateAxes(bool frameChanged) {
    const int rows = m_data.rows();
    const int cols = m_data.cols();
    m_zoom->setShape(rows, cols); // a new shape shows the whole matrix, an edit keeps the zoom
    m_shownRows = rows;
    m_shownCols = cols;
    if (frameChanged) {
        m_axisLabels->setNames(m_data.rowLabels, m_data.colLabels);
        m_colorScale->setGradient(colorGradient(activeMap()));
    }
    if (!m_data.rangeKnown) // else when the worker has found it (onColored)
        return true;
    return setColorRange(m_data.range);
}

bool HeatmapView::setColorRange(const ValueRange &range) {
    const QCPRange next(range.lower, range.upper);
    if (m_colorScale->dataRange() == next)
        return true;
    m_colorScale->setDataRange(next);
    return false;
}

void HeatmapView::onColored(quint64 generation, ValueRange range) {
    if (generation != m_data.generation || m_data.rangeKnown)
        return;
    m_data.range = range;
    m_data.rangeKnown = true;
    // The colour bar's ticks change with its range; an edit that left it alone redraws cells.
    m_plot->requestReplot(setColorRange(range) ? HeatmapPlot::Scope::Cells
                                               : HeatmapPlot::Scope::Everything);
}

ValueRange HeatmapView::colorRange() const {
    const_cast<HeatmapData &>(m_data).ensureRange(); // a cache, filled on demand
    return m_data.range;
}

void HeatmapView::elideTitle() {
    const QFontMetrics fm(m_titleElement->font());
    const int available = std::max(40, m_plot->viewport().width() - 24);
    const QString shown = fm.elidedText(m_title, Qt::ElideRight, available);
    if (m_titleElement->text() != shown)
        m_titleElement->setText(shown);
    m_titleElement->setVisible(!m_title.isEmpty());
}

void HeatmapView::setSquareCells(bool square) {
    if (square == m_squareCells)
        return;
    m_squareCells = square;
    m_axisLabels->setUprightNames(!square);
    if (!square)
        m_plot->plotLayout()->setMargins(QMargins());
    m_plot->requestReplot();
}

bool HeatmapView::fitSquareCells() {
    if (!m_squareCells || m_data.isEmpty())
        return false;
    const QRect area = m_axisRect->rect();
    // The cells in view (the zoomed-in part, or the whole matrix).
    const double cols = m_axisRect->axis(QCPAxis::atBottom)->range().size();
    const double rows = m_axisRect->axis(QCPAxis::atLeft)->range().size();
    if (area.width() <= 0 || area.height() <= 0 || cols <= 0 || rows <= 0)
        return false;
    // The room the cells would have without the margins set last (names may have changed since,
    // so the margins are found anew each round, both ways).
    const QMargins before = m_plot->plotLayout()->margins();
    const double width = area.width() + before.left() + before.right();
    const double height = area.height() + before.bottom();
    const double cellHeight = std::min(width / cols, height / rows);
    // Wider than high only as far as their numbers need, when those fit the height: a cell of
    // 33 × 22 px with "0.25" in it reads better than a blank square, while 44 × 14 px without
    // one is a strip.
    double wanted = cellHeight;
    if (rows * cols <= kMaxReadableCells * kMaxReadableCells) {
        QFont font = m_cells->numberFont();
        font.setPointSizeF(HeatmapCellLayer::kMinNumberPointSize);
        const QFontMetricsF fm(font);
        // What the cell layer asks to draw them at 9 pt: 2 px of height and 6 of width spare.
        if (cellHeight >= std::max(14.0, fm.height() + 2.5)) {
            double widest = 0;
            for (int r = 0; r < m_data.rows(); ++r)
                for (int c = 0; c < m_data.cols(); ++c)
                    if (!m_data.isMasked(r, c) && std::isfinite(m_data.value(r, c)))
                        widest = std::max(widest, fm.horizontalAdvance(m_cells->cellText(r, c)));
            // Only when the width holds them: wider yet blank would be a strip again.
            if (width / cols >= std::max(widest + 7, 28.0))
                wanted = std::max({wanted, widest + 7, 28.0});
        }
    }
    const double cellWidth = std::min(width / cols, wanted);
    const int spareX = std::max(0, int(std::floor(width - cellWidth * cols)));
    const int spareY = std::max(0, int(std::floor(height - cellHeight * rows)));
    // Centred across, the title still on top: heads side by side keep their titles in a line.
    const QMargins margins(spareX / 2, 0, spareX - spareX / 2, spareY);
    if (std::abs(margins.left() - before.left()) + std::abs(margins.right() - before.right()) +
            std::abs(margins.bottom() - before.bottom()) <
        2)
        return false;
    m_plot->plotLayout()->setMargins(margins);
    return true;
}

void HeatmapView::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    const ColorMapId before = activeMap();
    m_sequentialMap = sequential;
    m_divergingMap = diverging;
    if (activeMap() == before)
        return;
    m_data.lut = ColorLut(activeMap());
    ++m_data.generation;
    m_colorScale->setGradient(colorGradient(activeMap()));
    m_plot->requestReplot();
}

QString HeatmapView::toolTipText(int row, int col) const {
    if (!m_data.contains(row, col))
        return {};
    if (isCellCovered(row, col))
        return tr("Hidden until the exercise is revealed");
    if (m_tooltipProvider)
        return m_tooltipProvider(row, col);
    const double v = m_data.value(row, col);
    const QString value = m_data.isMasked(row, col)
                              ? tr("masked (%1)").arg(attn::notation::precise(v))
                              : attn::notation::precise(v);
    return QStringLiteral("%1, %2: %3").arg(m_data.rowLabels[row], m_data.colLabels[col], value);
}

void HeatmapView::setSelectedRow(int row) {
    const int next = row >= 0 && row < m_data.rows() ? row : -1;
    if (next == m_selectedRow)
        return;
    m_selectedRow = next;
    m_overlay->setSelectedRow(next);
    replotOverlay();
}

void HeatmapView::setMarkedBlocks(const QList<QRect> &blocks) {
    if (blocks == m_markedBlocks)
        return;
    m_markedBlocks = blocks;
    m_overlay->setMarkedBlocks(blocks);
    replotOverlay();
}

void HeatmapView::setCoveredBlocks(const QList<QRect> &blocks) {
    if (blocks == m_coveredBlocks)
        return;
    m_coveredBlocks = blocks;
    m_overlay->setCoveredBlocks(blocks);
    replotOverlay();
}

bool HeatmapView::isCellCovered(int row, int col) const {
    for (const QRect &block : m_coveredBlocks)
        if (block.contains(col, row))
            return true;
    return false;
}

void HeatmapView::setHighlightedLines(Qt::Orientation orientation, QList<int> lines) {
    QList<int> &current = orientation == Qt::Vertical ? m_highlightedColumns : m_highlightedRows;
    if (lines == current)
        return;
    current = std::move(lines);
    m_overlay->setHighlightedLines(orientation, current);
    replotOverlay();
}

QRgb HeatmapView::cellColor(int row, int col) const {
    const_cast<HeatmapData &>(m_data).ensureRange();
    return m_data.contains(row, col) ? m_data.colorOf(row, col) : 0;
}

QRectF HeatmapView::cellRect(int row, int col) const {
    m_plot->replotResized();
    return m_cells->geometry().cellRect(row, col);
}

std::pair<int, int> HeatmapView::cellAt(QPointF plotPosition) const {
    m_plot->replotResized();
    const auto cell = m_cells->geometry().cellAt(plotPosition);
    return m_data.contains(cell.first, cell.second) ? cell : std::pair{-1, -1};
}

HeatmapZoom *HeatmapView::zoom() const {
    return m_zoom;
}

QAction *HeatmapView::resetZoomAction() const {
    return m_zoom->resetAction();
}

bool HeatmapView::numbersShown() const {
    m_plot->replotResized();
    return m_cells->numbersShown();
}

QImage HeatmapView::renderImage(QSize size) {
    if (size.isEmpty())
        size = m_plot->size();
    return m_plot->toPixmap(size.width(), size.height()).toImage();
}

void HeatmapView::setDimmed(bool dimmed) {
    m_plot->setDimmed(dimmed);
}

bool HeatmapView::isDimmed() const {
    return m_plot->isDimmed();
}

QCustomPlot *HeatmapView::plot() const {
    return m_plot;
}

void HeatmapView::replotOverlay() {
    // A layer can repaint alone only once a full replot has set up the paint buffers.
    QCPLayer *layer = m_plot->layer(QStringLiteral("overlay"));
    if (layer && m_replotted)
        layer->replot();
    else
        m_plot->requestReplot();
}

void HeatmapView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        applyFonts();
        m_plot->requestReplot();
    } else if (event->type() == QEvent::PaletteChange) {
        m_overlay->setFocusColor(palette().color(QPalette::Highlight));
    }
}

bool HeatmapView::isColoring() const {
    return m_cells->isColoring();
}

void HeatmapView::onHovered(int row, int col) {
    m_overlay->setHoveredCell(row, col);
    replotOverlay();
    emit cellHovered(row, col);
}

void HeatmapView::onClicked(int row, int col, Qt::KeyboardModifiers modifiers) {
    setSelectedRow(row);
    emit cellClicked(row, col, modifiers);
    emit rowClicked(row);
}

void HeatmapView::onRowStepped(int row) {
    setSelectedRow(row);
    emit rowClicked(row);
}

void HeatmapView::keyPressEvent(QKeyEvent *event) {
    if (!m_input->keyPress(event))
        QWidget::keyPressEvent(event);
}

void HeatmapView::contextMenuEvent(QContextMenuEvent *event) {
    m_input->contextMenu(event);
}

void HeatmapView::mouseDoubleClickEvent(QMouseEvent *event) {
    QWidget::mouseDoubleClickEvent(event);
    m_input->doubleClick(event);
}

void HeatmapView::focusInEvent(QFocusEvent *event) {
    QWidget::focusInEvent(event);
    m_overlay->setFocused(true);
    replotOverlay();
}

void HeatmapView::focusOutEvent(QFocusEvent *event) {
    QWidget::focusOutEvent(event);
    m_overlay->setFocused(false);
    replotOverlay();
}

} // namespace attn::ui
