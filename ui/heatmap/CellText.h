#pragma once

#include <QColor>
#include <QString>

// Text written inside heatmap cells and tooltips.

// Compact cell text: 3 significant digits and at most 4 decimals ("0.0452", "3.95", "123"),
// scientific for very small/large magnitudes ("4.5e−5"), typographic minus, "−∞"/"∞"/"NaN".
QString formatCellValue(double value);

// Full precision for tooltips (6 significant digits).
QString formatPreciseValue(double value);

// Black or white, whichever contrasts more with the cell colour (WCAG relative luminance).
QColor contrastingTextColor(QColor background);
