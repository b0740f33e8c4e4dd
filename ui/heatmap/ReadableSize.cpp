// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReadableSize.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace attn::ui {

HeatmapFonts heatmapFonts(const QFont &base) {
    const double pt = std::max(base.pointSizeF() > 0 ? base.pointSizeF() : 9.0, 9.0);
    auto sized = [&base, pt](double factor) {
        QFont f = base;
        f.setPointSizeF(pt * factor);
        return f;
    };
    HeatmapFonts fonts{sized(1.15), sized(1.2), sized(1.45), sized(kHeatmapNumberScale),
                       sized(1.05)};
    fonts.labels.setItalic(true);
    fonts.title.setBold(true);
    return fonts;
}

QSize readableHeatmapSize(const HeatmapFonts &fonts, const HeatmapData &data,
                          const std::function<QString(int, int)> &cellText, NameWidths names,
                          bool numbers, int maxCells) {
    const QFontMetricsF tick(fonts.ticks), label(fonts.labels), title(fonts.title);
    const QFontMetricsF number(fonts.numbers), scale(fonts.scale);
    const int rows = std::max(1, data.rows()), cols = std::max(1, data.cols());
    const bool small = rows <= maxCells && cols <= maxCells;
    double widest = 0; // the widest number
    if (numbers && small)
        for (int r = 0; r < data.rows(); ++r)
            for (int c = 0; c < data.cols(); ++c)
                if (!data.isMasked(r, c) && std::isfinite(data.value(r, c)))
                    widest = std::max(widest, number.horizontalAdvance(cellText(r, c)));
    const double line = tick.height();
    const double cellHeight =
        numbers && small ? std::max<double>(kReadableCellPixels, number.height() + 6) : line;
    const double cellWidth = std::max(cellHeight, numbers && small ? widest + 10 : line);
    const bool upright = names.cols + 8 > cellWidth;
    // Beyond maxCells an axis gets an overview's length: names and numbers are read in the
    // tooltips (or by enlarging) there.
    const double overview = kOverviewCells * line;
    const double height = rows <= maxCells ? rows * cellHeight : overview;
    const double width = cols <= maxCells ? cols * cellWidth : overview;
    const double left = names.rows + label.height() + 24;
    const double bottom = (upright ? names.cols : line) + label.height() + 24;
    const double top = title.height() + 24; // with the layout's rounding to spare
    const double right = 16 + 8 + scale.horizontalAdvance(QStringLiteral("−0.25")) + 28;
    return {int(std::ceil(left + width + right)), int(std::ceil(top + height + bottom))};
}

} // namespace attn::ui
