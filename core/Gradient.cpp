// SPDX-License-Identifier: GPL-3.0-or-later
#include "Gradient.h"

#include "InputError.h"
#include "Translate.h"

#include <cmath>

namespace attn {

namespace {

// The RMS norm's backward pass, in place: dY (∂L/∂y of y = x/r ⊙ g) becomes ∂L/∂x, and dGain
// ∂L/∂g (left empty when there is no gain).
void normBackward(const Matrix &x, const Matrix &gain, double epsilon, Matrix &dY, Matrix &dGain) {
    const double d = double(x.cols());
    if (gain.size() > 0)
        dGain = RowVector::Zero(x.cols());
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        const double rms = std::sqrt(x.row(r).squaredNorm() / d + epsilon);
        const RowVector unit = x.row(r) / rms;
        RowVector u = dY.row(r);
        if (gain.size() > 0) {
            dGain.row(0).array() += u.array() * unit.array();
            u.array() *= gain.row(0).array();
        }
        dY.row(r) = (u - unit * (u.dot(unit) / d)) / rms;
    }
}

} // namespace

Gradient gradient(const AttentionInputs &in) {
    if (!in.hasTarget())
        throw InputError(translate("attn::inputs",
                                   "there is no target: the loss ½·Σ(output − "
                                   "target)² needs a target matrix (inputs.target)"));
    return gradient(in, compute(in, Layout::Rows));
}

Gradient gradient(const AttentionInputs &in, const AttentionResult &result) {
    if (result.layout != Layout::Rows)
        return gradient(in, transposed(result));
    validate(in);
    if (!in.hasTarget())
        throw InputError(translate("attn::inputs",
                                   "there is no target: the loss ½·Σ(output − "
                                   "target)² needs a target matrix (inputs.target)"));
    const Matrix residual = result.output() - in.target;
    Gradient g = backward(in, result, residual);
    g.loss = 0.5 * residual.squaredNorm();
    return g;
}

