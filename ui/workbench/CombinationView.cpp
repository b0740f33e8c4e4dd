// SPDX-License-Identifier: GPL-3.0-or-later
#include "CombinationView.h"

#include "Notation.h"
#include "VectorExp.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/Derivation.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/CellText.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn::ui {

namespace {

constexpr int kMargin = 10;
constexpr int kLineHeight = 26;
constexpr int kLabelWidth = 80;
constexpr int kBarWidth = 130;
constexpr int kOperatorWidth = 22;
// The layout's sizes at the default font, scaled with the widget's font (presentation zoom).
struct Metrics {
    int margin, line, label, bar, op, cells;
};

constexpr int kFixedLines = 5;     // title, column heads, Σ, and two for the sentence under it
constexpr int kMinimumKeys = 4;    // key lines the panel always has room for
constexpr int kMaxCellsDrawn = 64; // beyond this, a row of V is drawn as a strip without numbers
constexpr int kMinCellsWidth = 80; // each of the two rows of cells

} // namespace

CombinationView::CombinationView(Document *document, Recomputer *recomputer, QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer) {
    setObjectName("combinationView");
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    connect(recomputer, &Recomputer::resultReady, this, &CombinationView::refresh);
    ViewSelection *selection = &document->selection();
    connect(selection, &ViewSelection::selectedRowChanged, this, &CombinationView::refresh);
    connect(selection, &ViewSelection::currentHeadChanged, this, &CombinationView::refresh);
    connect(selection, &ViewSelection::layoutChanged, this, &CombinationView::refresh);
    refresh();
}

const attn::Matrix &CombinationView::values() const {
    static const attn::Matrix none;
    if (m_row < 0 || !m_result || m_head >= int(m_result->heads.size()))
        return none;
    return m_result->heads[size_t(m_head)].V;
}

void CombinationView::setColorMap(ColorMapId diverging) {
    m_lut = ColorLut(diverging);
    update();
}

void CombinationView::refresh() {
    const QSize hint = sizeHint(), minimum = minimumSizeHint();
    const ResultSnapshot &snapshot = m_recomputer->snapshot();
    m_result = snapshot.result;
    m_row = -1;
    m_shown.clear();
    m_fullyMasked = false;
    // The picture is the same in both layouts: a weighted sum of value vectors. In the column
    // layout those are V's columns, and the weights a column of the weights: only the text says
    // so, the numbers are read from the (row-layout) result.
    m_columns = m_document->selection().layout() == attn::Layout::Columns;
    if (snapshot.isValid() && !m_result->heads.empty()) {
        m_head =
            std::clamp(m_document->selection().currentHead(), 0, int(m_result->heads.size()) - 1);
        const attn::HeadResult &h = m_result->heads[size_t(m_head)];
        const attn::Matrix &values = h.V;
        const int row = m_document->selection().selectedRow();
        if (row >= 0 && row < h.queryCount()) {
            m_row = row;
            // Only this query's weights: O(m·d), not the whole n × m stage.
            const attn::Matrix weights = h.queryRows(attn::HeadResult::Derived::Weights, row, 1);
            m_weights = weights.row(0).transpose();
            m_sum = m_weights.transpose() * values;
            const attn::AttentionInputs &inputs = *snapshot.inputs; // the result's own tokens
            m_keys = m_keyLabels.labels(inputs.sourceTokens());
            m_query = QString::fromStdString(inputs.tokens[size_t(row)]);
            // The weights of a query with every key masked are all 0 (the core's convention):
            // no softmax ran, so nothing sums to 1.
            const attn::Mask &masked = m_result->masked;
            m_fullyMasked = row < masked.rows() && masked.cols() == weights.cols()
                                ? masked.row(row).all()
                                : m_weights.sum() == 0.0;
            chooseShownKeys();
            m_range = std::max({attn::finiteExtrema(values.data(), values.size()).maxAbs,
                                m_sum.cwiseAbs().maxCoeff(), 1e-12});
        }
    }
    // An edit keeps the shape: no new layout of the stages (and of the window's scroll area).
    if (sizeHint() != hint || minimumSizeHint() != minimum)
        updateGeometry();
    update();
}

