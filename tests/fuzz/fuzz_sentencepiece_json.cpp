// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: Hugging Face's tokenizer.json in SentencePiece's form (model BPE with
// byte_fallback, Prepend and Replace normalizers, Metaspace, the decoders ByteFallback, Fuse,
// Strip). Any JSON object is given to the SentencePiece reader, whether or not the loader would
// take it for one. A tokenizer read must encode texts, its own special tokens included, into
// ids of its vocabulary, give each id's token, and decode the ids again.

#include "FuzzTokenizer.h"
#include "InputError.h"
#include "Limits.h"
#include "tokenizer/SentencePiece.h"
#include "tokenizer/SentencePieceModel.h"
#include "tokenizer/TokenizerJson.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    std::unique_ptr<attn::SentencePiece> t;
    try {
        const QJsonObject root = attn::tokenizer_json::parseObject(bytes, "tokenizer.json");
        attn::isSentencePieceTokenizerJson(root);
        t = attn::SentencePiece::fromTokenizerJson(root, "tokenizer.json");
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
