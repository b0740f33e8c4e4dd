// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProtobufReader.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"

#include <bit>

namespace attn {

namespace {

// The names the encoding guide gives the wire types, for messages.
QString wireTypeName(ProtobufReader::WireType type) {
    switch (type) {
    case ProtobufReader::WireType::Varint:
        return QStringLiteral("VARINT");
    case ProtobufReader::WireType::Fixed64:
        return QStringLiteral("I64");
    case ProtobufReader::WireType::Length:
        return QStringLiteral("LEN");
    case ProtobufReader::WireType::Fixed32:
        return QStringLiteral("I32");
    }
    return QString();
}

} // namespace

ProtobufReader::ProtobufReader(QByteArrayView bytes, const QString &name)
    : ProtobufReader(bytes, 0, 0, name) {}

ProtobufReader::ProtobufReader(QByteArrayView bytes, qsizetype base, int depth, const QString &name)
    : bytes_(bytes), base_(base), depth_(depth), name_(name) {}

void ProtobufReader::failAt(qsizetype offset, const QString &problem) const {
    throw InputError(name_ + QStringLiteral(": ") +
                     translate("attn::io", "byte %1: %2").arg(qs(std::int64_t(offset)), problem));
}

void ProtobufReader::fail(const Field &field, const QString &problem) const {
    failAt(field.offset, problem);
}

std::uint64_t ProtobufReader::readVarint(qsizetype fieldOffset) {
    // Seven bits a byte, least significant first; the tenth byte holds the 64th bit.
    std::uint64_t value = 0;
    for (int shift = 0; shift < 70; shift += 7) {
        if (pos_ >= bytes_.size())
            failAt(fieldOffset, translate("attn::io", "the data ends inside a field"));
        const auto byte = static_cast<unsigned char>(bytes_[pos_++]);
        value |= std::uint64_t(byte & 0x7F) << shift;
        if ((byte & 0x80) == 0)
            return value;
    }
    failAt(fieldOffset, translate("attn::io", "a varint longer than 10 bytes"));
}

bool ProtobufReader::next(Field &field) {
    if (pos_ >= bytes_.size())
        return false;
    field = Field();
    field.offset = base_ + pos_;
    const std::uint64_t tag = readVarint(field.offset);
    const std::uint64_t number = tag >> 3;
    // Field numbers run from 1 to 2^29 − 1.
    if (number == 0 || number > 0x1FFFFFFF)
        failAt(field.offset,
               translate("attn::io", "field number %1: not a protobuf field (1 to 536870911)")
                   .arg(QString::number(number)));
    field.number = std::uint32_t(number);
    const auto remaining = [this] { return bytes_.size() - pos_; };
    switch (tag & 7) {
    case 0:
        field.type = WireType::Varint;
        field.contentOffset = base_ + pos_;
        field.value = readVarint(field.offset);
        return true;
    case 1:
    case 5: {
        const qsizetype size = (tag & 7) == 1 ? 8 : 4;
        field.type = size == 8 ? WireType::Fixed64 : WireType::Fixed32;
        if (remaining() < size)
            failAt(field.offset, translate("attn::io", "the data ends inside a field"));
        field.contentOffset = base_ + pos_;
        // Little-endian whatever the machine's order.
        for (qsizetype i = size; i-- > 0;)
            field.value = (field.value << 8) | static_cast<unsigned char>(bytes_[pos_ + i]);
        pos_ += size;
        return true;
    }
    case 2: {
        field.type = WireType::Length;
        const std::uint64_t length = readVarint(field.offset);
        // Checked before the view is taken: a length is never trusted beyond the bytes there.
        if (length > std::uint64_t(remaining()))
            failAt(field.offset,
                   translate("attn::io", "field %1 declares %2 bytes, but only %3 remain")
                       .arg(QString::number(number), QString::number(length),
                            qs(std::int64_t(remaining()))));
        field.contentOffset = base_ + pos_;
        field.bytes = bytes_.sliced(pos_, qsizetype(length));
        pos_ += qsizetype(length);
        return true;
    }
    default:
        failAt(field.offset, translate("attn::io", "field %1 has wire type %2 (a group or no "
                                                   "type): not supported")
                                 .arg(QString::number(number), QString::number(tag & 7)));
    }
}

ProtobufReader ProtobufReader::message(const Field &field) const {
    if (field.type != WireType::Length)
        fail(field, translate("attn::io", "field %1 has wire type %2, expected a message (LEN)")
                        .arg(QString::number(field.number), wireTypeName(field.type)));
    if (depth_ + 1 > kMaxProtobufDepth)
        fail(field, translate("attn::io", "messages nested more than %1 deep")
                        .arg(qs(std::int64_t(kMaxProtobufDepth))));
    return ProtobufReader(field.bytes, field.contentOffset, depth_ + 1, name_);
}

void ProtobufReader::expect(const Field &field, WireType type, const char *what) const {
    if (field.type != type)
        fail(field, translate("attn::io", "%1 (field %2) has wire type %3, expected %4")
                        .arg(QLatin1String(what), QString::number(field.number),
                             wireTypeName(field.type), wireTypeName(type)));
}

std::uint64_t ProtobufReader::uint64(const Field &field, const char *what) const {
    expect(field, WireType::Varint, what);
    return field.value;
}

std::int32_t ProtobufReader::int32(const Field &field, const char *what) const {
    expect(field, WireType::Varint, what);
    return std::bit_cast<std::int32_t>(std::uint32_t(field.value & 0xFFFFFFFFu));
}

bool ProtobufReader::boolean(const Field &field, const char *what) const {
    expect(field, WireType::Varint, what);
    return field.value != 0;
}

float ProtobufReader::float32(const Field &field, const char *what) const {
    expect(field, WireType::Fixed32, what);
    return std::bit_cast<float>(std::uint32_t(field.value));
}

QByteArrayView ProtobufReader::bytes(const Field &field, const char *what) const {
    expect(field, WireType::Length, what);
    return field.bytes;
}

} // namespace attn
