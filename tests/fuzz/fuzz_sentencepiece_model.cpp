// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: SentencePiece's tokenizer.model, a protobuf ModelProto. First the wire format
// alone (io/ProtobufReader): every field of the input, and of every field that reads as a
// message, down to kMaxProtobufDepth, is read or refused with an InputError. Then the model: one
// that is read must encode texts into ids of its vocabulary, give each id's token, and decode
// the ids again.

#include "FuzzTokenizer.h"
#include "InputError.h"
#include "Limits.h"
#include "io/ProtobufReader.h"
#include "tokenizer/SentencePiece.h"

#include <QByteArray>

namespace {

// Every field, and each length-delimited one again as a message: a bounded walk, as each level
// is at most kMaxProtobufDepth deep and no longer than the level above it.
void walk(attn::ProtobufReader reader, int depth) {
    attn::ProtobufReader::Field field;
    try {
        while (reader.next(field)) {
            if (field.type != attn::ProtobufReader::WireType::Length)
                continue;
            if (field.bytes.size() > 64 || depth >= attn::kMaxProtobufDepth)
                continue; // short ones only: the walk of every piece of a model would be slow
            walk(reader.message(field), depth + 1);
        }
    } catch (const attn::InputError &) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    walk(attn::ProtobufReader(bytes, "tokenizer.model"), 0);

    std::unique_ptr<attn::SentencePiece> t;
    try {
        t = attn::SentencePiece::fromModelProto(bytes, "tokenizer.model");
    } catch (const attn::InputError &) {
        return 0;
    }
    fuzz::checkEncodes(*t,
                       {QStringLiteral("Hello world, 12345 caf\u00e9!  \n\tx"),
                        QStringLiteral("<s> a\u3000b\U0001F642 </s>  "), QString(),
                        QString::fromUtf8(bytes.left(2000))},
                       true);
    return 0;
}
