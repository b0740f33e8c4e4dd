// SPDX-License-Identifier: GPL-3.0-or-later
#include "KvCache.h"

#include "InputError.h"
#include "Masks.h"
#include "Positional.h"
#include "Translate.h"

#include <cmath>
#include <limits>
#include <string>

namespace attn {

long long KvCacheState::totalStepCost() const {
    long long sum = 0;
    for (const KvCacheStep &s : steps)
        sum += s.stepCost;
    return sum;
}

long long KvCacheState::totalFullCost() const {
    long long sum = 0;
    for (const KvCacheStep &s : steps)
        sum += s.fullCost;
    return sum;
}

AttentionInputs causalInputs(AttentionInputs inputs) {
    inputs.options.causal = true;
    return inputs;
}

KvCacheState kvCacheDecode(const AttentionInputs &in, Eigen::Index head, Eigen::Index tokens) {
    validate(in);
    if (in.hasContext)
        throw InputError(translate("attn::analysis",
                                   "decoding with a KV cache needs self-attention: with a "
                                   "context, the keys and values come from the context and do "
                                   "not grow token by token"));
    const Eigen::Index heads = Eigen::Index(in.heads.size()), n = in.queryCount();
    if (head < 0 || head >= heads)
        throw InputError(translate("attn::analysis", "head %1 is out of range (0..%2)")
                             .arg(qs(head), qs(heads - 1)));
    if (tokens < 0 || tokens > n)
        throw InputError(
            translate("attn::analysis", "the number of decoded tokens must be 0..%1, got %2")
                .arg(qs(n), qs(tokens)));
    const HeadWeights &w = in.heads[std::size_t(head)];
    // A head of a key/value group projects with the group's shared Wk and Wv, as compute() does.
    const HeadWeights &kv = in.heads[kvSource(in, std::size_t(head))];
    // The tokens as the full computation's projections read them (sinusoidal positions added);
    // with RoPE each new q and k is rotated by its own position t, so the cached keys are the
    // full path's rotated K.
    const Matrix X = positionedQueries(in);
    const bool rope = in.options.positional == Positional::Rope;
    const Eigen::Index p = in.X.cols(), dk = w.Wq.cols(), dv = w.Wv.cols();
    const double factor = logitFactor(in.options, dk);
    const Mask mask = effectiveMask(causalInputs(in));
    const Matrix bias = headBias(in, std::size_t(head));

    KvCacheState state;
    state.head = head;
    state.K.resize(tokens, dk);
    state.V.resize(tokens, dv);
    state.outputs.resize(tokens, dv);
    for (Eigen::Index t = 0; t < tokens; ++t) {
        KvCacheStep s;
        s.token = t;
        s.q.noalias() = X.row(t) * w.Wq;
        s.k.noalias() = X.row(t) * kv.Wk;
        s.v.noalias() = X.row(t) * kv.Wv;
        if (w.bq.size() > 0)
            s.q += w.bq.row(0);
        if (kv.bk.size() > 0)
            s.k += kv.bk.row(0);
        if (kv.bv.size() > 0)
            s.v += kv.bv.row(0);
        if (in.options.qkNorm) { // each new row normalised on its own, as compute() does
            rmsNormRowsInPlace(Eigen::Map<Matrix>(s.q.data(), 1, s.q.size()), w.gq,
                               in.options.qkNormEpsilon);
            rmsNormRowsInPlace(Eigen::Map<Matrix>(s.k.data(), 1, s.k.size()), kv.gk,
                               in.options.qkNormEpsilon);
        }
        if (rope) {
            ropeRotateRows(s.q, t, false, in.options.rope);
            ropeRotateRows(s.k, t, false, in.options.rope);
        }
        state.K.row(t) = s.k; // the cache grows by one row
        state.V.row(t) = s.v;
        const auto K = state.K.topRows(t + 1), V = state.V.topRows(t + 1);
        s.logits = (s.q * K.transpose()) * factor;
        if (in.options.softcap > 0)
            s.logits = in.options.softcap * (s.logits.array() / in.options.softcap).tanh();
        if (bias.size() != 0)
            s.logits += bias.row(t).head(t + 1);
        double max = -std::numeric_limits<double>::infinity();
        for (Eigen::Index j = 0; j <= t; ++j) {
            if (mask(t, j))
                s.logits(j) = -std::numeric_limits<double>::infinity();
            max = std::max(max, s.logits(j));
        }
        s.weights = RowVector::Zero(t + 1);
        if (max != -std::numeric_limits<double>::infinity()) {
            for (Eigen::Index j = 0; j <= t; ++j)
                s.weights(j) = std::exp(s.logits(j) - max);
            s.weights /= s.weights.sum();
        }
        s.output.noalias() = s.weights * V;
        state.outputs.row(t) = s.output;
        const long long tokensSoFar = t + 1, projection = p * (2 * dk + dv);
        s.stepCost = projection + tokensSoFar * (dk + dv);
        s.fullCost = tokensSoFar * projection + tokensSoFar * tokensSoFar * (dk + dv);
        state.steps.push_back(std::move(s));
    }
    return state;
}

} // namespace attn
