#include "Attention.h"

#include "InputError.h"

#include <cmath>
#include <limits>

namespace attn {

namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// exp(-inf) must give exactly 0 whatever the vectorized exp does near its lower clamp, and a
// difference so negative that exp underflows must too.
template <typename Block> void expShifted(Block &&values, double shift) {
    values = (values - shift).exp();
}

void requireFinite(const Matrix &m, const char *what) {
    if (!m.allFinite())
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
    m.array() = (m.array().rowwise() - max.array()).exp();
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
    return mask;
}

AttentionResult compute(const AttentionInputs &in, Layout layout) {
    validate(in);
    AttentionResult result;
    result.layout = layout;
    const bool rows = layout == Layout::Rows;
    const Matrix &C = in.source();
    const Mask mask = effectiveMask(in);
    result.masked = rows ? mask : Mask(mask.transpose());
    const bool anyMasked = mask.any();

    std::vector<Eigen::Index> emptyQueries;
    Eigen::Index concatWidth = 0;
    result.heads.reserve(in.heads.size());
    for (const HeadWeights &w : in.heads) {
        HeadResult h;
        const double factor = logitFactor(in.options, w.Wq.cols());
        if (rows) {
            h.Q.noalias() = in.X * w.Wq;
            h.K.noalias() = C * w.Wk;
            h.V.noalias() = C * w.Wv;
            h.scores.noalias() = h.Q * h.K.transpose();
        } else {
            // The article's second formula: tokens are columns, Q' = Wqᵀ·Xᵀ, scores' = K'ᵀ·Q'.
            h.Q.noalias() = w.Wq.transpose() * in.X.transpose();
            h.K.noalias() = w.Wk.transpose() * C.transpose();
            h.V.noalias() = w.Wv.transpose() * C.transpose();
            h.scores.noalias() = h.K.transpose() * h.Q;
        }
        requireFinite(h.scores, "the scores QK\u1d40");
        h.logits = h.scores * factor;
        if (anyMasked)
            h.logits = result.masked.select(kMinusInf, h.logits);
        h.weights = h.logits;
        emptyQueries = rows ? softmaxRowsInPlace(h.weights) : softmaxColumnsInPlace(h.weights);
        if (rows)
            h.output.noalias() = h.weights * h.V;
        else
            h.output.noalias() = h.V * h.weights;
        concatWidth += w.Wv.cols();
        result.heads.push_back(std::move(h));
    }

    if (rows) {
        if (result.heads.size() == 1) {
            result.concat = result.heads.front().output;
        } else {
            result.concat.resize(in.queryCount(), concatWidth);
            Eigen::Index at = 0;
            for (const HeadResult &h : result.heads) {
                result.concat.middleCols(at, h.output.cols()) = h.output;
                at += h.output.cols();
            }
        }
        result.output = in.hasWo() ? Matrix(result.concat * in.Wo) : result.concat;
    } else {
        if (result.heads.size() == 1) {
            result.concat = result.heads.front().output;
        } else {
            result.concat.resize(concatWidth, in.queryCount());
            Eigen::Index at = 0;
            for (const HeadResult &h : result.heads) {
                result.concat.middleRows(at, h.output.rows()) = h.output;
                at += h.output.rows();
            }
        }
        result.output = in.hasWo() ? Matrix(in.Wo.transpose() * result.concat) : result.concat;
    }
    requireFinite(result.output, "the output");

    for (Eigen::Index q : emptyQueries) {
        const std::string token = size_t(q) < in.tokens.size() ? in.tokens[size_t(q)] : "";
        result.warnings.push_back("query " + std::to_string(q) + " (\"" + token +
                                  "\") has every key masked: its weights and output " +
                                  (rows ? "row" : "column") + " are all zero");
    }
    return result;
}

} // namespace attn
