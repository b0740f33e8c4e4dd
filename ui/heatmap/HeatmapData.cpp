// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapData.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace attn::ui {

const attn::Matrix &HeatmapData::matrix() const {
    if (shared)
        return *shared;
    if (cells && values.size() == 0 && cells->rows() != 0 && cells->cols() != 0)
        values = cells->matrix();
    return values;
}

QRgb HeatmapData::colorOf(int row, int col) const {
    if (!cells)
        return cellColor(source(), row, col);
    const double v = cells->value(row, col);
    if (!std::isfinite(v) || cells->isMasked(row, col))
        return kExcludedColor;
    return lut.at(lutIndex(v, range));
}

void HeatmapData::ensureRange() {
    if (rangeKnown)
        return;
    if (cells) {
        range = cells->rangeNow(kind);
        rangeKnown = true;
        return;
    }
    const attn::Matrix &m = matrix();
    range = displayRange(m.data(), m.size(), masked.size() > 0 ? masked.data() : nullptr, kind);
    rangeKnown = true;
}

void HeatmapData::adoptMask(const attn::Mask *mask, attn::Mask &previous) {
    const attn::Matrix &v = matrix();
    if (mask && mask->size() > 0 && (mask->rows() != v.rows() || mask->cols() != v.cols()))
        qWarning("HeatmapView: mask is %lldx%lld but the matrix is %lldx%lld; mask ignored",
                 static_cast<long long>(mask->rows()), static_cast<long long>(mask->cols()),
                 static_cast<long long>(v.rows()), static_cast<long long>(v.cols()));
    // An all-false mask (no causal mask, nothing switched off) costs nothing later on.
    if (mask && mask->rows() == v.rows() && mask->cols() == v.cols() && mask->any()) {
        // Masks rarely change between edits: comparing (a memcmp) is much cheaper than
        // transposing to the row-major order the drawing scans in.
        const bool same =
            previous.rows() == mask->rows() && previous.cols() == mask->cols() &&
            masked.size() > 0 &&
            std::memcmp(previous.data(), mask->data(), static_cast<std::size_t>(mask->size())) == 0;
        if (!same) {
            previous = *mask;
            masked = *mask; // Eigen transposes: ~1.2 ms at n = 1024
        }
    } else {
        masked.resize(0, 0);
    }
}

QStringList completeLabels(const QStringList &given, int count) {
    // Every edit passes the same complete names: shared, not rebuilt, so that comparing them
    // with the shown ones is one pointer comparison.
    if (given.size() == count &&
        std::none_of(given.cbegin(), given.cend(), [](const QString &s) { return s.isEmpty(); }))
        return given;
    QStringList labels;
    labels.reserve(count);
    for (int i = 0; i < count; ++i)
        labels.append(i < given.size() && !given[i].isEmpty() ? given[i] : QString::number(i));
    return labels;
}

// dst = srcᵀ (dst already sized), in 16×16 tiles: a plain transpose reads one row-major
// matrix down its columns and misses the cache on nearly every read; 3 → 2 ms at n = 1024.
void transposeInto(const attn::Matrix &src, attn::Matrix &dst) {
    constexpr Eigen::Index kTile = 16;
    const Eigen::Index rows = src.rows(), cols = src.cols();
    const double *in = src.data();
    double *out = dst.data();
    for (Eigen::Index i0 = 0; i0 < rows; i0 += kTile)
        for (Eigen::Index j0 = 0; j0 < cols; j0 += kTile) {
            const Eigen::Index i1 = std::min(i0 + kTile, rows), j1 = std::min(j0 + kTile, cols);
            for (Eigen::Index j = j0; j < j1; ++j)
                for (Eigen::Index i = i0; i < i1; ++i)
                    out[j * rows + i] = in[i * cols + j];
        }
}

} // namespace attn::ui
