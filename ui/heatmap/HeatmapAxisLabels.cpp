// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapAxisLabels.h"

#include "Notation.h"

#include <QCoreApplication>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

QString shortName(const QString &name) {
    constexpr int max = HeatmapAxisLabels::kMaxLabelChars;
    return name.size() > max ? name.left(max - 1) + QChar(0x2026) : name;
}

QSharedPointer<QCPAxisTicker> indexTicker() {
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0); // integers only: 1, 2, 5, 10, 20, … apart
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    ticker->setTickCount(6);
    return ticker;
}

class MinusSignTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar,
                         int precision) override {
        return attn::notation::typographic(
            QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision));
    }
};

} // namespace

HeatmapAxisLabels::HeatmapAxisLabels(QCPAxisRect *axisRect)
    : m_axisRect(axisRect), m_rowNames(QSharedPointer<QCPAxisTickerText>::create()),
      m_colNames(QSharedPointer<QCPAxisTickerText>::create()), m_rowIndices(indexTicker()),
      m_colIndices(indexTicker()) {
    m_axisRect->axis(QCPAxis::atLeft)->setTicker(m_rowIndices);
    m_axisRect->axis(QCPAxis::atBottom)->setTicker(m_colIndices);
}

QSharedPointer<QCPAxisTicker> HeatmapAxisLabels::minusSignTicker() {
    return QSharedPointer<MinusSignTicker>::create();
}

void HeatmapAxisLabels::setNames(const QStringList &rows, const QStringList &cols) {
    m_rowLabels = rows;
    m_colLabels = cols;
    m_rows = static_cast<int>(rows.size());
    m_cols = static_cast<int>(cols.size());
    m_rowsBuilt = m_colsBuilt = {0, -1};
    buildNames(Qt::Vertical);
    buildNames(Qt::Horizontal);
}

bool HeatmapAxisLabels::buildNames(Qt::Orientation orientation) {
    const bool rows = orientation == Qt::Vertical;
    const QCPAxis *axis = m_axisRect->axis(rows ? QCPAxis::atLeft : QCPAxis::atBottom);
    const int count = rows ? m_rows : m_cols;
    // The indices whose cells are (at least partly) in view.
    const QCPRange range = axis->range();
    // (Cell i spans i ± 0.5.)
    const int first = std::clamp(int(std::floor(range.lower - 0.5)) + 1, 0, std::max(count - 1, 0));
    const int last =
        std::clamp(int(std::ceil(range.upper + 0.5)) - 1, first, std::max(count - 1, 0));
    if (count == 0 || last - first + 1 > kMaxNamed)
        return false;
    std::pair<int, int> &built = rows ? m_rowsBuilt : m_colsBuilt;
    if (built == std::pair{first, last})
        return true;
    built = {first, last};
    const QStringList &labels = rows ? m_rowLabels : m_colLabels;
    const auto &ticker = rows ? m_rowNames : m_colNames;
    ticker->clear();
    for (int i = first; i <= last; ++i)
        ticker->addTick(i, shortName(labels[i]));
    (rows ? m_widestRowName : m_widestColName) = -1;
    return true;
}

double HeatmapAxisLabels::widestName(Qt::Orientation orientation) const {
    double &widest = orientation == Qt::Vertical ? m_widestRowName : m_widestColName;
    if (widest < 0) { // measured once per change of names or font, not per replot
        const QFontMetricsF fm(m_axisRect->axis(QCPAxis::atBottom)->tickLabelFont());
        widest = 0;
        const auto &names = orientation == Qt::Vertical ? m_rowNames : m_colNames;
        for (const QString &name : names->ticks())
            widest = std::max(widest, fm.horizontalAdvance(name));
    }
    return widest;
}

bool HeatmapAxisLabels::namesShown(Qt::Orientation orientation) const {
    const int count = orientation == Qt::Vertical ? m_rows : m_cols;
    const QCPAxis *axis =
        m_axisRect->axis(orientation == Qt::Vertical ? QCPAxis::atLeft : QCPAxis::atBottom);
    return count == 0 || axis->ticker() == (orientation == Qt::Vertical ? m_rowNames : m_colNames);
}

QStringList HeatmapAxisLabels::shownNames(Qt::Orientation orientation) const {
    if (!namesShown(orientation))
        return {};
    const auto &names = orientation == Qt::Vertical ? m_rowNames : m_colNames;
    return names->ticks().values();
}

