// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Tokenizer.h"

namespace attn {

// The "tokenizer" of a model folder that has no tokenizer files: the text is the token ids
// themselves, separated by commas or spaces ("1, 15043, 3186"), so that such a model still opens
// and runs. Each token reads as its id.
class IdTokenizer final : public Tokenizer {
public:
    explicit IdTokenizer(int vocabularySize) : m_vocabulary(vocabularySize) {}

    Family family() const override { return Family::Ids; }
    QString description() const override;
    int vocabularySize() const override { return m_vocabulary; }
    // Throws InputError, one line, for a text that is not ids or an id outside the vocabulary.
    std::vector<Token> encode(const QString &text) const override;
    Token token(int id) const override;
    // The ids, comma-separated: what encode reads back.
    QString decode(const std::vector<int> &ids) const override;

private:
    int m_vocabulary;
};

} // namespace attn
