// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatIfs.h"

#include "Initializer.h"
#include "Readouts.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>

namespace whatif {

Sharpness sharpness(const attn::Matrix &weights, const attn::Mask &masked, int row) {
    Sharpness s;
    const std::vector<RowReadout> rows = rowReadouts(weights, masked);
    int counted = 0;
    for (size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].allMasked())
            continue;
        ++counted;
        s.meanMax += rows[i].maxWeight;
        s.meanEntropy += rows[i].entropy;
    }
    if (counted > 0) {
        s.meanMax /= counted;
        s.meanEntropy /= counted;
    }
    if (row >= 0 && row < int(rows.size())) {
        s.rowMax = rows[size_t(row)].maxWeight;
        s.rowArgmax = rows[size_t(row)].argmax;
        s.rowTie = rows[size_t(row)].tie;
        s.rowEntropy = rows[size_t(row)].entropy;
    }
    return s;
}

ScalingComparison compareScaling(const attn::AttentionInputs &inputs, int head, int row) {
    ScalingComparison c;
    attn::AttentionInputs in = inputs;
    for (bool scale : {true, false}) {
        in.options.scale = scale;
        const attn::AttentionResult r = attn::compute(in);
        const attn::HeadResult &h = r.heads.at(size_t(head));
        c.dk = h.Q.cols();
        (scale ? c.scaled : c.unscaled) = sharpness(h.weights(), r.masked, row);
    }
    return c;
}

attn::AttentionInputs scalingDemoInputs(quint32 seed) {
    constexpr int n = 8, p = 16, dk = 512, dv = 4;
    std::mt19937 rng(seed);
    attn::AttentionInputs in;
    in.tokens = attn::defaultTokens(n);
    in.X = initialMatrix(n, p, Initializer::RandomNormal, rng);
    attn::HeadWeights w;
    // Entries of N(0, 1/p): each q and k entry is a sum of p products of variance 1/p.
    w.Wq = initialMatrix(p, dk, Initializer::RandomNormal, rng) * 0.25;
    w.Wk = initialMatrix(p, dk, Initializer::RandomNormal, rng) * 0.25;
    w.Wv = initialMatrix(p, dv, Initializer::RandomNormal, rng);
    in.heads.push_back(w);
    return in;
}

ShiftCheck shiftLogits(const attn::RowVector &logits, const attn::RowVector &weights,
                       double shift) {
    ShiftCheck s;
    s.shift = shift;
    s.logits = logits;
    s.before = weights;
    attn::Matrix row = logits.array() + shift; // −∞ + c stays −∞
    attn::softmaxRowsInPlace(row);
    s.after = row.row(0);
    s.maxDifference = s.after.size() == s.before.size() && s.after.size() > 0
                          ? (s.after - s.before).cwiseAbs().maxCoeff()
                          : std::numeric_limits<double>::quiet_NaN();
    return s;
}

std::vector<int> shuffledPermutation(int n, quint32 seed) {
    std::vector<int> p(size_t(std::max(n, 0)));
    std::iota(p.begin(), p.end(), 0);
    if (n < 2)
        return p;
    std::mt19937 rng(seed);
    // Fisher–Yates with our own draws (std::shuffle differs between standard libraries).
    for (int i = n - 1; i > 0; --i)
        std::swap(p[size_t(i)], p[size_t(rng() % unsigned(i + 1))]);
    if (std::is_sorted(p.begin(), p.end())) // the identity would show nothing
        std::rotate(p.begin(), p.begin() + 1, p.end());
    return p;
}

namespace {

attn::Matrix permuteRows(const attn::Matrix &m, const std::vector<int> &perm) {
    attn::Matrix out(m.rows(), m.cols());
    for (size_t k = 0; k < perm.size(); ++k)
        out.row(Eigen::Index(k)) = m.row(perm[k]);
    return out;
}

std::vector<std::string> permuteLabels(const std::vector<std::string> &labels,
                                       const std::vector<int> &perm) {
    std::vector<std::string> out;
    for (int i : perm)
        out.push_back(i < int(labels.size()) ? labels[size_t(i)] : std::string());
    return out;
}

} // namespace

attn::AttentionInputs permuteQueries(const attn::AttentionInputs &inputs,
                                     const std::vector<int> &perm) {
    attn::AttentionInputs out = inputs;
    out.X = permuteRows(inputs.X, perm);
    out.tokens = permuteLabels(inputs.tokens, perm);
    if (inputs.mask.size() > 0) {
        const bool self = !inputs.hasContext; // the keys are the same tokens: columns move too
        for (size_t k = 0; k < perm.size(); ++k)
            for (Eigen::Index l = 0; l < inputs.mask.cols(); ++l)
                out.mask(Eigen::Index(k), l) =
                    inputs.mask(perm[k], self ? perm[size_t(l)] : int(l));
    }
    return out;
}

PermutationCheck checkPermutation(const attn::AttentionInputs &inputs, quint32 seed) {
    PermutationCheck c;
    c.permutation = shuffledPermutation(int(inputs.queryCount()), seed);
    c.positional = inputs.options.causal;
    c.positionEncoded = inputs.options.positional != attn::Positional::None;
    c.hasContext = inputs.hasContext;
    c.before = attn::compute(inputs).output();
    c.after = attn::compute(permuteQueries(inputs, c.permutation)).output();
    c.maxDifference = (c.after - permuteRows(c.before, c.permutation)).cwiseAbs().maxCoeff();
    if (inputs.hasContext) {
        c.contextPermutation = shuffledPermutation(int(inputs.keyCount()), seed + 1);
        attn::AttentionInputs in = inputs;
        in.context = permuteRows(inputs.context, c.contextPermutation);
        in.contextTokens = permuteLabels(inputs.contextTokens, c.contextPermutation);
        if (inputs.mask.size() > 0)
            for (Eigen::Index i = 0; i < inputs.mask.rows(); ++i)
                for (size_t l = 0; l < c.contextPermutation.size(); ++l)
                    in.mask(i, Eigen::Index(l)) = inputs.mask(i, c.contextPermutation[l]);
        c.contextDifference = (attn::compute(in).output() - c.before).cwiseAbs().maxCoeff();
    }
    return c;
}

QkScalingCheck scaleQueryKey(const attn::AttentionInputs &inputs, int head, double c) {
    QkScalingCheck q;
    q.c = c;
    attn::AttentionInputs in = inputs;
    in.heads.at(size_t(head)).Wq *= c;
    in.heads.at(size_t(head)).Wk /= c;
    const attn::AttentionResult before = attn::compute(inputs);
    const attn::AttentionResult after = attn::compute(in);
    const attn::HeadResult &b = before.heads[size_t(head)], &a = after.heads[size_t(head)];
    q.maxQDifference = (a.Q - b.Q).cwiseAbs().maxCoeff();
    q.maxScoreDifference = (a.scores() - b.scores()).cwiseAbs().maxCoeff();
    q.maxWeightDifference = (a.weights() - b.weights()).cwiseAbs().maxCoeff();
    q.maxOutputDifference = (after.output() - before.output()).cwiseAbs().maxCoeff();
    return q;
}

} // namespace whatif
