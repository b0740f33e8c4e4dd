// SPDX-License-Identifier: GPL-3.0-or-later
#include "DecoderGradientJson.h"

#include "io/JsonWrite.h"

#include <QRegularExpression>

#include <map>

namespace attn {

std::vector<Parameter> fileTensors(const DecoderParameters &parameters) {
    // Parts of a fused tensor are named "NAME[first:last]" (TensorBinder's rowSlice).
    static const QRegularExpression part(QStringLiteral("^(.*)\\[(\\d+):(\\d+)\\]$"));
    std::vector<Parameter> tensors;
    std::map<QString, std::map<qlonglong, const Parameter *>> parts; // by name, by first row
    for (const Parameter *t : parameters.tensors()) {
        const QRegularExpressionMatch m = part.match(t->name);
        if (!m.hasMatch()) {
            tensors.push_back(*t);
            continue;
        }
        const QString name = m.captured(1);
        if (parts.count(name) == 0)
            tensors.push_back({name, {}, Matrix()}); // its place in the file's order
        parts[name][m.captured(2).toLongLong()] = t;
    }
    for (Parameter &whole : tensors) {
        const auto found = parts.find(whole.name);
        if (found == parts.end())
            continue;
        // Rows of a matrix below the earlier parts; elements of a vector after them.
        for (const auto &[first, t] : found->second) {
            const bool vector = t->shape.size() == 1;
            if (whole.shape.empty()) {
                whole.shape = t->shape;
                whole.value = t->value;
                continue;
            }
            Matrix joined(vector ? 1 : whole.value.rows() + t->value.rows(),
                          vector ? whole.value.cols() + t->value.cols() : whole.value.cols());
            joined << whole.value, t->value; // Eigen fills in that order either way
            whole.value = std::move(joined);
            whole.shape[0] += t->shape[0];
        }
    }
    return tensors;
}

QByteArray decoderGradientToJson(double loss, const DecoderParameters &gradient) {
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);
    root.key("loss");
    json::appendNumber(out, loss);
    root.key("grad");
    json::Block grad(out, root.inner(), json::Block::Object);
    for (const Parameter &t : fileTensors(gradient)) {
        grad.key(t.name);
        if (t.shape.size() == 2) {
            json::appendMatrix(out, t.value, grad.inner());
            continue;
        }
        out += '[';
        for (Eigen::Index i = 0; i < t.value.size(); ++i) {
            if (i > 0)
                out += ", ";
            json::appendNumber(out, t.value.data()[i]);
        }
        out += ']';
    }
    grad.close();
    root.close();
    out += '\n';
    return out;
}

} // namespace attn
