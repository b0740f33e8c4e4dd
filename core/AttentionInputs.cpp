#include "AttentionInputs.h"

#include "InputError.h"
#include "Limits.h"
#include "NumberText.h"

#include <cmath>
#include <limits>

namespace attn {

bool AttentionInputs::operator==(const AttentionInputs &other) const {
    // Eigen's == on different shapes asserts, so compare shapes first.
    auto same = [](const auto &a, const auto &b) {
        return a.rows() == b.rows() && a.cols() == b.cols() &&
               (a.size() == 0 || (a.array() == b.array()).all());
    };
    if (tokens != other.tokens || hasContext != other.hasContext ||
        contextTokens != other.contextTokens || options != other.options ||
        heads.size() != other.heads.size())
        return false;
    if (!same(X, other.X) || !same(context, other.context) || !same(Wo, other.Wo) ||
        !same(mask, other.mask) || !same(target, other.target))
        return false;
    for (size_t h = 0; h < heads.size(); ++h) {
        if (!same(heads[h].Wq, other.heads[h].Wq) || !same(heads[h].Wk, other.heads[h].Wk) ||
            !same(heads[h].Wv, other.heads[h].Wv) || heads[h].kvGroup != other.heads[h].kvGroup)
            return false;
    }
    return true;
}

Eigen::Index AttentionInputs::outputWidth() const {
    if (hasWo())
        return Wo.cols();
    Eigen::Index width = 0;
    for (const HeadWeights &w : heads)
        width += w.Wv.cols();
    return width;
}

std::string shapeString(Eigen::Index rows, Eigen::Index cols) {
    return std::to_string(rows) + "\u00d7" + std::to_string(cols);
}

std::vector<std::string> defaultTokens(Eigen::Index n, const std::string &prefix) {
    std::vector<std::string> out;
    out.reserve(size_t(std::max<Eigen::Index>(n, 0)));
    for (Eigen::Index i = 0; i < n; ++i)
        out.push_back(prefix + std::to_string(i));
    return out;
}

namespace {

std::string plural(Eigen::Index count, const char *word) {
    return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

// Rows first … last of m (all of them by default).
void checkValues(const Matrix &m, const std::string &name, Eigen::Index first = 0,
                 Eigen::Index last = std::numeric_limits<Eigen::Index>::max()) {
    first = std::max<Eigen::Index>(first, 0);
    last = std::min(last, m.rows() - 1);
    if (first > last || m.cols() == 0)
        return;
    const auto rows = m.middleRows(first, last - first + 1);
    // Fast path: one vectorized pass; the message is only built for the offending cell.
    if (allFiniteFast(rows) && rows.cwiseAbs().maxCoeff() <= kMaxAbsInput)
        return;
    for (Eigen::Index i = first; i <= last; ++i) {
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            const double v = m(i, j);
            if (std::isfinite(v) && std::abs(v) <= kMaxAbsInput)
                continue;
            throw InputError(name + "[" + std::to_string(i) + "][" + std::to_string(j) + "] " +
                             numberProblem(v));
        }
    }
}

std::string headName(const char *matrix, size_t head, size_t headCount) {
    return headCount == 1 ? std::string(matrix)
                          : std::string(matrix) + " of head " + std::to_string(head);
}

bool sameMatrix(const Matrix &a, const Matrix &b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           (a.size() == 0 || (a.array() == b.array()).all());
}

// The key/value groups, the sliding window and ALiBi (the options of how attention is computed
// in practice, issue 14).
void validateKernelOptions(const AttentionInputs &in) {
    for (size_t h = 0; h < in.heads.size(); ++h) {
        const int g = in.heads[h].kvGroup;
        if (g < -1)
            throw InputError("the key/value group of head " + std::to_string(h) +
                             " must be a group number from 0 (or none), got " + std::to_string(g));
        for (size_t first = 0; g >= 0 && first < h; ++first) {
            if (in.heads[first].kvGroup != g)
                continue;
            const char *what = !sameMatrix(in.heads[first].Wk, in.heads[h].Wk)   ? "Wk"
                               : !sameMatrix(in.heads[first].Wv, in.heads[h].Wv) ? "Wv"
                                                                                 : nullptr;
            if (what)
                throw InputError("heads " + std::to_string(first) + " and " + std::to_string(h) +
                                 " share key/value group " + std::to_string(g) + " but their " +
                                 what + " differ: the heads of a group share one Wk and Wv");
            break;
        }
    }
    const AttentionOptions &o = in.options;
    if (o.window < 0)
        throw InputError("the sliding window must be 0 (off) or a number of keys, got " +
                         std::to_string(o.window));
    if (o.globalTokens < 0)
        throw InputError("the number of global tokens must be 0 or more, got " +
                         std::to_string(o.globalTokens));
    if (!o.alibiSlopes.empty() && o.alibiSlopes.size() != in.heads.size())
        throw InputError("there are " + plural(Eigen::Index(o.alibiSlopes.size()), "ALiBi slope") +
                         " but " + plural(Eigen::Index(in.heads.size()), "head") +
                         ": give one slope per head (or none for the standard ones)");
    for (double slope : o.alibiSlopes)
        if (!std::isfinite(slope) || std::abs(slope) > 1e6)
            throw InputError("an ALiBi slope must be a finite number of at most 1e6 in "
                             "magnitude, got " +
                             shortestNumber(slope));
}

// Values of X rows [xFirst, xLast] and context rows [cFirst, cLast] only.
struct RowsToScan {
    Eigen::Index xFirst = 0, xLast = std::numeric_limits<Eigen::Index>::max();
    Eigen::Index cFirst = 0, cLast = std::numeric_limits<Eigen::Index>::max();
};

void validateScanning(const AttentionInputs &in, const RowsToScan &scan);

} // namespace

void validate(const AttentionInputs &in) {
    validateScanning(in, RowsToScan{});
}

void validateRows(const AttentionInputs &in, Eigen::Index xFirst, Eigen::Index xLast,
                  Eigen::Index contextFirst, Eigen::Index contextLast) {
    validateScanning(in, RowsToScan{xFirst, xLast, contextFirst, contextLast});
}

namespace {

void validateScanning(const AttentionInputs &in, const RowsToScan &scan) {
    if (in.X.rows() == 0)
        throw InputError("X has no rows: there must be at least one token");
    if (in.X.cols() == 0)
        throw InputError("X has no columns: the embedding size p must be at least 1");
    if (Eigen::Index(in.tokens.size()) != in.X.rows())
        throw InputError("there are " + plural(Eigen::Index(in.tokens.size()), "token label") +
                         " but X has " + plural(in.X.rows(), "row"));
    checkLimits(in);
    checkValues(in.X, "X", scan.xFirst, scan.xLast);

    const std::string source = in.hasContext ? "the context" : "X";
    if (in.hasContext) {
        if (in.context.rows() == 0)
            throw InputError("the context has no rows: cross-attention needs at least one "
                             "context token");
        if (in.context.cols() == 0)
            throw InputError("the context has no columns: its embedding size must be at least 1");
        if (Eigen::Index(in.contextTokens.size()) != in.context.rows())
            throw InputError("there are " +
                             plural(Eigen::Index(in.contextTokens.size()), "context token label") +
                             " but the context has " + plural(in.context.rows(), "row"));
        checkValues(in.context, "context", scan.cFirst, scan.cLast);
    }
    const Eigen::Index pc = in.source().cols();

    if (in.heads.empty())
        throw InputError("there are no heads: at least one head (Wq, Wk, Wv) is needed");
    Eigen::Index concatWidth = 0;
    const size_t H = in.heads.size();
    for (size_t h = 0; h < H; ++h) {
        const HeadWeights &w = in.heads[h];
        const std::string wq = headName("Wq", h, H), wk = headName("Wk", h, H),
                          wv = headName("Wv", h, H);
        if (w.Wq.rows() != in.X.cols())
            throw InputError(wq + " has " + plural(w.Wq.rows(), "row") + " but X has " +
                             plural(in.X.cols(), "column"));
        if (w.Wk.rows() != pc)
            throw InputError(wk + " has " + plural(w.Wk.rows(), "row") + " but " + source +
                             " has " + plural(pc, "column"));
        if (w.Wv.rows() != pc)
            throw InputError(wv + " has " + plural(w.Wv.rows(), "row") + " but " + source +
                             " has " + plural(pc, "column"));
        if (w.Wq.cols() == 0)
            throw InputError(wq + " has no columns: d_k must be at least 1");
        if (w.Wq.cols() != w.Wk.cols())
            throw InputError(wq + " has " + plural(w.Wq.cols(), "column") + " but " + wk + " has " +
                             std::to_string(w.Wk.cols()) + ": queries and keys need the same d_k");
        if (w.Wv.cols() == 0)
            throw InputError(wv + " has no columns: d_v must be at least 1");
        if (in.options.positional == Positional::Rope && w.Wq.cols() % 2 != 0)
            throw InputError("RoPE rotates pairs of columns of Q and K, so d_k must be even, but " +
                             wq + " has " + plural(w.Wq.cols(), "column"));
        checkValues(w.Wq, wq);
        checkValues(w.Wk, wk);
        checkValues(w.Wv, wv);
        concatWidth += w.Wv.cols();
    }
    if (in.hasWo()) {
        if (in.Wo.rows() != concatWidth)
            throw InputError("Wo has " + plural(in.Wo.rows(), "row") +
                             " but the concatenated head outputs have " +
                             plural(concatWidth, "column"));
        checkValues(in.Wo, "Wo");
    } else if (in.Wo.rows() != 0 || in.Wo.cols() != 0) {
        throw InputError("Wo is " + shapeString(in.Wo) + ": it must have at least one column");
    }

    const double t = in.options.temperature;
    if (!std::isfinite(t) || t <= 0)
        throw InputError("the temperature must be a positive number, got " + shortestNumber(t));
    if (t < 1e-12)
        throw InputError("the temperature " + shortestNumber(t) + " is too small (at least 1e-12)");

    validateKernelOptions(in);

    if (in.mask.size() != 0 && (in.mask.rows() != in.X.rows() || in.mask.cols() != in.keyCount()))
        throw InputError("the mask is " + shapeString(in.mask.rows(), in.mask.cols()) +
                         " but the logits are " + shapeString(in.X.rows(), in.keyCount()) +
                         " (queries \u00d7 keys)");

    if (in.hasTarget()) {
        if (in.target.rows() != in.X.rows() || in.target.cols() != in.outputWidth())
            throw InputError("the target is " + shapeString(in.target) + " but the output is " +
                             shapeString(in.X.rows(), in.outputWidth()));
        checkValues(in.target, "target");
    } else if (in.target.rows() != 0 || in.target.cols() != 0) {
        throw InputError("the target is " + shapeString(in.target) + ": it must not be empty");
    }
}

} // namespace

void shareKeyValueGroups(AttentionInputs &in) {
    for (std::size_t h = 0; h < in.heads.size(); ++h) {
        const std::vector<std::size_t> members = kvGroupMembers(in, h);
        if (members.front() != h) {
            in.heads[h].Wk = in.heads[members.front()].Wk;
            in.heads[h].Wv = in.heads[members.front()].Wv;
        }
    }
}

std::vector<std::size_t> kvGroupMembers(const AttentionInputs &in, std::size_t head) {
    const int group = in.heads.at(head).kvGroup;
    if (group < 0)
        return {head};
    std::vector<std::size_t> members;
    for (std::size_t h = 0; h < in.heads.size(); ++h)
        if (in.heads[h].kvGroup == group)
            members.push_back(h);
    return members;
}

AttentionInputs workedExample() {
    AttentionInputs in;
    in.tokens = defaultTokens(4);
    in.X.resize(4, 4);
    in.X << 1, 1, 1, 0, //
        1, 2, 1, 0,     //
        0, 1, 0, 1,     //
        0, 1, 1, 0;
    HeadWeights w;
    w.Wq.resize(4, 3);
    w.Wq << 1, 0, 1, //
        1, 1, 1,     //
        0, 0, 1,     //
        1, 0, 0;
    w.Wk.resize(4, 3);
    w.Wk << 1, 0, 0, //
        1, 1, 1,     //
        1, 0, 1,     //
        0, 1, 0;
    w.Wv.resize(4, 3);
    w.Wv << 1, 2, 0, //
        1, 3, 1,     //
        1, 0, 2,     //
        1, 1, 0;
    in.heads.push_back(w);
    return in;
}

} // namespace attn
