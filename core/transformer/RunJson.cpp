// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunJson.h"

#include "RunLayers.h"
#include "io/JsonWrite.h"

#include <QJsonValue>

#include <string>
#include <utility>

namespace attn {

namespace {

QByteArray dims(Eigen::Index rows, Eigen::Index cols) {
    return '[' + QByteArray::number(qlonglong(rows)) + ", " + QByteArray::number(qlonglong(cols)) +
           ']';
}

// "shape": the run's sizes and each written field's [rows, columns].
void appendShape(QByteArray &out, json::Block &root, const Run &run, const RunSelection &selection,
                 Eigen::Index headDimOf) {
    const auto n = Eigen::Index(run.ids.size());
    const Eigen::Index d = run.final.cols();
    const bool anyLayer = !run.layers.empty();
    const Eigen::Index heads = anyLayer ? Eigen::Index(run.layers[0].heads.size()) : 0;
    const Eigen::Index headDim = headDimOf;
    root.key("shape");
    json::Block s(out, root.inner(), json::Block::Object);
    const std::pair<const char *, qlonglong> sizes[] = {
        {"tokens", n},         {"layers", qlonglong(run.layers.size())},
        {"heads", heads},      {"d_model", d},
        {"head_dim", headDim}, {"vocab", run.logits.cols()}};
    for (const auto &[name, value] : sizes) {
        s.key(name);
        out += QByteArray::number(value);
    }
    const std::pair<RunSelection::Field, const char *> perLayer[] = {
        {RunSelection::X, "x"},
        {RunSelection::AttnOut, "attn_out"},
        {RunSelection::ResidMid, "resid_mid"},
        {RunSelection::MlpOut, "mlp_out"},
        {RunSelection::Hidden, "hidden"}};
    for (const auto &[field, name] : perLayer)
        if (selection.has(field)) {
            s.key(name);
            out += dims(n, d);
        }
    if (selection.has(RunSelection::Heads)) {
        for (const char *name : {"q", "k", "v", "output"}) {
            s.key(name);
            out += dims(n, headDim);
        }
        s.key("weights");
        out += dims(n, n);
    }
    if (selection.has(RunSelection::Final)) {
        s.key("final");
        out += dims(n, d);
    }
    if (selection.has(RunSelection::Logits)) {
        s.key("logits");
        out += dims(n, run.logits.cols());
    }
    s.close();
}

} // namespace

namespace {

QByteArray writeRunJson(RunLayers &layersOf, const RunSelection &selection) {
    const Run &run = layersOf.run();
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);
    root.key("ids");
    out += '[';
    for (std::size_t i = 0; i < run.ids.size(); ++i)
        out += (i ? ", " : "") + QByteArray::number(qlonglong(run.ids[i]));
    out += ']';
    if (!selection.tokens.empty()) {
        root.key("tokens");
        out += '[';
        for (std::size_t i = 0; i < selection.tokens.size(); ++i) {
            if (i)
                out += ", ";
            json::appendValue(out, QJsonValue(QString::fromStdString(selection.tokens[i])), 0);
        }
        out += ']';
    }
    appendShape(out, root, run, selection,
                run.layers.empty() || run.layers[0].heads.empty()
                    ? Eigen::Index(0)
                    : layersOf.layer(0).heads[0].output.cols());
    root.key("layers");
    json::Block layers(out, root.inner(), json::Block::Array);
    for (std::size_t index = 0; index < run.layers.size(); ++index) {
        const LayerRun &layer = layersOf.layer(int(index));
        layers.item();
        json::Block l(out, layers.inner(), json::Block::Object);
        const std::pair<RunSelection::Field, std::pair<const char *, const Matrix *>> parts[] = {
            {RunSelection::X, {"x", &layer.x}},
            {RunSelection::AttnOut, {"attn_out", &layer.attnOut}},
            {RunSelection::ResidMid, {"resid_mid", &layer.mid}},
            {RunSelection::MlpOut, {"mlp_out", &layer.mlpOut}},
            {RunSelection::Hidden, {"hidden", &layer.hidden}}};
        for (const auto &[field, named] : parts)
            if (selection.has(field)) {
                l.key(named.first);
                json::appendMatrix(out, *named.second, l.inner());
            }
        if (selection.has(RunSelection::Heads)) {
            l.key("heads");
            json::Block heads(out, l.inner(), json::Block::Array);
            for (std::size_t h = 0; h < layer.heads.size(); ++h) {
                if (!selection.keeps(int(index), int(h)))
                    continue;
                const HeadRun &head = layer.heads[h];
                heads.item();
                json::Block o(out, heads.inner(), json::Block::Object);
                o.key("head");
                out += QByteArray::number(qulonglong(h));
                const std::pair<const char *, const Matrix *> matrices[] = {
                    {"q", &head.q},
                    {"k", &head.k},
                    {"v", &head.v},
                    {"weights", &head.weights},
                    {"output", &head.output}};
                for (const auto &[name, m] : matrices) {
                    o.key(name);
                    json::appendMatrix(out, *m, o.inner());
                }
                o.close();
            }
            heads.close();
        }
        l.close();
    }
    layers.close();
    if (selection.has(RunSelection::Final)) {
        root.key("final");
        json::appendMatrix(out, run.final, root.inner());
    }
    if (selection.has(RunSelection::Logits)) {
        root.key("logits");
        json::appendMatrix(out, layersOf.logits(), root.inner());
    }
    root.close();
    out += '\n';
    return out;
}

} // namespace

QByteArray runToJson(const Run &run, const RunSelection &selection) {
    RunLayers layers(run, nullptr, selection);
    return writeRunJson(layers, selection);
}

QByteArray runToJson(const Checkpoint &checkpoint, const Run &run, const RunSelection &selection) {
    RunLayers layers(run, &checkpoint, selection);
    return writeRunJson(layers, selection);
}

} // namespace attn
