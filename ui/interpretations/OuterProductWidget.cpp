#include "OuterProductWidget.h"

#include "MatrixPaint.h"
#include "Notation.h"

#include <QPainter>

#include <algorithm>

namespace {

constexpr double kMargin = 10;
constexpr double kTitle = 24;     // panel titles above the grids
constexpr double kGap = 44;       // between panels, room for "→"
constexpr double kCaption = 96;   // captions and the legend under the grids
constexpr double kMaxCell = 56;   // a 4×4 product stays a readable size, not a poster
constexpr double kLabels = 64;    // row labels left of the first grid, when cells are tall
constexpr double kColLabels = 20; // column labels over the factors' row and the partial sum

double maxAbs(const attn::Matrix &m) {
    return m.size() ? m.cwiseAbs().maxCoeff() : 0.0;
}

} // namespace

OuterProductWidget::OuterProductWidget(QWidget *parent) : QWidget(parent) {
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    QFont f = font();
    f.setPointSizeF(std::max(f.pointSizeF(), 11.0));
    setFont(f);
}

void OuterProductWidget::setProduct(std::shared_ptr<const InterpretedProduct> product) {
    m_steps.setProduct(std::move(product));
    updateRanges();
    updateGeometry();
    update();
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
}

OuterProductWidget::Layout OuterProductWidget::layoutFor(QSize size) const {
    const InterpretedProduct *p = m_steps.product();
    const int rows = p ? std::max(1, p->rows()) : 1, cols = p ? std::max(1, p->cols()) : 1;
    // Two arrangements: the three grids in a row, or P under the partial sum (a narrow dock);
    // whichever gives the larger cells.
    auto arrange = [&](bool stacked) {
        Layout l{};
        l.stacked = stacked;
        double strip = 28, labels = kLabels;
        for (int pass = 0; pass < 2; ++pass) {
            const double w =
                size.width() - 2 * kMargin - labels - strip - 6 - (stacked ? kGap : 2 * kGap);
            const double h = size.height() - 2 * kMargin - kTitle - kColLabels - strip - 6 -
                             (stacked ? kTitle + 8 : kCaption);
            l.cell = std::clamp(
                std::min(w / ((stacked ? 2.0 : 3.0) * cols), h / ((stacked ? 2.0 : 1.0) * rows)),
                0.2, kMaxCell);
            strip = std::clamp(l.cell, 14.0, kMaxCell);
            labels = l.cell >= 16 ? kLabels : 0;
        }
        const double gw = cols * l.cell, gh = rows * l.cell;
        const double top = kMargin + kTitle + kColLabels + strip + 6;
        const double left = kMargin + labels;
        l.aStrip = QRectF(left, top, strip, gh);
        l.bStrip = QRectF(left + strip + 6, top - strip - 6, gw, strip);
        l.term = QRectF(left + strip + 6, top, gw, gh);
        l.partial = QRectF(l.term.right() + kGap, top, gw, gh);
        l.target = stacked ? QRectF(l.partial.left(), l.partial.bottom() + kTitle + 8, gw, gh)
                           : QRectF(l.partial.right() + kGap, top, gw, gh);
        l.captionTop = top + gh + 8;
        return l;
    };
    const Layout row = arrange(false), stacked = arrange(true);
    return stacked.cell > row.cell * 1.2 ? stacked : row;
}

QSize OuterProductWidget::sizeHint() const {
    const InterpretedProduct *p = m_steps.product();
    const int rows = p ? std::max(1, p->rows()) : 4, cols = p ? std::max(1, p->cols()) : 4;
    const double cell = 48;
    const double w = 2 * kMargin + kLabels + cell + 6 + 3 * cols * cell + 2 * kGap;
    const double h = 2 * kMargin + kTitle + kColLabels + cell + 6 + rows * cell + kCaption;
    return QSize(int(std::min(w, 1000.0)), int(std::min(h, 640.0)));
}

QSize OuterProductWidget::minimumSizeHint() const {
    return {420, 300};
}