static Metrics metricsFor(const QFontMetrics &fm) {
    const double f = std::max(1.0, fm.height() / 17.0);
    auto scaled = [f](int v) { return int(v * f); };
    return {scaled(kMargin),   scaled(kLineHeight),    scaled(kLabelWidth),
            scaled(kBarWidth), scaled(kOperatorWidth), scaled(kMinCellsWidth)};
}

CombinationView::Columns CombinationView::columns() const {
    // The default sizes, widened to what their texts need at this font (a projector's type
    // cut "≤0.00" and "+7 keys" when the columns kept their sizes for the default font).
    const QFontMetrics fm = fontMetrics();
    const Metrics mt = metricsFor(fm);
    Columns c;
    c.label = mt.label;
    // The key names whole (a long one up to 24 average characters' width), and "+N keys".
    const int cap = 24 * fm.averageCharWidth();
    c.label = std::max(c.label, fm.horizontalAdvance(tr("+%1 keys").arg(m_weights.size())) + 8);
    for (qsizetype k = 0; k < m_keys.size() && k < 256; ++k)
        c.label = std::max(c.label, std::min(cap, fm.horizontalAdvance(m_keys[k]) + 8));
    // The bar and, beside it, its weight ("≤0.001"): the number never cut.
    c.number = fm.horizontalAdvance(QStringLiteral("\u22640.000")) + 8;
    c.track = std::max(int(mt.bar * 0.6), fm.horizontalAdvance(tr("weight a ≥ 0")) + 4 - c.number);
    return c;
}

int CombinationView::keyLinesThatFit() const {
    // Everything but the key lines: the title, the column heads, the separator, Σ and the
    // sentence under it (two lines).
    const Metrics mt = metricsFor(fontMetrics());
    const int fixed = 2 * mt.margin + 4 + kFixedLines * mt.line;
    return std::max(0, (height() - fixed) / mt.line);
}

void CombinationView::chooseShownKeys() {
    m_shown.clear();
    if (m_row < 0)
        return;
    // Every key when all fit; otherwise the largest weights, in token order, as many as leave
    // room for the "other keys" line and Σ: the sum is never cut off.
    const int m = int(m_weights.size());
    const int fit = keyLinesThatFit();
    QList<int> order(m);
    std::iota(order.begin(), order.end(), 0);
    if (m > std::min(kMaxShownKeys, fit)) {
        // One line for the other keys, one more for the sentence saying what they weigh.
        const int count = std::clamp(fit - 2, 1, kMaxShownKeys);
        // The largest `count` weights, ties to the earlier key: only those sorted (of 4,096).
        const Eigen::VectorXd &w = m_weights;
        const int keep = std::min(count, m);
        std::partial_sort(order.begin(), order.begin() + keep, order.end(),
                          [&w](int a, int b) { return w(a) > w(b) || (w(a) == w(b) && a < b); });
        order.resize(keep);
        std::sort(order.begin(), order.end());
    }
    m_shown = order;
}

void CombinationView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    const qsizetype before = m_shown.size();
    chooseShownKeys();
    if (m_shown.size() != before)
        update();
}

QString CombinationView::omittedText() const {
    const int m = int(m_weights.size());
    if (m_row < 0 || m <= m_shown.size())
        return {};
    double shown = 0;
    for (int key : m_shown)
        shown += m_weights(key);
    return tr("%1 of %2 keys not listed: weight %3 together")
        .arg(m - m_shown.size())
        .arg(m)
        .arg(attn::notation::weightBeside(std::max(0.0, m_weights.sum() - shown)));
}

QString CombinationView::conclusion() const {
    if (m_row < 0)
        return {};
    const QString part = m_columns ? tr("column") : tr("row");
    if (m_fullyMasked)
        return tr("Query %1 (\u201c%2\u201d) has no key to attend to: every key is masked, "
                  "so its weights are all 0 and sum to 0, not 1. Its output %3 is 0 by "
                  "convention, not a weighted average of V's %3s.")
            .arg(m_row)
            .arg(m_query, part);
    const bool convex = (m_weights.array() >= 0).all();
    return tr("Weights are %1 and sum to %2: the output %3 is a convex combination — a "
              "weighted average — of V's %3s.")
        .arg(convex ? tr("non-negative") : tr("NOT all non-negative"))
        .arg(m_weights.sum(), 0, 'f', 6)
        .arg(part);
}

