// SPDX-License-Identifier: GPL-3.0-or-later
#include "Positional.h"

#include <cmath>
#include <numbers>

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

const char *ropeScalingName(RopeScaling scaling) {
    switch (scaling) {
    case RopeScaling::Linear:
        return "linear";
    case RopeScaling::Llama3:
        return "llama3";
    case RopeScaling::None:
        break;
    }
    return "none";
}

std::optional<RopeScaling> ropeScalingFromName(const std::string &name) {
    if (name == "none")
        return RopeScaling::None;
    if (name == "linear")
        return RopeScaling::Linear;
    if (name == "llama3")
        return RopeScaling::Llama3;
    return std::nullopt;
}

Eigen::Index ropeDims(const Rope &rope, Eigen::Index d) {
    return rope.rotaryDims > 0 ? Eigen::Index(rope.rotaryDims) : d;
}

std::vector<double> ropeInverseFrequencies(const Rope &rope, Eigen::Index d) {
    const Eigen::Index dims = ropeDims(rope, d);
    std::vector<double> inverse(std::size_t(std::max<Eigen::Index>(dims / 2, 0)));
    for (std::size_t i = 0; i < inverse.size(); ++i)
        inverse[i] = 1.0 / std::pow(rope.theta, double(2 * i) / double(dims));
    if (rope.scaling == RopeScaling::Linear)
        for (double &f : inverse)
            f /= rope.factor;
    if (rope.scaling == RopeScaling::Llama3) {
        // _compute_llama3_parameters: long wavelengths slowed by the factor, short ones kept,
        // those between blended by where their wavelength falls.
        const double lowWavelength = rope.originalPositions / rope.lowFreqFactor;
        const double highWavelength = rope.originalPositions / rope.highFreqFactor;
        for (double &f : inverse) {
            const double wavelength = 2 * std::numbers::pi / f;
            if (wavelength < highWavelength)
                continue;
            if (wavelength > lowWavelength) {
                f /= rope.factor;
                continue;
            }
            const double s = (rope.originalPositions / wavelength - rope.lowFreqFactor) /
                             (rope.highFreqFactor - rope.lowFreqFactor);
            f = (1 - s) * f / rope.factor + s * f;
        }
    }
    if (rope.frequencyFactors.size() == inverse.size())
        for (std::size_t i = 0; i < inverse.size(); ++i)
            inverse[i] /= rope.frequencyFactors[i];
    return inverse;
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
    const Eigen::Index dims = std::min(ropeDims(rope, m.cols()), m.cols());
    const std::vector<double> frequencies = ropeInverseFrequencies(rope, dims);
    for (Eigen::Index i = 0; 2 * i + 1 < dims; ++i) {
        const double f = frequencies[std::size_t(i)];
        const auto [ia, ib] = ropePair(rope.style, i, dims);
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
