// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QString>

#include <cstdint>

namespace attn {

// Protocol Buffers' wire format (protobuf.dev/programming-guides/encoding) read field by field
// from bytes in memory, without a schema or generated code: the reader of one message
// (SentencePiece's tokenizer.model) takes the fields it knows by number and skips the others, as
// protobuf's own parsers skip unknown fields. Nothing is allocated from a number in the input:
// a length is checked against the bytes that remain before the field is taken (a view, not a
// copy), a varint has at most 10 bytes, and each message opened inside another is one level of
// at most kMaxProtobufDepth. Groups (wire types 3 and 4, deprecated since proto2, in no file
// attnviz reads) are refused rather than skipped, as skipping them would need a stack. Every
// refusal is an InputError "NAME: byte N: problem", N the offset in the whole input.
class ProtobufReader {
public:
    enum class WireType { Varint = 0, Fixed64 = 1, Length = 2, Fixed32 = 5 };
    struct Field {
        std::uint32_t number = 0;
        WireType type = WireType::Varint;
        std::uint64_t value = 0;     // Varint, Fixed64, Fixed32: the bits
        QByteArrayView bytes;        // Length: the contents, a view into the input
        qsizetype offset = 0;        // where the field's tag is in the whole input
        qsizetype contentOffset = 0; // where `bytes` begin in the whole input
    };

    // The top-level message of `bytes`; `name` (the file) begins every message.
    ProtobufReader(QByteArrayView bytes, const QString &name);

    // The next field, into `field`; false at the end of the message.
    bool next(Field &field);
    // A Length field's contents as a message one level deeper.
    ProtobufReader message(const Field &field) const;

    // Throws InputError "NAME: byte N: `problem`", N the offset of the field's tag.
    [[noreturn]] void fail(const Field &field, const QString &problem) const;

    // A field's value as the type the schema declares; a field of another wire type is refused,
    // naming it as `what` ("trainer_spec.byte_fallback").
    std::uint64_t uint64(const Field &field, const char *what) const;
    // int32 and enums: a varint whose low 32 bits are the number (a negative one is written in
    // ten bytes, sign-extended).
    std::int32_t int32(const Field &field, const char *what) const;
    bool boolean(const Field &field, const char *what) const;
    float float32(const Field &field, const char *what) const;
    QByteArrayView bytes(const Field &field, const char *what) const;

private:
    ProtobufReader(QByteArrayView bytes, qsizetype base, int depth, const QString &name);
    [[noreturn]] void failAt(qsizetype offset, const QString &problem) const;
    void expect(const Field &field, WireType type, const char *what) const;
    std::uint64_t readVarint(qsizetype fieldOffset);

    QByteArrayView bytes_;
    qsizetype pos_ = 0;
    qsizetype base_ = 0; // the offset of bytes_ in the whole input
    int depth_ = 0;
    QString name_;
};

} // namespace attn
