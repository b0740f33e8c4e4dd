// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers of the positions, gradient and training tests: the reference-learning cases
// (tests/data/reference-learning, copied from shared/reference-learning, PyTorch autograd in
// float64) and random inputs with positions, masks, contexts and several heads.

#include "AttentionInputs.h"
#include "TestSupport.h"

#include <algorithm>

namespace testsupport {

inline QString learningReferenceDir() {
    return QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference-learning");
}

inline QStringList learningReferenceFiles() {
    QStringList files;
    const QDir dir(learningReferenceDir());
    for (const QString &name : dir.entryList({"*.json"}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

// The largest |actual − expected| / |expected| over entries with |expected| > floor (smaller
// entries are compared by the absolute error, which is what "relative" means for them).
inline double maxRelativeError(const attn::Matrix &actual, const attn::Matrix &expected,
                               double floor = 1e-3) {
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols())
        return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (Eigen::Index i = 0; i < actual.rows(); ++i)
        for (Eigen::Index j = 0; j < actual.cols(); ++j) {
            const double e = expected(i, j), a = actual(i, j);
            if (std::isinf(e) || std::isinf(a)) {
                if (a != e)
                    return std::numeric_limits<double>::infinity();
                continue;
            }
            worst = std::max(worst, std::abs(a - e) / std::max(floor, std::abs(e)));
        }
    return worst;
}

// The shape of a random case.
struct LearningShape {
    Eigen::Index n = 4, m = 4, p = 4, pc = 4, dk = 4, dv = 3;
    int heads = 1;
    bool context = false, causal = false, mask = false, wo = false, scale = true;
    double temperature = 1.0;
    attn::Positional positional = attn::Positional::None;
};

// Random inputs of that shape with a random target; the mask never switches off a whole row.
inline attn::AttentionInputs randomLearningCase(const LearningShape &s, unsigned seed) {
    std::mt19937 rng(seed);
    attn::AttentionInputs in;
    in.X = randomMatrix(rng, s.n, s.p);
    in.tokens = attn::defaultTokens(s.n);
    if (s.context) {
        in.hasContext = true;
        in.context = randomMatrix(rng, s.m, s.pc);
        in.contextTokens = attn::defaultTokens(s.m, "c");
    }
    const Eigen::Index pc = s.context ? s.pc : s.p;
    for (int h = 0; h < s.heads; ++h)
        in.heads.push_back({randomMatrix(rng, s.p, s.dk, 0.7), randomMatrix(rng, pc, s.dk, 0.7),
                            randomMatrix(rng, pc, s.dv)});
    if (s.wo)
        in.Wo = randomMatrix(rng, s.heads * s.dv, s.p);
    in.options.scale = s.scale;
    in.options.causal = s.causal;
    in.options.temperature = s.temperature;
    in.options.positional = s.positional;
    const Eigen::Index keys = s.context ? s.m : s.n;
    if (s.mask) {
        in.mask = attn::Mask::Constant(s.n, keys, false);
        std::bernoulli_distribution off(0.3);
        for (Eigen::Index i = 0; i < s.n; ++i)
            for (Eigen::Index j = 1; j < keys; ++j) // key 0 stays on: no row is fully masked
                in.mask(i, j) = off(rng);
    }
    in.target = randomMatrix(rng, s.n, in.outputWidth());
    return in;
}

} // namespace testsupport

Q_DECLARE_METATYPE(testsupport::LearningShape)