QRectF CombinationView::sumLineRect() const {
    if (m_row < 0)
        return {};
    const Metrics mt = metricsFor(fontMetrics());
    const int lines = 2 + int(m_shown.size()) + (m_weights.size() > m_shown.size());
    return {double(mt.margin), double(mt.margin + lines * mt.line + 4),
            double(width() - 2 * mt.margin), double(mt.line)};
}

QSize CombinationView::sizeHint() const {
    const Metrics mt = metricsFor(fontMetrics());
    // Not the keys shown now (those follow the height), so the hint does not feed back.
    const int keys = int(std::min<Eigen::Index>(m_weights.size(), kMaxShownKeys));
    const int lines = keys + kFixedLines + 2 * (m_weights.size() > keys);
    const int cols = m_row >= 0 ? int(std::min<Eigen::Index>(m_sum.size(), 8)) : 3;
    const Columns c = columns();
    return {2 * mt.margin + c.label + c.track + c.number + 2 * mt.op + 2 * cols * 48,
            2 * mt.margin + 4 + lines * mt.line};
}

QSize CombinationView::minimumSizeHint() const {
    // A few keys (the others folded into one line, said in one more), and Σ with its sentence.
    const Metrics mt = metricsFor(fontMetrics());
    const Eigen::Index m = m_weights.size();
    const int keys = int(std::min<Eigen::Index>(m, kMinimumKeys));
    // The width of the smallest cells (kMinCellsWidth) the painting does not overflow.
    const Columns c = columns();
    return {2 * mt.margin + c.label + c.track + c.number + 2 * mt.op + 2 * mt.cells,
            2 * mt.margin + 4 + (kFixedLines + keys + 2 * (m > keys)) * mt.line};
}

void CombinationView::paintCells(QPainter &p, const QRectF &rect, const Eigen::RowVectorXd &values,
                                 bool numbers) const {
    const int n = int(values.size());
    const int drawn = std::min(n, kMaxCellsDrawn);
    const double w = rect.width() / drawn;
    const ValueRange range{-m_range, m_range, 0, n};
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    p.setFont(small);
    // Numbers only when every one of the row fits its cell with room on both sides: never run
    // together ("0.01650.0275") nor cut into wrong-looking values (".016").
    // Narrow cells (a projector's type) get two significant digits ("0.01", "−1.2"): a weighted
    // row of small weights reads "0.00", not blank, and the sum visibly adds up.
    // The font shrinks to fit, never below what the heatmaps' numbers go down to (9 pt).
    QStringList texts;
    if (numbers && drawn == n)
        for (auto format : {+[](double v) { return attn::notation::cell(v); },
                            +[](double v) { return attn::notation::compactCell(v); },
                            +[](double v) { return attn::notation::tightCell(v); }}) {
            texts.clear();
            double widest = 0;
            for (int k = 0; k < n; ++k) {
                texts << format(values(k));
                widest = std::max(widest, QFontMetricsF(p.font()).horizontalAdvance(texts.back()));
            }
            const double scale = (w - 6) / std::max(widest, 1.0);
            const double size =
                scale >= 1 ? small.pointSizeF() : std::floor(small.pointSizeF() * scale * 2) / 2;
            if (size >= std::min(9.0, small.pointSizeF())) {
                if (size < small.pointSizeF()) {
                    small.setPointSizeF(size);
                    p.setFont(small);
                }
                break;
            }
            texts.clear();
        }
    // The cells on whole pixels, without antialiasing: neighbours meet without seams, and the
    // thousand fills of a line of 64 values cost a tenth of antialiased fractional ones (the
    // panel is painted again on every edit).
    p.setRenderHint(QPainter::Antialiasing, false);
    const double top = std::round(rect.top()), bottom = std::round(rect.bottom());
    for (int k = 0; k < drawn; ++k) {
        // With more columns than fit, each drawn cell shows the column it starts at.
        const int col = drawn == n ? k : int(qint64(k) * n / drawn);
        const QColor c = QColor::fromRgb(m_lut.at(lutIndex(values(col), range)));
        const double left = std::round(rect.left() + k * w);
        const double right = std::round(rect.left() + (k + 1) * w);
        const QRectF cell(left, top, right - left, bottom - top);
        p.fillRect(cell, c);
        if (!texts.isEmpty()) {
            p.setPen(contrastingTextColor(c));
            p.drawText(cell, Qt::AlignCenter, texts[k]);
        }
    }
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect);
    p.setFont(font());
}

