// SPDX-License-Identifier: GPL-3.0-or-later
#include "CompactTableView.h"

#include "CompactHeaderView.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

namespace attn::ui {

CompactTableView::CompactTableView(QWidget *parent) : QTableView(parent) {
    setHorizontalHeader(new CompactHeaderView(Qt::Horizontal, this));
    setVerticalHeader(new CompactHeaderView(Qt::Vertical, this));
    applyFontMetrics();
    // A table squeezed below its contents grows a scroll bar inside its own size, covering the
    // last row (a one-row token list: the names) or column. Once one shows, the size hints make
    // room for it, so the contents stay readable beside it.
    auto follow = [this](Qt::Orientation o, int maximum) {
        bool &shown = o == Qt::Horizontal ? m_horizontalBar : m_verticalBar;
        if (shown == (maximum > 0))
            return;
        shown = maximum > 0;
        updateGeometry();
    };
    connect(horizontalScrollBar(), &QScrollBar::rangeChanged, this,
            [follow](int, int maximum) { follow(Qt::Horizontal, maximum); });
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this,
            [follow](int, int maximum) { follow(Qt::Vertical, maximum); });
}

void CompactTableView::applyFontMetrics() {
    const QFontMetrics fm(font());
    if (fm.height() == m_appliedLineHeight)
        return;
    m_appliedLineHeight = fm.height();
    // Room for "-0.0000", the widest compact number in everyday use.
    horizontalHeader()->setDefaultSectionSize(fm.horizontalAdvance(QStringLiteral("-0.0000")) + 12);
    horizontalHeader()->setMinimumSectionSize(fm.horizontalAdvance(QStringLiteral("000")) + 8);
    verticalHeader()->setDefaultSectionSize(fm.height() + 6);
    verticalHeader()->setMinimumSectionSize(fm.height() + 2);
}

void CompactTableView::changeEvent(QEvent *event) {
    QTableView::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        m_cellMargin = -1;
    // A zoom (presentation mode) and back: the cells and the size hint follow the type, so
    // leaving presentation shows as many rows as before it.
    if (event->type() == QEvent::FontChange) {
        applyFontMetrics();
        refreshGeometry();
        // The headers hear of the font after this view and set their own section sizes from
        // it: measured again once they have.
        QTimer::singleShot(0, this, [this] {
            m_appliedLineHeight = -1;
            applyFontMetrics();
            refreshGeometry();
        });
    }
}

void CompactTableView::showEvent(QShowEvent *event) {
    // A font changed while hidden (the docks are hidden in presentation mode) is measured here.
    applyFontMetrics();
    refreshGeometry();
    QTableView::showEvent(event);
}

void CompactTableView::setMaximumVisible(int rows, int columns) {
    m_maxRows = std::max(1, rows);
    m_maxColumns = std::max(1, columns);
    refreshGeometry();
}

void CompactTableView::setModel(QAbstractItemModel *newModel) {
    if (model())
        disconnect(model(), nullptr, this, nullptr);
    QTableView::setModel(newModel);
    m_cellMargin = -1;
    if (!newModel)
        return;
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved,
                        &QAbstractItemModel::columnsInserted, &QAbstractItemModel::columnsRemoved})
        connect(newModel, signal, this, &CompactTableView::refreshGeometry);
    connect(newModel, &QAbstractItemModel::modelReset, this, &CompactTableView::refreshGeometry);
    connect(newModel, &QAbstractItemModel::headerDataChanged, this,
            &CompactTableView::refreshGeometry);
    refreshGeometry();
}

QSize CompactTableView::contentsSize(int rows, int columns) const {
    const int modelRows = model() ? model()->rowCount() : 0;
    const int modelCols = model() ? model()->columnCount() : 0;
    const int r = std::min(rows, std::max(modelRows, 1));
    const int c = std::min(columns, std::max(modelCols, 1));
    int w = verticalHeader()->isVisible() ? verticalHeader()->sizeHint().width() : 0;
    for (int j = 0; j < c; ++j)
        w += j < modelCols ? columnWidth(j) : horizontalHeader()->defaultSectionSize();
    int h = horizontalHeader()->isVisible() ? horizontalHeader()->sizeHint().height() : 0;
    for (int i = 0; i < r; ++i)
        h += i < modelRows ? rowHeight(i) : verticalHeader()->defaultSectionSize();
    const int frame = 2 * frameWidth();
    if (modelCols > c || m_horizontalBar)
        h += horizontalScrollBar()->sizeHint().height();
    if (modelRows > r || m_verticalBar)
        w += verticalScrollBar()->sizeHint().width();
    return {w + frame, h + frame};
}

QSize CompactTableView::sizeHint() const {
    return contentsSize(m_maxRows, m_maxColumns);
}

// Two rows and columns, but never more than the whole table (a one-row token list).
QSize CompactTableView::minimumSizeHint() const {
    return contentsSize(2, 2).boundedTo(sizeHint());
}

void CompactTableView::refreshGeometry() {
    // A table that shows whole has no use for more room than its contents; a larger one may
    // grow into whatever space the window offers.
    const int rows = model() ? model()->rowCount() : 0;
    const int cols = model() ? model()->columnCount() : 0;
    setSizePolicy(cols > m_maxColumns ? QSizePolicy::Expanding : QSizePolicy::Maximum,
                  rows > m_maxRows ? QSizePolicy::Expanding : QSizePolicy::Maximum);
    updateGeometry();
}

int CompactTableView::sizeHintForColumn(int column) const {
    const QAbstractItemModel *m = model();
    if (!m || m->rowCount() != 1 || m->columnCount() <= CompactHeaderView::kStyledSections ||
        column == 0)
        return QTableView::sizeHintForColumn(column);
    // The first column is measured by the style, which gives the margins around a text; the
    // others are their text's width and those margins.
    const QFontMetricsF metrics(font());
    auto width = [&](int c) {
        return CompactHeaderView::textWidth(metrics, m->index(0, c).data().toString());
    };
    if (m_cellMargin < 0)
        m_cellMargin = QTableView::sizeHintForColumn(0) - width(0);
    return width(column) + m_cellMargin;
}

} // namespace attn::ui
