#pragma once

#include <QSharedPointer>
#include <QStringList>
#include <Qt>

class QCPAxisRect;
class QCPAxisTicker;
class QCPAxisTickerText;

// The tick labels of a heatmap's axes: the token names while each gets a cell's worth of room
// (column names turned upright when side by side they would overlap), integer indices when
// there are too many rows/columns to read them.
class HeatmapAxisLabels {
public:
    explicit HeatmapAxisLabels(QCPAxisRect *axisRect);

    // Beyond this many rows/columns names could never be read (15 px each): none are built.
    static constexpr int kMaxNamed = 512;
    static constexpr int kMaxLabelChars = 14; // longer names are cut with "…" (tooltips show all)

    void setNames(const QStringList &rows, const QStringList &cols);
    void fontChanged() { m_widestColName = m_widestRowName = -1; }
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
    int m_rows = 0;
    int m_cols = 0;
    QSharedPointer<QCPAxisTickerText> m_rowNames, m_colNames;
    QSharedPointer<QCPAxisTicker> m_rowIndices, m_colIndices;
    mutable double m_widestColName = -1; // pixels; < 0 = to be measured
    mutable double m_widestRowName = -1;
};
