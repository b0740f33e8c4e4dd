// SPDX-License-Identifier: GPL-3.0-or-later
#include "TermsWidget.h"

#include "Notation.h"
#include "heatmap/MatrixPaint.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn::ui {

namespace {

constexpr double kTermsMargin = 10;
constexpr double kFaded = 0.3; // opacity of terms not revealed yet

// Sizes along a term (label, coefficient, operator) and across it, per orientation.
struct Metrics {
    double label, coef, op, running, header, elements, thickness, cell;
};
constexpr Metrics kHorizontal{96, 80, 26, 104, 26, 22, 34, 64};
constexpr Metrics kVertical{30, 36, 26, 0, 132, 60, 70, 30};
constexpr double kRuleGap = 16;   // between the terms and their sum
constexpr double kMaxLabel = 160; // longer token names are elided

// The widest of the labels (token names such as "because"), up to kMaxLabel.
double widestLabel(const QFont &font, const QStringList &labels) {
    const QFontMetricsF fm(font);
    double widest = 0;
    for (const QString &label : labels)
        widest = std::max(widest, std::min(fm.horizontalAdvance(label), kMaxLabel));
    return widest;
}

using matrixpaint::maxAbs;

} // namespace

TermsWidget::TermsWidget(QWidget *parent) : QWidget(parent) {
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void TermsWidget::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange)
        return;
    // Numbers a little smaller than the labels, so "−0.0123" fits a 46-pixel cell.
    m_numberFont = font();
    m_numberFont.setPointSizeF(font().pointSizeF() * 0.9);
    updateGeometry();
}

void TermsWidget::setTerms(InterpretationTerms terms) {
    m_terms = std::move(terms);
    const int k = m_terms.termCount();
    m_revealed = std::clamp(m_revealed, 0, k);
    // One colour range for every scaled vector and (partial) sum, so their sizes compare; the
    // factors (rows of B, columns of A) have their own, or a large coefficient would wash them
    // out.
    attn::Matrix prefix = m_terms.scaled;
    for (int i = 1; i < prefix.rows(); ++i)
        prefix.row(i) += prefix.row(i - 1);
    m_sumRange = matrixpaint::symmetricRange(
        std::max({maxAbs(m_terms.scaled), maxAbs(prefix), maxAbs(m_terms.target)}));
    m_factorRange = matrixpaint::symmetricRange(maxAbs(m_terms.vectors));
    m_coefRange = m_terms.coefficientsAreWeights
                      ? ValueRange{0.0, 1.0, 0, 1}
                      : matrixpaint::symmetricRange(m_terms.coefficients.size()
                                                        ? m_terms.coefficients.cwiseAbs().maxCoeff()
                                                        : 0.0);
    rebuildLines();
    updateGeometry();
    update();
}

void TermsWidget::setRevealed(int count) {
    const int next = std::clamp(count, 0, m_terms.termCount());
    if (next == m_revealed)
        return;
    m_revealed = next;
    rebuildLines();
    updateGeometry();
    update();
}

void TermsWidget::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    m_sequential = ColorLut(sequential);
    m_diverging = ColorLut(diverging);
    update();
}

void TermsWidget::rebuildLines() {
    buildLines();
    if (m_terms.length() != 1)
        return;
    // The dot product's running sum, down the lines as drawn: each line adds what it shows (a
    // term, or the sum of the terms folded into it), so the last one is the cell.
    double running = 0;
    for (Line &line : m_lines) {
        if (line.kind == Line::Term && line.term < m_revealed)
            running += m_terms.scaled(line.term, 0);
        else if (line.kind == Line::FoldedBefore || line.kind == Line::FoldedOthers)
            running += line.sum(0);
        line.running = running;
    }
}

