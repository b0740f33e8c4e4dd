// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadCircuits.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/TakeApart.h"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <Eigen/SVD>

#include <algorithm>
#include <limits>
#include <queue>

namespace attn {

namespace {

// Column-major for Eigen's decompositions.
using Dense = Eigen::MatrixXd;

// R of the thin QR decomposition of a (d × k): a = Q·R with Q's columns orthonormal, so
// a·bᵀ = Q_a·(R_a·R_bᵀ)·Q_bᵀ has the singular values of R_a·R_bᵀ. R is min(d, k) × k.
Dense thinR(const Matrix &a) {
    const Eigen::HouseholderQR<Dense> qr{Dense(a)};
    const Eigen::Index rows = std::min(a.rows(), a.cols());
    return qr.matrixQR().topRows(rows).triangularView<Eigen::Upper>();
}

// The singular values of a·bᵀ (a, b: d × k), largest first: k of them.
std::vector<double> productSingularValues(const Matrix &a, const Matrix &b) {
    const Dense core = thinR(a) * thinR(b).transpose();
    const Eigen::VectorXd s = Eigen::JacobiSVD<Dense>(core).singularValues(); // decreasing
    return {s.data(), s.data() + s.size()};
}

// rows × cols blocks of a·bᵀ, a block of rows at a time, reading `cancel` between them.
Matrix blockProduct(const Matrix &a, const Matrix &b, const std::atomic<bool> *cancel) {
    constexpr Eigen::Index kRows = 128;
    Matrix out(a.rows(), b.rows());
    for (Eigen::Index r = 0; r < a.rows(); r += kRows) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return Matrix();
        const Eigen::Index rows = std::min(kRows, a.rows() - r);
        out.middleRows(r, rows).noalias() = a.middleRows(r, rows) * b.transpose();
    }
    return out;
}

// rows · w for every row of a vocab × d table stored as TensorView `table` (rows = tokens), a
// block of rows at a time: vocab × w.cols(), without widening the whole table.
Matrix projectRows(const TensorView &table, bool inputMajor, const Matrix &w) {
    const std::int64_t vocab = inputMajor ? table.cols() : table.rows();
    const std::int64_t d = inputMajor ? table.rows() : table.cols();
    Matrix out(static_cast<Eigen::Index>(vocab), w.cols());
    constexpr std::int64_t kRows = 256;
    Matrix block;
    for (std::int64_t r = 0; r < vocab; r += kRows) {
        const std::int64_t rows = std::min(kRows, vocab - r);
        if (inputMajor) {
            Matrix t(static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(rows));
            table.widenBlock(0, d, r, rows, t.data());
            block = t.transpose();
        } else {
            block = table.widenRows(r, rows);
        }
        out.middleRows(Eigen::Index(r), Eigen::Index(rows)).noalias() = block * w;
    }
    return out;
}

// The `count` largest cells of a·bᵀ (a: rows × k, b: cols × k), largest first, ties by the
// smaller (row, column); a block of rows of the product at a time.
std::vector<TokenPair> largestCells(const Matrix &a, const Matrix &b, int count,
                                    const std::atomic<bool> *cancel) {
    // "Better" pairs sort first; the heap's top is the worst kept.
    auto better = [](const TokenPair &x, const TokenPair &y) {
        if (x.value != y.value)
            return x.value > y.value;
        return x.first != y.first ? x.first < y.first : x.second < y.second;
    };
    std::priority_queue<TokenPair, std::vector<TokenPair>, decltype(better)> kept(better);
    if (count <= 0)
        return {};
    constexpr Eigen::Index kRows = 64;
    Matrix block;
    for (Eigen::Index r = 0; r < a.rows(); r += kRows) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return {};
        const Eigen::Index rows = std::min(kRows, a.rows() - r);
        block.noalias() = a.middleRows(r, rows) * b.transpose();
        for (Eigen::Index i = 0; i < rows; ++i)
            for (Eigen::Index j = 0; j < block.cols(); ++j) {
                const TokenPair pair{std::int64_t(r + i), std::int64_t(j), block(i, j)};
                if (int(kept.size()) < count) {
                    kept.push(pair);
                } else if (better(pair, kept.top())) {
                    kept.pop();
                    kept.push(pair);
                }
            }
    }
    std::vector<TokenPair> out;
    for (; !kept.empty(); kept.pop())
        out.push_back(kept.top());
    std::reverse(out.begin(), out.end());
    return out;
}

