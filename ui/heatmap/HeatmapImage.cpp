// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapImage.h"

#include "Parallel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <vector>

namespace attn::ui {

namespace {

// Matrices from this many cells are reduced to pixels on both cores, in tasks of these lines.
constexpr qint64 kParallelCells = 1 << 17;
constexpr Eigen::Index kLinesPerTask = 32;

QRgb *rgbLine(QImage &image, int y) {
    return reinterpret_cast<QRgb *>(image.scanLine(y));
}

bool isExcluded(double value, const bool *maskRow, int x) {
    return !std::isfinite(value) || (maskRow && maskRow[x]);
}

// For each of `target` output pixels, the half-open range of source cells it covers, at least
// one (when enlarging, that is nearest-neighbour sampling).
struct Spans {
    std::vector<int> begin, end;
};

Spans spans(int source, int target) {
    Spans s;
    s.begin.resize(static_cast<std::size_t>(target));
    s.end.resize(static_cast<std::size_t>(target));
    for (int i = 0; i < target; ++i) {
        const auto b = static_cast<int>(static_cast<qint64>(i) * source / target);
        auto e = static_cast<int>((static_cast<qint64>(i + 1) * source + target - 1) / target);
        e = std::clamp(e, b + 1, source);
        s.begin[static_cast<std::size_t>(i)] = b;
        s.end[static_cast<std::size_t>(i)] = e;
    }
    return s;
}

// The excluded image is made on the first excluded cell only, so the common unmasked case
// never pays for it.
uchar *excludedLine(CellImages &out, QSize size, int y) {
    if (out.excluded.isNull()) {
        out.excluded = QImage(size, QImage::Format_Alpha8);
        out.excluded.fill(0);
    }
    return out.excluded.scanLine(y);
}

} // namespace

CellSource CellSource::block(const QRect &cells) const {
    CellSource b = *this;
    const qsizetype offset = static_cast<qsizetype>(cells.y()) * rowStride() + cells.x();
    b.values = values + offset;
    b.masked = masked ? masked + offset : nullptr;
    b.rows = cells.height();
    b.cols = cells.width();
    b.stride = rowStride();
    return b;
}

QRgb cellColor(const CellSource &s, int row, int col) {
    const qsizetype i = static_cast<qsizetype>(row) * s.rowStride() + col;
    const double v = s.values[i];
    if (!std::isfinite(v) || (s.masked && s.masked[i]))
        return s.excludedColor;
    return s.lut->at(lutIndex(v, s.range));
}

CellImages colorCells(const CellSource &s) {
    CellImages out;
    if (s.rows <= 0 || s.cols <= 0)
        return out;
    const QSize size(s.cols, s.rows);
    out.colors = QImage(size, QImage::Format_RGB32);
    const QRgb *table = s.lut->data();
    const LutScale scale(s.range);
    for (int y = 0; y < s.rows; ++y) {
        const double *row = s.values + static_cast<qsizetype>(y) * s.rowStride();
        const bool *maskRow =
            s.masked ? s.masked + static_cast<qsizetype>(y) * s.rowStride() : nullptr;
        QRgb *line = rgbLine(out.colors, y);
        for (int x = 0; x < s.cols; ++x) {
            const double v = row[x];
            // Never hand −∞ (a masked logit) or NaN to the colour table.
            const bool bad = isExcluded(v, maskRow, x);
            line[x] = bad ? s.excludedColor : table[scale.index(bad ? scale.lower : v)];
            if (bad) [[unlikely]]
                excludedLine(out, size, y)[x] = 255;
        }
    }
    return out;
}

namespace {

// Per source column, the largest and the smallest counted value over a span of rows (−∞/+∞
// when none counted): contiguous loops the compiler vectorizes, the matrix streamed once.
void accumulateRows(const CellSource &s, int y0, int y1, bool checks, double *hi, double *lo) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    std::fill(hi, hi + s.cols, -inf);
    std::fill(lo, lo + s.cols, inf);
    for (int y = y0; y < y1; ++y) {
        const double *row = s.values + static_cast<qsizetype>(y) * s.rowStride();
        if (!checks) {
            for (int x = 0; x < s.cols; ++x) {
                const double v = row[x];
                hi[x] = v > hi[x] ? v : hi[x];
                lo[x] = v < lo[x] ? v : lo[x];
            }
            continue;
        }
        const bool *maskRow =
            s.masked ? s.masked + static_cast<qsizetype>(y) * s.rowStride() : nullptr;
        for (int x = 0; x < s.cols; ++x) {
            const double v = row[x];
            // v - v is 0 exactly for finite v (NaN for ±∞ and NaN): branch-free.
            const bool ok = (v - v == 0.0) && !(maskRow && maskRow[x]);
            hi[x] = ok && v > hi[x] ? v : hi[x];
            lo[x] = ok && v < lo[x] ? v : lo[x];
        }
    }
}

} // namespace

