// SPDX-License-Identifier: GPL-3.0-or-later
#include "OuterProductWidget.h"

#include "Notation.h"
#include "heatmap/MatrixPaint.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace attn::ui {

namespace {

constexpr double kMargin = 10;
constexpr double kTitle = 24;      // panel titles above the grids
constexpr double kGap = 44;        // between panels, room for "→"
constexpr double kColLabels = 20;  // column labels over the factors' row and the partial sum
constexpr double kCaption = 96;    // captions and the legend under side-by-side grids
constexpr double kCaptions = 150;  // the same, one under another
constexpr double kMaxCell = 56;    // a shrunk (large) product's cells: readable, not a poster
constexpr double kMaxGrowth = 1.3; // readable cells grow up to this much into spare room
constexpr double kMaxLabels = 140; // row labels are elided beyond this width

using Arrangement = OuterProductWidget::Arrangement;
constexpr std::array<Arrangement, 3> kArrangements{Arrangement::Across, Arrangement::Stacked,
                                                   Arrangement::Down};

using matrixpaint::maxAbs;

bool fits(QSizeF extent, QSize size) {
    return extent.width() <= size.width() + 0.5 && extent.height() <= size.height() + 0.5;
}

} // namespace

OuterProductWidget::OuterProductWidget(QWidget *parent) : QWidget(parent) {
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    // A scroll area around it asks heightForWidth for the height readable numbers need.
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void OuterProductWidget::setProduct(std::shared_ptr<const InterpretedProduct> product) {
    m_steps.setProduct(std::move(product));
    updateRanges();
    updateGeometry();
    update();
}

void OuterProductWidget::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) { // zoomed: the readable cells change size
        updateRanges();
        updateGeometry();
    }
}

void OuterProductWidget::setCount(int count) {
    m_steps.setCount(count);
    update();
}

void OuterProductWidget::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    m_sequential = ColorLut(sequential);
    m_diverging = ColorLut(diverging);
    update();
}

QFont OuterProductWidget::numberFont() const {
    // Numbers a little smaller than the text, as in the terms view.
    QFont numbers = font();
    numbers.setPointSizeF(font().pointSizeF() * 0.9);
    return numbers;
}

void OuterProductWidget::updateRanges() {
    const InterpretedProduct *p = m_steps.product();
    if (!p || p->isEmpty())
        return;
    // Fixed for the whole sequence, so colours do not shift while stepping: the largest entry
    // of P or of any single term (|term k| ≤ max|column k of A| · max|row k of B|).
    const attn::Vector aMax = p->A.cwiseAbs().colwise().maxCoeff().transpose();
    const attn::Vector bMax = p->B.cwiseAbs().rowwise().maxCoeff();
    const double terms = aMax.size() ? aMax.cwiseProduct(bMax).maxCoeff() : 0.0;
    m_gridRange = matrixpaint::symmetricRange(std::max(maxAbs(p->P), terms));
    const ValueRange unit{0.0, 1.0, 0, 1};
    m_aRange = p->rowViewIsConvex() ? unit : matrixpaint::symmetricRange(maxAbs(p->A));
    m_bRange = p->columnViewIsConvex() ? unit : matrixpaint::symmetricRange(maxAbs(p->B));
    // One cell size for every step: wide enough for every value of the factors and of P, and
    // for a term or partial sum as long as "−0.0123" (the longest a cell writes below 1e5).
    const QFont numbers = numberFont();
    m_readableCell = matrixpaint::numberCellSize(numbers, -0.0123)
                         .expandedTo(matrixpaint::numberCellSize(numbers, -m_gridRange.upper));
    if (readable())
        for (const attn::Matrix *m : {&p->A, &p->B, &p->P})
            m_readableCell = m_readableCell.expandedTo(matrixpaint::numberCellSize(numbers, *m));
    m_readableCell += QSizeF(6, 6); // a little air around the text
}

bool OuterProductWidget::readable() const {
    const InterpretedProduct *p = m_steps.product();
    return p && p->rows() <= kMaxReadable && p->cols() <= kMaxReadable;
}

double OuterProductWidget::rowLabelWidth() const {
    const InterpretedProduct *p = m_steps.product();
    const QFontMetricsF fm(font());
    double widest = 0;
    for (int i = 0; p && i < p->rows() && i < p->rowLabels.size(); ++i)
        widest = std::max(widest, fm.horizontalAdvance(p->rowLabels[i]));
    return std::min(widest, kMaxLabels) + 10;
}

