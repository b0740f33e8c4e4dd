// SPDX-License-Identifier: GPL-3.0-or-later
#include "TensorBinder.h"

#include "InputError.h"
#include "Translate.h"

#include <QStringList>

#include <optional>

namespace attn {

namespace {

QString shapeOf(const std::vector<std::int64_t> &shape) {
    QStringList parts;
    for (std::int64_t d : shape)
        parts << QString::number(d);
    return shape.empty() ? QStringLiteral("scalar") : parts.join(QChar(0xd7));
}

std::optional<TensorDtype> floatDtype(const QString &name) {
    if (name == "F64")
        return TensorDtype::F64;
    if (name == "F32")
        return TensorDtype::F32;
    if (name == "F16")
        return TensorDtype::F16;
    if (name == "BF16")
        return TensorDtype::BF16;
    return std::nullopt;
}

TensorView view(const TensorBinder::Entry &e, const QString &name,
                const std::vector<std::int64_t> &shape) {
    const std::optional<TensorDtype> dtype = floatDtype(e.tensor->dtype);
    if (!dtype)
        fail(translate("attn::checkpoint",
                       "%1: the tensor \"%2\" is %3, not a float (F64, F32, F16 or BF16)")
                 .arg(e.file, name, e.tensor->dtype));
    std::vector<std::int64_t> found;
    for (std::uint64_t d : e.tensor->shape)
        found.push_back(std::int64_t(d));
    if (found != shape)
        fail(translate("attn::checkpoint", "%1: the tensor \"%2\" has the shape %3, expected %4")
                 .arg(e.file, name, shapeOf(found), shapeOf(shape)));
    TensorView v;
    v.name = name;
    v.file = e.file;
    v.dtype = *dtype;
    v.shape = shape;
    v.data = e.data + e.tensor->begin;
    v.fd = e.fd;
    v.offset = e.start + std::int64_t(e.tensor->begin);
    return v;
}

} // namespace

TensorView TensorBinder::require(const QString &name, const std::vector<std::int64_t> &shape,
                                 bool bare) const {
    const QString full = bare ? name : prefix + name;
    const auto it = entries.find(full);
    if (it == entries.end())
        fail(
            translate("attn::checkpoint", "%1: the tensor \"%2\" is missing").arg(indexFile, full));
    return view(it->second, full, shape);
}

TensorView TensorBinder::optional(const QString &name, const std::vector<std::int64_t> &shape,
                                  bool bare) const {
    const QString full = bare ? name : prefix + name;
    const auto it = entries.find(full);
    return it == entries.end() ? TensorView{} : view(it->second, full, shape);
}

LinearWeights TensorBinder::linear(const QString &name, std::int64_t out, std::int64_t in,
                                   bool bias, bool inputMajor) const {
    LinearWeights l;
    l.inputMajor = inputMajor;
    l.weight = require(name + ".weight", inputMajor ? std::vector<std::int64_t>{in, out}
                                                    : std::vector<std::int64_t>{out, in});
    if (bias)
        l.bias = require(name + ".bias", {out});
    return l;
}

NormWeights TensorBinder::norm(const QString &name, std::int64_t d, bool bias) const {
    NormWeights n;
    n.weight = require(name + ".weight", {d});
    if (bias)
        n.bias = require(name + ".bias", {d});
    return n;
}

TensorView rowSlice(const TensorView &t, std::int64_t first, std::int64_t count) {
    TensorView s = t;
    const bool vector = t.shape.size() == 1; // a bias: its elements
    const std::int64_t bytes = first * (vector ? 1 : t.cols()) * dtypeBytes(t.dtype);
    s.shape =
        vector ? std::vector<std::int64_t>{count} : std::vector<std::int64_t>{count, t.cols()};
    s.data = t.data + bytes;
    s.offset = t.offset + bytes;
    s.name = QStringLiteral("%1[%2:%3]").arg(t.name).arg(first).arg(first + count);
    return s;
}

} // namespace attn
