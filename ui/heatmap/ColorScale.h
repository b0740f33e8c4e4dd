// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QVector>
#include <QtGui/qrgb.h>

#include <array>
#include <utility>

class QCPColorGradient;

namespace attn::ui {

// How values map to colours.
enum class ScaleKind {
    Unit,       // fixed [0,1] sequential: attention weights, comparable across heads and edits
    Diverging,  // symmetric about 0 (signed matrices): 0 is always the neutral middle colour
    Sequential, // [min,max] of the data
};

// Colour-blind safe maps only: perceptually uniform (viridis family), ColorBrewer sequential
// and ColorBrewer diverging schemes.
enum class ColorMapId { Viridis, Cividis, Magma, Blues, RdBu, PuOr, BrBG, Grays };

QString colorMapName(ColorMapId id);
QList<ColorMapId> sequentialMaps();
QList<ColorMapId> divergingMaps();
bool isDivergingMap(ColorMapId id);

// The published stop colours, positions in [0,1], first = lowest value.
QList<std::pair<double, QColor>> colorStops(ColorMapId id);
// The same stops as a QCustomPlot gradient (for QCPColorScale), RGB interpolation, 256 levels.
QCPColorGradient colorGradient(ColorMapId id);

// 256 opaque colours sampled evenly from a map's stops: the cells are coloured from this table,
// one multiply and one lookup per cell.
class ColorLut {
public:
    static constexpr int kSize = 256;
    explicit ColorLut(ColorMapId id = ColorMapId::Viridis);
    ColorMapId id() const { return m_id; }
    QRgb at(int index) const { return m_colors[static_cast<std::size_t>(index)]; }
    const QRgb *data() const { return m_colors.data(); }
    QRgb lowest() const { return m_colors.front(); }
    QRgb highest() const { return m_colors.back(); }

private:
    ColorMapId m_id;
    std::array<QRgb, kSize> m_colors{};
};

// The value range the colours span. Cells that are masked or not finite (NaN, ±∞: the logits
// of masked cells are −∞) are excluded and counted in `excluded`; the range is never empty, so
// mapping a value never divides by zero.
struct ValueRange {
    double lower = 0.0;
    double upper = 1.0;
    qsizetype excluded = 0; // masked or non-finite cells
    qsizetype finite = 0;   // cells that take part in the range
};

// masked: row-major, rows*cols bytes (true = switched off), or nullptr for none.
ValueRange displayRange(const double *values, qsizetype count, const bool *masked, ScaleKind kind);
// The same after copying the values to `copy`.
ValueRange copyWithRange(const double *values, double *copy, qsizetype count, const bool *masked,
                         ScaleKind kind);
// Convenience for row-major matrices (tests).
ValueRange displayRange(const attn::Matrix &values, ScaleKind kind,
                        const attn::Mask *masked = nullptr);

// Maps finite values to ColorLut indices: rounded, clamped to the table. The factor is computed
// once (a division per cell would cost more than the rest of the colouring).
struct LutScale {
    double lower;
    double factor;
    explicit LutScale(const ValueRange &range)
        : lower(range.lower), factor((ColorLut::kSize - 1) / (range.upper - range.lower)) {}
    int index(double value) const {
        const double t = (value - lower) * factor;
        // Written so that NaN (a range overflowing to ∞) lands on 0, not undefined behaviour.
        const double clamped = t > 0.0 ? (t < ColorLut::kSize - 1 ? t : ColorLut::kSize - 1) : 0.0;
        return static_cast<int>(clamped + 0.5);
    }
};

inline int lutIndex(double value, const ValueRange &range) {
    return LutScale(range).index(value);
}

} // namespace attn::ui
