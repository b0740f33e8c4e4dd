// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenLinksView.h"

#include "InsightSupport.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/TokenLabels.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn::ui {

namespace {

constexpr double kMargin = 10;
constexpr double kDotGap = 8;          // between a label and where its lines start
constexpr double kMaxLabelWidth = 150; // longer labels are elided
constexpr size_t kMaxLinks = 50000; // beyond this only the strongest are drawn (n = 1024, H = 16)

} // namespace

TokenLinksView::TokenLinksView(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent) {
    setObjectName("tokenLinksView");
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.1);
    setFont(f);
}

void TokenLinksView::setAllHeads(bool on) {
    if (on == m_allHeads)
        return;
    m_allHeads = on;
    emit allHeadsChanged(on);
    refreshNow();
}

double TokenLinksView::weight(int head, int query, int key) const {
    if (!m_result || std::find(m_heads.begin(), m_heads.end(), head) == m_heads.end() ||
        query < 0 || key < 0 || query >= m_n || key >= m_m)
        return 0;
    return m_result->heads[size_t(head)].weights(query, key);
}

void TokenLinksView::refresh() {
    m_result.reset();
    m_heads.clear();
    m_links.clear();
    m_queries.clear();
    m_keys.clear();
    m_n = m_m = 0;
    const ResultSnapshot &snap = snapshot();
    if (snap.isValid() && !snap.result->heads.empty()) {
        const auto &result = snap.result;
        m_result = result;
        m_head = insight::headOf(*document(), *result);
        for (int h = 0; h < int(result->heads.size()); ++h)
            if (m_allHeads || h == m_head)
                m_heads.push_back(h);
        // The picture has no layout: the weights are read as queries × keys (the row result).
        const attn::HeadResult &shown = result->heads[size_t(m_head)];
        m_n = int(shown.queryCount());
        m_m = int(shown.keyCount());
        m_queries = attn::tokenLabels(snap.inputs->tokens); // the result's own tokens
        m_keys = attn::tokenLabels(snap.inputs->sourceTokens());
    }
    m_selected = document()->selection().selectedRow();
    collectLinks();
    layoutTokens();
    updateGeometry();
    update();
}

TokenLinksView::Found TokenLinksView::findLinks(const attn::AttentionResult &result,
                                                const std::vector<int> &heads, int n, int m,
                                                double threshold) {
    Found f;
    const attn::Mask &masked = result.masked;
    const bool hasMask = masked.rows() == n && masked.cols() == m;
    const Eigen::Index block = 256;
    for (int head : heads) {
        const attn::HeadResult &h = result.heads[size_t(head)];
        if (h.queryCount() != n || h.keyCount() != m)
            continue;
        for (Eigen::Index first = 0; first < n; first += block) {
            const Eigen::Index count = std::min<Eigen::Index>(block, n - first);
            const attn::Matrix w = h.queryRows(attn::HeadResult::Derived::Weights, first, count);
            for (Eigen::Index r = 0; r < count; ++r)
                for (int k = 0; k < m; ++k) {
                    const int q = int(first + r);
                    if (hasMask && masked(q, k))
                        continue; // weight exactly 0: no line at all
                    ++f.candidates;
                    const double weight = w(r, k);
                    if (weight >= threshold && weight > 0)
                        f.links.push_back({head, q, k, weight});
                }
        }
    }
    std::stable_sort(f.links.begin(), f.links.end(),
                     [](const auto &a, const auto &b) { return a.weight < b.weight; });
    f.found = f.links.size();
    if (f.links.size() > kMaxLinks)
        f.links.erase(f.links.begin(), f.links.end() - qsizetype(kMaxLinks));
    return f;
}

void TokenLinksView::collectLinks() {
    if (!m_result) {
        m_caption = tr("No result yet.");
        return;
    }
    const bool large = std::max(m_n, m_m) > kReadableTokens;
    m_threshold = large ? kLargeThreshold : 0.0;
    runOffThread(insight::isLarge(*m_result),
                 [result = m_result, heads = m_heads, n = m_n, m = m_m, threshold = m_threshold,
                  this]() -> Present {
                     auto found =
                         std::make_shared<Found>(findLinks(*result, heads, n, m, threshold));
                     return [this, found] { showLinks(std::move(*found)); };
                 });
}

