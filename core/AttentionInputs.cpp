// SPDX-License-Identifier: GPL-3.0-or-later
#include "AttentionInputs.h"

#include "InputError.h"
#include "Limits.h"
#include "NumberText.h"
#include "Parallel.h"
#include "Translate.h"
#include "VectorExp.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <tuple>

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
        !same(bo, other.bo) || !same(mask, other.mask) || !same(target, other.target))
        return false;
    for (size_t h = 0; h < heads.size(); ++h) {
        if (!same(heads[h].Wq, other.heads[h].Wq) || !same(heads[h].Wk, other.heads[h].Wk) ||
            !same(heads[h].Wv, other.heads[h].Wv) || heads[h].kvGroup != other.heads[h].kvGroup ||
            !same(heads[h].bq, other.heads[h].bq) || !same(heads[h].bk, other.heads[h].bk) ||
            !same(heads[h].bv, other.heads[h].bv) || !same(heads[h].gq, other.heads[h].gq) ||
            !same(heads[h].gk, other.heads[h].gk))
            return false;
    }
    return true;
}

bool AttentionInputs::hasBiases() const {
    if (bo.size() > 0)
        return true;
    for (const HeadWeights &w : heads)
        if (w.hasBiases())
            return true;
    return false;
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

QString rows(Eigen::Index n) {
    return translate("attn::inputs", "%n row(s)", nullptr, n);
}

QString columns(Eigen::Index n) {
    return translate("attn::inputs", "%n column(s)", nullptr, n);
}

QString shape(Eigen::Index rows, Eigen::Index cols) {
    return qs(shapeString(rows, cols));
}

// Rows first … last of m (all of them by default).
void checkValues(const Matrix &m, const QString &name, Eigen::Index first = 0,
                 Eigen::Index last = std::numeric_limits<Eigen::Index>::max(),
                 bool allCores = false) {
    first = std::max<Eigen::Index>(first, 0);
    last = std::min(last, m.rows() - 1);
    if (first > last || m.cols() == 0)
        return;
    // Fast path: vectorized passes, on every core when asked over blocks of a million values
    // (X alone is 25 MB at n = 4096, 2 ms on one; a weight matrix stays on the calling thread,
    // which a thread start would cost more than it saves); the message is only built for the
    // offending cell.
    std::atomic<bool> fine{true};
    const Eigen::Index blockRows =
        allCores ? std::max<Eigen::Index>((Eigen::Index(1) << 20) / m.cols(), 1) : m.rows();
    parallelBlocks(last - first + 1, blockRows, [&](Eigen::Index from, Eigen::Index to) {
        // One pass (rows of a row-major matrix are contiguous): memory-bound at n = 4096,
        // where a finiteness pass and then a magnitude pass read X twice.
        const FiniteExtrema e = finiteExtrema(m.row(first + from).data(), (to - from) * m.cols());
        if (e.finite != (to - from) * m.cols() || e.maxAbs > kMaxAbsInput)
            fine = false;
    });
    if (fine)
        return;
    for (Eigen::Index i = first; i <= last; ++i) {
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            const double v = m(i, j);
            if (std::isfinite(v) && std::abs(v) <= kMaxAbsInput)
                continue;
            throw InputError(
                QStringLiteral("%1[%2][%3] %4").arg(name, qs(i), qs(j), qs(numberProblem(v))));
        }
    }
}

