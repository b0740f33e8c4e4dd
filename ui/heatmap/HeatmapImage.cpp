#include "HeatmapImage.h"

#include <cmath>
#include <vector>

namespace {

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

QRgb cellColor(const CellSource &s, int row, int col) {
    const qsizetype i = static_cast<qsizetype>(row) * s.cols + col;
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
        const double *row = s.values + static_cast<qsizetype>(y) * s.cols;
        const bool *maskRow = s.masked ? s.masked + static_cast<qsizetype>(y) * s.cols : nullptr;
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
    const bool checks = s.range.excluded > 0;
    CellImages out;
    out.colors = QImage(target, QImage::Format_RGB32);
    // Per output row: add up its source rows into per-column accumulators (contiguous, so the
    // compiler vectorizes it and the matrix is streamed exactly once), then reduce the columns.
    std::vector<double> sum(static_cast<std::size_t>(s.cols));
    std::vector<int> count(static_cast<std::size_t>(s.cols));
    double *acc = sum.data();
    int *cnt = count.data();
    std::vector<double> pixelSum(static_cast<std::size_t>(tw));
    std::vector<int> pixelCount(static_cast<std::size_t>(tw));
    for (int ty = 0; ty < th; ++ty) {
        const int y0 = ys.begin[static_cast<std::size_t>(ty)];
        const int y1 = ys.end[static_cast<std::size_t>(ty)];
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(count.begin(), count.end(), 0);
        auto rowAt = [&s](int y) { return s.values + static_cast<qsizetype>(y) * s.cols; };
        int y = y0;
        if (!checks) {
            // Rows in fours: a quarter of the accumulator loads and stores.
            for (; y + 3 < y1; y += 4) {
                const double *r0 = rowAt(y), *r1 = rowAt(y + 1), *r2 = rowAt(y + 2),
                             *r3 = rowAt(y + 3);
                for (int x = 0; x < s.cols; ++x)
                    acc[x] += (r0[x] + r1[x]) + (r2[x] + r3[x]);
            }
            for (; y < y1; ++y) {
                const double *row = rowAt(y);
                for (int x = 0; x < s.cols; ++x)
                    acc[x] += row[x];
            }
        }
        for (; checks && y < y1; ++y) {
            const double *row = rowAt(y);
            const bool *maskRow =
                s.masked ? s.masked + static_cast<qsizetype>(y) * s.cols : nullptr;
            for (int x = 0; x < s.cols; ++x) {
                const double v = row[x];
                // v - v is 0 exactly for finite v (NaN for ±∞ and NaN): branch-free.
                const bool ok = (v - v == 0.0) && !(maskRow && maskRow[x]);
                acc[x] += ok ? v : 0.0;
                cnt[x] += ok ? 1 : 0;
            }
        }
        // Reduce the columns first, colour afterwards: keeps the variable-length span loops
        // apart from the division and the lookup, which then pipeline.
        for (int tx = 0; tx < tw; ++tx) {
            const int x0 = xs.begin[static_cast<std::size_t>(tx)];
            const int x1 = xs.end[static_cast<std::size_t>(tx)];
            double total = 0.0;
            int n = 0;
            for (int x = x0; x < x1; ++x) {
                total += acc[x];
                n += cnt[x];
            }
            pixelSum[static_cast<std::size_t>(tx)] = total;
            pixelCount[static_cast<std::size_t>(tx)] = checks ? n : (x1 - x0) * (y1 - y0);
        }
        QRgb *line = rgbLine(out.colors, ty);
        bool anyEmpty = false;
        for (int tx = 0; tx < tw; ++tx) {
            const int n = pixelCount[static_cast<std::size_t>(tx)];
            anyEmpty |= n == 0;
            const double mean = pixelSum[static_cast<std::size_t>(tx)] / std::max(n, 1);
            line[tx] = n == 0 ? s.excludedColor : table[scale.index(mean)];
        }
        if (anyEmpty) {
            uchar *excluded = excludedLine(out, target, ty);
            for (int tx = 0; tx < tw; ++tx)
                excluded[tx] = pixelCount[static_cast<std::size_t>(tx)] == 0 ? 255 : 0;
        }
    }
    return out;
}
