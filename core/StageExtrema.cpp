// SPDX-License-Identifier: GPL-3.0-or-later
#include "StageExtrema.h"

#include "Blas.h"
#include "BlockKernels.h"
#include "Parallel.h"
#include "VectorExp.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace attn {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEps = std::numeric_limits<double>::epsilon() / 2;
// Lines scanned per product while building: 64 × 4096 logits (2 MB) stay in the L2 cache.
constexpr Eigen::Index kLines = 64;
// Blocks up to this many keys are rescanned by plain dot products.
constexpr Eigen::Index kDirectKeys = 32;

// cap(score·factor): the capped scores as HeadResult::cell has them.
void toCapped(const HeadResult &head, double *row, Eigen::Index count) {
    for (Eigen::Index j = 0; j < count; ++j)
        row[j] *= head.factor;
    if (head.softcap > 0.0)
        for (Eigen::Index j = 0; j < count; ++j)
            row[j] = head.softcap * std::tanh(row[j] / head.softcap);
}

// cap(score·factor) + slope·(key − query), −∞ where masked: the logits as HeadResult::cell has
// them.
void toLogits(const HeadResult &head, Eigen::Index query, Eigen::Index firstKey, double *row,
              Eigen::Index count) {
    toCapped(head, row, count);
    if (head.alibiSlope != 0.0)
        for (Eigen::Index j = 0; j < count; ++j)
            row[j] += head.alibiSlope * double(firstKey + j - query);
    if (head.mask) {
        const bool *masked = head.mask->row(query).data() + firstKey;
        for (Eigen::Index j = 0; j < count; ++j)
            if (masked[j])
                row[j] = -kInf;
    }
}

// The extrema of values[0 … count − 1]; masked logits (−∞) count for neither.
void extrema(const double *values, Eigen::Index count, double &max, double &min) {
    double hi = -kInf, lo = kInf;
    for (Eigen::Index j = 0; j < count; ++j) {
        const double v = values[j];
        hi = v > hi ? v : hi;
        lo = v < lo && v != -kInf ? v : lo;
    }
    max = hi;
    min = lo;
}

bool sameMask(const HeadResult &a, const HeadResult &b) {
    if (a.mask == b.mask)
        return true;
    if (!a.mask || !b.mask || a.mask->rows() != b.mask->rows() || a.mask->cols() != b.mask->cols())
        return false;
    return std::memcmp(a.mask->data(), b.mask->data(), std::size_t(a.mask->size())) == 0;
}

// Rows of a and b (same shape, row-major) that differ; false beyond `limit` of them.
bool differingRows(const Matrix &a, const Matrix &b, Eigen::Index limit,
                   std::vector<Eigen::Index> &out) {
    const auto bytes = std::size_t(a.cols()) * sizeof(double);
    for (Eigen::Index r = 0; r < a.rows(); ++r)
        if (std::memcmp(a.row(r).data(), b.row(r).data(), bytes) != 0) {
            out.push_back(r);
            if (Eigen::Index(out.size()) > limit)
                return false;
        }
    return true;
}

HeadResult::Derived derivedOf(StageExtrema::Quantity quantity) {
    switch (quantity) {
    case StageExtrema::Quantity::Scores:
        return HeadResult::Derived::Scores;
    case StageExtrema::Quantity::Capped:
        return HeadResult::Derived::Capped;
    case StageExtrema::Quantity::Logits:
        break;
    }
    return HeadResult::Derived::Logits;
}

} // namespace

