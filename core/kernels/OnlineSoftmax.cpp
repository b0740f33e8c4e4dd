// SPDX-License-Identifier: GPL-3.0-or-later
#include "OnlineSoftmax.h"

#include "InputError.h"
#include "Masks.h"
#include "Translate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace attn {

namespace {

constexpr double kMaskedLogit = -std::numeric_limits<double>::infinity();

// exp(m_old − m_new): what the kept ℓ and acc are multiplied by when the maximum moves. Written
// out so that −∞ − −∞ (no finite logit yet) gives 1 instead of NaN.
double rescaleFactor(double oldMax, double newMax) {
    return oldMax == newMax ? 1.0 : std::exp(oldMax - newMax);
}

// exp(logit − max) entry by entry; the scalar exp gives exactly 0 for −∞ and underflows.
RowVector shiftedExp(const RowVector &logits, double max) {
    RowVector out(logits.size());
    for (Eigen::Index k = 0; k < logits.size(); ++k)
        out(k) = max == kMaskedLogit ? 0.0 : std::exp(logits(k) - max);
    return out;
}

} // namespace

HeadKernelInputs headKernelInputs(const AttentionInputs &inputs, const AttentionResult &result,
                                  Eigen::Index head) {
    if (result.layout != Layout::Rows)
        throw InputError(
            translate("attn::analysis", "the kernels work on the row layout's result"));
    const Eigen::Index heads = Eigen::Index(result.heads.size());
    if (head < 0 || head >= heads)
        throw InputError(
            heads == 1
                ? translate("attn::analysis", "head %1 is out of range: there is 1 head (head 0)")
                      .arg(qs(head))
                : translate("attn::analysis", "head %1 is out of range: there are %2 heads (0..%3)")
                      .arg(qs(head), qs(heads), qs(heads - 1)));
    const HeadResult &h = result.heads[std::size_t(head)];
    return {h.Q,           h.K,
            h.V,           logitFactor(inputs.options, h.Q.cols()),
            result.masked, headBias(inputs, std::size_t(head)),
            h.softcap};
}

RowVector blockLogits(const HeadKernelInputs &in, Eigen::Index row, Eigen::Index first,
                      Eigen::Index count) {
    RowVector logits = (in.Q.row(row) * in.K.middleRows(first, count).transpose()) * in.factor;
    if (in.softcap > 0)
        logits = in.softcap * (logits.array() / in.softcap).tanh();
    if (in.bias.size() != 0)
        logits += in.bias.row(row).segment(first, count);
    if (in.masked.size() != 0)
        for (Eigen::Index k = 0; k < count; ++k)
            if (in.masked(row, first + k))
                logits(k) = kMaskedLogit;
    return logits;
}

OnlineRow onlineSoftmaxRow(const HeadKernelInputs &in, Eigen::Index row, Eigen::Index block) {
    const Eigen::Index n = in.Q.rows(), m = in.K.rows();
    if (row < 0 || row >= n)
        throw InputError(
            n == 1 ? translate("attn::analysis", "row %1 is out of range: there is 1 query (row 0)")
                         .arg(qs(row))
                   : translate("attn::analysis",
                               "row %1 is out of range: there are %2 queries (rows 0..%3)")
                         .arg(qs(row), qs(n), qs(n - 1)));
    if (block < 1)
        throw InputError(
            translate("attn::analysis", "the key block size must be at least 1, got %1")
                .arg(qs(block)));
    OnlineRow out;
    out.row = row;
    out.block = block;
    double max = kMaskedLogit, sum = 0;
    RowVector acc = RowVector::Zero(in.V.cols());
    for (Eigen::Index first = 0; first < m; first += block) {
        const Eigen::Index count = std::min(block, m - first);
        OnlineStep step;
        step.first = first;
        step.last = first + count - 1;
        step.logits = blockLogits(in, row, first, count);
        step.blockMax = step.logits.maxCoeff();
        const double newMax = std::max(max, step.blockMax);
        step.rescale = rescaleFactor(max, newMax);
        step.exps = shiftedExp(step.logits, newMax);
        sum = step.rescale * sum + step.exps.sum();
        acc = step.rescale * acc + step.exps * in.V.middleRows(first, count);
        max = newMax;
        step.max = max;
        step.sum = sum;
        step.acc = acc;
        out.steps.push_back(std::move(step));
    }
    // Every key masked: ℓ stays 0 and, as in the plain path, the row is all zero.
    out.fullyMasked = sum == 0;
    out.output = out.fullyMasked ? RowVector(RowVector::Zero(in.V.cols())) : RowVector(acc / sum);
    return out;
}

TiledAttention tiledAttention(const HeadKernelInputs &in, Eigen::Index queryBlock,
                              Eigen::Index keyBlock) {
    if (queryBlock < 1 || keyBlock < 1)
        throw InputError(
            translate("attn::analysis", "the block sizes must be at least 1, got %1 and %2")
                .arg(qs(queryBlock), qs(keyBlock)));
    const Eigen::Index n = in.Q.rows(), m = in.K.rows(), dv = in.V.cols();
    TiledAttention out;
    out.output = Matrix::Zero(n, dv);
    out.queryBlocks = (n + queryBlock - 1) / queryBlock;
    out.keyBlocks = (m + keyBlock - 1) / keyBlock;
    const Eigen::Index br = std::min(queryBlock, n), bc = std::min(keyBlock, m);
    out.plainDoubles = n * m;
    out.tiledDoubles = br * bc + br * dv + 2 * br;

    for (Eigen::Index q0 = 0; q0 < n; q0 += queryBlock) {
        const Eigen::Index rows = std::min(queryBlock, n - q0);
        RowVector max = RowVector::Constant(rows, kMaskedLogit), sum = RowVector::Zero(rows);
        Matrix acc = Matrix::Zero(rows, dv);
        for (Eigen::Index k0 = 0; k0 < m; k0 += keyBlock) {
            const Eigen::Index keys = std::min(keyBlock, m - k0);
            Matrix tile(rows, keys); // the only piece of the logits that exists at a time
            for (Eigen::Index r = 0; r < rows; ++r)
                tile.row(r) = blockLogits(in, q0 + r, k0, keys);
            for (Eigen::Index r = 0; r < rows; ++r) {
                const double newMax = std::max(max(r), tile.row(r).maxCoeff());
                const double rescale = rescaleFactor(max(r), newMax);
                tile.row(r) = shiftedExp(tile.row(r), newMax);
                sum(r) = rescale * sum(r) + tile.row(r).sum();
                acc.row(r) *= rescale;
                max(r) = newMax;
            }
            acc.noalias() += tile * in.V.middleRows(k0, keys);
        }
        for (Eigen::Index r = 0; r < rows; ++r)
            if (sum(r) != 0)
                out.output.row(q0 + r) = acc.row(r) / sum(r);
    }
    return out;
}

} // namespace attn
