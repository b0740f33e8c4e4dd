// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a byte-level BPE vocabulary and merges (vocab.json / encoder.json and
// merges.txt / vocab.bpe), given as one input split at its first NUL byte (JSON and the merges
// text hold none); the rest after a second NUL is a text to encode. A tokenizer read must encode
// any text into ids of its vocabulary whose bytes decode back to the text.

#include "FuzzCheck.h"
#include "InputError.h"
#include "Limits.h"
#include "tokenizer/ByteLevelBpe.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype split = bytes.indexOf('\0');
    const QByteArray vocab = split < 0 ? bytes : bytes.left(split);
    const QByteArray rest = split < 0 ? QByteArray() : bytes.mid(split + 1);
    const qsizetype textAt = rest.indexOf('\0');
    const QByteArray merges = textAt < 0 ? rest : rest.left(textAt);
    const QString text = textAt < 0 ? QStringLiteral("Hello world, 12345 caf\u00e9!  \n")
                                    : QString::fromUtf8(rest.mid(textAt + 1));
    std::unique_ptr<attn::ByteLevelBpe> t;
    try {
        t = attn::ByteLevelBpe::fromVocabAndMerges(vocab, "vocab.json", merges, "merges.txt");
    } catch (const attn::InputError &) {
        return 0;
    }
    try {
        const std::vector<attn::Token> tokens = t->encode(text);
        for (const attn::Token &token : tokens)
            if (token.id < 0 || token.id >= t->vocabularySize() ||
                t->token(token.id).piece != token.piece)
                fuzz::finding("a token that is not the vocabulary's");
        if (t->decode(attn::tokenIds(tokens)) != text)
            fuzz::finding("the tokens' bytes do not decode to the text");
    } catch (const attn::InputError &) {
        if (text.toUtf8().size() <= attn::kMaxTokenizerTextBytes)
            fuzz::finding("a text within the limits was refused");
    }
    return 0;
}