QString CombinationView::shownTitle() const {
    const QString heads =
        m_result && m_result->heads.size() > 1 ? tr(" (head %1)").arg(m_head) : QString();
    // The formula and the head first: a narrow panel cuts the explanation after them.
    const QString title =
        m_columns ? tr("output column %1 (\u201c%2\u201d) = \u03a3\u2c7c a\u2c7c%3 \u00b7 "
                       "v\u2c7c%4  \u2014 the columns of V weighted by column %1 of the "
                       "weights")
                        .arg(QString::number(m_row), m_query, derivation::subscript(m_row), heads)
                  : tr("output row %1 (\u201c%2\u201d) = \u03a3\u2c7c a%3\u2c7c \u00b7 "
                       "v\u2c7c%4  \u2014 the rows of V weighted by row %1 of the weights")
                        .arg(QString::number(m_row), m_query, derivation::subscript(m_row), heads);
    // When the whole title does not fit, the explanation after the dash goes (the formula
    // stays whole: a cut "— the rows of V weighted by row 0 of the w…" reads as a defect).
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    const int room = width() - 2 * metricsFor(fontMetrics()).margin;
    qsizetype dash = title.lastIndexOf(QStringLiteral(" \u2014 ")); // German: an en dash
    if (dash < 0)
        dash = title.lastIndexOf(QStringLiteral(" \u2013 "));
    if (dash > 0 && metrics.horizontalAdvance(title) > room)
        return title.left(dash).trimmed();
    return title;
}