void TokenLinksView::showLinks(Found found) {
    const bool large = std::max(m_n, m_m) > kReadableTokens;
    m_links = std::move(found.links);
    const QString heads = m_allHeads && drawnHeads() > 1 ? tr("all %1 heads").arg(drawnHeads())
                                                         : tr("head %1").arg(m_head);
    if (found.found > m_links.size())
        m_caption = tr("%1 \u00b7 %2 \u00d7 %3 tokens: only the strongest %4 of the %5 "
                       "lines with weight \u2265 %6 are drawn")
                        .arg(heads)
                        .arg(m_n)
                        .arg(m_m)
                        .arg(m_links.size())
                        .arg(found.found)
                        .arg(m_threshold);
    else if (large)
        m_caption = tr("%1 \u00b7 %2 \u00d7 %3 tokens: only lines with weight \u2265 %4 "
                       "are drawn (%5 of %6)")
                        .arg(heads)
                        .arg(m_n)
                        .arg(m_m)
                        .arg(m_threshold)
                        .arg(m_links.size())
                        .arg(found.candidates);
    else
        m_caption = tr("%1 \u00b7 line thickness and opacity = weight \u00b7 hover a token "
                       "to isolate its lines, click a query to select it")
                        .arg(heads);
    layoutTokens();
    updateGeometry();
    update();
}

double TokenLinksView::rowHeight(bool natural) const {
    const int count = int(std::max(m_queries.size(), m_keys.size()));
    const double readable = fontMetrics().height() + 8;
    if (count > kReadableTokens) // compressed: about a screen; labels are thinned out
        return std::max(2.0, std::min(readable, 1000.0 / count));
    if (natural || count == 0)
        return readable;
    // Few tokens spread over the room there is (up to three lines' height each).
    const double room = (height() - m_top - kMargin) / count;
    return std::clamp(room, readable, 3 * readable);
}

void TokenLinksView::layoutTokens() {
    const QFontMetrics fm = fontMetrics();
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    double widest = boldMetrics.horizontalAdvance(
        m_keyTitle =
            snapshot().isValid() && snapshot().inputs->hasContext ? tr("keys (context)") : "keys");
    widest = std::max(widest, double(boldMetrics.horizontalAdvance("queries")));
    // Measured once per token list and font, not at every resize: shaping 8192 labels takes
    // about 80 ms.
    const QString fontKey = bold.key();
    if (m_measuredFont != fontKey || m_measuredQueries != m_queries || m_measuredKeys != m_keys) {
        m_widestToken = 0;
        for (const QStringList *labels : {&m_queries, &m_keys}) {
            // Of thousands of labels only the longest few can be the widest (shaping all of
            // them takes about 50 ms): the 64 with the most characters are measured.
            QList<qsizetype> order(labels->size());
            std::iota(order.begin(), order.end(), 0);
            const qsizetype measured = std::min<qsizetype>(order.size(), 64);
            std::partial_sort(order.begin(), order.begin() + measured, order.end(),
                              [labels](qsizetype a, qsizetype b) {
                                  return labels->at(a).size() > labels->at(b).size();
                              });
            for (qsizetype i = 0; i < measured; ++i)
                m_widestToken = std::max(
                    m_widestToken, double(boldMetrics.horizontalAdvance(labels->at(order[i]))));
        }
        m_measuredFont = fontKey;
        m_measuredQueries = m_queries;
        m_measuredKeys = m_keys;
    }
    widest = std::max(widest, m_widestToken);
    m_labelWidth = std::min(widest + 10, kMaxLabelWidth);
    m_queryX = kMargin + m_labelWidth + kDotGap;
    m_keyX = width() - kMargin - m_labelWidth - kDotGap;
    m_captionHeight = fm.boundingRect(QRect(0, 0, std::max(width() - 2 * int(kMargin), 50), 1000),
                                      Qt::TextWordWrap, m_caption)
                          .height();
    const double legend = m_allHeads && drawnHeads() > 1 ? fm.height() + 6 : 0;
    m_top = kMargin + m_captionHeight + 6 + legend + fm.height() + 8; // caption, legend, titles
}

QSize TokenLinksView::sizeHint() const {
    const int count = int(std::max(m_queries.size(), m_keys.size()));
    return {460, int(m_top + count * rowHeight(true) + kMargin)};
}

