// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Safetensors files built in code for the reader, CLI and import dialog tests: tensors of any
// dtype from their raw little-endian bytes, and a GPT-2-like fused attention weight.

#include "Matrix.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <bit>
#include <cstdint>
#include <vector>

namespace testsupport {

struct Tensor {
    QString name;
    QString dtype;
    std::vector<std::uint64_t> shape;
    QByteArray data; // little-endian, C order
};

inline void appendLe(QByteArray &out, std::uint64_t bits, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out += char((bits >> (8 * i)) & 0xff);
}

inline QByteArray f32Bytes(const std::vector<float> &values) {
    QByteArray out;
    for (float v : values)
        appendLe(out, std::bit_cast<std::uint32_t>(v), 4);
    return out;
}

inline QByteArray f64Bytes(const std::vector<double> &values) {
    QByteArray out;
    for (double v : values)
        appendLe(out, std::bit_cast<std::uint64_t>(v), 8);
    return out;
}

// F16 and BF16 from their bit patterns.
inline QByteArray u16Bytes(const std::vector<std::uint16_t> &bits) {
    QByteArray out;
    for (std::uint16_t b : bits)
        appendLe(out, b, 2);
    return out;
}

// The header as the tensors' entries give it, then the data one after the other.
inline QByteArray safetensorsHeader(const std::vector<Tensor> &tensors) {
    QJsonObject header{{"__metadata__", QJsonObject{{"format", "pt"}}}};
    qint64 offset = 0;
    for (const Tensor &t : tensors) {
        QJsonArray shape;
        for (std::uint64_t d : t.shape)
            shape.append(qint64(d));
        header[t.name] = QJsonObject{{"dtype", t.dtype},
                                     {"shape", shape},
                                     {"data_offsets", QJsonArray{offset, offset + t.data.size()}}};
        offset += t.data.size();
    }
    return QJsonDocument(header).toJson(QJsonDocument::Compact);
}

// A file from a header text (padded with spaces to 8 bytes, as the writers do) and data.
inline QByteArray safetensorsFile(QByteArray header, const QByteArray &data) {
    while (header.size() % 8)
        header += ' ';
    QByteArray out;
    appendLe(out, std::uint64_t(header.size()), 8);
    return out + header + data;
}

inline QByteArray safetensors(const std::vector<Tensor> &tensors) {
    QByteArray data;
    for (const Tensor &t : tensors)
        data += t.data;
    return safetensorsFile(safetensorsHeader(tensors), data);
}

// A fused GPT-2 c_attn weight for p = 4, H = 2 heads of d = 2: p × 3p, the columns
// [Wq | Wk | Wv], each p × p holding the heads side by side. Element (i, j) = i + j/16, exact
// in float32, so every value tells where it came from.
inline attn::Matrix fusedAttention(int p = 4) {
    attn::Matrix m(p, 3 * p);
    for (int i = 0; i < p; ++i)
        for (int j = 0; j < 3 * p; ++j)
            m(i, j) = i + j / 16.0;
    return m;
}

inline QByteArray f32Matrix(const attn::Matrix &m) {
    std::vector<float> values;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            values.push_back(float(m(i, j)));
    return f32Bytes(values);
}

} // namespace testsupport
