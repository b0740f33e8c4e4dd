// SPDX-License-Identifier: GPL-3.0-or-later
#include "IncrementalAttention.h"

#include "Blas.h"
#include "BlockKernels.h"
#include "HeadKernel.h"
#include "Masks.h"
#include "Parallel.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

namespace attn {

namespace {

// The unit roundoff: one correctly rounded operation is off by at most this, relatively.
constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2;
constexpr double kNegativeInfinity = -std::numeric_limits<double>::infinity();

// A token's new row of X or of the context, as the projections read it (with its sinusoid).
RowVector positionedRow(const Matrix &source, Eigen::Index t, const AttentionInputs &in) {
    RowVector row = source.row(t);
    if (in.options.positional == Positional::Sinusoidal)
        row += sinusoidalRow(t, source.cols());
    return row;
}

// With the block kernels, the forward pass's projection kernel: the row gets the bits compute()
// would give it, so the logits it makes do too.
// The bias (empty = none) is added before the rotation, as compute() does.
RowVector project(const RowVector &row, const Matrix &W, const Matrix &bias, Eigen::Index position,
                  const Rope *rope) {
    Matrix out(1, W.cols());
    if (kernel::blockKernelsEnabled() && W.rows() > 0)
        kernel::projectRow(row.data(), W, out.data());
    else
        out = row * W;
    if (bias.size() > 0)
        out += bias;
    if (rope)
        ropeRotateRows(out, position, false, *rope);
    return out.row(0);
}

// The query rows an update recomputes whole at its end, in one batch (kernel::attendQueries):
// the edited tokens' own rows, rows whose maximum fell away, rows whose drift bound is due.
// Until then every update skips them.
struct Pending {
    std::vector<char> flag; // per query
    std::vector<Eigen::Index> rows;
    // max |output| over every other row after the last key update (which sees every row),
    // −1 when there was none: what the drift limits are relative to, without a pass over the
    // output (2 MB at n = 4096) to find it.
    double othersMax = -1.0;
    void add(Eigen::Index j) {
        if (!flag[std::size_t(j)]) {
            flag[std::size_t(j)] = 1;
            rows.push_back(j);
        }
    }
};

// One query row's update by correctRow(): o = ((b·sb − e₀·v₀) + e₁·v₁)/s with sb = S̃·r and
// s = (sb − e₀) + e₁ (b, S̃: the stored output row and sum; e₀, e₁: key t's old and new
// exponential; v₀, v₁: its old and new value row; r: the rescale when the row's maximum moved).
struct UpdateTerms {
    double drift, sumDrift; // the row's bounds before: |b − u| ≤ drift, |S̃ − S| ≤ sumDrift·S
    double bMax, outMax;     // max |b| and max |o|
    double sumBefore, sum;   // sb and s
    double eOld, eNew;       // e₀, e₁
    double gOld, gNew;       // bounds on the error of the old and new logit
    double vOldMax, vNewMax; // max |v₀|, max |v₁|
    bool rescaled;           // r ≠ 1 (computed by an exp, then multiplied)
};
struct Bounds {
    double drift, sumDrift;
};

// Worst-case bounds (every rounding ε = 2⁻⁵³ in the same direction) after the update, to first
// order in ε. With u = U/S the exact row and S the exact sum:
// - The sum: sb costs 2ε·sb when rescaled (the exp and the product); the two additions
//   ε·(sb + e₀) and ε·s; e₀ and e₁ are off by their logits' error g plus 2ε for the exp. The
//   stored sum's own error carries over scaled by sb/s.
// - The row: b·sb, e₀·v₀, the subtraction, e₁·v₁ and the addition each round once: at most
//   3ε·(|b|·sb + e₀·|v₀| + e₁·|v₁|) in the numerator, and the division ε·|o|. The row's error
//   carries over scaled by sb/s.
// - The stored sum's error σ does not add σ·|o| to the row: sb enters the numerator (b·S̃r) and
//   the denominator (S̃r − e₀ + e₁) alike, and expanding o − u′ shows it cancels except for
//   σ·(sb/s)·(e₀·|v₀ − u| + e₁·|v₁ − u|)/s, which is small unless key t carries much of the row.
//   The same holds for the errors of r and of e₀, e₁ (used in both), with |v − u| ≤ max|v| +
//   max|b| + drift. (Before, σ·|o| was charged on every edit: twice the growth, twice the
//   refreshes.)
// Measured at n = 4096 (bench_attention's inputs): the first rows come due after some 650 edits
// instead of 250, and steady typing refreshes about 6 rows per edit instead of 10. What still
// grows fastest is the sum's term above: σ grows by 2ε per edit and is charged on every key's
// share of the row.
Bounds errorBounds(const UpdateTerms &t) {
    constexpr double e = kUnitRoundoff * (1.0 + 1e-6); // a margin for the second-order terms
    const double uMax = t.bMax + t.drift;
    const double rescaleError = t.rescaled ? 2.0 * e : 0.0;
    const double expOld = t.eOld * (t.gOld + 2.0 * e), expNew = t.eNew * (t.gNew + 2.0 * e);
    const double sumError =
        rescaleError * t.sumBefore + e * (t.sumBefore + t.eOld) + e * t.sum + expOld + expNew;
    const double sigma = t.sumDrift + rescaleError; // the sum as this update uses it
    const double changed = (sigma * t.sumBefore / t.sum) *
                               (t.eOld * (t.vOldMax + uMax) + t.eNew * (t.vNewMax + uMax)) +
                           expOld * (t.vOldMax + uMax) + expNew * (t.vNewMax + uMax);
    const double rounding =
        3.0 * e * (t.bMax * t.sumBefore + t.eOld * t.vOldMax + t.eNew * t.vNewMax);
    return {(t.drift * t.sumBefore + rounding + changed) / t.sum + e * t.outMax,
            (t.sumDrift * t.sumBefore + sumError) / t.sum};
}

// Queries first … last − 1 of updateKey() below: key t's old and new score against each, and its
// statistics and output row corrected; rows to recompute whole go to `rescan`. When `copy`, the
// output rows are written from `from`'s output, and when `copyRows` also these rows of Q (read
// here anyway) and the same share of K and V's rows are copied from `from` on the way.
void updateQueries(HeadResult &h, const HeadResult &from, bool copy, bool copyRows, Eigen::Index t,
                   const Matrix &keys, const RowVector &v, const Pending &pending,
                   Eigen::Index first, Eigen::Index last, std::vector<Eigen::Index> &rescan,
                   double &rowsMax) {
    const Eigen::Index count = last - first, d = h.Q.cols();
    if (copyRows) {
        // The same share of the keys (in cross-attention there are m of them, not n).
        const Eigen::Index n = h.Q.rows(), m = h.K.rows();
        const Eigen::Index k0 = first * m / n, kCount = last * m / n - k0;
        h.Q.middleRows(first, count) = from.Q.middleRows(first, count);
        h.K.middleRows(k0, kCount) = from.K.middleRows(k0, kCount);
        h.V.middleRows(k0, kCount) = from.V.middleRows(k0, kCount);
    }
    Matrix logits(count, 2); // old and new scores of key t, for every query
    if (kernel::blockKernelsEnabled()) {
        // The forward pass's arithmetic (one FMA chain per score): the old score is the very
        // one its statistics were made from.
        kernel::scoresAgainst(keys.row(0).data(), keys.row(1).data(), from.Q, first, count,
                              logits.data(), 2);
    } else {
        gemm(from.Q.middleRows(first, count), false, keys, true, logits);
    }
    const RowVector vOld = from.V.row(t);
    const double vOldMax = vOld.cwiseAbs().maxCoeff(), vNewMax = v.cwiseAbs().maxCoeff();
    // The logits' error. With the block kernels a logit has the same bits however it is
    // computed (the forward pass, a refresh, this update: one FMA chain in the order of d), so
    // the drift bound is taken against exact arithmetic on those very logits (see
    // IncrementalAttention.h) and they add nothing. Otherwise compute() gets a score from a
    // matrix product and this from a dot product: they may differ by d·ε·Σ|q_i·k_i| ≤
    // d·ε·‖q‖·‖k‖ each (Cauchy–Schwarz), twice that between the two.
    const bool sameLogits = kernel::blockKernelsEnabled();
    const double kOldNorm = sameLogits ? 0.0 : keys.row(0).norm(),
                 kNewNorm = sameLogits ? 0.0 : keys.row(1).norm();
    for (Eigen::Index j = first; j < last; ++j) {
        if (pending.flag[std::size_t(j)] || h.shift(j) == kNegativeInfinity ||
            (h.mask && (*h.mask)(j, t))) {
            // An all-masked row or a masked cell stays 0 whatever key t holds; a pending row
            // is recomputed whole afterwards.
            if (copy)
                h.output.row(j) = from.output.row(j);
            if (!pending.flag[std::size_t(j)] && h.output.cols() > 0)
                rowsMax = std::max(rowsMax, h.output.row(j).cwiseAbs().maxCoeff());
            continue;
        }
        const double bias = h.alibiSlope != 0.0 ? h.alibiSlope * double(t - j) : 0.0;
        const double lOld = logits(j - first, 0) * h.factor + bias,
                     lNew = logits(j - first, 1) * h.factor + bias;
        double shift = h.shift(j), rescale = 1.0;
        if (lNew > shift) { // a new maximum: the row's exponentials shrink by exp(old − new)
            rescale = std::exp(shift - lNew);
            shift = lNew;
        }
        const double eOld = kernel::expOrZero(lOld - shift), eNew = kernel::expOrZero(lNew - shift);
        const double sumBefore = h.expSum(j) * rescale;
        const double sum = sumBefore - eOld + eNew;
        if (!(sum >= 0.5)) {
            rescan.push_back(j); // the maximum fell away: the shift would drift from it
            continue;
        }
        double maxima[2]; // max |row| before and after
        kernel::correctRow(from.output.row(j).data(), sumBefore, eOld, vOld.data(), eNew, v.data(),
                           sum, h.output.row(j).data(), h.output.cols(), maxima);
        // Bounds on this update's error (see errorBounds() for where each term comes from).
        const double qNorm =
            sameLogits ? 0.0 : std::sqrt(kernel::squaredNorm(from.Q.row(j).data(), d));
        const double gOld = 2.0 * double(d) * kUnitRoundoff * std::abs(h.factor) * qNorm * kOldNorm;
        const double gNew = 2.0 * double(d) * kUnitRoundoff * std::abs(h.factor) * qNorm * kNewNorm;
        const Bounds b =
            errorBounds({h.drift(j), h.sumDrift(j), maxima[0], maxima[1], sumBefore, sum, eOld,
                         eNew, gOld, gNew, vOldMax, vNewMax, rescale != 1.0});
        h.drift(j) = b.drift;
        h.sumDrift(j) = b.sumDrift;
        rowsMax = std::max(rowsMax, maxima[1]);
        h.shift(j) = shift;
        h.expSum(j) = sum;
    }
}

// A recycled head's stale rows: those of Q and of K and V that the update `previous` was made
// by changed (see updateTokens); every other row already equals `previous`'s.
using Stale = AttentionResult::Update;

// Q, K and V made equal to `from`'s: the stale rows of a recycled head, or all of them.
void copyRows(HeadResult &h, const HeadResult &from, const Stale *stale) {
    if (!stale) {
        Matrix *targets[] = {&h.Q, &h.K, &h.V};
        const Matrix *sources[] = {&from.Q, &from.K, &from.V};
        parallelFor(3, 1, [&](Eigen::Index first, Eigen::Index last) {
            for (Eigen::Index k = first; k < last; ++k)
                *targets[k] = *sources[k];
        });
        return;
    }
    for (Eigen::Index r = stale->queryFirst; r <= stale->queryLast; ++r)
        h.Q.row(r) = from.Q.row(r);
    for (Eigen::Index r = stale->keyFirst; r <= stale->keyLast; ++r) {
        h.K.row(r) = from.K.row(r);
        h.V.row(r) = from.V.row(r);
    }
}

// Key and value t of the head change to k and v: every query's logit of key t changes. Pending
// queries (recomputed whole afterwards) are left alone; rows whose maximum fell away join them.
// `from` is the head the update starts from: the previous result's (its Q, K, V and output
// copied into h on the way, h's matrices only sized), or h itself for a second edited token.
void updateKey(HeadResult &h, const HeadResult &from, const Stale *stale, Eigen::Index t,
               const RowVector &k, const RowVector &v, Pending &pending) {
    const bool copy = &from != &h;
    if (copy && stale)
        copyRows(h, from, stale);
    Matrix keys(2, h.K.cols());
    keys.row(0) = from.K.row(t);
    keys.row(1) = k;
    // The queries split over the cores: at n = 4096 the copy, the scores and the updates each
    // take a few tenths of a millisecond.
    constexpr Eigen::Index kBlock = 512; // below, one thread: its start would cost more
    const auto blocks = static_cast<std::size_t>((h.Q.rows() + kBlock - 1) / kBlock);
    std::vector<std::vector<Eigen::Index>> rescans(blocks);
    std::vector<double> maxima(blocks, 0.0);
    parallelBlocks(h.Q.rows(), kBlock, [&](Eigen::Index first, Eigen::Index last) {
        const auto block = static_cast<std::size_t>(first / kBlock);
        updateQueries(h, from, copy, copy && !stale, t, keys, v, pending, first, last,
                      rescans[block], maxima[block]);
    });
    h.K.row(t) = k;
    h.V.row(t) = v;
    for (const std::vector<Eigen::Index> &rescan : rescans)
        for (Eigen::Index j : rescan)
            pending.add(j);
    pending.othersMax = *std::max_element(maxima.begin(), maxima.end());
}

// How due query j's refresh is: its drift bounds as fractions of what they may reach.
double dueness(const HeadResult &h, Eigen::Index j, double limit) {
    const double output = limit > 0.0 ? h.drift(j) / limit : (h.drift(j) > 0.0 ? 2.0 : 0.0);
    return std::max(output, h.sumDrift(j) / kDriftTolerance);
}

// The pending rows recomputed whole, with every row whose accumulated bound has grown too large.
// Every row's bound grows with every edit (each edit corrects every row), at about the same
// rate, so at n = 4096 some ten rows come due per edit once the first do: recomputed one at a
// time they cost more than the rest of the edit (each reads all of K and V). So when any row is
// due, the most nearly due rows are refreshed with it, up to a block of kRefreshBatch rows in
// one product: a few edits' worth of refreshes for about the price of two rows.
void refresh(HeadResult &h, Pending &pending) {
    constexpr Eigen::Index kRefreshBatch = 32;
    const Eigen::Index n = h.drift.size();
    // The edited tokens' rows and the rows whose maximum fell away first: the output's largest
    // entry, which the limits are relative to, includes them.
    std::sort(pending.rows.begin(), pending.rows.end());
    kernel::attendQueries(h, pending.rows);
    double scale = pending.othersMax;
    if (h.output.size() == 0)
        scale = 0.0;
    else if (scale < 0.0)
        scale = h.output.cwiseAbs().maxCoeff();
    else
        for (Eigen::Index j : pending.rows)
            scale = std::max(scale, h.output.row(j).cwiseAbs().maxCoeff());
    for (Eigen::Index j : pending.rows)
        h.drift(j) = h.sumDrift(j) = 0.0;
    const double limit = kDriftTolerance * scale;
    std::vector<Eigen::Index> due;
    for (Eigen::Index j = 0; j < n; ++j)
        if (dueness(h, j, limit) > 1.0)
            due.push_back(j);
    if (due.empty()) // most edits: nothing more to do
        return;
    if (Eigen::Index(due.size()) > n / 8) { // cheaper as one forward pass of the head
        kernel::attend(h);
        h.drift.setZero(n);
        h.sumDrift.setZero(n);
        return;
    }
    const Eigen::Index room = std::min(kRefreshBatch, n / 8) - Eigen::Index(due.size());
    std::vector<std::pair<double, Eigen::Index>> nearlyDue; // (dueness, query), not yet due
    if (room > 0)
        for (Eigen::Index j = 0; j < n; ++j)
            if (const double dueAt = dueness(h, j, limit); dueAt > 0.5 && dueAt <= 1.0)
                nearlyDue.emplace_back(dueAt, j);
    if (room > 0 && !nearlyDue.empty()) {
        const auto take = std::min<std::ptrdiff_t>(room, std::ptrdiff_t(nearlyDue.size()));
        std::nth_element(nearlyDue.begin(), nearlyDue.begin() + take - 1, nearlyDue.end(),
                         std::greater<>());
        for (auto it = nearlyDue.begin(); it != nearlyDue.begin() + take; ++it)
            due.push_back(it->second);
    }
    std::sort(due.begin(), due.end());
    kernel::attendQueries(h, due);
    for (Eigen::Index j : due)
        h.drift(j) = h.sumDrift(j) = 0.0;
}

} // namespace

bool canUpdateTokens(const AttentionInputs &in, const AttentionResult &previous) {
    // A soft cap bends the logits and a QK norm makes Q and K rows depend on more than their
    // token's row; the drift bounds below assume neither, so those take the whole computation.
    if (in.options.softcap > 0 || in.options.qkNorm)
        return false;
    if (previous.layout != Layout::Rows || previous.heads.size() != in.heads.size() ||
        (previous.masked.size() != 0 &&
         (previous.masked.rows() != in.queryCount() || previous.masked.cols() != in.keyCount())))
        return false;
    const std::vector<double> slopes =
        in.options.alibi ? alibiSlopes(in.options, in.heads.size()) : std::vector<double>{};
    for (size_t k = 0; k < in.heads.size(); ++k) {
        const HeadResult &h = previous.heads[k];
        const HeadWeights &w = in.heads[k];
        if (h.Q.rows() != in.queryCount() || h.Q.cols() != w.Wq.cols() ||
            h.K.rows() != in.keyCount() || h.K.cols() != w.Wk.cols() || h.V.cols() != w.Wv.cols() ||
            h.shift.size() != in.queryCount() || h.factor != logitFactor(in.options, w.Wq.cols()) ||
            h.alibiSlope != (slopes.empty() ? 0.0 : slopes[k]))
            return false;
    }
    return true;
}

namespace {

// The head's statistics and settings copied, its four n-row matrices only sized — or taken from
// `reuse`, a recycled head of the same shapes: updateKey() fills them from the previous head in
// the same pass as its scores, or copyMatrices() does.
HeadResult headShell(const HeadResult &from, HeadResult *reuse) {
    HeadResult h;
    h.factor = from.factor;
    h.softcap = from.softcap;
    h.alibiSlope = from.alibiSlope;
    h.mask = from.mask;
    h.layout = from.layout;
    h.shift = from.shift;
    h.expSum = from.expSum;
    h.drift = from.drift;
    h.sumDrift = from.sumDrift;
    if (h.drift.size() != h.shift.size()) {
        h.drift.setZero(h.shift.size());
        h.sumDrift.setZero(h.shift.size());
    }
    const Matrix *sources[] = {&from.Q, &from.K, &from.V, &from.output};
    Matrix *targets[] = {&h.Q, &h.K, &h.V, &h.output};
    Matrix *reused[] = {reuse ? &reuse->Q : nullptr, reuse ? &reuse->K : nullptr,
                        reuse ? &reuse->V : nullptr, reuse ? &reuse->output : nullptr};
    for (int k = 0; k < 4; ++k) {
        if (reuse)
            *targets[k] = std::move(*reused[k]);
        else
            targets[k]->resize(sources[k]->rows(), sources[k]->cols());
    }
    return h;
}

// Whether `spare` can lend its matrices to the update of `previous`: it is the result `previous`
// was updated from (so its Q, K and V differ only in the rows that update changed), with the
// same shapes. (Every output row is written by the update anyway.)
bool canRecycle(const AttentionResult &previous, const AttentionResult &spare) {
    if (previous.update.from != &spare || spare.heads.size() != previous.heads.size() ||
        spare.layout != previous.layout)
        return false;
    for (size_t k = 0; k < spare.heads.size(); ++k) {
        const HeadResult &a = spare.heads[k], &b = previous.heads[k];
        const Matrix *x[] = {&a.Q, &a.K, &a.V, &a.output}, *y[] = {&b.Q, &b.K, &b.V, &b.output};
        for (int m = 0; m < 4; ++m)
            if (x[m]->rows() != y[m]->rows() || x[m]->cols() != y[m]->cols())
                return false;
    }
    return true;
}

// Q, K, V and the output made equal to `from`'s, on both cores (a head no edited token reached).
void copyMatrices(HeadResult &h, const HeadResult &from, const Stale *stale) {
    copyRows(h, from, stale);
    h.output = from.output;
}

} // namespace

AttentionResult updateTokens(const AttentionInputs &in, const AttentionResult &previous,
                             const TokenEdit &edit, AttentionResult *spare) {
    const Eigen::Index xFirst = std::max<Eigen::Index>(edit.xFirst, 0),
                       xLast = std::min(edit.xLast, in.queryCount() - 1);
    const Eigen::Index cFirst = std::max<Eigen::Index>(edit.contextFirst, 0),
                       cLast = in.hasContext ? std::min(edit.contextLast, in.keyCount() - 1) : -1;
    if (!canUpdateTokens(in, previous))
        return compute(in, Layout::Rows);
    // Every other value was valid when `previous` was computed: only the edited rows are new.
    validateRows(in, xFirst, xLast, cFirst, cLast);
    // Each edited token costs O(n·d) per head; beyond a few hundred a forward pass is cheaper.
    if ((xLast - xFirst + 1) + (cLast - cFirst + 1) >
        std::max<Eigen::Index>(in.queryCount() / 16, 1))
        return compute(in, Layout::Rows);
    // Built piece by piece: concat and the output are rewritten by finishResult() anyway, and
    // each head's matrices are filled by its first update.
    AttentionResult result;
    result.layout = previous.layout;
    result.masked = previous.masked;
    result.heads.reserve(previous.heads.size());
    // A recycled result's Q, K and V need only the rows `previous`'s own update changed (at
    // n = 4096 a head's Q, K and V are 6 MB, most of an edit's memory traffic).
    const bool recycle = spare && canRecycle(previous, *spare);
    const Stale *staleRows = recycle ? &previous.update : nullptr;
    for (size_t k = 0; k < previous.heads.size(); ++k)
        result.heads.push_back(headShell(previous.heads[k], recycle ? &spare->heads[k] : nullptr));
    const Rope *rope = in.options.positional == Positional::Rope ? &in.options.rope : nullptr;
    for (size_t k = 0; k < in.heads.size(); ++k) {
        HeadResult &h = result.heads[k];
        const HeadResult *from = &previous.heads[k]; // then h itself, once filled
        const HeadWeights &w = in.heads[k];
        const HeadWeights &kv = in.heads[kvSource(in, k)];
        // The edited tokens' own query rows are recomputed whole at the end: every key update
        // before then leaves them alone.
        Pending pending{std::vector<char>(std::size_t(in.queryCount()), 0), {}};
        for (Eigen::Index t = xFirst; t <= xLast; ++t)
            pending.add(t);
        for (Eigen::Index t = xFirst; t <= xLast; ++t) {
            const RowVector x = positionedRow(in.X, t, in);
            if (!in.hasContext)
                updateKey(h, *from, staleRows, t, project(x, kv.Wk, kv.bk, t, rope),
                          project(x, kv.Wv, kv.bv, t, nullptr), pending);
            else if (from != &h)
                copyMatrices(h, *from, staleRows);
            from = &h;
            h.Q.row(t) = project(x, w.Wq, w.bq, t, rope);
        }
        for (Eigen::Index t = cFirst; t <= cLast; ++t) {
            const RowVector c = positionedRow(in.context, t, in);
            updateKey(h, *from, staleRows, t, project(c, kv.Wk, kv.bk, t, rope),
                      project(c, kv.Wv, kv.bv, t, nullptr), pending);
            from = &h;
        }
        if (from != &h)
            copyMatrices(h, *from, staleRows);
        refresh(h, pending);
    }
    kernel::finishResult(in, result);
    // Q changes in the edited rows of X; K in those too (self-attention) or in the edited rows
    // of the context (cross-attention).
    result.update = {&previous, xFirst, xLast, in.hasContext ? cFirst : xFirst,
                     in.hasContext ? cLast : xLast};
    return result;
}

AttentionResult recomputeRows(const AttentionInputs &in, const AttentionResult &previous,
                              Eigen::Index first, Eigen::Index last) {
    TokenEdit edit;
    edit.xFirst = first;
    edit.xLast = last;
    return updateTokens(in, previous, edit);
}

} // namespace attn
