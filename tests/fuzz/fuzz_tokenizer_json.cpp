// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: Hugging Face's tokenizer.json (model BPE, ByteLevel and Split pre-tokenizers,
// normalizers, added tokens, post-processors). A tokenizer read must encode texts, including
// its own added tokens, into ids of its vocabulary, and decode them again.

#include "FuzzTokenizer.h"
#include "InputError.h"
#include "Limits.h"
#include "tokenizer/ByteLevelBpe.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    std::unique_ptr<attn::ByteLevelBpe> t;
    try {
        t = attn::ByteLevelBpe::fromTokenizerJson(bytes, "tokenizer.json");
    } catch (const attn::InputError &) {
        return 0;
    }
    fuzz::checkEncodes(*t,
                       {QStringLiteral("Hello world, 12345 caf\u00e9!  \n\tx"),
                        QStringLiteral("<|endoftext|><s> a\u3000b\U0001F642"),
                        QString::fromUtf8(bytes.left(2000))},
                       false);
    return 0;
}