void checkVocabulary(const Checkpoint &checkpoint) {
    const std::int64_t vocab = checkpoint.config().vocab;
    if (vocab > kMaxCircuitVocabulary)
        throw InputError(translate("attn::transformer",
                                   "the full circuits of a vocabulary of %1 tokens are too large: "
                                   "at most %2")
                             .arg(qs(vocab), qs(kMaxCircuitVocabulary)));
}

} // namespace

HeadCircuit headCircuit(const Checkpoint &checkpoint, int layer, int head) {
    HeadCircuit c = headCircuit(headProjections(checkpoint, layer, head));
    if (checkpoint.config().features.qkNorm) {
        c.qkSingular.clear();
        c.qkOmitted =
            translate("attn::transformer", "W_QK is not a linear map here: each head's q and k are "
                                           "normalised between the projections and the scores");
    }
    return c;
}

HeadCircuit headCircuit(const HeadProjections &p) {
    HeadCircuit c;
    c.qkSingular = productSingularValues(p.qkv.Wq, p.qkv.Wk);
    const Matrix woT = p.Wo.transpose();
    c.ovSingular = productSingularValues(p.qkv.Wv, woT);
    const Dense small = Dense(p.Wo) * Dense(p.qkv.Wv); // head_dim × head_dim
    const Eigen::VectorXcd values = Eigen::EigenSolver<Dense>(small, false).eigenvalues();
    c.ovEigenvalues.assign(values.data(), values.data() + values.size());
    std::sort(c.ovEigenvalues.begin(), c.ovEigenvalues.end(),
              [](std::complex<double> a, std::complex<double> b) {
                  if (std::abs(a) != std::abs(b))
                      return std::abs(a) > std::abs(b);
                  return a.real() != b.real() ? a.real() > b.real() : a.imag() > b.imag();
              });
    double real = 0, modulus = 0;
    for (std::complex<double> v : c.ovEigenvalues) {
        real += v.real();
        modulus += std::abs(v);
    }
    c.copying = modulus > 0 ? real / modulus : std::numeric_limits<double>::quiet_NaN();
    return c;
}

Matrix qkCircuit(const Checkpoint &checkpoint, int layer, int head,
                 const std::atomic<bool> *cancel) {
    return qkCircuit(headProjections(checkpoint, layer, head), cancel);
}

Matrix ovCircuit(const Checkpoint &checkpoint, int layer, int head,
                 const std::atomic<bool> *cancel) {
    return ovCircuit(headProjections(checkpoint, layer, head), cancel);
}

Matrix qkCircuit(const HeadProjections &p, const std::atomic<bool> *cancel) {
    return blockProduct(p.qkv.Wq, p.qkv.Wk, cancel);
}

Matrix ovCircuit(const HeadProjections &p, const std::atomic<bool> *cancel) {
    return blockProduct(p.qkv.Wv, p.Wo.transpose(), cancel);
}

std::vector<TokenPair> favouredQkPairs(const Checkpoint &checkpoint, int layer, int head, int count,
                                       const std::atomic<bool> *cancel) {
    const HeadProjections p = headProjections(checkpoint, layer, head);
    checkVocabulary(checkpoint);
    const TensorView &e = checkpoint.weights().tokenEmbedding;
    return largestCells(projectRows(e, false, p.qkv.Wq), projectRows(e, false, p.qkv.Wk), count,
                        cancel);
}

std::vector<TokenPair> favouredOvPairs(const Checkpoint &checkpoint, int layer, int head, int count,
                                       const std::atomic<bool> *cancel) {
    const HeadProjections p = headProjections(checkpoint, layer, head);
    checkVocabulary(checkpoint);
    const ModelWeights &w = checkpoint.weights();
    if (!w.lmHead.weight.present())
        return {};
    return largestCells(projectRows(w.tokenEmbedding, false, p.qkv.Wv),
                        projectRows(w.lmHead.weight, w.lmHead.inputMajor, p.Wo.transpose()), count,
                        cancel);
}

} // namespace attn
