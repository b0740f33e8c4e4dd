// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSharedPointer>
#include <QStringList>
#include <Qt>

#include <utility>

class QCPAxisRect;
class QCPAxisTicker;
class QCPAxisTickerText;

namespace attn::ui {

// The tick labels of a heatmap's axes: the token names while each gets a cell's worth of room
// (column names turned upright when side by side they would overlap), integer indices when
// there are too many rows/columns to read them. Zoomed in, only the rows and columns in view
// count: the names come back when their cells are large enough, also in a 4096-token matrix.
class HeatmapAxisLabels {
public:
    explicit HeatmapAxisLabels(QCPAxisRect *axisRect);

    // Beyond this many rows/columns in view names could never be read (15 px each): none are
    // built (the names of the part in view are built when it is zoomed in).
    static constexpr int kMaxNamed = 512;
    static constexpr int kMaxLabelChars = 14; // longer names are cut with "…" (tooltips show all)

    void setNames(const QStringList &rows, const QStringList &cols);
    void fontChanged() { m_widestColName = m_widestRowName = -1; }
    // Whether column names may stand upright when they are wider than a cell (the default).
    // Square cells (HeatmapView::setSquareCells) keep them level or give them up for indices:
    // upright names take the height the square cells were sized from, which gives the names
    // back their width, round after round.
    void setUprightNames(bool upright) { m_upright = upright; }
    // Chooses names/upright names/indices for the current cell size (call after a layout).
    // Returns true when it changed something, which then needs another layout.
    bool update();
    // Whether the rows' (vertical) or columns' (horizontal) names are drawn, not indices. True
    // too when there is nothing to name.
    bool namesShown(Qt::Orientation orientation) const;
    QStringList shownNames(Qt::Orientation orientation) const;
    // The axis titles, with a note when names gave way to indices: the names are not silently
    // lost, the title says so and how to get them back. Returns true when a title changed.
    bool updateTitles(const QString &rows, const QString &cols, const QStringList &rowLabels,
                      const QStringList &colLabels);
    // The pixels the names need: the widest row name and the widest column name.
    double widestName(Qt::Orientation orientation) const;

    // A plain tick ticker whose labels follow the typographic rule (attn::notation::typographic).
    static QSharedPointer<QCPAxisTicker> minusSignTicker();

private:
    QCPAxisRect *m_axisRect;
    // Builds the names ticker for the rows/columns in the axis's range; false when too many.
    bool buildNames(Qt::Orientation orientation);

    QStringList m_rowLabels, m_colLabels;
    int m_rows = 0;
    int m_cols = 0;
    std::pair<int, int> m_rowsBuilt{0, -1}, m_colsBuilt{0, -1}; // first, last named index
    QSharedPointer<QCPAxisTickerText> m_rowNames, m_colNames;
    QSharedPointer<QCPAxisTicker> m_rowIndices, m_colIndices;
    mutable double m_widestColName = -1; // pixels; < 0 = to be measured
    mutable double m_widestRowName = -1;
    bool m_upright = true;
};

} // namespace attn::ui