void TermsWidget::buildLines() {
    m_lines.clear();
    const int count = m_terms.termCount();
    auto folded = [this](Line::Kind kind, int first, int n) {
        Line line{kind, first, n, {}, 0.0, 0.0};
        if (kind != Line::FoldedAfter) {
            line.sum = m_terms.scaled.middleRows(first, n).colwise().sum();
            line.coefficientSum = m_terms.coefficients.segment(first, n).sum();
        }
        return line;
    };
    if (count <= kMaxShownTerms) {
        for (int k = 0; k < count; ++k)
            m_lines.append(Line{Line::Term, k, 1, {}, 0.0, 0.0});
        return;
    }
    if (isComplete()) {
        // Everything is in: draw the terms that contribute most, fold the rest.
        std::vector<int> order(static_cast<size_t>(count));
        std::iota(order.begin(), order.end(), 0);
        const attn::Vector size = m_terms.scaled.rowwise().squaredNorm();
        std::stable_sort(order.begin(), order.end(),
                         [&size](int a, int b) { return size(a) > size(b); });
        order.resize(kMaxShownTerms);
        std::sort(order.begin(), order.end());
        attn::RowVector others = m_terms.sum;
        double otherCoefficients = m_terms.coefficients.sum();
        for (int k : order) {
            m_lines.append(Line{Line::Term, k, 1, {}, 0.0, 0.0});
            others -= m_terms.scaled.row(k);
            otherCoefficients -= m_terms.coefficients(k);
        }
        m_lines.append(
            Line{Line::FoldedOthers, -1, count - kMaxShownTerms, others, otherCoefficients, 0.0});
        return;
    }
    // Playing: a window of terms ending at the newest one (or the first kMaxShownTerms).
    const int first = std::max(0, m_revealed - kMaxShownTerms);
    const int end = std::min(count, first + kMaxShownTerms);
    if (first > 0)
        m_lines.append(folded(Line::FoldedBefore, 0, first));
    for (int k = first; k < end; ++k)
        m_lines.append(Line{Line::Term, k, 1, {}, 0.0, 0.0});
    if (end < count)
        m_lines.append(folded(Line::FoldedAfter, end, count - end));
}

double TermsWidget::labelLength() const {
    if (!horizontal())
        return kVertical.label;
    // Lying down, the first column holds the term labels, its header, "Σ all 1024" and the
    // part of P the sum equals ("output[1, 1]"): as wide as the widest, so none is cut.
    const QFontMetricsF fm(font());
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetricsF bold(boldFont);
    double widest = std::max(fm.horizontalAdvance(m_terms.termHeader),
                             bold.horizontalAdvance(m_terms.targetLabel));
    widest = std::max(widest,
                      bold.horizontalAdvance(QString("\u03a3 %1 of %1").arg(m_terms.termCount())));
    widest = std::max(widest, fm.horizontalAdvance(tr("+%1 earlier").arg(m_terms.termCount())));
    widest = std::max(widest, widestLabel(font(), m_terms.termLabels));
    return std::max(kHorizontal.label, std::ceil(widest) + 10);
}

double TermsWidget::headerLength(const QString &header) const {
    return horizontal() ? QFontMetricsF(font()).horizontalAdvance(header) + 8 : 0;
}

double TermsWidget::vectorLength() const {
    const Metrics &m = horizontal() ? kHorizontal : kVertical;
    const int length = std::max(1, m_terms.length());
    const double ideal = length * (dot() ? 96.0 : m.cell);
    if (!horizontal())
        return std::clamp(ideal, 60.0, 300.0);
    const double coef = std::max(m.coef, headerLength(m_terms.coefHeader));
    const double fixed =
        2 * kTermsMargin + labelLength() + coef + 2 * m.op + (dot() ? m.running : 0);
    return std::min(ideal, std::max(140.0, (width() - fixed) / 2));
}

TermsWidget::Geometry TermsWidget::geometry() const {
    const Metrics &m = horizontal() ? kHorizontal : kVertical;
    Geometry g;
    // Each header fits over its column: the columns grow (and the scroll area scrolls).
    const double lengths[SegmentCount] = {
        labelLength(),
        std::max(m.coef, headerLength(m_terms.coefHeader)),
        m.op,
        std::max(vectorLength(), headerLength(m_terms.vectorHeader)),
        m.op,
        std::max(vectorLength(), headerLength(m_terms.scaledHeader)),
        dot() ? m.running : 0};
    double along = kTermsMargin;
    for (int s = 0; s < SegmentCount; ++s) {
        g.start[s] = along;
        g.length[s] = lengths[s];
        along += lengths[s];
    }
    g.headerStart = kTermsMargin;
    g.headerLength = m.header;
    // Element labels (token names along the vectors) only where a cell can hold one.
    const int length = m_terms.length();
    const double step = vectorLength() / std::max(1, length);
    const bool labels = !m_terms.elementLabels.isEmpty() && step >= (horizontal() ? 30 : 18);
    g.elementsStart = g.headerStart + g.headerLength;
    double elements = m.elements;
    // Standing up, the labels column is as wide as its longest label.
    if (labels && !horizontal())
        elements = widestLabel(font(), m_terms.elementLabels) + 12;
    g.elementsLength = labels ? elements : 0;
    g.linesStart = g.elementsStart + g.elementsLength + 4;
    g.thickness = m.thickness;
    // Standing up, each term's label heads its column: as wide as the widest label.
    if (!horizontal())
        g.thickness = std::max(g.thickness, widestLabel(font(), m_terms.termLabels) + 14);
    return g;
}

