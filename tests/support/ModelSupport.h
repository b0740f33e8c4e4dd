// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The reference checkpoints of tests/data/reference-models (copied from
// shared/reference-models, computed with PyTorch in float64) and the comparison of a run with
// their reference.json, stage by stage.

#include "TestSupport.h"
#include "transformer/Run.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <cmath>

namespace testsupport {

inline QString modelDir(const QString &name) {
    return QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference-models/") + name;
}

// The four families' reference checkpoints, each with its reference.json.
inline const char *const kReferenceModels[] = {"gpt2-tiny", "llama-gqa-tiny", "qwen2-bias-tiny",
                                               "bert-tiny"};

// The newer families' reference checkpoints (Llama 3's scaled RoPE, Mistral's window, Qwen3's
// q/k norms, Gemma 2 and 3, Phi-3's fused projections), the same layout.
inline const char *const kFamilyModels[] = {"llama3-tiny", "mistral-tiny", "qwen3-tiny",
                                            "gemma2-tiny", "gemma3-tiny",  "phi3-tiny"};

// The token ids of a reference model's reference.json (defined below, after jsonIds).
inline std::vector<std::int64_t> referenceIds(const QString &model);

// Qt Test rows of every decoder reference model (all but BERT), one column "model".
inline void addDecoderModelRows() {
    QTest::addColumn<QString>("model");
    for (const char *name : kReferenceModels)
        if (QString(name) != "bert-tiny")
            QTest::newRow(name) << QString(name);
    for (const char *name : kFamilyModels)
        QTest::newRow(name) << QString(name);
}

// The agreement of a stage with its reference, per matrix: max |a − b| / max |b| (the largest
// error against the matrix's largest entry, so entries near zero are judged at the scale of the
// matrix, as a float64 computation's rounding is). Infinite when the shapes differ.
inline double relativeError(const attn::Matrix &actual, const attn::Matrix &expected) {
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols())
        return std::numeric_limits<double>::infinity();
    if (expected.size() == 0)
        return 0;
    const double scale = std::max(expected.cwiseAbs().maxCoeff(), 1e-300);
    return (actual - expected).cwiseAbs().maxCoeff() / scale;
}

inline std::vector<std::int64_t> jsonIds(const QJsonValue &value) {
    std::vector<std::int64_t> ids;
    for (const QJsonValue &v : value.toArray())
        ids.push_back(std::int64_t(v.toDouble()));
    return ids;
}

inline std::vector<std::int64_t> referenceIds(const QString &model) {
    return jsonIds(readJsonObject(modelDir(model) + "/reference.json")["ids"]);
}

// A tensor of reference.json's "grad" (nested lists shaped like the tensor) as a matrix; a 1-D
// tensor is one row, as DecoderParameters holds it.
inline attn::Matrix jsonTensor(const QJsonValue &value) {
    const QJsonArray values = value.toArray();
    if (!values.isEmpty() && values[0].isArray())
        return jsonMatrix(value);
    attn::Matrix m(1, values.size());
    for (qsizetype j = 0; j < values.size(); ++j)
        m(0, j) = values[j].toDouble();
    return m;
}

// A run as the reference layout writes it (attnviz-cli model run --json).
inline attn::Run runFromJson(const QJsonObject &o) {
    attn::Run run;
    run.ids = jsonIds(o["ids"]);
    for (const QJsonValue &l : o["layers"].toArray()) {
        attn::LayerRun layer;
        layer.x = jsonMatrix(l["x"]);
        layer.attnOut = jsonMatrix(l["attn_out"]);
        layer.hidden = jsonMatrix(l["hidden"]);
        for (const QJsonValue &h : l["heads"].toArray())
            layer.heads.push_back({jsonMatrix(h["q"]),
                                   jsonMatrix(h["k"]),
                                   jsonMatrix(h["v"]),
                                   jsonMatrix(h["weights"]),
                                   jsonMatrix(h["output"]),
                                   {},
                                   {}});
        run.layers.push_back(layer);
    }
    run.final = jsonMatrix(o["final"]);
    run.logits = jsonMatrix(o["logits"]);
    return run;
}

// Empty when every stage of `run` is within `tolerance` (relativeError) of the reference;
// otherwise the first stage that is not, with its error.
inline QString compareRun(const attn::Run &run, const QJsonObject &reference,
                          double tolerance = 1e-9) {
    if (run.ids != jsonIds(reference["ids"]))
        return "ids differ";
    const QJsonArray layers = reference["layers"].toArray();
    if (qsizetype(run.layers.size()) != layers.size())
        return QString("%1 layers, expected %2").arg(run.layers.size()).arg(layers.size());
    QString worst;
    auto check = [&](const attn::Matrix &a, const QJsonValue &b, const QString &where) {
        const double e = relativeError(a, jsonMatrix(b));
        if (!(e <= tolerance) && worst.isEmpty())
            worst = QString("%1: relative error %2").arg(where).arg(e);
    };
    for (qsizetype l = 0; l < layers.size(); ++l) {
        const attn::LayerRun &layer = run.layers[std::size_t(l)];
        const QJsonObject ref = layers[l].toObject();
        const QString at = QString("layers[%1].").arg(l);
        check(layer.x, ref["x"], at + "x");
        const QJsonArray heads = ref["heads"].toArray();
        if (qsizetype(layer.heads.size()) != heads.size())
            return at + QString("heads: %1, expected %2").arg(layer.heads.size()).arg(heads.size());
        for (qsizetype h = 0; h < heads.size(); ++h) {
            const attn::HeadRun &head = layer.heads[std::size_t(h)];
            const QJsonObject r = heads[h].toObject();
            const QString hat = at + QString("heads[%1].").arg(h);
            check(head.q, r["q"], hat + "q");
            check(head.k, r["k"], hat + "k");
            check(head.v, r["v"], hat + "v");
            check(head.weights, r["weights"], hat + "weights");
            check(head.output, r["output"], hat + "output");
        }
        check(layer.attnOut, ref["attn_out"], at + "attn_out");
        check(layer.hidden, ref["hidden"], at + "hidden");
    }
    check(run.final, reference["final"], "final");
    check(run.logits, reference["logits"], "logits");
    return worst;
}

} // namespace testsupport
