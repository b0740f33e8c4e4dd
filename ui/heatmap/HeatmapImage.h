#pragma once

#include "ColorScale.h"

#include <QImage>
#include <QSize>

// Turns a row-major matrix into the pixels of its heatmap, through a 256-entry LUT, scanline by
// scanline: about a nanosecond per cell, so a 1024×1024 matrix costs ~1 ms (filling a
// QCPColorMap cell by cell from column-major data costs ~10 ns per cell).
struct CellImages {
    QImage colors;   // Format_RGB32; excluded pixels get the excluded colour
    QImage excluded; // Format_Alpha8, 255 where excluded (masked or not finite); null if none is
};

// The matrix to draw. masked: row-major rows*cols bytes (true = switched off) or nullptr.
struct CellSource {
    const double *values = nullptr;
    int rows = 0;
    int cols = 0;
    const bool *masked = nullptr;
    ValueRange range;
    const ColorLut *lut = nullptr;
    QRgb excludedColor = 0xffe0e0e0;
};

// The colour of one cell (what the heatmap shows for it when cells are at least a pixel).
QRgb cellColor(const CellSource &source, int row, int col);

// One pixel per cell.
CellImages colorCells(const CellSource &source);

// The heatmap at `target` pixels. Where cells are larger than pixels they are sampled (crisp
// squares); where there are more cells than pixels each pixel shows the mean of the cells it
// covers, leaving out excluded ones, so a thin line of high weights (a diagonal) stays visible
// instead of being dropped by sampling; a pixel is excluded only when all its cells are.
// Reads the matrix once; cost ~ cells + pixels.
CellImages renderCells(const CellSource &source, QSize target);