QRectF TermsWidget::place(const Geometry &g, Segment s, double across, double acrossLength) const {
    return horizontal() ? QRectF(g.start[s], across, g.length[s], acrossLength)
                        : QRectF(across, g.start[s], acrossLength, g.length[s]);
}

QSize TermsWidget::sizeHint() const {
    const Geometry g = geometry();
    const double along = g.start[Running] + g.length[Running] + kTermsMargin;
    const double across =
        g.linesStart + (m_lines.size() + 2) * g.thickness + kRuleGap + kTermsMargin;
    const double note = noteHeight() + 8;
    return horizontal() ? QSize(int(along), int(across + note))
                        : QSize(int(across), int(along + note));
}

QSize TermsWidget::minimumSizeHint() const {
    return sizeHint().boundedTo(QSize(horizontal() ? 560 : 100000, 100000));
}

void TermsWidget::paintCoefficient(QPainter &p, const QRectF &rect, double value, double opacity) {
    matrixpaint::Style style;
    style.lut = m_terms.coefficientsAreWeights ? &m_sequential : &m_diverging;
    style.range = m_coefRange;
    style.opacity = opacity;
    style.frame = palette().color(QPalette::Mid);
    style.font = &m_numberFont;
    const QRectF cell = horizontal() ? rect.adjusted(4, 4, -4, -4) : rect.adjusted(4, 3, -4, -3);
    matrixpaint::paintVector(p, cell, &value, 1, 1, Qt::Horizontal, style);
}

void TermsWidget::paintHeader(QPainter &p, const Geometry &g) {
    p.setPen(palette().color(QPalette::PlaceholderText));
    const QString texts[SegmentCount] = {
        m_terms.termHeader,   m_terms.coefHeader, "", m_terms.vectorHeader, "",
        m_terms.scaledHeader, tr("running sum")};
    for (int s = 0; s < SegmentCount; ++s) {
        if (texts[s].isEmpty() || g.length[s] <= 0)
            continue;
        const QRectF r = place(g, Segment(s), g.headerStart, g.headerLength).adjusted(2, 0, -2, 0);
        if (horizontal())
            p.drawText(r, Qt::AlignCenter, elided(p, texts[s], r.width()));
        else
            p.drawText(r.adjusted(0, 0, -6, 0),
                       Qt::AlignRight | Qt::AlignVCenter | Qt::TextWordWrap, texts[s]);
    }
    if (g.elementsLength <= 0)
        return;
    const int length = m_terms.length();
    for (Segment s : {Vector, Scaled}) {
        const double step = g.length[s] / length;
        for (int i = 0; i < length && i < m_terms.elementLabels.size(); ++i) {
            const QRectF r =
                horizontal()
                    ? QRectF(g.start[s] + i * step, g.elementsStart, step, g.elementsLength)
                    : QRectF(g.elementsStart, g.start[s] + i * step, g.elementsLength - 6, step);
            const QString text = p.fontMetrics().elidedText(m_terms.elementLabels[i],
                                                            Qt::ElideRight, int(r.width()) - 2);
            p.drawText(r, (horizontal() ? Qt::AlignHCenter : Qt::AlignRight) | Qt::AlignVCenter,
                       text);
        }
    }
}