QString headName(const char *matrix, size_t head, size_t headCount) {
    return headCount == 1 ? QString::fromLatin1(matrix)
                          : translate("attn::inputs", "%1 of head %2")
                                .arg(QLatin1String(matrix), qs(std::int64_t(head)));
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
            throw InputError(translate("attn::inputs",
                                       "the key/value group of head %1 must be a group "
                                       "number from 0 (or none), got %2")
                                 .arg(qs(std::int64_t(h)), qs(g)));
        for (size_t first = 0; g >= 0 && first < h; ++first) {
            if (in.heads[first].kvGroup != g)
                continue;
            const HeadWeights &a = in.heads[first], &b = in.heads[h];
            const char *what = !sameMatrix(a.Wk, b.Wk)   ? "Wk"
                               : !sameMatrix(a.Wv, b.Wv) ? "Wv"
                               : !sameMatrix(a.bk, b.bk) ? "bk"
                               : !sameMatrix(a.bv, b.bv) ? "bv"
                               : !sameMatrix(a.gk, b.gk) ? "gk"
                                                         : nullptr;
            if (what)
                throw InputError(translate("attn::inputs",
                                           "heads %1 and %2 share key/value group %3 but "
                                           "their %4 differ: the heads of a group share one "
                                           "Wk and Wv")
                                     .arg(qs(std::int64_t(first)), qs(std::int64_t(h)), qs(g),
                                          QLatin1String(what)));
            break;
        }
    }
    const AttentionOptions &o = in.options;
    if (o.window < 0)
        throw InputError(translate("attn::inputs",
                                   "the sliding window must be 0 (off) or a number of keys, got %1")
                             .arg(qs(o.window)));
    if (o.globalTokens < 0)
        throw InputError(
            translate("attn::inputs", "the number of global tokens must be 0 or more, got %1")
                .arg(qs(o.globalTokens)));
    if (!o.alibiSlopes.empty() && o.alibiSlopes.size() != in.heads.size())
        throw InputError(
            translate("attn::inputs",
                      "there are %1 but %2: give one slope per head (or none for the "
                      "standard ones)")
                .arg(translate("attn::inputs", "%n ALiBi slope(s)", nullptr,
                               qint64(o.alibiSlopes.size())),
                     translate("attn::inputs", "%n head(s)", nullptr, qint64(in.heads.size()))));
    for (double slope : o.alibiSlopes)
        if (!std::isfinite(slope) || std::abs(slope) > 1e6)
            throw InputError(translate("attn::inputs",
                                       "an ALiBi slope must be a finite number of at most "
                                       "1e6 in magnitude, got %1")
                                 .arg(qs(shortestNumber(slope))));
}

// Values of X rows [xFirst, xLast] and context rows [cFirst, cLast] only.
struct RowsToScan {
    Eigen::Index xFirst = 0, xLast = std::numeric_limits<Eigen::Index>::max();
    Eigen::Index cFirst = 0, cLast = std::numeric_limits<Eigen::Index>::max();
    bool allCores = false; // X and the context scanned on every core
    bool weights = true;   // the weight matrices' values scanned too
};

void validateScanning(const AttentionInputs &in, const RowsToScan &scan);

// A bias is empty (none) or one row as wide as its product.
void checkBias(const Matrix &b, const QString &name, Eigen::Index width) {
    if (b.size() == 0 && b.rows() == 0 && b.cols() == 0)
        return;
    if (b.rows() != 1 || b.cols() != width)
        throw InputError(translate("attn::inputs", "%1 is %2 but must be %3: one number per column")
                             .arg(name, shape(b.rows(), b.cols()), shape(1, width)));
}

} // namespace

void validate(const AttentionInputs &in) {
    validateScanning(in, RowsToScan{});
}

void validateOnAllCores(const AttentionInputs &in) {
    RowsToScan scan;
    scan.allCores = true;
    validateScanning(in, scan);
}

void validateRows(const AttentionInputs &in, Eigen::Index xFirst, Eigen::Index xLast,
                  Eigen::Index contextFirst, Eigen::Index contextLast) {
    validateScanning(in, RowsToScan{xFirst, xLast, contextFirst, contextLast, false, false});
}

