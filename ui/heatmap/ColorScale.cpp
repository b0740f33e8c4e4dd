// SPDX-License-Identifier: GPL-3.0-or-later
#include "ColorScale.h"

#include "VectorExp.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

QList<std::pair<double, QColor>> evenStops(std::initializer_list<const char *> hex) {
    QList<std::pair<double, QColor>> stops;
    const auto n = static_cast<double>(hex.size() - 1);
    int i = 0;
    for (const char *h : hex) {
        stops.append({i / n, QColor(QString::fromLatin1(h))});
        ++i;
    }
    return stops;
}

} // namespace

QString colorMapName(ColorMapId id) {
    switch (id) {
    case ColorMapId::Viridis:
        return QStringLiteral("viridis");
    case ColorMapId::Cividis:
        return QStringLiteral("cividis");
    case ColorMapId::Magma:
        return QStringLiteral("magma");
    case ColorMapId::Blues:
        return QStringLiteral("Blues");
    case ColorMapId::RdBu:
        return QStringLiteral("RdBu");
    case ColorMapId::PuOr:
        return QStringLiteral("PuOr");
    case ColorMapId::BrBG:
        return QStringLiteral("BrBG");
    case ColorMapId::Grays:
        return QStringLiteral("Grays");
    }
    return QStringLiteral("viridis");
}

QList<ColorMapId> sequentialMaps() {
    return {ColorMapId::Viridis, ColorMapId::Cividis, ColorMapId::Magma, ColorMapId::Blues,
            ColorMapId::Grays};
}

QList<ColorMapId> divergingMaps() {
    return {ColorMapId::RdBu, ColorMapId::PuOr, ColorMapId::BrBG};
}

bool isDivergingMap(ColorMapId id) {
    return divergingMaps().contains(id);
}

QList<std::pair<double, QColor>> colorStops(ColorMapId id) {
    // viridis/magma/cividis: evenly spaced samples of the published 256-entry tables (matplotlib;
    // cividis after Nuñez et al. 2018). The others: ColorBrewer (Brewer, Harrower) schemes with
    // the most classes, low values first as published (RdBu: red = negative, blue = positive).
    switch (id) {
    case ColorMapId::Viridis:
        return evenStops({"#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c", "#28ae80",
                          "#5ec962", "#addc30", "#fde725"});
    case ColorMapId::Cividis:
        return evenStops({"#00204d", "#00336f", "#39486b", "#575c6d", "#707173", "#8a8779",
                          "#a69d75", "#c4b56c", "#e4cf5b", "#ffea46"});
    case ColorMapId::Magma:
        return evenStops({"#000004", "#1d1147", "#51127c", "#822681", "#b63679", "#e65164",
                          "#fb8861", "#fec287", "#fcfdbf"});
    case ColorMapId::Blues:
        return evenStops({"#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6", "#4292c6",
                          "#2171b5", "#08519c", "#08306b"});
    case ColorMapId::RdBu:
        return evenStops({"#67001f", "#b2182b", "#d6604d", "#f4a582", "#fddbc7", "#f7f7f7",
                          "#d1e5f0", "#92c5de", "#4393c3", "#2166ac", "#053061"});
    case ColorMapId::PuOr:
        return evenStops({"#7f3b08", "#b35806", "#e08214", "#fdb863", "#fee0b6", "#f7f7f7",
                          "#d8daeb", "#b2abd2", "#8073ac", "#542788", "#2d004b"});
    case ColorMapId::BrBG:
        return evenStops({"#543005", "#8c510a", "#bf812d", "#dfc27d", "#f6e8c3", "#f5f5f5",
                          "#c7eae5", "#80cdc1", "#35978f", "#01665e", "#003c30"});
    case ColorMapId::Grays:
        return evenStops({"#ffffff", "#f0f0f0", "#d9d9d9", "#bdbdbd", "#969696", "#737373",
                          "#525252", "#252525", "#000000"});
    }
    return colorStops(ColorMapId::Viridis);
}