QSize TokenLinksView::minimumSizeHint() const {
    const int count = int(std::max(m_queries.size(), m_keys.size()));
    return {320, int(m_top + count * rowHeight(true) + kMargin)};
}

void TokenLinksView::resizeEvent(QResizeEvent *event) {
    InsightView::resizeEvent(event);
    layoutTokens();
}

QRectF TokenLinksView::tokenRect(Side side, int index) const {
    const double h = rowHeight();
    const int count = int(side == Side::Query ? m_queries.size() : m_keys.size());
    const int most = int(std::max(m_queries.size(), m_keys.size()));
    // The shorter list is centred against the longer one.
    const double top = m_top + (most - count) * h / 2 + index * h;
    const double x = side == Side::Query ? kMargin : m_keyX + kDotGap;
    return {x, top, m_labelWidth, h};
}

QPointF TokenLinksView::anchor(Side side, int index, int head) const {
    double y = tokenRect(side, index).center().y();
    const int heads = drawnHeads();
    if (m_allHeads && heads > 1) // side by side, so the heads' lines for a pair do not overlap
        y += (head - (heads - 1) / 2.0) * std::min(2.5, rowHeight() / (heads + 1));
    return {side == Side::Query ? m_queryX : m_keyX, y};
}

std::pair<TokenLinksView::Side, int> TokenLinksView::tokenAt(QPointF pos) const {
    // Left of the lines' start is the query column, right of their end the key column.
    const Side side = pos.x() < m_queryX ? Side::Query : Side::Key;
    if (pos.x() >= m_queryX && pos.x() <= m_keyX)
        return {Side::Query, -1};
    const int count = int(side == Side::Query ? m_queries.size() : m_keys.size());
    if (count == 0)
        return {Side::Query, -1};
    const int i = int(std::floor((pos.y() - tokenRect(side, 0).top()) / rowHeight()));
    if (i < 0 || i >= count)
        return {Side::Query, -1};
    return {side, i};
}

void TokenLinksView::setHover(Side side, int index) {
    if (side == m_hoverSide && index == m_hoverIndex)
        return;
    m_hoverSide = side;
    m_hoverIndex = index;
    update();
}

bool TokenLinksView::isFaded(const Link &link) const {
    if (m_hoverIndex < 0)
        return false;
    return m_hoverSide == Side::Query ? link.query != m_hoverIndex : link.key != m_hoverIndex;
}

QColor TokenLinksView::lineColor(const Link &link) const {
    QColor c = insight::categoryColor(link.head);
    const double opacity = 0.12 + 0.88 * std::clamp(link.weight, 0.0, 1.0);
    c.setAlphaF(float(isFaded(link) ? opacity * 0.12 : opacity));
    return c;
}

double TokenLinksView::lineWidth(const Link &link) const {
    const double scale = rowHeight() < 12 ? 3.0 : 9.0; // compressed lists get thinner lines
    return 0.6 + scale * std::clamp(link.weight, 0.0, 1.0);
}

