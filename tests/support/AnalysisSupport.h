// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The readings of a run (attnviz-cli model analyze's JSON, analysisToJson) against the
// references' analysis section: every number to 1e-9 relative, singular values and
// eigenvalues as sets to 1e-7, the logit lens's ids exactly.

#include "support/ModelSupport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <complex>
#include <map>
#include <vector>

namespace testsupport {

// The worst error of each kind met, and the first failure (empty when none).
struct AnalysisAgreement {
    QString failure;
    std::map<QString, double> worst; // "norms", "rollout", "singular", "eigenvalues", …
};

inline std::vector<double> jsonNumbers(const QJsonValue &value) {
    std::vector<double> out;
    for (const QJsonValue &v : value.toArray())
        out.push_back(v.toDouble());
    return out;
}

// max |a − b| / max |b| of two lists compared in order (sort them first for sets).
inline double listError(const std::vector<double> &a, const std::vector<double> &b) {
    if (a.size() != b.size())
        return std::numeric_limits<double>::infinity();
    double scale = 1e-300, error = 0;
    for (std::size_t i = 0; i < b.size(); ++i) {
        scale = std::max(scale, std::abs(b[i]));
        error = std::max(error, std::abs(a[i] - b[i]));
    }
    return b.empty() ? 0 : error / scale;
}

// Eigenvalues as sets: each expected one matched to the nearest unmatched actual one; the
// largest distance over the largest modulus.
inline double eigenvalueError(const QJsonArray &actual, const QJsonArray &expected) {
    if (actual.size() != expected.size())
        return std::numeric_limits<double>::infinity();
    std::vector<std::complex<double>> a, b;
    for (const QJsonValue &v : actual)
        a.emplace_back(v[0].toDouble(), v[1].toDouble());
    for (const QJsonValue &v : expected)
        b.emplace_back(v[0].toDouble(), v[1].toDouble());
    double scale = 1e-300, error = 0;
    std::vector<bool> used(a.size(), false);
    for (std::complex<double> e : b) {
        scale = std::max(scale, std::abs(e));
        std::size_t best = a.size();
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!used[i] && (best == a.size() || std::abs(a[i] - e) < std::abs(a[best] - e)))
                best = i;
        used[best] = true;
        error = std::max(error, std::abs(a[best] - e));
    }
    return b.empty() ? 0 : error / scale;
}

inline AnalysisAgreement compareAnalysis(const QJsonObject &ours, const QJsonObject &ref) {
    AnalysisAgreement r;
    auto note = [&](const QString &kind, double error, double tolerance, const QString &where) {
        r.worst[kind] = std::max(r.worst[kind], error);
        if (!(error <= tolerance) && r.failure.isEmpty())
            r.failure = QString("%1: relative error %2").arg(where).arg(error);
    };
    const QJsonArray norms = ref["norms"].toArray(), ourNorms = ours["norms"].toArray();
    if (norms.size() != ourNorms.size())
        return {"norms: layers differ", {}};
    for (qsizetype l = 0; l < norms.size(); ++l) {
        const QJsonArray heads = norms[l].toArray();
        if (heads.size() != ourNorms[l].toArray().size())
            return {"norms: heads differ", {}};
        for (qsizetype h = 0; h < heads.size(); ++h)
            note("norms", relativeError(jsonMatrix(ourNorms[l][h]), jsonMatrix(heads[h])), 1e-9,
                 QString("norms[%1][%2]").arg(l).arg(h));
    }
    note("rollout", relativeError(jsonMatrix(ours["rollout"]), jsonMatrix(ref["rollout"])), 1e-9,
         "rollout");
    if (ref.contains("lens_top") != ours.contains("lens_top"))
        return {"lens_top: present in one only", {}};
    if (ours["lens_top"] != ref["lens_top"])
        return {"lens_top: the ids differ", {}};
    const QJsonArray circuits = ref["circuits"].toArray(), ourCircuits = ours["circuits"].toArray();
    if (circuits.size() != ourCircuits.size())
        return {"circuits: layers differ", {}};
    for (qsizetype l = 0; l < circuits.size(); ++l) {
        const QJsonArray heads = circuits[l].toArray();
        if (heads.size() != ourCircuits[l].toArray().size())
            return {"circuits: heads differ", {}};
        for (qsizetype h = 0; h < heads.size(); ++h) {
            const QJsonObject c = heads[h].toObject(), o = ourCircuits[l][h].toObject();
            const QString at = QString("circuits[%1][%2].").arg(l).arg(h);
            for (const char *key : {"qk_singular", "ov_singular"}) {
                std::vector<double> a = jsonNumbers(o[key]), b = jsonNumbers(c[key]);
                std::sort(a.begin(), a.end());
                std::sort(b.begin(), b.end());
                note("singular", listError(a, b), 1e-7, at + key);
            }
            note("eigenvalues",
                 eigenvalueError(o["ov_eigenvalues"].toArray(), c["ov_eigenvalues"].toArray()),
                 1e-7, at + "ov_eigenvalues");
            note("copying", listError({o["copying"].toDouble()}, {c["copying"].toDouble()}), 1e-9,
                 at + "copying");
        }
    }
    const QJsonArray scores = ref["scores"].toArray(), ourScores = ours["scores"].toArray();
    if (scores.size() != ourScores.size())
        return {"scores: layers differ", {}};
    for (qsizetype l = 0; l < scores.size(); ++l)
        for (qsizetype h = 0; h < scores[l].toArray().size(); ++h) {
            const QJsonObject s = scores[l][h].toObject();
            for (const QString &key : s.keys())
                note("scores", listError({ourScores[l][h][key].toDouble()}, {s[key].toDouble()}),
                     1e-9, QString("scores[%1][%2].%3").arg(l).arg(h).arg(key));
        }
    const QJsonArray ablation = ref["ablation"].toArray(), ourAblation = ours["ablation"].toArray();
    if (ablation.size() != ourAblation.size())
        return {"ablation: entries differ", {}};
    for (qsizetype i = 0; i < ablation.size(); ++i) {
        if (ablation[i]["layer"] != ourAblation[i]["layer"] ||
            ablation[i]["head"] != ourAblation[i]["head"])
            return {QString("ablation[%1]: another head").arg(i), {}};
        note("ablation",
             listError(jsonNumbers(ourAblation[i]["last_logits"]),
                       jsonNumbers(ablation[i]["last_logits"])),
             1e-9, QString("ablation[%1].last_logits").arg(i));
    }
    return r;
}

// The "--ablate L:H" arguments of a reference's ablation entries, in order.
inline std::vector<std::pair<int, int>> referenceAblations(const QJsonObject &analysis) {
    std::vector<std::pair<int, int>> out;
    for (const QJsonValue &a : analysis["ablation"].toArray())
        out.emplace_back(a["layer"].toInt(), a["head"].toInt());
    return out;
}

inline QString describeWorst(const AnalysisAgreement &a) {
    QStringList parts;
    for (const auto &[kind, error] : a.worst)
        parts << QString("%1 %2").arg(kind).arg(error, 0, 'g', 3);
    return parts.join(", ");
}

} // namespace testsupport
