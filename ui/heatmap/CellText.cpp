// SPDX-License-Identifier: GPL-3.0-or-later
#include "CellText.h"

#include <cmath>

namespace attn::ui {

namespace {

double channel(int c) {
    const double s = c / 255.0;
    return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
}

} // namespace

QColor contrastingTextColor(QColor background) {
    const double luminance = 0.2126 * channel(background.red()) +
                             0.7152 * channel(background.green()) +
                             0.0722 * channel(background.blue());
    // Contrast ratios against black (L = 0) and white (L = 1); pick the larger.
    const double withBlack = (luminance + 0.05) / 0.05;
    const double withWhite = 1.05 / (luminance + 0.05);
    return withBlack >= withWhite ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace attn::ui
