// SPDX-License-Identifier: GPL-3.0-or-later
#include "CompactHeaderView.h"

#include <QEvent>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace attn::ui {

CompactHeaderView::CompactHeaderView(Qt::Orientation orientation, QWidget *parent)
    : QHeaderView(orientation, parent) {
    // What QTableView's own headers are.
    setSectionsClickable(true);
    setHighlightSections(true);
}

QSize CompactHeaderView::sectionSizeFromContents(int logicalIndex) const {
    const QAbstractItemModel *m = model();
    if (!m || count() <= kStyledSections || logicalIndex == 0)
        return QHeaderView::sectionSizeFromContents(logicalIndex);
    const QString text = m->headerData(logicalIndex, orientation()).toString();
    const bool plain = !text.contains(QLatin1Char('\n')) &&
                       !m->headerData(logicalIndex, orientation(), Qt::DecorationRole).isValid() &&
                       !m->headerData(logicalIndex, orientation(), Qt::FontRole).isValid();
    if (!plain)
        return QHeaderView::sectionSizeFromContents(logicalIndex);
    if (!m_reference) {
        // Qt measures header texts in bold (a highlighted section is drawn bold).
        QFont bold = font();
        bold.setBold(true);
        const QFontMetricsF metrics(bold);
        // Digits of one width (nearly every interface font): a number's width is its length's.
        double digit = metrics.horizontalAdvance(QLatin1Char('0'));
        for (char c = '1'; c <= '9'; ++c)
            if (metrics.horizontalAdvance(QLatin1Char(c)) != digit)
                digit = -1;
        m_reference = Reference{QHeaderView::sectionSizeFromContents(0), 0, metrics, digit};
        m_reference->textSize = m_reference->widthOf(m->headerData(0, orientation()).toString());
    }
    QSize size = m_reference->size;
    size.setWidth(size.width() - m_reference->textSize + m_reference->widthOf(text));
    return size;
}

int CompactHeaderView::Reference::widthOf(const QString &text) const {
    const bool number =
        digitWidth > 0 && !text.isEmpty() &&
        std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.isDigit(); });
    return number ? int(std::ceil(double(text.size()) * digitWidth)) + 1 : textWidth(metrics, text);
}

int CompactHeaderView::textWidth(const QFontMetricsF &metrics, const QString &text) {
    // Rounded up, and a pixel more: never narrower than the style's measure, whichever way it
    // rounds the same advance, so no text is cut.
    return int(std::ceil(metrics.horizontalAdvance(text))) + 1;
}

void CompactHeaderView::changeEvent(QEvent *event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        m_reference.reset();
    QHeaderView::changeEvent(event);
}

} // namespace attn::ui
