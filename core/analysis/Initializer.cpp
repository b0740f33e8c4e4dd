#include "Initializer.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numbers>

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

double standardNormal(std::mt19937 &rng) {
    // Two uniforms in (0, 1]: 1 - u keeps log() away from 0.
    auto uniform = [&rng] { return 1.0 - double(rng()) / 4294967296.0; };
    const double u1 = uniform(), u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
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
    case Initializer::RandomNormal:
        for (Eigen::Index i = 0; i < rows; ++i)
            for (Eigen::Index j = 0; j < cols; ++j)
                m(i, j) = std::round(standardNormal(rng) * 100.0) / 100.0;
        break;
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
