// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ColorScale.h"
#include "HeatmapData.h"
#include "HeatmapInput.h"
#include "Matrix.h"

#include <QImage>
#include <QList>
#include <QRect>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>

class QCustomPlot;
class QCPAxisRect;
class QCPColorScale;
class QCPTextElement;

class QAction;

namespace attn::ui {

class HeatmapAxisLabels;
class HeatmapPlot;
class HeatmapCellLayer;
class HeatmapOverlay;
class HeatmapZoom;

// A matrix as a heatmap: row 0 at the top like a written matrix, token names on the axes, a
// colour scale beside it, numbers in the cells while they are readable, masked cells hatched
// grey. Fast enough to redraw eight 1024×1024 heatmaps per edit: the cells are coloured through
// a LUT straight into an image of the size they are drawn at (HeatmapImage.h), cached while
// only outlines change; no per-cell plot items. What the user does to it (mouse, keys, context
// menu) is read by its HeatmapInput, which reads the cells through HeatmapInput::Heatmap.
class HeatmapView : public QWidget, private HeatmapInput::Heatmap {
    Q_OBJECT
public:
    explicit HeatmapView(QWidget *parent = nullptr);
    ~HeatmapView() override;

    void setTitle(const QString &title); // e.g. "softmax(QKᵀ/√3) — 4×4"; shown above the plot
    QString title() const { return m_title; }
    void setAxisTitles(const QString &rows, const QString &cols); // e.g. "query", "key"
    void setColorScaleLabel(const QString &label);                // optional, beside the colour bar
    // Beside the colour bar when there are more cells in view than pixels: how a pixel shows
    // the cells it covers ("pixel = max of ≤4×4 cells"); empty when cells ≥ pixels.
    QString reductionCaption() const;
    // "2×1": the cells the largest pixel covers when the view draws fewer pixels than cells;
    // empty when every cell has a pixel of its own.
    QString reducedCells() const;

    // values: row-major; labels per row/column (missing ones -> indices). masked (optional,
    // same shape; ignored otherwise) cells are hatched grey, never coloured, and left out of
    // the colour range, as are non-finite values (a masked logit is −∞).
    void setData(const attn::Matrix &values, const QStringList &rowLabels,
                 const QStringList &colLabels, ScaleKind kind, const attn::Mask *masked = nullptr);
    // The same, taking the matrix without copying it (1024×1024 doubles are 8 MB).
    void setData(attn::Matrix &&values, const QStringList &rowLabels, const QStringList &colLabels,
                 ScaleKind kind, const attn::Mask *masked = nullptr);
    // The same, sharing the matrix with its owner (a published result, which never changes):
    // no copy of 134 MB at n = 4096, only a pass to find the colour range.
    void setData(std::shared_ptr<const attn::Matrix> values, const QStringList &rowLabels,
                 const QStringList &colLabels, ScaleKind kind, const attn::Mask *masked = nullptr);
    // Draws the transpose of `values` (a row-layout matrix shown in the column layout), written
    // into the buffer already held; labels and mask describe what is drawn (the transpose).
    void setTransposedData(const attn::Matrix &values, const QStringList &rowLabels,
                           const QStringList &colLabels, ScaleKind kind,
                           const attn::Mask *masked = nullptr);
    // Cells computed on demand (a derived stage of thousands of tokens): only the cells in view
    // are asked for, at the pixels they are drawn at; masked cells are the source's.
    void setSource(std::shared_ptr<HeatmapSource> cells, const QStringList &rowLabels,
                   const QStringList &colLabels, ScaleKind kind);
    void clear();

    void setColorMaps(ColorMapId sequential, ColorMapId diverging);
    ColorMapId sequentialMap() const { return m_sequentialMap; }
    ColorMapId divergingMap() const { return m_divergingMap; }
    ColorMapId activeMap() const; // the one the current ScaleKind uses

    // Hover text; the default is "row label, col label: value".
    void setTooltipProvider(std::function<QString(int row, int col)> provider) {
        m_tooltipProvider = std::move(provider);
    }
    QString toolTipText(int row, int col) const override;

