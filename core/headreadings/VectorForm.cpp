// SPDX-License-Identifier: GPL-3.0-or-later
#include "VectorForm.h"

#include "Formula.h"

#include <cmath>
#include <limits>

VectorForm vectorForm(const attn::AttentionResult &result, int head, int query) {
    VectorForm f;
    f.query = query;
    f.head = head;
    if (head < 0 || head >= int(result.heads.size()))
        return f;
    // Row layout: tokens are rows of Q, K, V; the logits are queries × keys.
    const attn::HeadResult &h = result.heads[size_t(head)];
    const Eigen::Index n = h.Q.rows();
    const Eigen::Index m = h.K.rows();
    if (query < 0 || query >= n || h.V.rows() != m || h.stageRows() != n || h.stageCols() != m)
        return f;
    const bool hasMask = result.masked.rows() == n && result.masked.cols() == m;
    f.q = h.Q.row(query);

    double largest = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < m; ++j) {
        const double logit = h.logits(query, j);
        if ((hasMask && result.masked(query, j)) || std::isinf(logit)) {
            f.maskedKeys.push_back(j);
            continue;
        }
        VectorFormTerm t;
        t.key = j;
        t.v = h.V.row(j);
        t.score = f.q.dot(h.K.row(j));
        t.logit = logit;
        largest = std::max(largest, logit);
        f.terms.push_back(std::move(t));
    }
    if (f.terms.empty())
        return f;
    // The factor the result applied, recovered from a term with a non-zero score.
    for (const VectorFormTerm &t : f.terms)
        if (t.score != 0) {
            f.factor = t.logit / t.score;
            break;
        }
    double total = 0; // Σ exp(ℓ − max): stable for logits in the thousands
    for (const VectorFormTerm &t : f.terms)
        total += std::exp(t.logit - largest);
    f.logSumExp = largest + std::log(total);
    f.sum = attn::RowVector::Zero(f.terms.front().v.size());
    for (VectorFormTerm &t : f.terms) {
        t.weight = std::exp(t.logit - f.logSumExp);
        t.weighted = t.weight * t.v;
        f.sum += t.weighted;
    }
    f.valid = true;
    return f;
}

namespace {

const QString kI = QStringLiteral("\u1d62"); // ᵢ: the query
const QString kJ = QStringLiteral("\u2c7c"); // ⱼ: the key of the term
const QString kL = QStringLiteral("\u2097"); // ₗ: the key summed over in the denominator

} // namespace

QString vectorFormEquation(attn::Layout layout, const attn::FormulaContext &context) {
    // One divisor for the whole exponent: "√3", "2" or "(√3·2)".
    const QStringList divisors = attn::scaleDivisors(context);
    QString divisor = divisors.join(QStringLiteral("\u00b7"));
    if (divisors.size() > 1)
        divisor = "(" + divisor + ")";
    auto exponent = [&](const QString &key) {
        const QString dot = attn::queryKeyDot(layout, kI, key);
        return divisor.isEmpty() ? dot : dot + " / " + divisor;
    };
    const QString softmax =
        "exp(" + exponent(kJ) + ") / \u03a3" + kL + " exp(" + exponent(kL) + ")";
    const QString sum = "o" + kI + " = \u03a3" + kJ + " ";
    const QString v = "v" + kJ;
    return layout == attn::Layout::Rows ? sum + softmax + " \u00b7 " + v
                                        : sum + v + " \u00b7 " + softmax;
}

QString vectorFormDot(attn::Layout layout) {
    return attn::queryKeyDot(layout, QString(), kJ);
}

QString vectorFormDivisors(const attn::FormulaContext &context) {
    return attn::divisionSuffix(attn::scaleDivisors(context), true);
}
