// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "TestSupport.h"

// Seeded random attention inputs for the kernel readings' tests (online softmax, tiles, the KV
// cache, shared keys and values): any shape, cross-attention, causal, masked cells, rows with
// every key masked.

namespace testsupport {

struct KernelShape {
    int n, m, p, dk, dv, heads;
    bool cross, causal;
    double maskRate;    // share of custom-masked cells
    int maskedRow;      // a query with every key masked; −1 for none
    double sigma = 1.0; // spread of the inputs (large = extreme logits)
};

inline attn::AttentionInputs randomKernelInputs(unsigned seed, const KernelShape &s) {
    std::mt19937 rng(seed);
    attn::AttentionInputs in;
    in.X = randomMatrix(rng, s.n, s.p, s.sigma);
    in.tokens = attn::defaultTokens(s.n);
    in.hasContext = s.cross;
    const int pc = s.cross ? s.p + 1 : s.p;
    if (s.cross) {
        in.context = randomMatrix(rng, s.m, pc, s.sigma);
        in.contextTokens = attn::defaultTokens(s.m, "c");
    }
    for (int h = 0; h < s.heads; ++h)
        in.heads.push_back({randomMatrix(rng, s.p, s.dk), randomMatrix(rng, pc, s.dk),
                            randomMatrix(rng, pc, s.dv)});
    in.options.causal = s.causal;
    if (s.maskRate == 0 && s.maskedRow < 0)
        return in; // no custom mask at all (what a session without one reads back as)
    in.mask = attn::Mask::Constant(s.n, in.keyCount(), false);
    std::bernoulli_distribution coin(s.maskRate);
    for (int i = 0; i < s.n; ++i)
        for (int j = 0; j < in.keyCount(); ++j)
            in.mask(i, j) = coin(rng) || i == s.maskedRow;
    return in;
}

} // namespace testsupport

Q_DECLARE_METATYPE(testsupport::KernelShape)
