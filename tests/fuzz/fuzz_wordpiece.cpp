// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: BERT's vocab.txt, and after the input's first NUL byte a text to encode. A
// vocabulary read must encode any text as [CLS] … [SEP] with ids of its own tokens.

#include "FuzzCheck.h"
#include "InputError.h"
#include "Limits.h"
#include "tokenizer/WordPiece.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype split = bytes.indexOf('\0');
    const QByteArray vocab = split < 0 ? bytes : bytes.left(split);
    const QString text = split < 0 ? QStringLiteral("The [MASK] caf\u00e9 sat, \u65e5\u672c 12345!")
                                   : QString::fromUtf8(bytes.mid(split + 1));
    std::unique_ptr<attn::WordPiece> t;
    try {
        t = attn::WordPiece::fromVocabTxt(vocab, "vocab.txt");
    } catch (const attn::InputError &) {
        return 0;
    }
    try {
        const std::vector<attn::Token> tokens = t->encode(text);
        if (tokens.size() < 2 || !tokens.front().special || !tokens.back().special)
            fuzz::finding("the text is not between [CLS] and [SEP]");
        for (const attn::Token &token : tokens)
            if (t->token(token.id).piece != token.piece)
                fuzz::finding("a token that is not the vocabulary's");
        t->decode(attn::tokenIds(tokens));
    } catch (const attn::InputError &) {
        if (text.toUtf8().size() <= attn::kMaxTokenizerTextBytes)
            fuzz::finding("a text within the limits was refused");
    }
    return 0;
}
