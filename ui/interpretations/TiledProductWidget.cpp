// SPDX-License-Identifier: GPL-3.0-or-later
#include "TiledProductWidget.h"

#include "heatmap/MatrixPaint.h"

#include <QPainter>

#include <algorithm>

namespace attn::ui {

namespace {

constexpr double kTiledMargin = 10;
constexpr double kTiledTitle = 22;
constexpr double kTiledGap = 16;
constexpr double kTiledCaption = 48;
constexpr double kTiledMaxCell = 44;

using matrixpaint::maxAbs;

// Thin lines across `rect` every `every` cells, the borders of blocks.
void blockLines(QPainter &p, const QRectF &rect, int cells, int every, double cell,
                Qt::Orientation lines) {
    for (int at = every; at < cells; at += every) {
        const double offset = at * cell;
        if (lines == Qt::Vertical)
            p.drawLine(QPointF(rect.left() + offset, rect.top()),
                       QPointF(rect.left() + offset, rect.bottom()));
        else
            p.drawLine(QPointF(rect.left(), rect.top() + offset),
                       QPointF(rect.right(), rect.top() + offset));
    }
}

QRectF cellsRect(const QRectF &grid, const QRect &cells, double cell) {
    return QRectF(grid.left() + cells.x() * cell, grid.top() + cells.y() * cell,
                  cells.width() * cell, cells.height() * cell);
}

} // namespace

TiledProductWidget::TiledProductWidget(QWidget *parent) : QWidget(parent) {
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void TiledProductWidget::setProduct(std::shared_ptr<const InterpretedProduct> product) {
    m_product = std::move(product);
    recompute();
    updateGeometry();
}

void TiledProductWidget::setTileSize(attn::TileSize size) {
    m_size = size;
    recompute();
}

int TiledProductWidget::stepCount() const {
    if (!m_product || m_product->isEmpty())
        return 0;
    return int(attn::tiledStepCount(m_product->A, m_product->B, m_size));
}

void TiledProductWidget::setCount(int count) {
    m_count = std::clamp(count, 0, stepCount());
    recompute();
}

void TiledProductWidget::recompute() {
    const int total = stepCount();
    m_count = std::clamp(m_count, 0, total);
    if (!m_product || m_product->isEmpty()) {
        m_partial.resize(0, 0);
    } else if (m_count == total) {
        m_partial = m_product->P; // every tile done: the product itself, at any size
    } else {
        m_partial = attn::tiledPartialSum(m_product->A, m_product->B, m_size, m_count);
    }
    update();
}

TiledProductWidget::Blocks TiledProductWidget::currentBlocks() const {
    if (m_count <= 0 || !m_product || m_product->isEmpty())
        return {};
    const attn::TiledStep s = attn::tiledStep(m_product->A, m_product->B, m_size, m_count - 1);
    return {QRect(int(s.innerFirst), int(s.rowFirst), int(s.innerCount), int(s.rowCount)),
            QRect(int(s.colFirst), int(s.innerFirst), int(s.colCount), int(s.innerCount)),
            QRect(int(s.colFirst), int(s.rowFirst), int(s.colCount), int(s.rowCount))};
}

QString TiledProductWidget::caption() const {
    if (!m_product || m_product->isEmpty())
        return {};
    const int total = stepCount();
    if (m_count == 0)
        return tr("%1 block products in tiles of %2\u00d7%3 (inner blocks of %4): press "
                  "play or \u2192")
            .arg(total)
            .arg(m_size.rows)
            .arg(m_size.cols)
            .arg(m_size.inner);
    const attn::TiledStep s = attn::tiledStep(m_product->A, m_product->B, m_size, m_count - 1);
    auto span = [](Eigen::Index first, Eigen::Index count) {
        return count == 1 ? QString::number(first)
                          : QString("%1\u2013%2").arg(first).arg(first + count - 1);
    };
    const QString I = span(s.rowFirst, s.rowCount), J = span(s.colFirst, s.colCount),
                  K = span(s.innerFirst, s.innerCount);
    return tr("step %1 of %2: tile rows %3, columns %4 += %5[%3, %6]\u00b7%7[%6, %4]%8")
        .arg(m_count)
        .arg(total)
        .arg(I, J, m_product->aName, K, m_product->bName,
             m_count == total ? tr(" \u2014 every tile done: the grid is %1").arg(m_product->pName)
                              : QString());
}

void TiledProductWidget::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    m_sequential = ColorLut(sequential);
    m_diverging = ColorLut(diverging);
    update();
}

QSize TiledProductWidget::sizeHint() const {
    return {560, 420};
}

QSize TiledProductWidget::minimumSizeHint() const {
    return {320, 240};
}

void TiledProductWidget::paintEvent(QPaintEvent *) {
    QPainter p(this);
    const QPalette pal = palette();
    if (!m_product || m_product->isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Nothing to explain yet."));
        return;
    }
    const InterpretedProduct &prod = *m_product;
    const int rows = prod.rows(), cols = prod.cols(), inner = prod.termCount();
    // A (rows × inner) left of P (rows × cols), B (inner × cols) above P.
    const double w = width() - 2 * kTiledMargin - kTiledGap,
                 h = height() - 2 * kTiledMargin - 2 * kTiledTitle - kTiledGap - kTiledCaption;
    const double cell =
        std::clamp(std::min(w / (inner + cols), h / (inner + rows)), 1.0, kTiledMaxCell);
    const double left = kTiledMargin, top = kTiledMargin + kTiledTitle;
    const QRectF b(left + inner * cell + kTiledGap, top, cols * cell, inner * cell);
    const QRectF a(left, b.bottom() + kTiledGap + kTiledTitle, inner * cell, rows * cell);
    const QRectF grid(b.left(), a.top(), cols * cell, rows * cell);

    QFont numbers = font();
    numbers.setPointSizeF(font().pointSizeF() * 0.85);
    const QColor frame = pal.color(QPalette::Mid);
    const ValueRange unit{0.0, 1.0, 0, 1};
    matrixpaint::Style aStyle{prod.rowViewIsConvex() ? &m_sequential : &m_diverging,
                              prod.rowViewIsConvex() ? unit
                                                     : matrixpaint::symmetricRange(maxAbs(prod.A)),
                              true,
                              1.0,
                              frame,
                              &numbers};
    matrixpaint::Style bStyle{
        prod.columnViewIsConvex() ? &m_sequential : &m_diverging,
        prod.columnViewIsConvex() ? unit : matrixpaint::symmetricRange(maxAbs(prod.B)),
        true,
        1.0,
        frame,
        &numbers};
    matrixpaint::Style pStyle{
        &m_diverging, matrixpaint::symmetricRange(maxAbs(prod.P)), true, 1.0, frame, &numbers};
    matrixpaint::paintGrid(p, a, prod.A, aStyle);
    matrixpaint::paintGrid(p, b, prod.B, bStyle);
    matrixpaint::paintGrid(p, grid, m_partial, pStyle);

    // Tiles not reached yet are blank: the partial sum has nothing there.
    const Eigen::Index perTile =
        std::max<Eigen::Index>(1, (inner + m_size.inner - 1) / m_size.inner);
    const int tilesStarted = int((m_count + perTile - 1) / perTile);
    const int tileCols = int((cols + m_size.cols - 1) / m_size.cols);
    for (int t = tilesStarted; t < stepCount() / int(perTile); ++t) {
        const QRect tile(int((t % tileCols) * m_size.cols), int((t / tileCols) * m_size.rows),
                         int(m_size.cols), int(m_size.rows));
        p.fillRect(cellsRect(grid, tile.intersected(QRect(0, 0, cols, rows)), cell),
                   pal.color(QPalette::Base));
    }

    p.setPen(QPen(pal.color(QPalette::Dark), 1.0, Qt::DashLine));
    blockLines(p, grid, cols, int(m_size.cols), cell, Qt::Vertical);
    blockLines(p, grid, rows, int(m_size.rows), cell, Qt::Horizontal);
    blockLines(p, a, inner, int(m_size.inner), cell, Qt::Vertical);
    blockLines(p, a, rows, int(m_size.rows), cell, Qt::Horizontal);
    blockLines(p, b, inner, int(m_size.inner), cell, Qt::Horizontal);
    blockLines(p, b, cols, int(m_size.cols), cell, Qt::Vertical);
    p.setPen(QPen(frame, 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(grid);

    const Blocks blocks = currentBlocks();
    const QColor outline = pal.color(QPalette::Text);
    p.setPen(QPen(outline, 3.0));
    if (!blocks.p.isEmpty()) {
        p.drawRect(cellsRect(a, blocks.a, cell));
        p.drawRect(cellsRect(b, blocks.b, cell));
        p.drawRect(cellsRect(grid, blocks.p, cell));
    }

    p.setPen(pal.color(QPalette::Text));
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRectF(b.left(), b.top() - kTiledTitle, b.width() + 200, kTiledTitle),
               Qt::AlignVCenter, prod.bName);
    p.drawText(QRectF(a.left(), a.top() - kTiledTitle, a.width() + 40, kTiledTitle),
               Qt::AlignVCenter, prod.aName);
    p.drawText(QRectF(grid.left(), grid.top() - kTiledTitle, grid.width() + 200, kTiledTitle),
               Qt::AlignVCenter,
               m_count == stepCount() ? prod.pName : tr("%1 so far").arg(prod.pName));
    p.setFont(font());
    p.drawText(QRectF(kTiledMargin, grid.bottom() + 8, width() - 2 * kTiledMargin, kTiledCaption),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption());
}

} // namespace attn::ui
