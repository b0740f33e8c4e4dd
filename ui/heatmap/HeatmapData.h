// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ColorScale.h"
#include "HeatmapImage.h"
#include "HeatmapSource.h"
#include "Matrix.h"

#include <QRect>

#include <QStringList>
#include <memory>

namespace attn::ui {

// What a HeatmapView displays, shared read-only with the layers that draw it.
struct HeatmapData {
    using RowMajorMask = Eigen::Array<bool, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

    // The matrix, when held by copy (or, for a cell source, once someone asked for all of it) ...
    mutable attn::Matrix values;
    std::shared_ptr<const attn::Matrix> shared; // ... or shared with its owner (no copy) ...
    std::shared_ptr<HeatmapSource> cells;       // ... or computed cell by cell, never whole
    RowMajorMask masked;   // row-major copy of the caller's mask (scanned row by row); 0×0 = none
    QStringList rowLabels; // always rows() entries (indices where the caller gave none)
    QStringList colLabels; // always cols() entries
    ScaleKind kind = ScaleKind::Unit;
    ValueRange range;
    // False while the range of a large shared matrix is being found off the GUI thread (with
    // its first colouring): ensureRange() finds it at once for who cannot wait.
    bool rangeKnown = true;
    ColorLut lut;
    quint64 generation = 0; // bumped on every change of what is drawn: invalidates caches
    QRect block; // a block of cells the overlay outlines (x = column, y = row); empty = none

    // All of it: a cell source computes the whole matrix on the first call (export, tests).
    const attn::Matrix &matrix() const;
    int rows() const { return cells ? cells->rows() : static_cast<int>(matrix().rows()); }
    int cols() const { return cells ? cells->cols() : static_cast<int>(matrix().cols()); }
    bool isEmpty() const { return rows() == 0 || cols() == 0; }
    bool contains(int row, int col) const {
        return row >= 0 && col >= 0 && row < rows() && col < cols();
    }
    bool isMasked(int row, int col) const {
        return cells ? cells->isMasked(row, col) : masked.size() > 0 && masked(row, col);
    }
    double value(int row, int col) const {
        return cells ? cells->value(row, col) : matrix()(row, col);
    }
    // The colour a cell is filled with (range known).
    QRgb colorOf(int row, int col) const;
    // The matrix as renderCells reads it (not for a cell source: its values stay null).
    CellSource source() const {
        return {cells ? nullptr : matrix().data(),
                rows(),
                cols(),
                masked.size() > 0 ? masked.data() : nullptr,
                range,
                &lut,
                kExcludedColor,
                0,
                kind == ScaleKind::Diverging ? CellReduction::LargestMagnitude
                                             : CellReduction::Max};
    }
    void ensureRange();
    // Takes the caller's mask (same shape as values, else ignored with a warning; an all-false
    // one is dropped). `previous` is the caller's last mask, to skip re-transposing it.
    void adoptMask(const attn::Mask *mask, attn::Mask &previous);
    static constexpr QRgb kExcludedColor = 0xffe0e0e0; // light grey, under the hatch
};

// Labels for `count` rows or columns: the given ones, indices where none (or an empty one) is
// given.
QStringList completeLabels(const QStringList &given, int count);

// dst = srcᵀ, dst already sized.
void transposeInto(const attn::Matrix &src, attn::Matrix &dst);

} // namespace attn::ui