Gradient backward(const AttentionInputs &in, const AttentionResult &result, const Matrix &dOutput) {
    if (result.layout != Layout::Rows)
        return backward(in, transposed(result), dOutput);
    Gradient g;
    g.output = dOutput;
    const Matrix X = positionedQueries(in);
    const Matrix C = in.hasContext ? positionedSource(in) : Matrix();
    const Matrix &source = in.hasContext ? C : X;
    const bool rope = in.options.positional == Positional::Rope;

    // output = concat·Wo: ∂L/∂Wo = concatᵀ·∂L/∂output, ∂L/∂concat = ∂L/∂output·Woᵀ.
    Matrix dConcat;
    if (in.hasWo()) {
        g.Wo.noalias() = result.concat().transpose() * dOutput;
        if (in.bo.size() > 0)
            g.bo = dOutput.colwise().sum();
        dConcat.noalias() = dOutput * in.Wo.transpose();
    } else {
        dConcat = dOutput;
    }

    Matrix dX = Matrix::Zero(X.rows(), X.cols());
    Matrix dSource = Matrix::Zero(source.rows(), source.cols());
    Eigen::Index at = 0;
    for (size_t k = 0; k < in.heads.size(); ++k) {
        const HeadWeights &w = in.heads[k];
        // K and V of a key/value group come from its first head's Wk and Wv (compute()).
        const HeadWeights &kv = in.heads[kvSource(in, k)];
        const HeadResult &h = result.heads[k];
        HeadGradient hg;
        hg.output = dConcat.middleCols(at, w.Wv.cols());
        at += w.Wv.cols();
        // output = A·V.
        hg.weights.noalias() = hg.output * h.V.transpose();
        hg.V.noalias() = h.weights().transpose() * hg.output;
        // Softmax along each row: ∂L/∂l_ij = a_ij·(∂L/∂a_ij − Σ_k a_ik·∂L/∂a_ik). A masked
        // cell has a_ij = 0 and so no gradient, and a fully masked row none at all.
        const Eigen::ArrayXd rowDot = (h.weights().array() * hg.weights.array()).rowwise().sum();
        hg.logits = h.weights().array() * (hg.weights.array().colwise() - rowDot);
        // logits = cap(factor·Q·Kᵀ) (Q and K rotated with RoPE), cap(s) = c·tanh(s/c):
        // cap′(s) = 1 − tanh²(s/c) = 1 − (cap(s)/c)².
        const double factor = logitFactor(in.options, w.Wq.cols());
        Matrix dScaled = hg.logits;
        if (h.softcap > 0)
            dScaled.array() *= 1.0 - (h.capped().array() / h.softcap).square();
        hg.Q.noalias() = factor * dScaled * h.K;
        hg.K.noalias() = factor * dScaled.transpose() * h.Q;
        // A rotation's transpose is the rotation back: the gradient of the unrotated rows.
        if (rope) {
            ropeRotateRows(hg.Q, 0, true, in.options.rope);
            ropeRotateRows(hg.K, 0, true, in.options.rope);
        }
        // The QK norm y = x/r ⊙ g, r = √(mean(x²) + ε), of the projections' outputs x:
        // ∂L/∂g = Σ_rows ∂L/∂y ⊙ x/r, ∂L/∂x = (u − (x/r)·mean(u ⊙ x/r))/r with u = ∂L/∂y ⊙ g.
        if (in.options.qkNorm) {
            Matrix q = X * w.Wq, key = source * kv.Wk;
            if (w.bq.size() > 0)
                q.rowwise() += w.bq.row(0);
            if (kv.bk.size() > 0)
                key.rowwise() += kv.bk.row(0);
            normBackward(q, w.gq, in.options.qkNormEpsilon, hg.Q, hg.gq);
            normBackward(key, kv.gk, in.options.qkNormEpsilon, hg.K, hg.gk);
        }
        // Q = X·Wq + bq: each row of Q adds bq once, so ∂L/∂bq sums ∂L/∂Q's rows.
        if (w.bq.size() > 0)
            hg.bq = hg.Q.colwise().sum();
        if (kv.bk.size() > 0)
            hg.bk = hg.K.colwise().sum();
        if (kv.bv.size() > 0)
            hg.bv = hg.V.colwise().sum();
        hg.Wq.noalias() = X.transpose() * hg.Q;
        hg.Wk.noalias() = source.transpose() * hg.K;
        hg.Wv.noalias() = source.transpose() * hg.V;
        dX.noalias() += hg.Q * w.Wq.transpose();
        dSource.noalias() += hg.K * kv.Wk.transpose();
        dSource.noalias() += hg.V * kv.Wv.transpose();
        g.heads.push_back(std::move(hg));
    }
    // A sliding window and ALiBi need nothing more: the bias is a constant added to the logits
    // and a masked cell has no weight, so no gradient. Heads of a key/value group share one Wk
    // and Wv: its gradient is the sum over the group's heads, reported for each of them (so a
    // step W − η·∂L/∂W keeps them shared).
    for (size_t k = 0; k < in.heads.size(); ++k)
        if (const size_t first = kvSource(in, k); first != k) {
            g.heads[first].Wk += g.heads[k].Wk;
            g.heads[first].Wv += g.heads[k].Wv;
            if (g.heads[k].bk.size() > 0)
                g.heads[first].bk += g.heads[k].bk;
            if (g.heads[k].bv.size() > 0)
                g.heads[first].bv += g.heads[k].bv;
            if (g.heads[k].gk.size() > 0)
                g.heads[first].gk += g.heads[k].gk;
        }
    for (size_t k = 0; k < in.heads.size(); ++k)
        if (const size_t first = kvSource(in, k); first != k) {
            g.heads[k].Wk = g.heads[first].Wk;
            g.heads[k].Wv = g.heads[first].Wv;
            g.heads[k].bk = g.heads[first].bk;
            g.heads[k].bv = g.heads[first].bv;
            g.heads[k].gk = g.heads[first].gk;
        }
    // X′ = X + P: P is a constant, so ∂L/∂X = ∂L/∂X′. In self-attention X feeds K and V too.
    if (in.hasContext) {
        g.X = std::move(dX);
        g.context = std::move(dSource);
    } else {
        g.X = dX + dSource;
    }
    return g;
}

} // namespace attn
