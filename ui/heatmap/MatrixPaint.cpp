// SPDX-License-Identifier: GPL-3.0-or-later
#include "MatrixPaint.h"

#include "CellText.h"
#include "Notation.h"

#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace matrixpaint {

namespace {

// Writes the value centred in the cell if it fits, in black or white for contrast.
void writeValue(QPainter &p, const QRectF &cell, double value, const QColor &fill) {
    if (!numberFits(p.font(), cell.size(), value))
        return;
    p.setPen(contrastingTextColor(fill));
    p.drawText(cell, Qt::AlignCenter, attn::notation::cell(value));
}

void frame(QPainter &p, const QRectF &rect, const Style &style) {
    if (!style.frame.isValid())
        return;
    p.setPen(QPen(style.frame, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect);
}

} // namespace

QSizeF numberCellSize(const QFont &font, double value) {
    const QFontMetricsF fm(font);
    return {fm.horizontalAdvance(attn::notation::cell(value)) + kNumberPadding,
            std::max(kMinNumberHeight, fm.height())};
}

bool numberFits(const QFont &font, const QSizeF &cell, double value) {
    const QSizeF need = numberCellSize(font, value);
    return cell.width() >= need.width() && cell.height() >= need.height();
}

QSizeF numberCellSize(const QFont &font, const attn::Matrix &values) {
    QSizeF need(0, 0);
    for (Eigen::Index k = 0; k < values.size(); ++k)
        need = need.expandedTo(numberCellSize(font, values.data()[k]));
    return need;
}

QColor colorOf(double value, const Style &style) {
    const ColorLut &lut = style.lut ? *style.lut : ColorLut();
    return QColor::fromRgb(lut.at(lutIndex(value, style.range)));
}

ValueRange symmetricRange(double maxAbs) {
    const double a = std::isfinite(maxAbs) && maxAbs > 1e-300 ? maxAbs : 1.0;
    return ValueRange{-a, a, 0, 1};
}

void paintVector(QPainter &p, const QRectF &rect, const double *values, int count, int stride,
                 Qt::Orientation orientation, const Style &style) {
    if (count <= 0 || rect.isEmpty())
        return;
    p.save();
    p.setOpacity(style.opacity);
    if (style.font)
        p.setFont(*style.font);
    const bool horizontal = orientation == Qt::Horizontal;
    const double length = horizontal ? rect.width() : rect.height();
    const double step = length / count;
    if (step < 2.0) {
        // Denser than the pixels: one image pixel per value, stretched.
        QImage image(horizontal ? count : 1, horizontal ? 1 : count, QImage::Format_RGB32);
        const LutScale scale(style.range);
        const ColorLut &lut = style.lut ? *style.lut : ColorLut();
        for (int k = 0; k < count; ++k) {
            const QRgb c = lut.at(scale.index(values[qsizetype(k) * stride]));
            image.setPixel(horizontal ? k : 0, horizontal ? 0 : k, c);
        }
        p.drawImage(rect, image);
    } else {
        p.setPen(Qt::NoPen);
        for (int k = 0; k < count; ++k) {
            const double v = values[qsizetype(k) * stride];
            const QRectF cell =
                horizontal ? QRectF(rect.left() + k * step, rect.top(), step, rect.height())
                           : QRectF(rect.left(), rect.top() + k * step, rect.width(), step);
            const QColor fill = colorOf(v, style);
            p.fillRect(cell, fill);
            if (style.numbers)
                writeValue(p, cell, v, fill);
        }
    }
    frame(p, rect, style);
    p.restore();
}

void paintGrid(QPainter &p, const QRectF &rect, const attn::Matrix &values, const Style &style) {
    const int rows = int(values.rows()), cols = int(values.cols());
    if (rows == 0 || cols == 0 || rect.isEmpty())
        return;
    p.save();
    p.setOpacity(style.opacity);
    if (style.font)
        p.setFont(*style.font);
    const double cw = rect.width() / cols, ch = rect.height() / rows;
    if (cw < 2.0 || ch < 2.0 || !style.numbers) {
        QImage image(cols, rows, QImage::Format_RGB32);
        const LutScale scale(style.range);
        const ColorLut &lut = style.lut ? *style.lut : ColorLut();
        for (int i = 0; i < rows; ++i) {
            auto *line = reinterpret_cast<QRgb *>(image.scanLine(i));
            for (int j = 0; j < cols; ++j)
                line[j] = lut.at(scale.index(values(i, j)));
        }
        p.drawImage(rect, image);
    } else {
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j) {
                const QRectF cell(rect.left() + j * cw, rect.top() + i * ch, cw, ch);
                const QColor fill = colorOf(values(i, j), style);
                p.fillRect(cell, fill);
                writeValue(p, cell, values(i, j), fill);
            }
    }
    frame(p, rect, style);
    p.restore();
}

void paintLegend(QPainter &p, const QRectF &rect, const Style &style) {
    const ColorLut &lut = style.lut ? *style.lut : ColorLut();
    const QRectF bar(rect.left(), rect.top(), rect.width(), std::min(12.0, rect.height() / 2));
    QImage image(ColorLut::kSize, 1, QImage::Format_RGB32);
    for (int k = 0; k < ColorLut::kSize; ++k)
        image.setPixel(k, 0, lut.at(k));
    p.drawImage(bar, image);
    p.setPen(p.pen().color());
    const QRectF text(rect.left(), bar.bottom() + 1, rect.width(), rect.bottom() - bar.bottom());
    p.drawText(text, Qt::AlignLeft | Qt::AlignTop, attn::notation::cell(style.range.lower));
    p.drawText(text, Qt::AlignHCenter | Qt::AlignTop,
               attn::notation::cell((style.range.lower + style.range.upper) / 2));
    p.drawText(text, Qt::AlignRight | Qt::AlignTop, attn::notation::cell(style.range.upper));
}

} // namespace matrixpaint

} // namespace attn::ui