void TermsWidget::paintLine(QPainter &p, const Geometry &g, double across, const Line &line) {
    const double t = g.thickness;
    const QPalette pal = palette();
    const bool revealed =
        line.kind == Line::Term ? line.term < m_revealed : line.kind != Line::FoldedAfter;
    const bool current = line.kind == Line::Term && !isComplete() && line.term == m_revealed - 1;
    if (current) {
        QColor band = pal.color(QPalette::Highlight);
        band.setAlpha(50);
        const double length = g.start[SegmentCount - 1] + g.length[SegmentCount - 1] - kTermsMargin;
        p.fillRect(horizontal() ? QRectF(kTermsMargin, across, length, t)
                                : QRectF(across, kTermsMargin, t, length),
                   band);
    }
    const double opacity = revealed ? 1.0 : kFaded;
    matrixpaint::Style style{&m_diverging, m_sumRange, true, opacity, pal.color(QPalette::Mid),
                             &m_numberFont};
    matrixpaint::Style factor = style;
    factor.range = m_factorRange;
    const double inset = horizontal() ? 4 : 6;
    auto vectorRect = [&](Segment s) {
        const QRectF r = place(g, s, across, t);
        return horizontal() ? r.adjusted(0, inset, 0, -inset) : r.adjusted(inset, 0, -inset, 0);
    };
    QString label;
    if (line.kind == Line::Term)
        label = line.term < m_terms.termLabels.size() ? m_terms.termLabels[line.term]
                                                      : QString::number(line.term);
    else // folded: "+12 earlier", "+30 to come", "+1008 more"
        label = QString("+%1 %2")
                    .arg(line.count)
                    .arg(line.kind == Line::FoldedBefore  ? "earlier"
                         : line.kind == Line::FoldedAfter ? tr("to come")
                                                          : "more");
    p.setOpacity(opacity);
    p.setPen(pal.color(QPalette::Text));
    const QRectF labelRect = place(g, Label, across, t).adjusted(2, 0, -6, 0);
    p.drawText(labelRect, (horizontal() ? Qt::AlignRight : Qt::AlignHCenter) | Qt::AlignVCenter,
               elided(p, label, labelRect.width()));
    p.setOpacity(1.0);

    if (line.kind == Line::Term) {
        const int k = line.term;
        paintCoefficient(p, place(g, Coef, across, t), m_terms.coefficients(k), opacity);
        p.setOpacity(opacity);
        p.drawText(place(g, Times, across, t), Qt::AlignCenter, "\u00d7");
        p.setOpacity(1.0);
        matrixpaint::paintVector(p, vectorRect(Vector), m_terms.vectors.row(k).eval(),
                                 m_terms.orientation, factor);
    } else {
        // Folded lines say what they stand for instead of drawing one vector.
        p.setPen(pal.color(QPalette::PlaceholderText));
        const QString what = line.kind == Line::FoldedAfter
                                 ? tr("not added yet")
                                 : tr("(sum of %1 terms)").arg(line.count);
        p.drawText(place(g, Vector, across, t), Qt::AlignCenter | Qt::TextWordWrap, what);
        if (m_terms.coefficientsAreWeights && line.kind != Line::FoldedAfter)
            p.drawText(place(g, Coef, across, t), Qt::AlignCenter,
                       "\u03a3 " + attn::notation::cell(line.coefficientSum));
    }
    if (!revealed) {
        // Not computed yet: an empty box where the product will appear.
        p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(vectorRect(Scaled));
        return;
    }
    p.setPen(pal.color(QPalette::Text));
    p.drawText(place(g, Equals, across, t), Qt::AlignCenter, "=");
    if (line.kind == Line::Term)
        matrixpaint::paintVector(p, vectorRect(Scaled), m_terms.scaled.row(line.term).eval(),
                                 m_terms.orientation, style);
    else
        matrixpaint::paintVector(p, vectorRect(Scaled), line.sum, m_terms.orientation, style);
    if (dot() && g.length[Running] > 0) {
        p.setPen(pal.color(QPalette::Text));
        p.drawText(place(g, Running, across, t).adjusted(8, 0, 0, 0),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   "\u2192 " + attn::notation::cell(line.running));
    }
}