OuterProductWidget::Layout OuterProductWidget::arrange(Arrangement arrangement, QSizeF cell) const {
    const InterpretedProduct *p = m_steps.product();
    const int rows = p ? std::max(1, p->rows()) : 1, cols = p ? std::max(1, p->cols()) : 1;
    Layout l;
    l.arrangement = arrangement;
    l.cell = cell;
    l.labels = cell.height() >= 14 ? rowLabelWidth() : 0;
    const double cw = cell.width(), ch = cell.height();
    const double gw = cols * cw, gh = rows * ch;
    const double top = kMargin + kTitle + kColLabels + ch + 6;
    const double left = kMargin + l.labels;
    l.aStrip = QRectF(left, top, cw, gh);
    l.bStrip = QRectF(left + cw + 6, top - ch - 6, gw, ch);
    l.term = QRectF(left + cw + 6, top, gw, gh);
    const double under = kTitle + kColLabels + 8; // room for a grid's title and labels
    switch (arrangement) {
    case Arrangement::Across:
        l.partial = QRectF(l.term.right() + kGap, top, gw, gh);
        l.target = QRectF(l.partial.right() + kGap, top, gw, gh);
        l.captionTop = top + gh + 8;
        l.extent = QSizeF(l.target.right() + kMargin, l.captionTop + kCaption + kMargin);
        break;
    case Arrangement::Stacked:
        l.partial = QRectF(l.term.right() + kGap, top, gw, gh);
        l.target = QRectF(l.partial.left(), l.partial.bottom() + kTitle + 8, gw, gh);
        l.captionTop = top + gh + 8;
        l.extent = QSizeF(l.partial.right() + kMargin,
                          std::max(l.target.bottom(), l.captionTop + kCaptions) + kMargin);
        break;
    case Arrangement::Down:
        l.partial = QRectF(l.term.left(), l.term.bottom() + under, gw, gh);
        l.target = QRectF(l.term.left(), l.partial.bottom() + under, gw, gh);
        l.captionTop = l.target.bottom() + 8;
        l.extent =
            QSizeF(std::max(l.term.right(), 300.0) + kMargin, l.captionTop + kCaptions + kMargin);
        break;
    }
    return l;
}

OuterProductWidget::Layout OuterProductWidget::layoutFor(QSize size) const {
    const InterpretedProduct *p = m_steps.product();
    if (readable()) {
        // The arrangement whose readable cells grow most in this size; ties go to the earlier
        // (side by side reads best). If none fits, the first that fits the width (the scroll
        // area gives it the height), or one under another.
        std::optional<Layout> best;
        double bestGrowth = 0;
        for (Arrangement a : kArrangements)
            for (double growth = kMaxGrowth; growth >= 1.0 && growth > bestGrowth; growth -= 0.1) {
                const Layout l = arrange(a, m_readableCell * growth);
                if (fits(l.extent, size)) {
                    best = l;
                    bestGrowth = growth + 1e-9;
                    break;
                }
            }
        if (best)
            return *best;
        for (Arrangement a : kArrangements) {
            const Layout l = arrange(a, m_readableCell);
            if (l.extent.width() <= size.width() + 0.5)
                return l;
        }
        return arrange(Arrangement::Down, m_readableCell);
    }
    // Too large to read number by number: square cells shrunk into the space.
    const int rows = p ? std::max(1, p->rows()) : 1, cols = p ? std::max(1, p->cols()) : 1;
    std::optional<Layout> best;
    for (Arrangement a : {Arrangement::Across, Arrangement::Stacked}) {
        const Layout unit = arrange(a, QSizeF(1, 1));
        const double across = a == Arrangement::Across ? 3 : 2,
                     down = a == Arrangement::Across ? 1 : 2;
        const double w = (size.width() - unit.extent.width() + across * cols) / (across * cols);
        const double h = (size.height() - unit.extent.height() + down * rows) / (down * rows);
        const double cell = std::clamp(std::min(w, h), 0.2, kMaxCell);
        const Layout l = arrange(a, QSizeF(cell, cell));
        if (!best || l.cell.width() > best->cell.width() * 1.2)
            best = l;
    }
    return *best;
}

int OuterProductWidget::heightForWidth(int width) const {
    if (!readable())
        return minimumSizeHint().height();
    // The lowest arrangement that fits the width with every number readable.
    double height = arrange(Arrangement::Down, m_readableCell).extent.height();
    for (Arrangement a : kArrangements) {
        const Layout l = arrange(a, m_readableCell);
        if (l.extent.width() <= width + 0.5)
            height = std::min(height, l.extent.height());
    }
    return int(std::ceil(height));
}

