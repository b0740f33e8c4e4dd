// SPDX-License-Identifier: GPL-3.0-or-later
#include "IdTokenizer.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"

#include <QRegularExpression>
#include <QStringList>

namespace attn {

QString IdTokenizer::description() const {
    return translate("attn::tokenizer", "no tokenizer: the text is token ids");
}

std::vector<Token> IdTokenizer::encode(const QString &text) const {
    checkTokenizerText(text);
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    const QStringList parts = text.split(separators, Qt::SkipEmptyParts);
    if (std::int64_t(parts.size()) > kMaxTokens)
        throw InputError(translate("attn::tokenizer", "%1 token ids are more than %2")
                             .arg(qs(std::int64_t(parts.size())), qs(kMaxTokens)));
    std::vector<Token> tokens;
    tokens.reserve(std::size_t(parts.size()));
    for (const QString &part : parts) {
        bool ok = false;
        const qlonglong id = part.toLongLong(&ok);
        if (!ok)
            throw InputError(translate("attn::tokenizer",
                                       "\"%1\" is not a token id: this model has no tokenizer, "
                                       "so type ids (1, 15043, 3186)")
                                 .arg(part.left(40)));
        if (id < 0 || id >= m_vocabulary)
            throw InputError(
                translate("attn::tokenizer", "token id %1 is outside the vocabulary 0 … %2")
                    .arg(qs(std::int64_t(id)), qs(std::int64_t(m_vocabulary - 1))));
        tokens.push_back(token(int(id)));
    }
    return tokens;
}

Token IdTokenizer::token(int id) const {
    if (id < 0 || id >= m_vocabulary)
        throw InputError(
            translate("attn::tokenizer", "token id %1 is outside the vocabulary 0 … %2")
                .arg(qs(std::int64_t(id)), qs(std::int64_t(m_vocabulary - 1))));
    Token t;
    t.id = id;
    t.piece = t.text = t.display = QString::number(id);
    // Not a word's start: an id is no word, and its label is the id alone ("15043", no mark).
    t.wordStart = false;
    return t;
}

QString IdTokenizer::decode(const std::vector<int> &ids) const {
    QStringList parts;
    for (int id : ids)
        parts << token(id).text;
    return parts.join(QStringLiteral(", "));
}

} // namespace attn
