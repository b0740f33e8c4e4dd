// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "HeatmapData.h"

#include <QFont>
#include <QSize>

#include <functional>

namespace attn::ui {

// The fonts a heatmap draws with, for measuring how much room it needs.
struct HeatmapFonts {
    QFont ticks, labels, title, numbers, scale;
};

// The cell numbers' size relative to the widget font.
inline constexpr double kHeatmapNumberScale = 1.15;

// Sizes relative to the widget font, so a presentation mode scales everything at once; never
// below what reads on a projector.
HeatmapFonts heatmapFonts(const QFont &base);

// The widest row name and the widest column name, in pixels of the tick font.
struct NameWidths {
    double rows = 0, cols = 0;
};

// The smallest size at which a heatmap of `data` is read without effort: cells at least
// `kReadableCellPixels` high and as wide as their widest number (cellText) in `fonts.numbers`
// (numbers = true; otherwise a line of text each way, room for names only), the names on both
// axes (column names upright when they are wider than a cell), the title and the colour bar.
// An axis with more than maxCells rows or columns gets an overview's length instead.
QSize readableHeatmapSize(const HeatmapFonts &fonts, const HeatmapData &data,
                          const std::function<QString(int, int)> &cellText, NameWidths names,
                          bool numbers, int maxCells);

inline constexpr int kReadableCellPixels = 24;
inline constexpr int kOverviewCells = 24; // lines of text an overview axis is long

} // namespace attn::ui