Matrix stageRegion(const HeadResult &head, HeadResult::Derived stage, Eigen::Index firstQuery,
                   Eigen::Index queryCount, Eigen::Index firstKey, Eigen::Index keyCount) {
    Matrix out(queryCount, keyCount);
    if (out.size() == 0)
        return out;
    gemm(head.Q.middleRows(firstQuery, queryCount), false, head.K.middleRows(firstKey, keyCount),
         true, out);
    if (stage == HeadResult::Derived::Scores)
        return out;
    if (stage == HeadResult::Derived::Capped) {
        for (Eigen::Index r = 0; r < queryCount; ++r)
            toCapped(head, out.row(r).data(), keyCount);
        return out;
    }
    for (Eigen::Index r = 0; r < queryCount; ++r) {
        const Eigen::Index query = firstQuery + r;
        double *row = out.row(r).data();
        toLogits(head, query, firstKey, row, keyCount);
        if (stage != HeadResult::Derived::Weights)
            continue;
        const double shift = head.shift(query), sum = head.expSum(query);
        if (shift == -kInf || !(sum > 0.0)) {
            out.row(r).setZero();
            continue;
        }
        expShiftedSum(row, keyCount, shift);
        out.row(r) /= sum;
    }
    return out;
}

StageExtrema::StageExtrema(const HeadResult &head, Quantity quantity, Eigen::Index firstQuery,
                           Eigen::Index queryCount, std::vector<Eigen::Index> bounds)
    : m_quantity(quantity), m_firstQuery(firstQuery), m_bounds(std::move(bounds)) {
    const Eigen::Index blocks = std::max<Eigen::Index>(Eigen::Index(m_bounds.size()) - 1, 0);
    m_max.resize(queryCount, blocks);
    m_min.resize(queryCount, blocks);
    if (blocks == 0)
        return;
    parallelFor(queryCount, kLines, [&](Eigen::Index first, Eigen::Index last) {
        for (Eigen::Index at = first; at < last; at += kLines)
            scanQueries(head, at, std::min(kLines, last - at));
    });
}

void StageExtrema::scanQueries(const HeadResult &head, Eigen::Index first, Eigen::Index count) {
    const Eigen::Index k0 = m_bounds.front();
    const Matrix values = stageRegion(head, derivedOf(m_quantity), m_firstQuery + first, count, k0,
                                      m_bounds.back() - k0);
    for (Eigen::Index i = 0; i < count; ++i) {
        const double *row = values.row(i).data();
        for (Eigen::Index b = 0; b < blockCount(); ++b) {
            const auto from = m_bounds[std::size_t(b)], to = m_bounds[std::size_t(b) + 1];
            extrema(row + (from - k0), to - from, m_max(first + i, b), m_min(first + i, b));
        }
    }
}

void StageExtrema::scanBlock(const HeadResult &head, Eigen::Index line, Eigen::Index block) {
    const auto from = m_bounds[std::size_t(block)], to = m_bounds[std::size_t(block) + 1];
    const Eigen::Index query = m_firstQuery + line, count = to - from;
    if (count <= kDirectKeys) {
        // One pixel's few keys, hundreds of times per edit: their dot products straight away,
        // without a product's allocation and set-up.
        std::array<double, kDirectKeys> values;
        const double *q = head.Q.row(query).data();
        for (Eigen::Index j = 0; j < count; ++j) // the forward pass's FMA chain, AVX-512
            values[std::size_t(j)] = kernel::score(q, head.K.row(from + j).data(), head.Q.cols());
        if (m_quantity == Quantity::Logits)
            toLogits(head, query, from, values.data(), count);
        else if (m_quantity == Quantity::Capped)
            toCapped(head, values.data(), count);
        extrema(values.data(), count, m_max(line, block), m_min(line, block));
        return;
    }
    const Matrix values = stageRegion(head, derivedOf(m_quantity), query, 1, from, count);
    extrema(values.data(), count, m_max(line, block), m_min(line, block));
}