void TokenLinksView::paintEvent(QPaintEvent *) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QFontMetrics fm = fontMetrics();
    double y = kMargin;
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRectF(kMargin, y, width() - 2 * kMargin, m_captionHeight), Qt::TextWordWrap,
               m_caption);
    y += m_captionHeight + 6;
    if (m_allHeads && drawnHeads() > 1) { // legend: one swatch per head
        double x = kMargin;
        for (int h : m_heads) {
            const QString text = tr("head %1").arg(h);
            p.fillRect(QRectF(x, y + 3, 18, fm.height() - 6), insight::categoryColor(h));
            p.drawText(QPointF(x + 22, y + fm.ascent()), text);
            x += 22 + fm.horizontalAdvance(text) + 14;
        }
        y += fm.height() + 6;
    }
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    p.setFont(bold);
    p.drawText(QRectF(kMargin, y, m_labelWidth, fm.height()), Qt::AlignRight, "queries");
    p.drawText(QRectF(m_keyX + kDotGap, y, m_labelWidth, fm.height()), Qt::AlignLeft, m_keyTitle);
    p.setFont(font());

    // Lines: the faded ones first, so the isolated token's lines are on top; weakest first.
    for (int pass = 0; pass < 2; ++pass)
        for (const Link &link : m_links) {
            if (isFaded(link) != (pass == 0))
                continue;
            QPen pen(lineColor(link), lineWidth(link));
            pen.setCapStyle(Qt::FlatCap);
            p.setPen(pen);
            p.drawLine(anchor(Side::Query, link.query, link.head),
                       anchor(Side::Key, link.key, link.head));
        }

    // The isolated token's weights, written at the far end of its lines.
    if (m_hoverIndex >= 0 && rowHeight() >= fm.height()) {
        QFont small = font();
        small.setPointSizeF(font().pointSizeF() * 0.85);
        p.setFont(small);
        const QFontMetrics sm(small);
        for (const Link &link : m_links) {
            if (isFaded(link))
                continue;
            const QPointF a = anchor(Side::Query, link.query, link.head);
            const QPointF b = anchor(Side::Key, link.key, link.head);
            const QPointF at = m_hoverSide == Side::Query ? a + 0.8 * (b - a) : a + 0.2 * (b - a);
            const QString text = QString::number(link.weight, 'f', 3);
            QRectF box(0, 0, sm.horizontalAdvance(text) + 6, sm.height());
            box.moveCenter(at);
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(255, 255, 255, 220));
            p.drawRoundedRect(box, 3, 3);
            p.setPen(insight::categoryColor(link.head).darker(130));
            p.drawText(box, Qt::AlignCenter, text);
        }
        p.setFont(font());
    }

    // Labels, thinned out when the rows are too dense to hold one each.
    const double h = rowHeight();
    const int every = std::max(1, int(std::ceil(fm.height() / h)));
    for (Side side : {Side::Query, Side::Key}) {
        const QStringList &labels = side == Side::Query ? m_queries : m_keys;
        for (int i = 0; i < labels.size(); ++i) {
            const bool hovered = side == m_hoverSide && i == m_hoverIndex;
            const bool selected = side == Side::Query && i == m_selected;
            // Thinned out: every `every`-th label, and none that would overlap the selected
            // or hovered one.
            const int special = side == m_hoverSide && m_hoverIndex >= 0 ? m_hoverIndex
                                : side == Side::Query                    ? m_selected
                                                                         : -1;
            if (!hovered && !selected &&
                (i % every != 0 || (special >= 0 && std::abs(i - special) < every)))
                continue;
            const QRectF r = tokenRect(side, i);
            const QRectF text(r.left(), r.center().y() - fm.height() / 2.0, r.width(), fm.height());
            if (selected || hovered) { // a box around the text itself
                const double w =
                    std::min(r.width(), boldMetrics.horizontalAdvance(labels[i]) + 8.0);
                const QRectF box = side == Side::Query
                                       ? QRectF(text.right() - w + 2, text.top(), w, text.height())
                                       : QRectF(text.left() - 4, text.top(), w, text.height());
                p.setPen(Qt::NoPen);
                p.setBrush(selected ? pal.color(QPalette::Highlight)
                                    : pal.color(QPalette::AlternateBase));
                p.drawRoundedRect(box.adjusted(-2, -1, 2, 1), 4, 4);
            }
            p.setPen(selected ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::Text));
            p.setFont(selected || hovered ? bold : font());
            p.drawText(text,
                       (side == Side::Query ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter,
                       fm.elidedText(labels[i], Qt::ElideRight, int(r.width() - 4)));
        }
    }
}

void TokenLinksView::mouseMoveEvent(QMouseEvent *event) {
    const auto [side, index] = tokenAt(event->position());
    setHover(side, index);
    InsightView::mouseMoveEvent(event);
}

void TokenLinksView::mousePressEvent(QMouseEvent *event) {
    const auto [side, index] = tokenAt(event->position());
    if (event->button() == Qt::LeftButton && side == Side::Query && index >= 0)
        document()->selection().setSelectedRow(index);
    InsightView::mousePressEvent(event);
}

void TokenLinksView::leaveEvent(QEvent *event) {
    setHover(Side::Query, -1);
    InsightView::leaveEvent(event);
}

void TokenLinksView::keyPressEvent(QKeyEvent *event) {
    const int n = int(m_queries.size());
    if (n > 0 && (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down)) {
        const int step = event->key() == Qt::Key_Up ? -1 : 1;
        const int row = m_selected < 0 ? 0 : std::clamp(m_selected + step, 0, n - 1);
        document()->selection().setSelectedRow(row);
        return;
    }
    InsightView::keyPressEvent(event);
}

} // namespace attn::ui
