// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the tokenizer fuzz targets: a tokenizer that was read must encode each text into ids
// of its vocabulary and decode them again; refusing a text within the limits is a finding.

#include "FuzzCheck.h"
#include "InputError.h"
#include "Limits.h"
#include "tokenizer/Tokenizer.h"

#include <QString>

#include <initializer_list>

namespace fuzz {

// With `tokenAlone`, each id's token read alone must also be the piece the text gave it.
inline void checkEncodes(const attn::Tokenizer &t, std::initializer_list<QString> texts,
                         bool tokenAlone) {
    for (const QString &text : texts) {
        try {
            const std::vector<attn::Token> tokens = t.encode(text);
            for (const attn::Token &token : tokens) {
                if (token.id < 0 || token.id >= t.vocabularySize())
                    finding("a token id outside the vocabulary");
                if (tokenAlone && t.token(token.id).piece != token.piece)
                    finding("a token alone differs from the same token in a text");
            }
            t.decode(attn::tokenIds(tokens));
        } catch (const attn::InputError &) {
            if (text.toUtf8().size() <= attn::kMaxTokenizerTextBytes)
                finding("a text within the limits was refused");
        }
    }
}

} // namespace fuzz