    void setSelectedRow(int row); // -1 = none; draws a clear outline around that row
    // Dashed outlines around columns (Vertical) or rows (interpretation views).
    void setHighlightedLines(Qt::Orientation orientation, QList<int> lines);
    void setHighlightedColumns(QList<int> cols) { setHighlightedLines(Qt::Vertical, cols); }
    void setHighlightedRows(QList<int> rows) { setHighlightedLines(Qt::Horizontal, rows); }
    // A solid outline around a block of cells (x = first column, y = first row): a tile of a
    // tiled product. An empty rect = none.
    void setHighlightedBlock(const QRect &cells) {
        if (cells != m_data.block) {
            m_data.block = cells;
            replotOverlay();
        }
    }
    QRect highlightedBlock() const { return m_data.block; }
    // An exercise (Lesson › Exercise): solid outlines around the blocks of cells it gives, and
    // covers with a "?" over the cells that would show its answer; a covered cell's tooltip and
    // cellText() say it is hidden. Cells as in setHighlightedBlock; empty lists = none.
    void setMarkedBlocks(const QList<QRect> &blocks);
    void setCoveredBlocks(const QList<QRect> &blocks);
    QList<QRect> markedBlocks() const { return m_markedBlocks; }
    QList<QRect> coveredBlocks() const { return m_coveredBlocks; }
    bool isCellCovered(int row, int col) const;
    int selectedRow() const override { return m_selectedRow; }
    // Square cells (heads compared side by side, HeadOverview): the cells take the largest
    // square the widget has room for, the matrix centred across it and its spare height below;
    // wider than high only as far as their numbers need (and only when the numbers fit the
    // height), column names level or indices (never upright). Off (the default) the cells
    // fill the widget, however flat.
    void setSquareCells(bool square);
    bool squareCells() const { return m_squareCells; }
    // Faded, for views a lesson step is not about (HeatmapPlot::setDimmed).
    void setDimmed(bool dimmed);
    bool isDimmed() const;
    QList<int> highlightedColumns() const { return m_highlightedColumns; }
    QList<int> highlightedRows() const { return m_highlightedRows; }

    // What is displayed (a cell source's matrix is computed whole on the first call: prefer
    // rows(), cols() and value()).
    const attn::Matrix &values() const { return m_data.matrix(); }
    int rows() const override { return m_data.rows(); }
    int cols() const { return m_data.cols(); }
    double value(int row, int col) const { return m_data.value(row, col); }
    const QStringList &rowLabels() const { return m_data.rowLabels; }
    const QStringList &colLabels() const { return m_data.colLabels; }
    ScaleKind scaleKind() const { return m_data.kind; }
    ValueRange colorRange() const; // what the colour scale spans
    // Whether a worker is colouring the cells in view (a large matrix, just set or resized).
    bool isColoring() const;
    QRgb cellColor(int row, int col) const;     // the colour a cell is filled with
    bool isCellMasked(int row, int col) const { // drawn hatched, without its number
        return m_data.contains(row, col) && m_data.isMasked(row, col);
    }

    // The part of the matrix in view (wheel, drag, keys 0 + −); the whole matrix after a new
    // shape. Clicks, tooltips and cellRect/cellAt follow it.
    HeatmapZoom *zoom() const;
    // "Reset zoom" (key 0), for the context menus of owners that build their own.
    QAction *resetZoomAction() const;

    // Where the cells are, in plot()-widget pixels, as of the last layout (replot; one a resize
    // left for later is done first, as for tickNames() and numbersShown()).
    QRectF cellRect(int row, int col) const override;
    // The cell under a plot()-widget pixel, or {-1, -1}.
    std::pair<int, int> cellAt(QPointF plotPosition) const override;
    bool numbersShown() const; // whether the last draw wrote numbers into the cells
    // The text written in a cell: its number with the chosen decimals, or "masked".
    QString cellText(int row, int col) const;
    // Decimals of the cell numbers: 0–6, or -1 = automatic (attn::notation::cell).
    void setDecimals(int decimals);
    int decimals() const { return m_decimals; }
    // The cell numbers' text written by `format` instead (finite values; a panel that wants its
    // own fixed decimals, whatever the shared rule): empty = setDecimals' rule again. Tooltips
    // keep their precise value.
    void setNumberFormat(std::function<QString(double)> format);
    // The point size the cell numbers were last drawn at (0 when none were drawn).
    double numberPointSize() const;

