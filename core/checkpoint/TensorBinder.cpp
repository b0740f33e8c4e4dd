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
    // ggml's block types: only GGUF files name them (safetensors refuses such a dtype).
    for (TensorDtype t :
         {TensorDtype::Q8_0, TensorDtype::Q4_0, TensorDtype::Q4_1, TensorDtype::Q5_0,
          TensorDtype::Q5_1, TensorDtype::Q4_K, TensorDtype::Q5_K, TensorDtype::Q6_K})
        if (name == QLatin1String(dtypeName(t)))
            return t;
    return std::nullopt;
}

TensorView view(const TensorBinder::Entry &e, const QString &name,
                const std::vector<std::int64_t> &shape) {
    // name: as the file names it
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
    const QString shown = fileName ? fileName(full) : full;
    const auto it = entries.find(full);
    if (it == entries.end())
        fail(translate("attn::checkpoint", "%1: the tensor \"%2\" is missing")
                 .arg(indexFile, shown));
    return view(it->second, shown, shape);
}

TensorView TensorBinder::optional(const QString &name, const std::vector<std::int64_t> &shape,
                                  bool bare) const {
    const QString full = bare ? name : prefix + name;
    const auto it = entries.find(full);
    return it == entries.end() ? TensorView{}
                               : view(it->second, fileName ? fileName(full) : full, shape);
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

TensorView viewOfGgufTensor(const GgufFile &file, const GgufTensor &tensor) {
    TensorView v;
    v.name = tensor.name;
    v.file = file.name();
    v.dtype = floatDtype(ggmlTypeName(std::uint32_t(tensor.type))).value_or(TensorDtype::F32);
    v.shape = tensor.shape();
    if (v.shape.size() > 2) { // rows of the innermost dimension
        std::int64_t rows = 1;
        for (std::size_t i = 1; i < tensor.dims.size(); ++i)
            rows *= tensor.dims[i];
        v.shape = {rows, tensor.dims[0]};
    }
    v.data = file.tensorData(tensor);
    v.fd = file.handle();
    v.offset = std::int64_t(file.dataStart() + tensor.offset);
    return v;
}

TensorView rowSlice(const TensorView &t, std::int64_t first, std::int64_t count) {
    TensorView s = t;
    const bool vector = t.shape.size() == 1; // a bias: its elements
    const std::int64_t bytes =
        vector ? first * blockBytes(t.dtype) / blockValues(t.dtype) : first * t.rowBytes();
    s.shape =
        vector ? std::vector<std::int64_t>{count} : std::vector<std::int64_t>{count, t.cols()};
    s.data = t.data + bytes;
    s.offset = t.offset + bytes;
    s.name = QStringLiteral("%1[%2:%3]").arg(t.name).arg(first).arg(first + count);
    return s;
}

} // namespace attn
