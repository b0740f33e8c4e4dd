// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// For the heatmap widget's tests: small matrices and reading back what was drawn.

#include "heatmap/HeatmapView.h"

#include <QStringList>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace testsupport {

inline const double kInf = std::numeric_limits<double>::infinity();
inline const QStringList kTokens = {"t0", "t1", "t2", "t3"};

inline attn::Matrix weights4() {
    attn::Matrix m(4, 4);
    m << 0.03, 0.96, 0.0009, 0.0091,    //
        0.0055, 0.9935, 0.0001, 0.0009, //
        0.0871, 0.877, 0.0086, 0.0273,  //
        0.0, 0.0, 0.0, 1.0;
    return m;
}

inline attn::Mask causal(int n) {
    attn::Mask mask = attn::Mask::Constant(n, n, false);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            mask(i, j) = true;
    return mask;
}

inline int channelSpread(QRgb c) {
    return std::max({qRed(c), qGreen(c), qBlue(c)}) - std::min({qRed(c), qGreen(c), qBlue(c)});
}

inline int colorDistance(QRgb a, QRgb b) {
    return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
           std::abs(qBlue(a) - qBlue(b));
}

// A point inside a cell but away from its centre (the number) and its edges (separators).
inline QPoint nearCorner(const QRectF &cell) {
    return (cell.topLeft() + QPointF(cell.width() * 0.15, cell.height() * 0.15)).toPoint();
}

inline QCPColorScale *colorScaleOf(const HeatmapView &view) {
    return view.plot()->findChild<QCPColorScale *>();
}

} // namespace testsupport
