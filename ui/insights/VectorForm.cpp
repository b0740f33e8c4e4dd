#include "VectorForm.h"

#include "InsightSupport.h"

#include <cmath>
#include <limits>

VectorForm vectorForm(const attn::AttentionResult &result, int head, int query) {
    VectorForm f;
    f.query = query;
    f.head = head;
    if (head < 0 || head >= int(result.heads.size()))
        return f;
    const attn::Layout layout = result.layout;
    const attn::HeadResult &h = result.heads[size_t(head)];
    const Eigen::Index n = insight::tokenCount(h.Q, layout);
    const Eigen::Index m = insight::tokenCount(h.K, layout);
    if (query < 0 || query >= n || insight::tokenCount(h.V, layout) != m ||
        insight::tokenCount(h.logits, layout) != n || h.logits.size() != n * m)
        return f;
    const bool hasMask = result.masked.size() == n * m;
    f.q = insight::tokenVector(h.Q, query, layout);

    double largest = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < m; ++j) {
        const double logit = insight::cell(h.logits, query, j, layout);
        if ((hasMask && insight::cell(result.masked, query, j, layout)) || std::isinf(logit)) {
            f.maskedKeys.push_back(j);
            continue;
        }
        VectorFormTerm t;
        t.key = j;
        t.v = insight::tokenVector(h.V, j, layout);
        t.score = f.q.dot(insight::tokenVector(h.K, j, layout));
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
