// SPDX-License-Identifier: GPL-3.0-or-later
#include "Positional.h"

#include <cmath>

namespace attn {

const char *positionalName(Positional positional) {
    switch (positional) {
    case Positional::Sinusoidal:
        return "sinusoidal";
    case Positional::Rope:
        return "rope";
    case Positional::None:
        break;
    }
    return "none";
}

std::optional<Positional> positionalFromName(const std::string &name) {
    if (name == "none")
        return Positional::None;
    if (name == "sinusoidal")
        return Positional::Sinusoidal;
    if (name == "rope")
        return Positional::Rope;
    return std::nullopt;
}

const char *ropeStyleName(RopeStyle style) {
    return style == RopeStyle::HalfSplit ? "half" : "interleaved";
}

std::optional<RopeStyle> ropeStyleFromName(const std::string &name) {
    if (name == "interleaved")
        return RopeStyle::Interleaved;
    if (name == "half")
        return RopeStyle::HalfSplit;
    return std::nullopt;
}

std::pair<Eigen::Index, Eigen::Index> ropePair(RopeStyle style, Eigen::Index i, Eigen::Index d) {
    if (style == RopeStyle::HalfSplit)
        return {i, i + d / 2};
    return {2 * i, 2 * i + 1};
}

namespace {

// θ^(−2i/width): the frequency of pair i.
double frequency(Eigen::Index pair, Eigen::Index width, double theta = 10000.0) {
    return std::pow(theta, -double(2 * pair) / double(width));
}

} // namespace

Matrix sinusoidalTable(Eigen::Index rows, Eigen::Index cols) {
    Matrix p(rows, cols);
    for (Eigen::Index c = 0; c < cols; c += 2) {
        const double f = frequency(c / 2, cols);
        for (Eigen::Index pos = 0; pos < rows; ++pos) {
            const double angle = double(pos) * f;
            p(pos, c) = std::sin(angle);
            if (c + 1 < cols)
                p(pos, c + 1) = std::cos(angle);
        }
    }
    return p;
}

RowVector sinusoidalRow(Eigen::Index pos, Eigen::Index cols) {
    RowVector p(cols);
    for (Eigen::Index c = 0; c < cols; c += 2) {
        const double angle = double(pos) * frequency(c / 2, cols);
        p(c) = std::sin(angle);
        if (c + 1 < cols)
            p(c + 1) = std::cos(angle);
    }
    return p;
}

Matrix ropeAngles(Eigen::Index rows, Eigen::Index cols, double theta) {
    Matrix a(rows, cols / 2);
    for (Eigen::Index i = 0; i < cols / 2; ++i) {
        const double f = frequency(i, cols, theta);
        for (Eigen::Index pos = 0; pos < rows; ++pos)
            a(pos, i) = double(pos) * f;
    }
    return a;
}

void ropeRotateRows(Eigen::Ref<Matrix> m, Eigen::Index first, bool inverse, const Rope &rope) {
    const Eigen::Index cols = m.cols();
    for (Eigen::Index i = 0; 2 * i + 1 < cols; ++i) {
        const double f = frequency(i, cols, rope.theta);
        const auto [ia, ib] = ropePair(rope.style, i, cols);
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            const double angle = double(first + r) * f;
            const double c = std::cos(angle), s = inverse ? -std::sin(angle) : std::sin(angle);
            const double a = m(r, ia), b = m(r, ib);
            m(r, ia) = a * c - b * s;
            m(r, ib) = a * s + b * c;
        }
    }
}

} // namespace attn