namespace {

void validateScanning(const AttentionInputs &in, const RowsToScan &scan) {
    if (in.X.rows() == 0)
        throw InputError(
            translate("attn::inputs", "X has no rows: there must be at least one token"));
    if (in.X.cols() == 0)
        throw InputError(
            translate("attn::inputs", "X has no columns: the embedding size p must be at least 1"));
    if (Eigen::Index(in.tokens.size()) != in.X.rows())
        throw InputError(translate("attn::inputs", "there are %1 but X has %2")
                             .arg(translate("attn::inputs", "%n token label(s)", nullptr,
                                            qint64(in.tokens.size())),
                                  rows(in.X.rows())));
    checkLimits(in);
    checkValues(in.X, QStringLiteral("X"), scan.xFirst, scan.xLast, scan.allCores);

    if (in.hasContext) {
        if (in.context.rows() == 0)
            throw InputError(translate("attn::inputs",
                                       "the context has no rows: cross-attention needs at "
                                       "least one context token"));
        if (in.context.cols() == 0)
            throw InputError(
                translate("attn::inputs",
                          "the context has no columns: its embedding size must be at least 1"));
        if (Eigen::Index(in.contextTokens.size()) != in.context.rows())
            throw InputError(translate("attn::inputs", "there are %1 but the context has %2")
                                 .arg(translate("attn::inputs", "%n context token label(s)",
                                                nullptr, qint64(in.contextTokens.size())),
                                      rows(in.context.rows())));
        checkValues(in.context, QStringLiteral("context"), scan.cFirst, scan.cLast, scan.allCores);
    }
    const Eigen::Index pc = in.source().cols();

    if (in.heads.empty())
        throw InputError(translate("attn::inputs",
                                   "there are no heads: at least one head (Wq, Wk, Wv) is needed"));
    Eigen::Index concatWidth = 0;
    const size_t H = in.heads.size();
    for (size_t h = 0; h < H; ++h) {
        const HeadWeights &w = in.heads[h];
        // The names are looked up only for a message: validate runs on every edit.
        const auto name = [h, H](const char *matrix) { return headName(matrix, h, H); };
        if (w.Wq.rows() != in.X.cols())
            throw InputError(translate("attn::inputs", "%1 has %2 but X has %3")
                                 .arg(name("Wq"), rows(w.Wq.rows()), columns(in.X.cols())));
        for (const auto &[matrix, m] : {std::pair{"Wk", &w.Wk}, std::pair{"Wv", &w.Wv}})
            if (m->rows() != pc)
                throw InputError(in.hasContext
                                     ? translate("attn::inputs", "%1 has %2 but the context has %3")
                                           .arg(name(matrix), rows(m->rows()), columns(pc))
                                     : translate("attn::inputs", "%1 has %2 but X has %3")
                                           .arg(name(matrix), rows(m->rows()), columns(pc)));
        if (w.Wq.cols() == 0)
            throw InputError(translate("attn::inputs", "%1 has no columns: d_k must be at least 1")
                                 .arg(name("Wq")));
        if (w.Wq.cols() != w.Wk.cols())
            throw InputError(
                translate("attn::inputs",
                          "%1 has %2 but %3 has %4: queries and keys need the same d_k")
                    .arg(name("Wq"), columns(w.Wq.cols()), name("Wk"), qs(w.Wk.cols())));
        if (w.Wv.cols() == 0)
            throw InputError(translate("attn::inputs", "%1 has no columns: d_v must be at least 1")
                                 .arg(name("Wv")));
        if (in.options.positional == Positional::Rope &&
            ropeDims(in.options.rope, w.Wq.cols()) % 2 != 0)
            throw InputError(translate("attn::inputs",
                                       "RoPE rotates pairs of columns of Q and K, so d_k "
                                       "must be even, but %1 has %2")
                                 .arg(name("Wq"), columns(w.Wq.cols())));
        if (in.options.positional == Positional::Rope && in.options.rope.rotaryDims > w.Wq.cols())
            throw InputError(
                translate("attn::inputs", "RoPE turns %1 dimensions, but %2 has only %3")
                    .arg(qs(in.options.rope.rotaryDims), name("Wq"), columns(w.Wq.cols())));
        if (const Rope &rope = in.options.rope;
            in.options.positional == Positional::Rope && !rope.frequencyFactors.empty() &&
            Eigen::Index(rope.frequencyFactors.size()) != ropeDims(rope, w.Wq.cols()) / 2)
            throw InputError(translate("attn::inputs",
                                       "RoPE has %1 frequency factors, but %2 turns %3 pairs "
                                       "of dimensions")
                                 .arg(qs(std::int64_t(rope.frequencyFactors.size())), name("Wq"),
                                      qs(ropeDims(rope, w.Wq.cols()) / 2)));
        checkBias(w.gq, name("gq"), w.Wq.cols());
        checkBias(w.gk, name("gk"), w.Wk.cols());
        for (const auto &[bias, b, width] :
             {std::tuple{"bq", &w.bq, w.Wq.cols()}, std::tuple{"bk", &w.bk, w.Wk.cols()},
              std::tuple{"bv", &w.bv, w.Wv.cols()}})
            checkBias(*b, name(bias), width);
        if (scan.weights) {
            checkValues(w.Wq, name("Wq"));
            checkValues(w.Wk, name("Wk"));
            checkValues(w.Wv, name("Wv"));
            checkValues(w.bq, name("bq"));
            checkValues(w.bk, name("bk"));
            checkValues(w.bv, name("bv"));
            checkValues(w.gq, name("gq"));
            checkValues(w.gk, name("gk"));
        }
        concatWidth += w.Wv.cols();
    }
    if (in.hasWo()) {
        if (in.Wo.rows() != concatWidth)
            throw InputError(
                translate("attn::inputs", "Wo has %1 but the concatenated head outputs have %2")
                    .arg(rows(in.Wo.rows()), columns(concatWidth)));
        checkBias(in.bo, QStringLiteral("bo"), in.Wo.cols());
        if (scan.weights) {
            checkValues(in.Wo, QStringLiteral("Wo"));
            checkValues(in.bo, QStringLiteral("bo"));
        }
    } else if (in.Wo.rows() != 0 || in.Wo.cols() != 0) {
        throw InputError(translate("attn::inputs", "Wo is %1: it must have at least one column")
                             .arg(qs(shapeString(in.Wo))));
    } else if (in.bo.size() != 0) {
        throw InputError(
            translate("attn::inputs", "there is a bias bo but no output projection Wo for it"));
    }
    if (in.options.positional == Positional::Rope &&
        (!std::isfinite(in.options.rope.theta) || in.options.rope.theta <= 1.0 ||
         in.options.rope.theta > 1e12))
        throw InputError(translate("attn::inputs",
                                   "RoPE's base θ must be a number above 1 and at most "
                                   "1e12, got %1")
                             .arg(qs(shortestNumber(in.options.rope.theta))));

    if (in.options.positional == Positional::Rope) {
        const Rope &rope = in.options.rope;
        if (rope.rotaryDims < 0 || rope.rotaryDims % 2 != 0)
            throw InputError(translate("attn::inputs",
                                       "RoPE turns pairs of dimensions: rotary_dims must be an "
                                       "even number ≥ 0 (0: all), got %1")
                                 .arg(qs(rope.rotaryDims)));
        if (rope.scaling != RopeScaling::None &&
            (!std::isfinite(rope.factor) || rope.factor <= 0 || rope.factor > 1e6))
            throw InputError(translate("attn::inputs",
                                       "RoPE's scaling factor must be above 0 and at most 1e6, "
                                       "got %1")
                                 .arg(qs(shortestNumber(rope.factor))));
        if (rope.scaling == RopeScaling::Llama3 &&
            (!std::isfinite(rope.lowFreqFactor) || !std::isfinite(rope.highFreqFactor) ||
             !std::isfinite(rope.originalPositions) || rope.lowFreqFactor <= 0 ||
             rope.highFreqFactor <= rope.lowFreqFactor || rope.originalPositions < 1 ||
             rope.originalPositions > 1e9))
            throw InputError(translate("attn::inputs",
                                       "llama3 RoPE scaling needs 0 < low_freq_factor < "
                                       "high_freq_factor and 1 ≤ original_positions "
                                       "≤ 1e9"));
        for (const double factor : rope.frequencyFactors)
            if (!std::isfinite(factor) || factor <= 0 || factor > 1e6)
                throw InputError(translate("attn::inputs",
                                           "RoPE's frequency factors must be above 0 and at "
                                           "most 1e6, got %1")
                                     .arg(qs(shortestNumber(factor))));
    }
    if (!std::isfinite(in.options.scaleDim) || in.options.scaleDim < 0 ||
        in.options.scaleDim > 1e12)
        throw InputError(translate("attn::inputs",
                                   "scale_dim must be 0 (d_k) or a positive number up to 1e12, "
                                   "got %1")
                             .arg(qs(shortestNumber(in.options.scaleDim))));
    if (!std::isfinite(in.options.softcap) || in.options.softcap < 0 || in.options.softcap > 1e12)
        throw InputError(translate("attn::inputs",
                                   "the soft cap must be 0 (off) or a positive number up to "
                                   "1e12, got %1")
                             .arg(qs(shortestNumber(in.options.softcap))));
    if (in.options.softcap > 0 && in.options.softcap < 1e-6)
        throw InputError(translate("attn::inputs", "the soft cap %1 is too small (at least 1e-6)")
                             .arg(qs(shortestNumber(in.options.softcap))));
    if (in.options.qkNorm && (!std::isfinite(in.options.qkNormEpsilon) ||
                              in.options.qkNormEpsilon <= 0 || in.options.qkNormEpsilon > 1))
        throw InputError(
            translate("attn::inputs", "the QK norm's ε must be above 0 and at most 1, got %1")
                .arg(qs(shortestNumber(in.options.qkNormEpsilon))));

    const double t = in.options.temperature;
    if (!std::isfinite(t) || t <= 0)
        throw InputError(
            translate("attn::inputs", "the temperature must be a positive number, got %1")
                .arg(qs(shortestNumber(t))));
    if (t < 1e-12)
        throw InputError(
            translate("attn::inputs", "the temperature %1 is too small (at least 1e-12)")
                .arg(qs(shortestNumber(t))));

    validateKernelOptions(in);

    if (in.mask.size() != 0 && (in.mask.rows() != in.X.rows() || in.mask.cols() != in.keyCount()))
        throw InputError(
            translate("attn::inputs", "the mask is %1 but the logits are %2 (queries \u00d7 keys)")
                .arg(shape(in.mask.rows(), in.mask.cols()), shape(in.X.rows(), in.keyCount())));

    if (in.hasTarget()) {
        if (in.target.rows() != in.X.rows() || in.target.cols() != in.outputWidth())
            throw InputError(
                translate("attn::inputs", "the target is %1 but the output is %2")
                    .arg(qs(shapeString(in.target)), shape(in.X.rows(), in.outputWidth())));
        checkValues(in.target, QStringLiteral("target"));
    } else if (in.target.rows() != 0 || in.target.cols() != 0) {
        throw InputError(translate("attn::inputs", "the target is %1: it must not be empty")
                             .arg(qs(shapeString(in.target))));
    }
}

} // namespace

