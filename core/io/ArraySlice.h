// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace attn {

// A part of an array in NumPy's basic indexing, as a user types it after a tensor's name:
// "[:, 0:64]", "[768:832]", "[-64:]", "[3]", "[:, 5]". One entry per axis (missing trailing
// axes are whole); an entry is a range start:stop (either end may be left out, negative counts
// from the end) or a single index, which drops that axis. Steps are not supported.
//
// Unlike NumPy, a range reaching beyond its axis is refused rather than silently shortened:
// "0:64" of a 32-wide tensor is almost certainly the wrong tensor.
struct SliceAxis {
    bool isIndex = false;
    std::optional<std::int64_t> start; // the index itself when isIndex
    std::optional<std::int64_t> stop;
};

struct ArraySlice {
    std::vector<SliceAxis> axes; // empty: the whole array
    bool isWhole() const { return axes.empty(); }
};

// Parses "[…]" (surrounding spaces allowed; "" is the whole array). Throws InputError with a
// message naming what is wrong.
ArraySlice parseArraySlice(const QString &text);

// "[:, 0:64]" — the canonical spelling, for descriptions ("" for the whole array).
QString sliceText(const ArraySlice &slice);

// One axis of a slice resolved against a shape: the half-open range [begin, end) of that axis,
// and whether the axis remains (false for a single index).
struct AxisRange {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    bool kept = true;
    std::uint64_t size() const { return end - begin; }
};

// The ranges of every axis of `shape`. Throws InputError for more entries than axes, indices
// or ranges outside their axis, empty ranges, and selections of a single number.
std::vector<AxisRange> resolveSlice(const ArraySlice &slice,
                                    const std::vector<std::uint64_t> &shape);

// The matrix of a selection of a 1-D or 2-D array: two kept axes give rows × columns; one kept
// axis gives ONE ROW (a vector is one token), as a 1-D array is read.
struct SliceShape {
    std::uint64_t rows = 0, cols = 0;
};
SliceShape sliceShape(const std::vector<AxisRange> &ranges);

// Applies a selection to `m`, which holds an array of `shape` (1-D arrays as one row).
Matrix applySlice(const Matrix &m, const std::vector<std::uint64_t> &shape,
                  const ArraySlice &slice);

} // namespace attn