QCPColorGradient colorGradient(ColorMapId id) {
    QCPColorGradient gradient;
    gradient.clearColorStops();
    QMap<double, QColor> stops;
    for (const auto &[position, color] : colorStops(id))
        stops.insert(position, color);
    gradient.setColorStops(stops);
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setLevelCount(ColorLut::kSize);
    return gradient;
}

ColorLut::ColorLut(ColorMapId id) : m_id(id) {
    const auto stops = colorStops(id);
    qsizetype s = 0;
    for (int i = 0; i < kSize; ++i) {
        const double t = static_cast<double>(i) / (kSize - 1);
        while (s + 2 < stops.size() && t > stops[s + 1].first)
            ++s;
        const auto &[t0, c0] = stops[s];
        const auto &[t1, c1] = stops[s + 1];
        const double f = std::clamp((t - t0) / (t1 - t0), 0.0, 1.0);
        auto mix = [f](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * f)); };
        m_colors[static_cast<std::size_t>(i)] =
            qRgb(mix(c0.red(), c1.red()), mix(c0.green(), c1.green()), mix(c0.blue(), c1.blue()));
    }
}

namespace {

ValueRange rangeOf(double lo, double hi, double maxAbs, qsizetype finite, qsizetype count,
                   ScaleKind kind) {
    ValueRange r;
    r.finite = finite;
    r.excluded = count - finite;
    switch (kind) {
    case ScaleKind::Unit:
        r.lower = 0.0;
        r.upper = 1.0;
        break;
    case ScaleKind::Diverging:
        // All zero (or nothing to show): keep a visible ±1 rather than a zero-width range.
        r.lower = maxAbs > 0.0 ? -maxAbs : -1.0;
        r.upper = maxAbs > 0.0 ? maxAbs : 1.0;
        break;
    case ScaleKind::Sequential:
        if (finite == 0) {
            r.lower = 0.0;
            r.upper = 1.0;
        } else if (lo < hi) {
            r.lower = lo;
            r.upper = hi;
        } else {
            // Constant data: centre it in a small range so the scale still reads the value.
            const double pad = lo != 0.0 ? std::abs(lo) * 0.1 : 1.0;
            r.lower = lo - pad;
            r.upper = hi + pad;
        }
        break;
    }
    return r;
}

ValueRange scanRange(const double *values, qsizetype count, const bool *masked, ScaleKind kind) {
    if (!masked) { // every edit of every stage: the vector pass
        const attn::FiniteExtrema e = attn::finiteExtrema(values, count);
        return rangeOf(e.lo, e.hi, e.maxAbs, qsizetype(e.finite), count, kind);
    }
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    double maxAbs = 0.0;
    qsizetype finite = 0;
    for (qsizetype i = 0; i < count; ++i) {
        const double v = values[i];
        // Branch-free: a skipped cell compares against ±∞ and changes nothing.
        const bool use = std::isfinite(v) && !masked[i];
        lo = std::min(lo, use ? v : lo);
        hi = std::max(hi, use ? v : hi);
        maxAbs = std::max(maxAbs, use ? std::abs(v) : 0.0);
        finite += use ? 1 : 0;
    }
    return rangeOf(lo, hi, maxAbs, finite, count, kind);
}

} // namespace

ValueRange displayRange(const double *values, qsizetype count, const bool *masked, ScaleKind kind) {
    return scanRange(values, count, masked, kind);
}

ValueRange copyWithRange(const double *values, double *copy, qsizetype count, const bool *masked,
                         ScaleKind kind) {
    // Two vector passes (the copy, the range) beat one scalar pass that does both.
    std::copy_n(values, count, copy);
    return scanRange(copy, count, masked, kind);
}

ValueRange displayRange(const attn::Matrix &values, ScaleKind kind, const attn::Mask *masked) {
    if (masked && masked->rows() == values.rows() && masked->cols() == values.cols()) {
        const Eigen::Array<bool, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rowMajor =
            *masked;
        return displayRange(values.data(), values.size(), rowMajor.data(), kind);
    }
    return displayRange(values.data(), values.size(), nullptr, kind);
}

} // namespace attn::ui
