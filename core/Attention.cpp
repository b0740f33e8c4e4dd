#include "Attention.h"

#include "InputError.h"
#include "Masks.h"

#include <cmath>
#include <limits>

namespace attn {

namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// exp(-inf) must give exactly 0 whatever the vectorized exp does near its lower clamp, and a
// difference so negative that exp underflows must too: Eigen's vectorized exp clamps its
// argument near −709.8 and returns about 5.6e−309 below it, −∞ included. Below the floor the
// true values are subnormal, nothing next to the largest term's exp(0) = 1.
constexpr double kExpFloor = -708.0;
// Eigen 3.4's select() is not vectorized, so it only runs on rows that need it (masked
// cells, extreme logits); other rows keep the vectorized exp.
template <typename Block> void expShifted(Block &&values, double shift) {
    values -= shift;
    if (values.minCoeff() < kExpFloor)
        values = (values < kExpFloor).select(0.0, values.exp());
    else
        values = values.exp();
}

void requireFinite(const Matrix &m, const char *what) {
    if (!allFiniteFast(m))
        throw InputError(std::string(what) +
                         " overflowed to infinity: the inputs are too large to compute on");
}

} // namespace

double logitFactor(const AttentionOptions &options, Eigen::Index dk) {
    const double scale = options.scale ? 1.0 / std::sqrt(double(dk)) : 1.0;
    return scale / options.temperature;
}

std::vector<Eigen::Index> softmaxRowsInPlace(Matrix &m) {
    std::vector<Eigen::Index> empty;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        auto row = m.row(i).array(); // contiguous: Matrix is row-major
        const double max = row.maxCoeff();
        if (max == kMinusInf) {
            row.setZero();
            empty.push_back(i);
            continue;
        }
        expShifted(row, max);
        row /= row.sum();
    }
    return empty;
}

std::vector<Eigen::Index> softmaxColumnsInPlace(Matrix &m) {
    std::vector<Eigen::Index> empty;
    if (m.size() == 0)
        return empty;
    // Column reductions over row-major storage accumulate whole contiguous rows at a time.
    RowVector max = m.colwise().maxCoeff();
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
        if (max(j) == kMinusInf) {
            empty.push_back(j);
            max(j) = 0; // exp(-inf - 0) = 0 below: the column ends up all zero
        }
    }
    m.array().rowwise() -= max.array();
    expShifted(m.array(), 0.0);
    RowVector sum = m.colwise().sum();
    for (Eigen::Index j : empty)
        sum(j) = 1;
    m.array().rowwise() /= sum.array();
    return empty;
}

Mask effectiveMask(const AttentionInputs &in) {
    const Eigen::Index n = in.queryCount(), m = in.keyCount();
    Mask mask = in.mask.size() != 0 ? in.mask : Mask::Constant(n, m, false);
    if (in.options.causal) {
        for (Eigen::Index i = 0; i < n; ++i)
            for (Eigen::Index j = i + 1; j < m; ++j)
                mask(i, j) = true;
    }
    if (in.options.window > 0)
        mask = mask || slidingWindowMask(in.options, n, m);
    return mask;
}

