// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "HeatmapData.h"
#include "HeatmapGeometry.h"

#include <qcustomplot.h>

#include <functional>
#include <optional>

namespace attn::ui {

// Draws the cells of a HeatmapView: the LUT-coloured image scaled to the cell rectangle (cached
// per size, so hover and selection replots are cheap), a grey hatch over masked cells, thin
// separators between large cells, and each cell's number while cells are big enough to read.
class HeatmapCellLayer : public QCPLayerable {
    Q_OBJECT
public:
    HeatmapCellLayer(QCPAxisRect *axisRect, const HeatmapData *data);

    // On a vectorized painter (SVG/PDF figures) matrices up to this many cells are drawn as one
    // rectangle per cell, so they stay sharp at any zoom; larger ones as the image, which keeps
    // the file small.
    static constexpr int kMaxVectorCells = 128 * 128;

    // Base font for the numbers; shrunk (down to 7 pt) until the widest number fits a cell.
    void setNumberFont(const QFont &font) { m_numberFont = font; }
    const QFont &numberFont() const { return m_numberFont; }
    // Decimals of the numbers, -1 = automatic (attn::notation::cell).
    void setDecimals(int decimals) { m_decimals = decimals; }
    // A panel's own text for the numbers (HeatmapView::setNumberFormat); empty: the decimals'.
    void setNumberFormat(std::function<QString(double)> format) { m_format = std::move(format); }
    // What a cell says: its number, or "masked" for a masked finite value.
    QString cellText(int row, int col) const;
    // Never drawn smaller than this: below it the numbers are left out (the colours and the
    // tooltips remain).
    static constexpr double kMinNumberPointSize = 9.0;
    double drawnNumberPointSize() const { return m_drawnPointSize; }
    // Whether the last draw wrote numbers into the cells (tests, export).
    bool numbersShown() const { return m_numbersShown; }
    // Where the cells are with the axes' current (possibly zoomed) ranges.
    HeatmapGeometry geometry() const { return HeatmapGeometry::of(m_axisRect, *m_data); }

    // Above this many cells in view a shared (immutable) matrix is coloured on a worker thread:
    // the GUI thread draws the last image meanwhile and replots when the new one is ready.
    // Q, K and V of 4096 tokens (262,144 cells each, 64 columns: each coloured once per line of
    // pixels) take about 0.5 ms on the GUI thread, less than waiting for a pool thread on a
    // busy machine; a 1024 × 1024 stage still goes to a worker.
    static constexpr qint64 kAsyncCells = 300'000;
    // Above this many cells a heatmap scrolled out of view leaves its cells undrawn until it is
    // painted again (HeatmapPlot::replotsUnseen), in the replots QCustomPlot makes by itself (a
    // resize); the replots a heatmap asks for are left out whole meanwhile (requestReplot).
    static constexpr qint64 kUnseenCells = 1 << 18;
    bool isColoring() const { return m_pending.has_value() || m_waitingForSource; }

    static QColor excludedColor() { return QColor(HeatmapData::kExcludedColor); }
    static QColor hatchColor() { return QColor(0x9e, 0x9e, 0x9e); }
    static QColor excludedTextColor() { return QColor(0x42, 0x42, 0x42); }

signals:
    // A worker found the colour range of data generation `generation` (HeatmapData::rangeKnown
    // was false) and coloured its cells: the view adopts the range and replots.
    void colored(quint64 generation, ValueRange range);

protected:
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;
    QRect clipRect() const override;

private:
    const QImage &scaledCells(const QRect &cells, QSize devicePixels, qreal ratio);
    const QImage &sourceCells(const QRect &cells, QSize devicePixels, qreal ratio);
    void startColoring(const QRect &cells, QSize devicePixels, qreal ratio);
    void replotCells(); // new pixels for the same cells, once the event loop runs
    void adopt(CellImages images, const QRect &cells, QSize devicePixels, qreal ratio,
               quint64 generation);
    void drawVectorCells(QCPPainter *painter, const HeatmapGeometry &g, const QRect &cells) const;
    void drawSeparators(QCPPainter *painter, const HeatmapGeometry &g, const QRect &cells) const;
    void drawNumbers(QCPPainter *painter, const HeatmapGeometry &g, const QRect &cells);

    QCPAxisRect *m_axisRect;
    const HeatmapData *m_data;
    QFont m_numberFont;
    int m_decimals = -1;
    std::function<QString(double)> m_format;
    double m_drawnPointSize = 0;
    bool m_numbersShown = false;
    QImage m_scaled;
    quint64 m_scaledGeneration = ~quint64(0);
    QRect m_scaledCells; // which cells m_scaled shows (all of them unless zoomed in)
    QSize m_scaledShape; // of which matrix (columns × rows)
    struct Key {
        quint64 generation;
        QRect cells;
        QSize size;
        bool operator==(const Key &) const = default;
    };
    std::optional<Key> m_pending;    // what a worker is colouring now
    bool m_waitingForSource = false; // a cell source is preparing the cells in view
    QImage m_hatch; // the hatch texture over the whole area, reused while the size stays
    qreal m_hatchRatio = 0;
};

} // namespace attn::ui
