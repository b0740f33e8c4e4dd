#include "HeatmapImage.h"

#include <cmath>
#include <vector>

namespace {

QRgb *rgbLine(QImage &image, int y) { return reinterpret_cast<QRgb *>(image.scanLine(y)); }
const QRgb *rgbLine(const QImage &image, int y) {
    return reinterpret_cast<const QRgb *>(image.constScanLine(y));
}

// For each of `target` output pixels, the half-open range of source cells it covers (at least
// one cell: when enlarging this is nearest-neighbour sampling).
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

} // namespace

CellImages colorCells(const double *values, int rows, int cols, const bool *masked,
                      const ValueRange &range, const ColorLut &lut, QRgb excludedColor) {
    CellImages out;
    if (rows <= 0 || cols <= 0)
        return out;
    out.colors = QImage(cols, rows, QImage::Format_RGB32);
    const bool anyExcluded = range.excluded > 0;
    if (anyExcluded)
        out.excluded = QImage(cols, rows, QImage::Format_Alpha8);
    const QRgb *table = lut.data();
    const ValueRange r = range; // local copy: lets the compiler keep it in registers
    for (int y = 0; y < rows; ++y) {
        const double *row = values + static_cast<qsizetype>(y) * cols;
        QRgb *line = rgbLine(out.colors, y);
        if (!anyExcluded) {
            for (int x = 0; x < cols; ++x)
                line[x] = table[lutIndex(row[x], r)];
            continue;
        }
        const bool *maskRow = masked ? masked + static_cast<qsizetype>(y) * cols : nullptr;
        uchar *excludedLine = out.excluded.scanLine(y);
        for (int x = 0; x < cols; ++x) {
            const double v = row[x];
            // Never hand −∞ (a masked logit) or NaN to the colour table.
            const bool bad = !std::isfinite(v) || (maskRow && maskRow[x]);
            line[x] = bad ? excludedColor : table[lutIndex(bad ? r.lower : v, r)];
            excludedLine[x] = bad ? 255 : 0;
        }
    }
    return out;
}

QImage scaleCells(const QImage &cells, QSize target) {
    if (cells.isNull() || target.isEmpty())
        return {};
    if (target.width() >= cells.width() && target.height() >= cells.height())
        return cells.scaled(target, Qt::IgnoreAspectRatio, Qt::FastTransformation);

    const int sw = cells.width();
    const int sh = cells.height();
    const int tw = target.width();
    const int th = target.height();
    const Spans xs = spans(sw, tw);
    const Spans ys = spans(sh, th);

    // Horizontal pass: average the cells under each output column, for every source row.
    QImage horizontal(tw, sh, QImage::Format_RGB32);
    for (int y = 0; y < sh; ++y) {
        const QRgb *src = rgbLine(cells, y);
        QRgb *dst = rgbLine(horizontal, y);
        for (int x = 0; x < tw; ++x) {
            const int b = xs.begin[static_cast<std::size_t>(x)];
            const int e = xs.end[static_cast<std::size_t>(x)];
            unsigned red = 0, green = 0, blue = 0;
            for (int i = b; i < e; ++i) {
                red += qRed(src[i]);
                green += qGreen(src[i]);
                blue += qBlue(src[i]);
            }
            const auto n = static_cast<unsigned>(e - b);
            dst[x] = qRgb(static_cast<int>((red + n / 2) / n), static_cast<int>((green + n / 2) / n),
                          static_cast<int>((blue + n / 2) / n));
        }
    }

    // Vertical pass: average the rows under each output row.
    QImage out(tw, th, QImage::Format_RGB32);
    std::vector<unsigned> sum(static_cast<std::size_t>(tw) * 3);
    for (int y = 0; y < th; ++y) {
        const int b = ys.begin[static_cast<std::size_t>(y)];
        const int e = ys.end[static_cast<std::size_t>(y)];
        std::fill(sum.begin(), sum.end(), 0u);
        for (int j = b; j < e; ++j) {
            const QRgb *src = rgbLine(horizontal, j);
            for (int x = 0; x < tw; ++x) {
                const auto k = static_cast<std::size_t>(x) * 3;
                sum[k] += qRed(src[x]);
                sum[k + 1] += qGreen(src[x]);
                sum[k + 2] += qBlue(src[x]);
            }
        }
        const auto n = static_cast<unsigned>(e - b);
        QRgb *dst = rgbLine(out, y);
        for (int x = 0; x < tw; ++x) {
            const auto k = static_cast<std::size_t>(x) * 3;
            dst[x] = qRgb(static_cast<int>((sum[k] + n / 2) / n),
                          static_cast<int>((sum[k + 1] + n / 2) / n),
                          static_cast<int>((sum[k + 2] + n / 2) / n));
        }
    }
    return out;
}