void shareKeyValueGroups(AttentionInputs &in) {
    for (std::size_t h = 0; h < in.heads.size(); ++h) {
        const std::vector<std::size_t> members = kvGroupMembers(in, h);
        if (members.front() != h) {
            in.heads[h].Wk = in.heads[members.front()].Wk;
            in.heads[h].Wv = in.heads[members.front()].Wv;
            in.heads[h].bk = in.heads[members.front()].bk;
            in.heads[h].bv = in.heads[members.front()].bv;
            in.heads[h].gk = in.heads[members.front()].gk;
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

namespace {

// A label's length is checked only when its bytes could exceed the limit, and its name is built
// only then: most labels are short, and naming each would cost an edit of a long sentence.
template <class Name> void checkLabel(std::string_view utf8, Name name) {
    if (std::int64_t(utf8.size()) > kMaxLabelLength)
        checkLabelLength(utf8, name().toStdString());
}

} // namespace

InputShape shapeOf(const AttentionInputs &in) {
    InputShape s;
    s.tokens = in.X.rows();
    s.embedding = in.X.cols();
    s.hasContext = in.hasContext;
    if (in.hasContext) {
        s.contextTokens = in.context.rows();
        s.contextEmbedding = in.context.cols();
    }
    for (const HeadWeights &h : in.heads) {
        s.keyDims.push_back(h.Wq.cols());
        s.valueDims.push_back(h.Wv.cols());
    }
    s.outputDim = in.Wo.cols();
    return s;
}

void checkLimits(const AttentionInputs &in) {
    checkLimits(shapeOf(in));
    for (std::size_t i = 0; i < in.tokens.size(); ++i)
        checkLabel(in.tokens[i],
                   [i] { return translate("attn::limits", "token label %1").arg(qlonglong(i)); });
    for (std::size_t i = 0; i < in.contextTokens.size(); ++i)
        checkLabel(in.contextTokens[i], [i] {
            return translate("attn::limits", "context token label %1").arg(qlonglong(i));
        });
    checkWindow(in.options.window);
    checkGlobalTokens(in.options.globalTokens);
    checkAlibiSlopeCount(std::int64_t(in.options.alibiSlopes.size()));
    for (std::size_t h = 0; h < in.heads.size(); ++h)
        checkKvGroup(in.heads[h].kvGroup, std::int64_t(h));
}

} // namespace attn