void TermsWidget::paintTotals(QPainter &p, const Geometry &g, double across) {
    const double t = g.thickness;
    const QPalette pal = palette();
    const int count = m_terms.termCount();
    // A rule between the terms and their sum.
    const double rule = across + kRuleGap / 2;
    const double end = g.start[SegmentCount - 1] + g.length[SegmentCount - 1];
    p.setPen(QPen(pal.color(QPalette::Text), 1.5));
    if (horizontal())
        p.drawLine(QPointF(kTermsMargin, rule), QPointF(end, rule));
    else
        p.drawLine(QPointF(rule, kTermsMargin), QPointF(rule, end));
    across += kRuleGap;

    matrixpaint::Style style{&m_diverging, m_sumRange, true, 1.0, pal.color(QPalette::Mid),
                             &m_numberFont};
    const double inset = horizontal() ? 4 : 6;
    auto vectorRect = [&](Segment s, double a) {
        const QRectF r = place(g, s, a, t);
        return horizontal() ? r.adjusted(0, inset, 0, -inset) : r.adjusted(inset, 0, -inset, 0);
    };
    const QString sumLabel =
        isComplete()
            ? tr("\u03a3 all %1").arg(count)
            : QString(horizontal() ? "\u03a3 %1 of %2" : "\u03a3 %1/%2").arg(m_revealed).arg(count);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.color(QPalette::Text));
    const QRectF labelRect = place(g, Label, across, t).adjusted(2, 0, -6, 0);
    p.drawText(labelRect, (horizontal() ? Qt::AlignRight : Qt::AlignHCenter) | Qt::AlignVCenter,
               elided(p, sumLabel, labelRect.width()));
    p.setFont(font());
    if (m_terms.coefficientsAreWeights)
        p.drawText(place(g, Coef, across, t), Qt::AlignCenter | Qt::TextWordWrap,
                   "\u03a3 " + attn::notation::cell(m_terms.coefficients.head(m_revealed).sum()));
    p.drawText(place(g, Equals, across, t), Qt::AlignCenter, "=");
    matrixpaint::paintVector(p, vectorRect(Scaled, across), m_terms.partialSum(m_revealed),
                             m_terms.orientation, style);
    across += t;

    // The part of P the sum must equal, read from the computed result.
    // Standing up, the label takes the coefficient's place too ("column 2 of scores").
    const QRectF target =
        (horizontal() ? place(g, Label, across, t)
                      : place(g, Label, across, t).united(place(g, Coef, across, t)))
            .adjusted(2, 0, -6, 0);
    p.setFont(bold);
    if (horizontal())
        p.drawText(target, Qt::AlignRight | Qt::AlignVCenter,
                   elided(p, m_terms.targetLabel, target.width()));
    else // standing up, "column 2 of scores" wraps between its words
        p.drawText(target, Qt::AlignHCenter | Qt::AlignVCenter | Qt::TextWordWrap,
                   m_terms.targetLabel);
    p.setFont(font());
    matrixpaint::paintVector(p, vectorRect(Scaled, across), m_terms.target, m_terms.orientation,
                             style);
    const double scale =
        std::max(1.0, m_terms.target.size() ? m_terms.target.cwiseAbs().maxCoeff() : 0.0);
    const double error =
        m_terms.target.size() == m_terms.sum.size() && m_terms.sum.size()
            ? (m_terms.target - m_terms.partialSum(m_revealed)).cwiseAbs().maxCoeff()
            : 0.0;
    const bool equal = error <= 1e-9 * scale;
    const QString status =
        equal ? QString(horizontal() ? tr("\u2713 the sum equals it") : tr("\u2713 equal"))
              : tr("still missing %1 of %2 terms").arg(count - m_revealed).arg(count);
    p.setPen(equal ? QColor(0x1b, 0x7f, 0x3b) : pal.color(QPalette::PlaceholderText));
    // From the coefficient to the "=": room for the status on one line.
    const QRectF statusRect =
        place(g, horizontal() ? Coef : Times, across, t).united(place(g, Equals, across, t));
    p.drawText(statusRect.adjusted(4, 0, -4, 0),
               (horizontal() ? Qt::AlignRight : Qt::AlignHCenter) | Qt::AlignVCenter |
                   Qt::TextWordWrap,
               status);
}

double TermsWidget::noteHeight() const {
    // The note under the terms, wrapped to the widget's width (3 lines in a narrow dock).
    const QString note = convexityNote(m_terms);
    const int w = std::max(width(), 300) - int(2 * kTermsMargin);
    return note.isEmpty() ? 0.0
                          : QFontMetrics(font())
                                    .boundingRect(QRect(0, 0, w, 1000), Qt::TextWordWrap, note)
                                    .height() +
                                8.0;
}

QString TermsWidget::elided(QPainter &p, const QString &text, double width) {
    const QString shown = p.fontMetrics().elidedText(text, Qt::ElideRight, int(width));
    if (shown != text)
        m_clippedTexts << text;
    return shown;
}

void TermsWidget::paintEvent(QPaintEvent *) {
    m_clippedTexts.clear();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (m_terms.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("Nothing to explain yet."));
        return;
    }
    const Geometry g = geometry();
    paintHeader(p, g);
    double across = g.linesStart;
    for (const Line &line : m_lines) {
        paintLine(p, g, across, line);
        across += g.thickness;
    }
    paintTotals(p, g, across);
    across += kRuleGap + 2 * g.thickness;
    const QString note = convexityNote(m_terms);
    if (note.isEmpty())
        return;
    p.setPen(palette().color(QPalette::Text));
    const double alongEnd = g.start[Scaled] + g.length[Scaled] + kTermsMargin, h = noteHeight();
    const QRectF r = horizontal() ? QRectF(kTermsMargin, across + 4, width() - 2 * kTermsMargin, h)
                                  : QRectF(kTermsMargin, alongEnd, width() - 2 * kTermsMargin, h);
    p.drawText(r, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, note);
}

} // namespace attn::ui