void StageExtrema::update(const HeadResult &before, const HeadResult &after,
                          const std::vector<Eigen::Index> &queries,
                          const std::vector<Eigen::Index> &keys) {
    if (isEmpty())
        return;
    const Eigen::Index lines = queryCount(), d = after.Q.cols();
    auto edited = [&](Eigen::Index line) {
        return std::find(queries.begin(), queries.end(), m_firstQuery + line) != queries.end();
    };
    const auto Q = after.Q.middleRows(m_firstQuery, lines);
    const Vector qNorms = Q.rowwise().norm();
    for (const Eigen::Index t : keys) {
        if (t < m_bounds.front() || t >= m_bounds.back())
            continue;
        const auto block =
            Eigen::Index(std::upper_bound(m_bounds.begin(), m_bounds.end(), t) - m_bounds.begin()) -
            1;
        Matrix k(2, d);
        k.row(0) = before.K.row(t);
        k.row(1) = after.K.row(t);
        // The old and the new cell of key t, for every query, on the calling thread: the
        // forward pass's two-key kernel (one pass over Q), else Eigen's own product (no BLAS
        // call from the GUI thread).
        Matrix values(lines, 2);
        if (kernel::blockKernelsEnabled())
            kernel::scoresAgainst(k.row(0).data(), k.row(1).data(), after.Q, m_firstQuery, lines,
                                  values.data(), 2);
        else
            values.noalias() = Q * k.transpose();
        // The table's values came from a larger product than these: they may differ by the
        // rounding of a d-term dot product, d·ε·‖q‖·‖k‖ each; an old value that close to the
        // extreme may have been it.
        const double kNorm = std::max(k.row(0).norm(), k.row(1).norm());
        const double scale = m_quantity == Quantity::Scores ? 1.0 : std::abs(after.factor);
        for (Eigen::Index i = 0; i < lines; ++i) {
            if (edited(i))
                continue; // scanned whole below
            const Eigen::Index query = m_firstQuery + i;
            double oldValue = values(i, 0), newValue = values(i, 1);
            if (m_quantity == Quantity::Logits) {
                toLogits(after, query, t, &oldValue, 1);
                toLogits(after, query, t, &newValue, 1);
                if (newValue == -kInf)
                    continue; // masked: counts for neither extreme, before or after
            } else if (m_quantity == Quantity::Capped) {
                toCapped(after, &oldValue, 1);
                toCapped(after, &newValue, 1);
            }
            const double tolerance = 4.0 * double(d) * kEps * scale * qNorms(i) * kNorm;
            double &max = m_max(i, block), &min = m_min(i, block);
            const bool maxFell = newValue < max && oldValue >= max - tolerance;
            const bool minRose = newValue > min && oldValue <= min + tolerance;
            if (maxFell || minRose) {
                scanBlock(after, i, block);
                continue;
            }
            max = std::max(max, newValue);
            min = std::min(min, newValue);
        }
    }
    for (const Eigen::Index q : queries)
        if (q >= m_firstQuery && q < m_firstQuery + lines)
            scanQueries(after, q - m_firstQuery, 1);
}

StageExtrema StageExtrema::merged() const {
    StageExtrema out;
    out.m_quantity = m_quantity;
    out.m_firstQuery = m_firstQuery;
    if (isEmpty())
        return out;
    out.m_bounds = {m_bounds.front(), m_bounds.back()};
    out.m_max = m_max.rowwise().maxCoeff();
    out.m_min = m_min.rowwise().minCoeff();
    return out;
}

std::optional<ChangedRows> changedRows(const HeadResult &before, const HeadResult &after,
                                       Eigen::Index limit) {
    if (before.Q.rows() != after.Q.rows() || before.Q.cols() != after.Q.cols() ||
        before.K.rows() != after.K.rows() || before.K.cols() != after.K.cols() ||
        before.factor != after.factor || before.softcap != after.softcap ||
        before.alibiSlope != after.alibiSlope || before.layout != Layout::Rows ||
        after.layout != Layout::Rows || !sameMask(before, after))
        return std::nullopt;
    ChangedRows out;
    if (!differingRows(before.Q, after.Q, limit, out.queries) ||
        !differingRows(before.K, after.K, limit, out.keys))
        return std::nullopt;
    return out;
}

} // namespace attn
