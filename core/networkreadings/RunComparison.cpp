// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunComparison.h"

#include "InputError.h"
#include "Translate.h"
#include "io/JsonWrite.h"

#include <algorithm>
#include <cmath>

namespace attn {

namespace {

// Σ p log(p / m) over the cells where p > 0.
double klTerm(const double *p, const double *m, Eigen::Index n) {
    double s = 0;
    for (Eigen::Index i = 0; i < n; ++i)
        if (p[i] > 0)
            s += p[i] * std::log(p[i] / m[i]);
    return s;
}

// A row of logits as log-probabilities (log-softmax, stable).
RowVector logSoftmax(const RowVector &logits) {
    const double top = logits.maxCoeff();
    const double log = top + std::log((logits.array() - top).exp().sum());
    return (logits.array() - log).matrix();
}

std::int64_t argmax(const RowVector &row) {
    Eigen::Index best = 0;
    row.maxCoeff(&best);
    return std::int64_t(best);
}

void number(QByteArray &out, double v) {
    json::appendNumber(out, v);
}

} // namespace

RunComparison compareRuns(const Run &a, const Run &b) {
    if (a.ids != b.ids)
        throw InputError(translate("attn::networkreadings", "the two runs are of different ids"));
    if (a.layers.size() != b.layers.size() || a.logits.cols() != b.logits.cols() ||
        a.logits.rows() != b.logits.rows())
        throw InputError(
            translate("attn::networkreadings", "the two models differ in shape (%1 and %2 layers, "
                                               "vocabularies of %3 and %4)")
                .arg(qs(std::int64_t(a.layers.size())), qs(std::int64_t(b.layers.size())),
                     qs(std::int64_t(a.logits.cols())), qs(std::int64_t(b.logits.cols()))));
    RunComparison c;
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        const LayerRun &la = a.layers[l], &lb = b.layers[l];
        if (la.heads.size() != lb.heads.size() || la.hidden.cols() != lb.hidden.cols())
            throw InputError(
                translate("attn::networkreadings", "the two models differ in shape at layer %1")
                    .arg(qs(std::int64_t(l))));
        LayerComparison layer;
        const double norm = la.hidden.norm();
        const double diff = (lb.hidden - la.hidden).norm();
        layer.residualRelDiff = norm > 0 ? diff / norm : diff;
        for (std::size_t h = 0; h < la.heads.size(); ++h) {
            const Matrix &wa = la.heads[h].weights, &wb = lb.heads[h].weights;
            HeadComparison head;
            head.maxAbsWeightDiff = (wb - wa).cwiseAbs().maxCoeff();
            double js = 0;
            RowVector m(wa.cols()), ra(wa.cols()), rb(wa.cols());
            for (Eigen::Index i = 0; i < wa.rows(); ++i) {
                ra = wa.row(i);
                rb = wb.row(i);
                m = 0.5 * (ra + rb);
                js += 0.5 * klTerm(ra.data(), m.data(), m.size()) +
                      0.5 * klTerm(rb.data(), m.data(), m.size());
            }
            head.jsDivergence = wa.rows() > 0 ? js / double(wa.rows()) : 0.0;
            layer.heads.push_back(head);
        }
        c.layers.push_back(std::move(layer));
    }
    const Eigen::Index n = a.logits.rows();
    double kl = 0;
    std::int64_t same = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
        const RowVector la = logSoftmax(a.logits.row(i)), lb = logSoftmax(b.logits.row(i));
        kl += (la.array().exp() * (la - lb).array()).sum();
        c.top1A.push_back(argmax(a.logits.row(i)));
        c.top1B.push_back(argmax(b.logits.row(i)));
        same += c.top1A.back() == c.top1B.back();
    }
    c.finalKl = n > 0 ? kl / double(n) : 0.0;
    c.top1Agreement = n > 0 ? double(same) / double(n) : 1.0;
    return c;
}

QByteArray comparisonJson(const RunComparison &c) {
    QByteArray out;
    json::Block o(out, 0, json::Block::Object);
    o.key("layers");
    {
        json::Block layers(out, o.inner(), json::Block::Array);
        for (const LayerComparison &l : c.layers) {
            layers.item();
            json::Block lo(out, layers.inner(), json::Block::Object);
            lo.key("residual_rel_diff");
            number(out, l.residualRelDiff);
            lo.key("heads");
            json::Block heads(out, lo.inner(), json::Block::Array);
            for (const HeadComparison &h : l.heads) {
                heads.item();
                json::Block ho(out, heads.inner(), json::Block::Object);
                ho.key("max_abs_weight_diff");
                number(out, h.maxAbsWeightDiff);
                ho.key("js_divergence");
                number(out, h.jsDivergence);
                ho.close();
            }
            heads.close();
            lo.close();
        }
        layers.close();
    }
    o.key("final_kl");
    number(out, c.finalKl);
    o.key("top1_agreement");
    number(out, c.top1Agreement);
    o.close();
    out += '\n';
    return out;
}

} // namespace attn
