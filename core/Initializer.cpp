// SPDX-License-Identifier: GPL-3.0-or-later
#include "Initializer.h"

#include "Parallel.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

QString initializerName(Initializer init) {
    switch (init) {
    case Initializer::Zeros:
        return QCoreApplication::translate("Initializer", "zeros");
    case Initializer::IdentityLike:
        return QCoreApplication::translate("Initializer", "identity-like");
    case Initializer::RandomNormal:
        return QCoreApplication::translate("Initializer", "random normal");
    }
    return {};
}

namespace {

// Box–Muller from two draws of mt19937.
double normalFrom(std::uint32_t first, std::uint32_t second) {
    // Two uniforms in (0, 1]: 1 - u keeps log() away from 0.
    const double u1 = 1.0 - double(first) / 4294967296.0, u2 = 1.0 - double(second) / 4294967296.0;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

double twoDecimals(double x) {
    return std::round(x * 100.0) / 100.0;
}

} // namespace

double standardNormal(std::mt19937 &rng) {
    const std::uint32_t first = rng();
    return normalFrom(first, rng());
}

attn::Matrix initialMatrix(Eigen::Index rows, Eigen::Index cols, Initializer init,
                           std::mt19937 &rng) {
    attn::Matrix m(rows, cols);
    switch (init) {
    case Initializer::Zeros:
        m.setZero();
        break;
    case Initializer::IdentityLike:
        m.setIdentity();
        break;
    case Initializer::RandomNormal: {
        // The numbers of drawing standardNormal() cell by cell, row by row, but only the draws
        // are taken in that order (a few ns each); the logarithms and cosines, most of the time,
        // are computed on every core: 4096 new tokens of 768 features took 130 ms on the GUI
        // thread at every such size change.
        const Eigen::Index count = m.size(); // row-major: data() is in the order of the cells
        std::vector<std::uint32_t> draws(std::size_t(2 * count));
        for (std::uint32_t &draw : draws)
            draw = rng();
        double *out = m.data();
        attn::parallelBlocks(count, kNormalBlock, [&](Eigen::Index first, Eigen::Index last) {
            for (Eigen::Index i = first; i < last; ++i)
                out[i] = twoDecimals(
                    normalFrom(draws[std::size_t(2 * i)], draws[std::size_t(2 * i + 1)]));
        });
        break;
    }
    }
    return m;
}

attn::Matrix resizedMatrix(const attn::Matrix &old, Eigen::Index rows, Eigen::Index cols,
                           Initializer init, std::mt19937 &rng) {
    attn::Matrix m = initialMatrix(rows, cols, init, rng);
    const Eigen::Index r = std::min(rows, old.rows()), c = std::min(cols, old.cols());
    m.topLeftCorner(r, c) = old.topLeftCorner(r, c);
    return m;
}

attn::AttentionInputs randomExample(quint32 seed, int n, int p, int dk, int dv) {
    std::mt19937 rng(seed);
    attn::AttentionInputs in;
    in.tokens = attn::defaultTokens(n);
    in.X = initialMatrix(n, p, Initializer::RandomNormal, rng);
    attn::HeadWeights w;
    w.Wq = initialMatrix(p, dk, Initializer::RandomNormal, rng);
    w.Wk = initialMatrix(p, dk, Initializer::RandomNormal, rng);
    w.Wv = initialMatrix(p, dv, Initializer::RandomNormal, rng);
    in.heads.push_back(w);
    return in;
}