QSize OuterProductWidget::sizeHint() const {
    if (!readable())
        return {1000, 640};
    const QSizeF e = arrange(Arrangement::Across, m_readableCell).extent;
    return QSize(int(std::ceil(e.width())), int(std::ceil(e.height())));
}

QSize OuterProductWidget::minimumSizeHint() const {
    if (!readable())
        return {420, 300};
    // The narrowest readable arrangement; the height comes from heightForWidth.
    return {int(std::ceil(arrange(Arrangement::Down, m_readableCell).extent.width())), 200};
}

bool OuterProductWidget::allNumbersShown() const {
    const InterpretedProduct *p = m_steps.product();
    if (!p || p->isEmpty())
        return false;
    const Layout l = layoutFor(size());
    const QFont numbers = numberFont();
    const auto all = [&](const attn::Matrix &m) {
        for (Eigen::Index k = 0; k < m.size(); ++k)
            if (!matrixpaint::numberFits(numbers, l.cell, m.data()[k]))
                return false;
        return true;
    };
    return all(p->A) && all(p->B) && all(p->P) && all(m_steps.term()) &&
           all(m_steps.partialSum()) && fits(l.extent, size());
}

void OuterProductWidget::paintLabels(QPainter &p, const Layout &l) {
    const InterpretedProduct *prod = m_steps.product();
    p.setPen(palette().color(QPalette::PlaceholderText));
    const bool down = l.arrangement == Arrangement::Down;
    // Column labels over the row of B and the partial sum (and P, one under another).
    if (l.cell.width() >= 24) {
        QList<QRectF> under{QRectF(l.bStrip.left(), l.bStrip.top() - kColLabels, 0, 0)};
        under << (down ? QRectF(l.partial.left(), l.partial.top() - kColLabels, 0, 0)
                       : QRectF(l.partial.left(), l.bStrip.bottom() - kColLabels, 0, 0));
        if (down)
            under << QRectF(l.target.left(), l.target.top() - kColLabels, 0, 0);
        for (const QRectF &at : under)
            for (int j = 0; j < prod->cols() && j < prod->colLabels.size(); ++j) {
                const QRectF r(at.left() + j * l.cell.width(), at.top(), l.cell.width(),
                               kColLabels);
                p.drawText(
                    r, Qt::AlignHCenter | Qt::AlignBottom,
                    p.fontMetrics().elidedText(prod->colLabels[j], Qt::ElideRight, int(r.width())));
            }
    }
    // Row labels beside the column of A (and beside the partial sum and P under it).
    if (l.labels <= 0)
        return;
    QList<double> tops{l.aStrip.top()};
    if (down)
        tops << l.partial.top() << l.target.top();
    for (double top : tops)
        for (int i = 0; i < prod->rows() && i < prod->rowLabels.size(); ++i) {
            const QRectF r(kMargin, top + i * l.cell.height(), l.labels - 6, l.cell.height());
            p.drawText(
                r, Qt::AlignRight | Qt::AlignVCenter,
                p.fontMetrics().elidedText(prod->rowLabels[i], Qt::ElideRight, int(r.width())));
        }
}

void OuterProductWidget::paintCaptions(QPainter &p, const Layout &l, bool equal, double error) {
    const InterpretedProduct *prod = m_steps.product();
    const int k = m_steps.termIndex(), count = m_steps.count(), total = m_steps.termCount();
    const QPalette pal = palette();
    const bool across = l.arrangement == Arrangement::Across;
    const double width = std::max(l.extent.width() - 2 * kMargin, 150.0);
    const double captionWidth = across ? l.target.right() - l.partial.left() : width;
    const double captionLeft = across ? l.partial.left() : kMargin;
    double top = l.captionTop;
    p.setPen(pal.color(QPalette::Text));
    const QRectF c1(kMargin, top, across ? std::max(l.term.right() - kMargin, 150.0) : width, 52);
    p.drawText(c1, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               count > 0 ? tr("(column %1 of %2)\u00b7(row %1 of %3): rank one")
                               .arg(k)
                               .arg(prod->aName, prod->bName)
                         : tr("press \u2192 to add term 0"));
    if (!across)
        top += 52;
    p.setPen(equal ? QColor(0x1b, 0x7f, 0x3b) : pal.color(QPalette::PlaceholderText));
    p.drawText(
        QRectF(captionLeft, top, captionWidth, 48), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
        equal ? tr("\u2713 all %1 terms in: the partial sum equals %2").arg(total).arg(prod->pName)
              : tr("%1 terms to go (largest difference %2)")
                    .arg(total - count)
                    .arg(attn::notation::cell(error)));
    p.setPen(pal.color(QPalette::Text));
    matrixpaint::Style grid{&m_diverging, m_gridRange, true, 1.0, pal.color(QPalette::Mid),
                            nullptr};
    const double legendWidth = std::min(220.0, std::max(140.0, captionWidth / 2));
    matrixpaint::paintLegend(p, QRectF(captionLeft, top + 48, legendWidth, 34), grid);
}