namespace {

// From the scores on: logits (with the head's bias, e.g. ALiBi, in the layout's orientation;
// empty = none), weights and the head output. Returns the all-masked queries.
std::vector<Eigen::Index> finishHead(HeadResult &h, const AttentionResult &result, bool anyMasked,
                                     double factor, const Matrix &bias) {
    const bool rows = result.layout == Layout::Rows;
    requireFinite(h.scores, "the scores QK\u1d40");
    h.logits = h.scores * factor;
    if (bias.size() != 0)
        h.logits += bias;
    if (anyMasked)
        h.logits = result.masked.select(kMinusInf, h.logits);
    h.weights = h.logits;
    std::vector<Eigen::Index> empty =
        rows ? softmaxRowsInPlace(h.weights) : softmaxColumnsInPlace(h.weights);
    if (rows)
        h.output.noalias() = h.weights * h.V;
    else
        h.output.noalias() = h.V * h.weights;
    return empty;
}

// concat, the final output and the warnings, once every head is done.
void finishResult(const AttentionInputs &in, AttentionResult &result,
                  const std::vector<Eigen::Index> &emptyQueries) {
    const bool rows = result.layout == Layout::Rows;
    if (result.heads.size() == 1) {
        result.concat = result.heads.front().output;
    } else {
        Eigen::Index width = 0;
        for (const HeadResult &h : result.heads)
            width += rows ? h.output.cols() : h.output.rows();
        if (rows)
            result.concat.resize(in.queryCount(), width);
        else
            result.concat.resize(width, in.queryCount());
        Eigen::Index at = 0;
        for (const HeadResult &h : result.heads) {
            if (rows)
                result.concat.middleCols(at, h.output.cols()) = h.output;
            else
                result.concat.middleRows(at, h.output.rows()) = h.output;
            at += rows ? h.output.cols() : h.output.rows();
        }
    }
    if (!in.hasWo())
        result.output = result.concat;
    else if (rows)
        result.output.noalias() = result.concat * in.Wo;
    else
        result.output.noalias() = in.Wo.transpose() * result.concat;
    requireFinite(result.output, "the output");

    result.warnings.clear();
    for (Eigen::Index q : emptyQueries) {
        const std::string token = size_t(q) < in.tokens.size() ? in.tokens[size_t(q)] : "";
        result.warnings.push_back("query " + std::to_string(q) + " (\"" + token +
                                  "\") has every key masked: its weights and output " +
                                  (rows ? "row" : "column") + " are all zero");
    }
}

// RoPE on a head's Q or K. In the column layout the token vectors are columns, so the
// rotation runs on the transpose.
void rotateForRope(Matrix &m, bool rows, Eigen::Index first = 0) {
    if (rows) {
        ropeRotateRows(m, first);
    } else {
        Matrix t = m.transpose();
        ropeRotateRows(t, first);
        m = t.transpose();
    }
}

} // namespace

Matrix positionedQueries(const AttentionInputs &in) {
    if (in.options.positional != Positional::Sinusoidal)
        return in.X;
    return in.X + sinusoidalTable(in.X.rows(), in.X.cols());
}

Matrix positionedSource(const AttentionInputs &in) {
    if (in.options.positional != Positional::Sinusoidal)
        return in.source();
    return in.source() + sinusoidalTable(in.source().rows(), in.source().cols());
}

AttentionResult compute(const AttentionInputs &in, Layout layout) {
    validate(in);
    AttentionResult result;
    result.layout = layout;
    const bool rows = layout == Layout::Rows;
    // Sinusoidal positions are added to X and to the context before the projections.
    const bool sinusoidal = in.options.positional == Positional::Sinusoidal;
    const bool rope = in.options.positional == Positional::Rope;
    Matrix shiftedX, shiftedContext;
    if (sinusoidal) {
        shiftedX = positionedQueries(in);
        if (in.hasContext)
            shiftedContext = positionedSource(in);
    }
    const Matrix &X = sinusoidal ? shiftedX : in.X;
    const Matrix &C = !in.hasContext ? X : sinusoidal ? shiftedContext : in.context;
    const Mask mask = effectiveMask(in);
    result.masked = rows ? mask : Mask(mask.transpose());
    const bool anyMasked = mask.any();

    std::vector<Eigen::Index> emptyQueries;
    result.heads.reserve(in.heads.size());
    for (size_t k = 0; k < in.heads.size(); ++k) {
        const HeadWeights &w = in.heads[k];
        HeadResult h;
        // A head of a key/value group takes K and V of the group's first head: computed once.
        const size_t shared = kvSource(in, k);
        if (rows) {
            h.Q.noalias() = X * w.Wq;
            if (shared == k) {
                h.K.noalias() = C * w.Wk;
                h.V.noalias() = C * w.Wv;
            }
        } else {
            // The article's second formula: tokens are columns, Q' = Wqᵀ·Xᵀ, scores' = K'ᵀ·Q'.
            h.Q.noalias() = w.Wq.transpose() * X.transpose();
            if (shared == k) {
                h.K.noalias() = w.Wk.transpose() * C.transpose();
                h.V.noalias() = w.Wv.transpose() * C.transpose();
            }
        }
        if (rope)
            rotateForRope(h.Q, rows);
        if (shared != k) {
            // Already positioned and rotated: RoPE turns K the same way for every head of the
            // group, so the group's first head's K and V are this head's too.
            h.K = result.heads[shared].K;
            h.V = result.heads[shared].V;
        } else if (rope) {
            rotateForRope(h.K, rows);
        }
        if (rows)
            h.scores.noalias() = h.Q * h.K.transpose();
        else
            h.scores.noalias() = h.K.transpose() * h.Q;
        const Matrix bias = headBias(in, k);
        emptyQueries = finishHead(h, result, anyMasked, logitFactor(in.options, w.Wq.cols()),
                                  rows ? bias : Matrix(bias.transpose()));
        result.heads.push_back(std::move(h));
    }
    finishResult(in, result, emptyQueries);
    return result;
}

