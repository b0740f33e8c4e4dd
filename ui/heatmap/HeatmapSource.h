// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ColorScale.h"
#include "HeatmapImage.h"
#include "Matrix.h"

#include <QRect>
#include <QSize>

#include <functional>
#include <optional>

namespace attn::ui {

// Cells a heatmap shows without holding them as one matrix: a stage of 4,096 tokens would be
// 134 MB derived on every edit, for a picture of a few hundred thousand pixels. The view asks
// only for what it draws: the pixels of the cells in view (reduced as renderCells reduces them:
// the colour bar says how) and single cells (numbers, tooltips, colours). Used on the GUI
// thread only; an implementation may build what it draws from on a worker meanwhile.
class HeatmapSource {
public:
    virtual ~HeatmapSource() = default;

    virtual int rows() const = 0;
    virtual int cols() const = 0;
    virtual double value(int row, int col) const = 0;
    virtual bool isMasked(int row, int col) const = 0; // drawn hatched, never coloured
    // The colour range of the whole matrix (as displayRange gives it), or nullopt while it is
    // still being found; rangeNow() finds it at once, for who cannot wait.
    virtual std::optional<ValueRange> range(ScaleKind kind) = 0;
    virtual ValueRange rangeNow(ScaleKind kind) = 0;
    // The cells `cells` (x = first column) at `target` device pixels, coloured with `style`'s
    // table, range, excluded colour and reduction (its values are not read); nullopt while what
    // they are drawn from is being prepared: then `ready` is called on the GUI thread once it is.
    virtual std::optional<CellImages> render(const QRect &cells, QSize target,
                                             const CellSource &style,
                                             const std::function<void()> &ready) = 0;
    // Every cell (exporting the matrix, tests): the one call that costs rows × cols.
    virtual attn::Matrix matrix() const = 0;
};

} // namespace attn::ui