CellImages renderCells(const CellSource &s, QSize target) {
    if (s.rows <= 0 || s.cols <= 0 || target.isEmpty())
        return {};
    if (target.width() >= s.cols && target.height() >= s.rows) {
        CellImages cells = colorCells(s);
        CellImages out;
        out.colors = cells.colors.scaled(target, Qt::IgnoreAspectRatio, Qt::FastTransformation);
        if (!cells.excluded.isNull())
            out.excluded =
                cells.excluded.scaled(target, Qt::IgnoreAspectRatio, Qt::FastTransformation);
        return out;
    }

    const int tw = target.width();
    const int th = target.height();
    const Spans xs = spans(s.cols, tw);
    const Spans ys = spans(s.rows, th);
    const QRgb *table = s.lut->data();
    const LutScale scale(s.range);
    // Without masked or non-finite cells every cell counts: no checks in the hot loop.
    const bool checks = s.range.excluded > 0 || s.masked;
    const bool magnitude = s.reduction == CellReduction::LargestMagnitude;
    CellImages out;
    out.colors = QImage(target, QImage::Format_RGB32);
    // By address: QImage::scanLine() checks for sharing on every call, from every thread.
    uchar *colorBits = out.colors.bits();
    const qsizetype colorStride = out.colors.bytesPerLine();
    // Made by whichever line first has an empty pixel (rare); its address taken there once
    // (bits() detaches, which counts in the image: not to be called from several threads).
    std::once_flag excludedMade;
    uchar *excludedBits = nullptr;
    qsizetype excludedStride = 0;
    // Cells at least a pixel wide (Q, K, V: 64 columns over hundreds of pixels): each column's
    // colour is found once per line of pixels and copied to the pixels lying within it.
    const bool wideCells = tw >= s.cols;
    auto colorOf = [&](double top, double bottom) {
        const bool empty = top < bottom; // nothing counted: −∞ < +∞
        const double shown = magnitude && -bottom > top ? bottom : top;
        return empty ? s.excludedColor : table[scale.index(empty ? scale.lower : shown)];
    };
    auto lines = [&](Eigen::Index firstLine, Eigen::Index lastLine) {
        std::vector<double> hi(static_cast<std::size_t>(s.cols)), lo(hi.size());
        std::vector<uchar> empties(static_cast<std::size_t>(tw));
        std::vector<QRgb> columnColors(wideCells ? static_cast<std::size_t>(s.cols) : 0);
        std::vector<uchar> columnEmpty(columnColors.size());
        for (int ty = int(firstLine); ty < int(lastLine); ++ty) {
            accumulateRows(s, ys.begin[static_cast<std::size_t>(ty)],
                           ys.end[static_cast<std::size_t>(ty)], checks, hi.data(), lo.data());
            auto *line = reinterpret_cast<QRgb *>(colorBits + ty * colorStride);
            bool anyEmpty = false;
            for (std::size_t x = 0; x < columnColors.size(); ++x) {
                columnColors[x] = colorOf(hi[x], lo[x]);
                columnEmpty[x] = hi[x] < lo[x] ? 255 : 0;
                anyEmpty |= columnEmpty[x] != 0;
            }
            for (int tx = 0; tx < tw; ++tx) {
                const int x0 = xs.begin[static_cast<std::size_t>(tx)];
                const int x1 = xs.end[static_cast<std::size_t>(tx)];
                if (wideCells && x1 == x0 + 1) {
                    line[tx] = columnColors[static_cast<std::size_t>(x0)];
                    empties[static_cast<std::size_t>(tx)] =
                        columnEmpty[static_cast<std::size_t>(x0)];
                    continue;
                }
                double top = hi[static_cast<std::size_t>(x0)];
                double bottom = lo[static_cast<std::size_t>(x0)];
                for (int x = x0 + 1; x < x1; ++x) {
                    top = std::max(top, hi[static_cast<std::size_t>(x)]);
                    bottom = std::min(bottom, lo[static_cast<std::size_t>(x)]);
                }
                const bool empty = top < bottom;
                anyEmpty |= empty;
                empties[static_cast<std::size_t>(tx)] = empty ? 255 : 0;
                line[tx] = colorOf(top, bottom);
            }
            if (anyEmpty) {
                std::call_once(excludedMade, [&] {
                    out.excluded = QImage(target, QImage::Format_Alpha8);
                    out.excluded.fill(0);
                    excludedBits = out.excluded.bits();
                    excludedStride = out.excluded.bytesPerLine();
                });
                std::copy(empties.begin(), empties.end(), excludedBits + ty * excludedStride);
            }
        }
    };
    // Both cores for a large matrix (Q and K at 4,096 tokens: 262,144 cells each, coloured on
    // the GUI thread after every edit); a small one is not worth a thread.
    if (qint64(s.rows) * s.cols >= kParallelCells)
        attn::parallelBlocks(th, kLinesPerTask, lines);
    else
        lines(0, th);
    return out;
}

} // namespace attn::ui