AttentionResult transposed(const AttentionResult &result) {
    AttentionResult t;
    t.layout = result.layout == Layout::Rows ? Layout::Columns : Layout::Rows;
    for (const HeadResult &h : result.heads)
        t.heads.push_back({h.Q.transpose(), h.K.transpose(), h.V.transpose(), h.scores.transpose(),
                           h.logits.transpose(), h.weights.transpose(), h.output.transpose()});
    t.concat = result.concat.transpose();
    t.output = result.output.transpose();
    t.masked = result.masked.transpose();
    t.warnings = result.warnings;
    return t;
}

bool canRecomputeRows(const AttentionInputs &in, const AttentionResult &previous) {
    if (previous.layout != Layout::Rows || previous.heads.size() != in.heads.size() ||
        previous.masked.rows() != in.queryCount() || previous.masked.cols() != in.keyCount())
        return false;
    for (size_t k = 0; k < in.heads.size(); ++k) {
        const HeadResult &h = previous.heads[k];
        const HeadWeights &w = in.heads[k];
        if (h.Q.rows() != in.queryCount() || h.Q.cols() != w.Wq.cols() ||
            h.K.rows() != in.keyCount() || h.K.cols() != w.Wk.cols() || h.V.cols() != w.Wv.cols() ||
            h.scores.rows() != in.queryCount() || h.scores.cols() != in.keyCount())
            return false;
    }
    return true;
}

AttentionResult recomputeRows(const AttentionInputs &in, const AttentionResult &previous,
                              Eigen::Index first, Eigen::Index last) {
    validate(in);
    first = std::max<Eigen::Index>(first, 0);
    last = std::min<Eigen::Index>(last, in.queryCount() - 1);
    if (!canRecomputeRows(in, previous) || first > last)
        return compute(in, Layout::Rows);
    const Eigen::Index count = last - first + 1;
    AttentionResult result;
    result.layout = Layout::Rows;
    // The mask does not depend on X's values.
    result.masked = previous.masked;
    const bool anyMasked = result.masked.any();
    const bool self = !in.hasContext;
    // Only the edited rows of X change, so only their rows of P are needed; RoPE rotates each
    // edited row by its own position.
    Matrix editedX = in.X.middleRows(first, count);
    if (in.options.positional == Positional::Sinusoidal)
        editedX += sinusoidalTable(last + 1, in.X.cols()).bottomRows(count);
    const bool rope = in.options.positional == Positional::Rope;

    std::vector<Eigen::Index> emptyQueries;
    result.heads.reserve(in.heads.size());
    for (size_t k = 0; k < in.heads.size(); ++k) {
        const HeadWeights &w = in.heads[k];
        // A shared group's K and V come from its first head's Wk and Wv, as in compute().
        const HeadWeights &kv = in.heads[kvSource(in, k)];
        const HeadResult &old = previous.heads[k];
        HeadResult h;
        h.Q = old.Q;
        h.K = old.K;
        h.V = old.V;
        h.scores = old.scores;
        // Only the edited tokens' projections change, and with them only their rows of the
        // scores (and, in self-attention, their columns too): O(count·n·d) instead of O(n²·d).
        h.Q.middleRows(first, count).noalias() = editedX * w.Wq;
        if (rope)
            ropeRotateRows(h.Q.middleRows(first, count), first);
        if (self) {
            h.K.middleRows(first, count).noalias() = editedX * kv.Wk;
            if (rope)
                ropeRotateRows(h.K.middleRows(first, count), first);
            h.V.middleRows(first, count).noalias() = editedX * kv.Wv;
        }
        h.scores.middleRows(first, count).noalias() =
            h.Q.middleRows(first, count) * h.K.transpose();
        if (self)
            h.scores.middleCols(first, count).noalias() =
                h.Q * h.K.middleRows(first, count).transpose();
        emptyQueries =
            finishHead(h, result, anyMasked, logitFactor(in.options, w.Wq.cols()), headBias(in, k));
        result.heads.push_back(std::move(h));
    }
    finishResult(in, result, emptyQueries);
    return result;
}

size_t kvSource(const AttentionInputs &in, size_t head) {
    const int group = in.heads.at(head).kvGroup;
    if (group < 0)
        return head;
    for (size_t h = 0; h < head; ++h)
        if (in.heads[h].kvGroup == group)
            return h;
    return head;
}

} // namespace attn