void OuterProductWidget::paintEvent(QPaintEvent *) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const InterpretedProduct *prod = m_steps.product();
    if (!prod || prod->isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Nothing to explain yet."));
        return;
    }
    const Layout l = layoutFor(size());
    const int k = m_steps.termIndex(), count = m_steps.count(), total = m_steps.termCount();
    const QColor frame = pal.color(QPalette::Mid);
    const QFont numbers = numberFont();
    matrixpaint::Style grid{&m_diverging, m_gridRange, true, 1.0, frame, &numbers};
    matrixpaint::Style aStyle{prod->rowViewIsConvex() ? &m_sequential : &m_diverging,
                              m_aRange,
                              true,
                              1.0,
                              frame,
                              &numbers};
    matrixpaint::Style bStyle{prod->columnViewIsConvex() ? &m_sequential : &m_diverging,
                              m_bRange,
                              true,
                              1.0,
                              frame,
                              &numbers};
    QFont bold = font();
    bold.setBold(true);
    const QString termLabel =
        k >= 0 && k < prod->termLabels.size() ? prod->termLabels[k] : QString::number(k);

    const double error = m_steps.remainingError();
    const bool equal = error <= 1e-9 * std::max(1.0, maxAbs(prod->P));

    // Titles over the panels (over the partial sum and P when they are under the term).
    p.setFont(bold);
    p.setPen(pal.color(QPalette::Text));
    auto title = [&](double left, double right, double top, const QString &text) {
        const QRectF r(left - kGap / 2, top, right - left + kGap, kTitle);
        p.drawText(r, Qt::AlignHCenter | Qt::AlignTop,
                   p.fontMetrics().elidedText(text, Qt::ElideRight, int(r.width())));
    };
    const bool down = l.arrangement == Arrangement::Down;
    const bool across = l.arrangement == Arrangement::Across;
    const double above = kTitle + (down ? kColLabels : 0) + 4;
    title(l.aStrip.left(), l.term.right(), kMargin,
          count > 0 ? tr("term %1 (%2 %3)").arg(k).arg(prod->termNoun, termLabel)
                    : tr("no term yet"));
    title(l.partial.left(), l.partial.right(), down ? l.partial.top() - above : kMargin,
          tr("%1\u03a3 first %2 of %3").arg(down ? "\u2193 " : "").arg(count).arg(total));
    title(l.target.left(), l.target.right(), across ? kMargin : l.target.top() - above,
          across ? prod->pName : QString("%1 %2").arg(equal ? "=" : "\u2260", prod->pName));
    p.setFont(font());
    paintLabels(p, l);

    // Term k between its factors, then → partial sum → (compared with) P.
    if (count > 0) {
        matrixpaint::paintVector(p, l.aStrip, prod->A.col(k).data(), prod->rows(),
                                 int(prod->A.cols()), Qt::Vertical, aStyle);
        matrixpaint::paintVector(p, l.bStrip, prod->B.row(k).data(), prod->cols(), 1,
                                 Qt::Horizontal, bStyle);
        matrixpaint::paintGrid(p, l.term, m_steps.term(), grid);
    } else {
        p.setPen(QPen(frame, 1, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(l.term);
    }
    matrixpaint::paintGrid(p, l.partial, m_steps.partialSum(), grid);
    matrixpaint::paintGrid(p, l.target, prod->P, grid);
    QFont sign = font();
    sign.setPointSizeF(font().pointSizeF() * 1.3);
    p.setFont(sign);
    p.setPen(pal.color(QPalette::Text));
    const double mid = l.term.center().y();
    if (!down)
        p.drawText(QRectF(l.term.right(), mid - 14, kGap, 28), Qt::AlignCenter,
                   count > 0 ? "\u2192" : "");
    if (across)
        p.drawText(QRectF(l.partial.right(), mid - 14, kGap, 28), Qt::AlignCenter,
                   equal ? "=" : "\u2260");
    p.setFont(font());
    paintCaptions(p, l, equal, error);
}

} // namespace attn::ui
