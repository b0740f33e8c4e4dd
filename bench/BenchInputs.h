// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Seeded random inputs of a given size, shared by the benchmarks so they measure the same thing.

#include "AttentionInputs.h"

#include <cmath>
#include <random>

namespace bench {

inline attn::Matrix randomMatrix(std::mt19937 &rng, Eigen::Index rows, Eigen::Index cols,
                                 double sigma) {
    std::normal_distribution<double> normal(0.0, sigma);
    attn::Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(rng);
    return m;
}

// Self-attention with `heads` heads: X ~ N(0, 1), weights ~ N(0, 1/p) so the scores stay
// moderate.
inline attn::AttentionInputs randomInputs(int n, int p, int d, unsigned seed = 42, int heads = 1) {
    std::mt19937 rng(seed);
    attn::AttentionInputs in;
    in.tokens = attn::defaultTokens(n);
    in.X = randomMatrix(rng, n, p, 1.0);
    const double sigma = 1.0 / std::sqrt(double(p));
    for (int h = 0; h < heads; ++h)
        in.heads.push_back({randomMatrix(rng, p, d, sigma), randomMatrix(rng, p, d, sigma),
                            randomMatrix(rng, p, d, sigma)});
    return in;
}

} // namespace bench