    // The smallest size at which the cells are at least kReadableCell pixels high and wide
    // enough for their numbers at full size (numbers = true) or at least a line of text high
    // (numbers = false), with the token names on both axes, the title and the colour bar.
    // Matrices with more than maxCells rows or columns cannot be read at any sensible size:
    // they get a fixed overview size along that axis.
    QSize readableSize(bool numbers = true, int maxCells = kMaxReadableCells) const;
    static constexpr int kReadableCell = 24; // kReadableCellPixels
    static constexpr int kMaxReadableCells = 24;
    // The tick labels of an axis as drawn after the last layout: the names (possibly shortened)
    // or, when they could not fit, empty (indices are drawn).
    QStringList tickNames(Qt::Orientation orientation) const;

    QImage renderImage(QSize size); // offscreen render of the whole widget, for tests and export
    QCustomPlot *plot() const;

    // Timing of the last setData's own work (range + colouring) and of the last full replot.
    qint64 lastFillNanoseconds() const { return m_fillNs; }
    qint64 lastReplotNanoseconds() const { return m_replotNs; }
    qint64 lastRenderNanoseconds() const { return m_fillNs + m_replotNs; }

signals:
    void cellClicked(int row, int col, Qt::KeyboardModifiers modifiers);
    void rowClicked(int row);           // emitted right after cellClicked, and on Up/Down
    void cellHovered(int row, int col); // -1,-1 when leaving
    // A double click: the stages view shows this heatmap alone, as large as the window allows
    // (and back), for when names or numbers do not fit.
    void enlargeRequested();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void setupPlot();
    void applyFonts();
    void adoptMask(const attn::Mask *masked);
    const bool *maskData() const;
    void adoptData(const QStringList &rowLabels, const QStringList &colLabels, ScaleKind kind);
    // Returns true when the colour bar kept its range (its ticks need no new drawing).
    bool updateAxes(bool frameChanged);
    bool setColorRange(const ValueRange &range); // true when it was the range already
    bool updateAxisTitles(); // says so in the axis title when names gave way to indices
    void elideTitle();
    // With square cells: sets the plot's margins to what the cells leave spare of the room;
    // true when they changed (the layout must run again).
    bool fitSquareCells();
    void replotOverlay();
    void onColored(quint64 generation, ValueRange range);
    void onHovered(int row, int col);
    void onClicked(int row, int col, Qt::KeyboardModifiers modifiers);
    void onRowStepped(int row);
    bool updateCaption(); // true when the colour bar's label changed (the layout must run again)

    HeatmapPlot *m_plot = nullptr;
    QCPAxisRect *m_axisRect = nullptr;
    QCPTextElement *m_titleElement = nullptr;
    QCPColorScale *m_colorScale = nullptr;
    HeatmapCellLayer *m_cells = nullptr;
    HeatmapOverlay *m_overlay = nullptr;
    std::unique_ptr<HeatmapAxisLabels> m_axisLabels;
    HeatmapZoom *m_zoom = nullptr;
    // Not a child: it goes before the plot it filters, while the view it reads is still whole.
    std::unique_ptr<HeatmapInput> m_input;
    QString m_scaleLabel; // the owner's label of the colour bar, before the caption

    HeatmapData m_data;
    int m_shownRows = -1, m_shownCols = -1; // the shape the axes were last set up for
    attn::Mask m_maskSource; // the caller's last mask, to skip re-transposing an unchanged one
    QString m_title;
    QString m_rowAxisTitle, m_colAxisTitle;
    int m_decimals = -1;
    ColorMapId m_sequentialMap = ColorMapId::Viridis;
    ColorMapId m_divergingMap = ColorMapId::RdBu;
    std::function<QString(int, int)> m_tooltipProvider;
    int m_selectedRow = -1;
    QList<int> m_highlightedColumns, m_highlightedRows;
    QList<QRect> m_markedBlocks, m_coveredBlocks;
    qint64 m_fillNs = 0;
    qint64 m_replotNs = 0;
    qint64 m_replotStartNs = 0;
    bool m_replotted = false;
    bool m_squareCells = false;
};

} // namespace attn::ui
