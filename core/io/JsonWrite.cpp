// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonWrite.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace attn::json {

namespace {

// The longest number appendNumber writes: "-2.2250738585072014e-308".
constexpr qsizetype kMaxNumberChars = 24;
// QJsonDocument stores a whole double up to 2⁵³ as an integer and writes it so.
constexpr double kLargestExactInteger = 9007199254740992.0;

char *writeNumber(char *p, double v) {
    if (!std::isfinite(v)) {
        std::memcpy(p, "null", 4);
        return p + 4;
    }
    const double magnitude = std::abs(v);
    if (magnitude <= kLargestExactInteger && v == std::trunc(v)) // -0.0 too: "0"
        return std::to_chars(p, p + kMaxNumberChars, static_cast<std::int64_t>(v)).ptr;
    if (magnitude < kLargestExactInteger) // shortest, fixed or exponent: what Qt chooses
        return std::to_chars(p, p + kMaxNumberChars, v).ptr;
    // Above 2⁵³ the fixed notation of std::to_chars spells the double's exact value
    // ("123456789012345677877…") where Qt writes the shortest digits padded with zeros
    // ("123456789012345680"); both read back the same, but the bytes are Qt's.
    char sci[kMaxNumberChars + 8];
    const char *end = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific).ptr;
    const char *e = std::find(static_cast<const char *>(sci), end, 'e');
    int exponent = 0;
    std::from_chars(e + (e[1] == '+' ? 2 : 1), end, exponent);
    const int negative = v < 0 ? 1 : 0;
    if (negative + exponent + 1 > end - sci) {
        std::memcpy(p, sci, size_t(end - sci));
        return p + (end - sci);
    }
    if (negative)
        *p++ = '-';
    int digits = 0;
    for (const char *c = sci + negative; c != e; ++c)
        if (*c != '.') {
            *p++ = *c;
            ++digits;
        }
    for (; digits <= exponent; ++digits)
        *p++ = '0';
    return p;
}

char *writeIndent(char *p, int indent) {
    std::memset(p, ' ', size_t(indent));
    return p + indent;
}

// Rows of cells written straight into `out`, grown once to a bound on their length and cut to
// what was written: no value is built or copied on the way.
template <typename Cell>
void appendRows(QByteArray &out, Eigen::Index rows, Eigen::Index cols, int indent,
                qsizetype maxCellChars, Cell cell) {
    if (rows == 0) {
        out += "[]";
        return;
    }
    const qsizetype start = out.size();
    const qsizetype perRow = indent + 2 + 4 + cols * (maxCellChars + 1);
    out.resize(start + 2 + rows * perRow + indent + 1);
    char *const begin = out.data();
    char *p = begin + start;
    *p++ = '[';
    *p++ = '\n';
    for (Eigen::Index i = 0; i < rows; ++i) {
        p = writeIndent(p, indent + 2);
        *p++ = '[';
        for (Eigen::Index j = 0; j < cols; ++j) {
            if (j)
                *p++ = ',';
            p = cell(p, i, j);
        }
        *p++ = ']';
        if (i + 1 < rows)
            *p++ = ',';
        *p++ = '\n';
    }
    p = writeIndent(p, indent);
    *p++ = ']';
    out.resize(p - begin);
}

bool isFlat(const QJsonArray &array) {
    return std::none_of(array.begin(), array.end(),
                        [](const QJsonValue &v) { return v.isArray() || v.isObject(); });
}

// A flat array or a single value as QJsonDocument writes it (strings escaped its way).
QByteArray compact(const QJsonValue &value) {
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    return QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
}

} // namespace

void appendNumber(QByteArray &out, double v) {
    char text[kMaxNumberChars];
    out.append(text, writeNumber(text, v) - text);
}

void appendMatrix(QByteArray &out, const Matrix &m, int indent) {
    appendRows(out, m.rows(), m.cols(), indent, kMaxNumberChars,
               [&m](char *p, Eigen::Index i, Eigen::Index j) { return writeNumber(p, m(i, j)); });
}

void appendMask(QByteArray &out, const Mask &mask, int indent) {
    appendRows(out, mask.rows(), mask.cols(), indent, 1,
               [&mask](char *p, Eigen::Index i, Eigen::Index j) {
                   *p = mask(i, j) ? '1' : '0';
                   return p + 1;
               });
}

void appendValue(QByteArray &out, const QJsonValue &value, int indent) {
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        Block block(out, indent, Block::Object);
        for (auto it = object.begin(); it != object.end(); ++it) {
            block.key(it.key());
            appendValue(out, it.value(), block.inner());
        }
        block.close();
    } else if (value.isArray() && !isFlat(value.toArray())) {
        Block block(out, indent, Block::Array);
        for (const QJsonValue &element : value.toArray()) {
            block.item();
            appendValue(out, element, block.inner());
        }
        block.close();
    } else {
        out += compact(value);
    }
}

Block::Block(QByteArray &out, int indent, Kind kind) : m_out(out), m_indent(indent), m_kind(kind) {
    m_out += kind == Object ? '{' : '[';
}

void Block::next() {
    m_out += m_empty ? "\n" : ",\n";
    m_empty = false;
    m_out += QByteArray(inner(), ' ');
}

void Block::writeKey(QByteArrayView escaped) {
    next();
    m_out += '"';
    m_out += escaped;
    m_out += "\": ";
}

void Block::key(const QString &name) {
    writeKey(compact(name).mid(1).chopped(1));
}

void Block::item() {
    next();
}

void Block::close() {
    if (!m_empty) {
        m_out += '\n';
        m_out += QByteArray(m_indent, ' ');
    }
    m_out += m_kind == Object ? '}' : ']';
}

} // namespace attn::json
