// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ColorScale.h"
#include "Matrix.h"

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QSizeF>

class QPainter;

namespace attn::ui {

// Drawing numbers as coloured cells for the compact, hand-painted views (the Interpretations
// view's vectors and small matrices). One colour range is passed in by the caller, so several
// vectors drawn with it compare by colour. Dense data (more cells than pixels) is coloured into
// an image one pixel per cell and scaled, so a 1024-long vector or a 1024×1024 grid costs one
// image, not a million rectangles.
namespace matrixpaint {

// The largest magnitude in m, 0 for an empty one: what a symmetric colour range spans.
inline double maxAbs(const attn::Matrix &m) {
    return m.size() ? m.cwiseAbs().maxCoeff() : 0.0;
}

struct Style {
    const ColorLut *lut = nullptr;
    ValueRange range;
    bool numbers = true; // write values into cells wide and tall enough to hold them
    double opacity = 1.0;
    QColor frame;                // outline around the whole block; invalid = none
    const QFont *font = nullptr; // for the numbers (the painter's when null)
};

QColor colorOf(double value, const Style &style);

// Cells are numbered only when the value's text fits: this wide (text + kNumberPadding) and at
// least kMinNumberHeight (or a line of `font`) tall. Layouts ask for the size their values need.
constexpr double kMinNumberHeight = 15;
constexpr double kNumberPadding = 3;
QSizeF numberCellSize(const QFont &font, double value);
QSizeF numberCellSize(const QFont &font, const attn::Matrix &values); // the largest of them
bool numberFits(const QFont &font, const QSizeF &cell, double value);

// A vector of `count` values (stride apart in memory), laid along `orientation` inside `rect`.
void paintVector(QPainter &p, const QRectF &rect, const double *values, int count, int stride,
                 Qt::Orientation orientation, const Style &style);
inline void paintVector(QPainter &p, const QRectF &rect, const attn::RowVector &values,
                        Qt::Orientation orientation, const Style &style) {
    paintVector(p, rect, values.data(), int(values.size()), 1, orientation, style);
}
// A matrix, row 0 at the top.
void paintGrid(QPainter &p, const QRectF &rect, const attn::Matrix &values, const Style &style);

// A symmetric range [−a, a] with a = the largest |value| (never empty).
ValueRange symmetricRange(double maxAbs);
// A horizontal colour bar with its end values written below it.
void paintLegend(QPainter &p, const QRectF &rect, const Style &style);

} // namespace matrixpaint

} // namespace attn::ui