void CombinationView::paintEvent(QPaintEvent *) {
    const Metrics mt = metricsFor(fontMetrics());
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.setPen(pal.color(QPalette::Text));
    if (m_row < 0) {
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Click a query row in any heatmap to see its output row built from the rows "
                      "of V."));
        return;
    }
    const attn::Matrix &values = this->values();
    const int m = int(m_weights.size());
    const Columns cols = columns();
    const int barWidth = cols.track + cols.number;
    const double cellsWidth = std::max<double>(
        mt.cells, (width() - 2 * mt.margin - cols.label - barWidth - 2 * mt.op) / 2.0);
    const double xBar = mt.margin + cols.label;
    const double xTimes = xBar + barWidth;
    m_cut.clear();
    // The longest of the texts that fits (they say the same, shorter), else the last cut.
    const auto fitting = [&p, this](const QStringList &texts, int room) {
        for (const QString &text : texts)
            if (p.fontMetrics().horizontalAdvance(text) <= room)
                return text;
        m_cut << texts.back();
        return p.fontMetrics().elidedText(texts.back(), Qt::ElideRight, room);
    };
    const double xV = xTimes + mt.op;
    const double xEq = xV + cellsWidth;
    const double xScaled = xEq + mt.op;
    const bool numbers = m_sum.size() <= 8;

    double y = mt.margin;
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const int room = width() - 2 * mt.margin;
    const QString shown = shownTitle();
    p.drawText(QRectF(mt.margin, y, room, mt.line), Qt::AlignVCenter, fitting({shown}, room));
    p.setFont(font());
    y += mt.line;
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(QRectF(mt.margin, y, cols.label - 6, mt.line), Qt::AlignVCenter | Qt::AlignRight,
               fitting({tr("key j"), QStringLiteral("j")}, cols.label - 6));
    p.drawText(QRectF(xBar, y, barWidth, mt.line), Qt::AlignVCenter,
               fitting({tr("weight a ≥ 0"), QStringLiteral("a")}, barWidth));
    const QString part = m_columns ? tr("column") : tr("row");
    // Column heads within their column (never over the next one): shorter when narrow.
    auto head = [&](double x, const QStringList &texts) {
        p.drawText(QRectF(x, y, cellsWidth, mt.line), Qt::AlignCenter,
                   fitting(texts, int(cellsWidth) - 4));
    };
    const QString of = tr("%1 vⱼ of V").arg(part);
    head(xV, m_columns ? QStringList{of + tr(" (drawn across)"), of, QStringLiteral("vⱼ")}
                       : QStringList{of, QStringLiteral("vⱼ")});
    head(xScaled, {tr("weighted %1 a·vⱼ").arg(part), QStringLiteral("a·vⱼ")});
    y += mt.line;

    auto drawLine = [&](const QString &label, double weight, const Eigen::RowVectorXd *v,
                        const Eigen::RowVectorXd &scaled, bool emphasize) {
        const QRectF line(mt.margin, y + 3, width() - 2 * mt.margin, mt.line - 6);
        p.setPen(pal.color(QPalette::Text));
        QFont f = font();
        f.setBold(emphasize);
        p.setFont(f);
        p.drawText(QRectF(mt.margin, y, cols.label - 6, mt.line), Qt::AlignVCenter | Qt::AlignRight,
                   fitting({label}, cols.label - 6));
        // The weight as a bar on a fixed [0, 1] scale, its value written beside it.
        const double barMax = cols.track - 4; // the rest holds the number
        const QRectF track(xBar, line.top() + 2, barMax, line.height() - 4);
        p.fillRect(track, pal.color(QPalette::AlternateBase));
        p.fillRect(QRectF(track.left(), track.top(), barMax * std::clamp(weight, 0.0, 1.0),
                          track.height()),
                   QColor(0x2c, 0x7f, 0xb8));
        p.drawText(QRectF(xBar + cols.track, y, cols.number, mt.line), Qt::AlignVCenter,
                   fitting({attn::notation::weightBeside(weight)}, cols.number));
        if (v) {
            p.drawText(QRectF(xTimes, y, mt.op, mt.line), Qt::AlignCenter, "\u00d7");
            paintCells(p, QRectF(xV, line.top(), cellsWidth, line.height()), *v, numbers);
        }
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(xEq, y, mt.op, mt.line), Qt::AlignCenter, "=");
        paintCells(p, QRectF(xScaled, line.top(), cellsWidth, line.height()), scaled, numbers);
        y += mt.line;
        p.setFont(font());
    };

    double shownWeight = 0;
    Eigen::RowVectorXd shownSum = Eigen::RowVectorXd::Zero(m_sum.size());
    for (int key : m_shown) {
        const QString label = key < m_keys.size() ? m_keys[key] : QString::number(key);
        const Eigen::RowVectorXd v = values.row(key), scaled = m_weights(key) * v;
        drawLine(label, m_weights(key), &v, scaled, false);
        shownWeight += m_weights(key);
        shownSum += scaled;
    }
    if (m > m_shown.size()) {
        // Never below 0: the rest of a sum of weights can round to −1e−17.
        const double rest = std::max(0.0, m_weights.sum() - shownWeight);
        drawLine(tr("+%1 keys").arg(m - m_shown.size()), rest, nullptr,
                 Eigen::RowVectorXd(m_sum - shownSum), false);
        // Where the row of V would be: how many keys the line folds and what they weigh.
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(QRectF(xV, y - mt.line, cellsWidth, mt.line), Qt::AlignCenter,
                   fitting({tr("%1 keys, weight %2")
                                .arg(m - m_shown.size())
                                .arg(attn::notation::weightBeside(rest)),
                            tr("+%1 keys").arg(m - m_shown.size())},
                           int(cellsWidth) - 4));
    }
    p.setPen(QPen(pal.color(QPalette::Text), 1.5));
    p.drawLine(QPointF(mt.margin, y + 2), QPointF(width() - mt.margin, y + 2));
    y += 4;
    drawLine("\u03a3", m_weights.sum(), nullptr, m_sum, true);
    p.setPen(m_fullyMasked ? QColor(0xb0, 0x00, 0x20) : pal.color(QPalette::PlaceholderText));
    const QString omitted = omittedText();
    p.drawText(QRectF(mt.margin, y, width() - 2 * mt.margin, mt.line * (omitted.isEmpty() ? 2 : 3)),
               Qt::AlignTop | Qt::TextWordWrap,
               omitted.isEmpty() ? conclusion() : omitted + ". " + conclusion());
}

} // namespace attn::ui