bool HeatmapAxisLabels::update() {
    QCPAxis *x = m_axisRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_axisRect->axis(QCPAxis::atLeft);
    const QRect area = m_axisRect->rect();
    const QFontMetricsF fm(x->tickLabelFont());
    const double line = fm.height() * 0.95;
    bool changed = false;
    auto use = [&changed](QCPAxis *axis, const QSharedPointer<QCPAxisTicker> &ticker,
                          double rotation) {
        if (axis->ticker() != ticker) {
            axis->setTicker(ticker);
            changed = true;
        }
        if (axis->tickLabelRotation() != rotation) {
            axis->setTickLabelRotation(rotation);
            changed = true;
        }
    };
    // Indices as far apart as their text needs: six of them fit a large heatmap, a small
    // multiple's 170 pixels hold "0 5 10", not "0 2 4 6 810".
    const auto spaceIndices = [](const QSharedPointer<QCPAxisTicker> &ticker, double length,
                                 double label) {
        if (auto fixed = qSharedPointerDynamicCast<QCPAxisTickerFixed>(ticker))
            fixed->setTickCount(std::clamp(int(length / (2 * label)), 2, 6));
    };
    const QString widestIndex = QString::number(std::max({m_rows, m_cols, 1}) - 1);
    spaceIndices(m_colIndices, area.width(), fm.horizontalAdvance(widestIndex) + 4);
    spaceIndices(m_rowIndices, area.height(), line);
    // Cells in view: the whole matrix, or the zoomed-in part.
    const double rowsShown = y->range().size();
    const double colsShown = x->range().size();
    const bool rowNames = m_rows > 0 && buildNames(Qt::Vertical) &&
                          static_cast<double>(area.height()) / rowsShown >= line;
    use(y, rowNames ? m_rowNames.staticCast<QCPAxisTicker>() : m_rowIndices, 0);

    const bool named = m_cols > 0 && buildNames(Qt::Horizontal);
    const double widestCol = widestName(Qt::Horizontal);
    const double cellWidth = m_cols > 0 ? static_cast<double>(area.width()) / colsShown : 0;
    if (named && cellWidth >= widestCol + 8)
        use(x, m_colNames, 0);
    else if (named && m_upright && cellWidth >= line)
        use(x, m_colNames, -90); // upright, reading upwards, one per column
    else
        use(x, m_colIndices, 0);
    return changed;
}

bool HeatmapAxisLabels::updateTitles(const QString &rows, const QString &cols,
                                     const QStringList &rowLabels, const QStringList &colLabels) {
    // Labels that are indices anyway (d_k) need no note.
    auto named = [](const QStringList &labels) {
        for (int i = 0; i < labels.size(); ++i)
            if (labels[i] != QString::number(i))
                return true;
        return false;
    };
    // The note in the longest form its axis has room for: a caption wider than its axis is cut
    // at the widget's edge.
    const QRect area = m_axisRect->rect();
    auto title = [&](Qt::Orientation o, const QString &base, const QStringList &labels) {
        if (base.isEmpty() || namesShown(o) || !named(labels))
            return base;
        const QCPAxis *axis =
            m_axisRect->axis(o == Qt::Vertical ? QCPAxis::atLeft : QCPAxis::atBottom);
        const QFontMetricsF fm(axis->labelFont());
        const double room = o == Qt::Vertical ? area.height() : area.width();
        const QString forms[] = {
            QCoreApplication::translate("HeatmapAxisLabels",
                                        "%1 (numbered: zoom in or double-click to enlarge)")
                .arg(base),
            QCoreApplication::translate("HeatmapAxisLabels", "%1 (numbered: double-click)")
                .arg(base),
            QCoreApplication::translate("HeatmapAxisLabels", "%1 (numbered)").arg(base)};
        for (const QString &form : forms)
            if (room <= 0 || fm.horizontalAdvance(form) <= room)
                return form;
        return base;
    };
    const QString rowTitle = title(Qt::Vertical, rows, rowLabels);
    const QString colTitle = title(Qt::Horizontal, cols, colLabels);
    QCPAxis *y = m_axisRect->axis(QCPAxis::atLeft);
    QCPAxis *x = m_axisRect->axis(QCPAxis::atBottom);
    if (y->label() == rowTitle && x->label() == colTitle)
        return false;
    y->setLabel(rowTitle);
    x->setLabel(colTitle);
    return true;
}

} // namespace attn::ui
