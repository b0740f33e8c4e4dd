#pragma once

#include "ColorScale.h"

#include <QImage>
#include <QSize>

// Colours the cells of a row-major matrix, one pixel per cell, scanline by scanline through a
// 256-entry LUT: about a nanosecond per cell, so a 1024×1024 matrix costs ~1 ms (filling a
// QCPColorMap cell by cell from column-major data costs ~10 ns per cell).
struct CellImages {
    QImage colors;   // Format_RGB32, cols × rows; excluded cells get excludedColor
    QImage excluded; // Format_Alpha8, 255 where masked or not finite; null when none is
};

// masked: row-major rows*cols bytes or nullptr. range.excluded > 0 tells that some cell is
// masked or not finite (displayRange counts them), which is when `excluded` is built.
CellImages colorCells(const double *values, int rows, int cols, const bool *masked,
                      const ValueRange &range, const ColorLut &lut, QRgb excludedColor);

// Scales the one-pixel-per-cell image to the pixels it covers on screen. Enlarging: nearest
// neighbour, so cells stay crisp squares. Shrinking (more cells than pixels): each pixel
// averages the cells it covers, so a thin line of high weights (a diagonal) stays visible
// instead of being dropped by sampling.
QImage scaleCells(const QImage &cells, QSize target);