void OuterProductWidget::paintEvent(QPaintEvent *) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const InterpretedProduct *prod = m_steps.product();
    if (!prod || prod->isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, "Nothing to explain yet.");
        return;
    }
    const Layout l = layoutFor(size());
    const int k = m_steps.termIndex(), count = m_steps.count(), total = m_steps.termCount();
    const QColor frame = pal.color(QPalette::Mid);
    // Numbers a little smaller than the text, so that "−0.0123" fits a cell.
    QFont numbers = font();
    numbers.setPointSizeF(font().pointSizeF() * 0.9);
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

    // Titles over the panels (P's under the partial sum when stacked).
    p.setFont(bold);
    p.setPen(pal.color(QPalette::Text));
    auto title = [&](double left, double right, double top, const QString &text) {
        const QRectF r(left - kGap / 2, top, right - left + kGap, kTitle);
        p.drawText(r, Qt::AlignHCenter | Qt::AlignTop,
                   p.fontMetrics().elidedText(text, Qt::ElideRight, int(r.width())));
    };
    title(l.aStrip.left(), l.term.right(), kMargin,
          count > 0 ? QString("term %1 (%2 %3)").arg(k).arg(prod->termNoun, termLabel)
                    : QString("no term yet"));
    title(l.partial.left(), l.partial.right(), kMargin,
          QString("\u03a3 first %1 of %2").arg(count).arg(total));
    title(l.target.left(), l.target.right(), l.stacked ? l.target.top() - kTitle - 4 : kMargin,
          l.stacked ? QString("%1 %2").arg(equal ? "=" : "\u2260", prod->pName) : prod->pName);
    p.setFont(font());

    // Column labels over the row of B and the partial sum, row labels beside the column of A.
    const double labelTop = kMargin + kTitle;
    if (l.cell >= 24) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        for (int j = 0; j < prod->cols() && j < prod->colLabels.size(); ++j)
            for (const QRectF &under : {l.bStrip, l.partial}) {
                const double top = under == l.bStrip ? labelTop : l.bStrip.bottom() - kColLabels;
                const QRectF r(under.left() + j * l.cell, top, l.cell, kColLabels);
                p.drawText(
                    r, Qt::AlignHCenter | Qt::AlignBottom,
                    p.fontMetrics().elidedText(prod->colLabels[j], Qt::ElideRight, int(r.width())));
            }
    }
    if (l.aStrip.left() - kMargin >= kLabels - 1 && l.cell >= 16) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        for (int i = 0; i < prod->rows() && i < prod->rowLabels.size(); ++i) {
            const QRectF r(kMargin, l.aStrip.top() + i * l.cell, kLabels - 6, l.cell);
            p.drawText(
                r, Qt::AlignRight | Qt::AlignVCenter,
                p.fontMetrics().elidedText(prod->rowLabels[i], Qt::ElideRight, int(r.width())));
        }
    }

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
    p.drawText(QRectF(l.term.right(), mid - 14, kGap, 28), Qt::AlignCenter,
               count > 0 ? "\u2192" : "");
    if (!l.stacked)
        p.drawText(QRectF(l.partial.right(), mid - 14, kGap, 28), Qt::AlignCenter,
                   equal ? "=" : "\u2260");
    p.setFont(font());

    // Captions: what the term is, whether the sum has reached P, the colour scale.
    const double captionWidth =
        l.stacked ? l.term.right() - kMargin : l.target.right() - l.partial.left();
    const double captionLeft = l.stacked ? kMargin : l.partial.left();
    double top = l.captionTop;
    p.setPen(pal.color(QPalette::Text));
    const QRectF c1(kMargin, top, std::max(l.term.right() - kMargin, 150.0), 70);
    p.drawText(c1, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               count > 0 ? QString("(column %1 of %2)\u00b7(row %1 of %3): rank one")
                               .arg(k)
                               .arg(prod->aName, prod->bName)
                         : QString("press \u2192 to add term 0"));
    if (l.stacked)
        top += 56;
    p.setPen(equal ? QColor(0x1b, 0x7f, 0x3b) : pal.color(QPalette::PlaceholderText));
    p.drawText(QRectF(captionLeft, top, captionWidth, 48),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               equal ? QString("\u2713 all %1 terms in: the partial sum equals %2")
                           .arg(total)
                           .arg(prod->pName)
                     : QString("%1 terms to go (largest difference %2)")
                           .arg(total - count)
                           .arg(attn::notation::cell(error)));
    p.setPen(pal.color(QPalette::Text));
    const double legendWidth = std::min(220.0, std::max(140.0, captionWidth / 2));
    matrixpaint::paintLegend(p, QRectF(captionLeft, top + 48, legendWidth, 34), grid);
}
