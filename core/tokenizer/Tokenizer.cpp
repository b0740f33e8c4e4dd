// SPDX-License-Identifier: GPL-3.0-or-later
#include "Tokenizer.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"

namespace attn {

std::vector<int> tokenIds(const std::vector<Token> &tokens) {
    std::vector<int> ids;
    ids.reserve(tokens.size());
    for (const Token &t : tokens)
        ids.push_back(t.id);
    return ids;
}

QString displayLabel(const Token &token) {
    if (token.special || !token.wordStart)
        return token.display;
    return kWordStartMark + token.display;
}

QStringList displayLabels(const std::vector<Token> &tokens) {
    QStringList out;
    out.reserve(qsizetype(tokens.size()));
    for (const Token &t : tokens)
        out << displayLabel(t);
    return out;
}

namespace {

bool continuation(unsigned char b) {
    return b >= 0x80 && b <= 0xBF;
}

} // namespace

QString decodeUtf8(std::string_view bytes) {
    QString out;
    out.reserve(qsizetype(bytes.size()));
    const auto at = [&bytes](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    std::size_t i = 0;
    while (i < bytes.size()) {
        const unsigned char b = at(i);
        if (b < 0x80) {
            out += QChar(b);
            ++i;
            continue;
        }
        // The length of the sequence and the range its second byte must be in: the narrower
        // ranges after E0, ED, F0 and F4 exclude overlong forms, surrogates and code points
        // beyond U+10FFFF, so their first bytes alone are a maximal subpart.
        int length = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (b >= 0xC2 && b <= 0xDF)
            length = 2;
        else if (b >= 0xE0 && b <= 0xEF) {
            length = 3;
            if (b == 0xE0)
                low = 0xA0;
            else if (b == 0xED)
                high = 0x9F;
        } else if (b >= 0xF0 && b <= 0xF4) {
            length = 4;
            if (b == 0xF0)
                low = 0x90;
            else if (b == 0xF4)
                high = 0x8F;
        }
        if (length == 0) {
            out += QChar(QChar::ReplacementCharacter);
            ++i;
            continue;
        }
        char32_t cp = b & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
        std::size_t j = i + 1;
        bool complete = true;
        for (int k = 1; k < length; ++k, ++j) {
            const bool inRange =
                j < bytes.size() && (k == 1 ? at(j) >= low && at(j) <= high : continuation(at(j)));
            if (!inRange) {
                complete = false;
                break;
            }
            cp = (cp << 6) | (at(j) & 0x3F);
        }
        // Not QString::fromUcs4, which takes a leading U+FEFF for a byte order mark and drops
        // it: that character is a token of Llama 2's vocabulary.
        if (complete && QChar::requiresSurrogates(cp)) {
            const QChar pair[2] = {QChar(QChar::highSurrogate(cp)), QChar(QChar::lowSurrogate(cp))};
            out.append(pair, 2);
        } else if (complete)
            out += QChar(char16_t(cp));
        else
            out += QChar(QChar::ReplacementCharacter);
        i = j; // a byte that broke the sequence starts the next one
    }
    return out;
}

QString visibleWhitespace(const QString &text) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        switch (c.unicode()) {
        case ' ':
            out += QChar(0x2423);
            break;
        case '\n':
            out += QChar(0x21B5);
            break;
        case '\t':
            out += QChar(0x21E5);
            break;
        case '\r':
            out += QChar(0x240D);
            break;
        default:
            out += c;
        }
    }
    return out;
}

void checkTokenizerText(const QString &text) {
    // A UTF-16 unit is at most 3 bytes of UTF-8: only a text that may be too long is measured.
    if (text.size() * 3 <= kMaxTokenizerTextBytes)
        return;
    const qsizetype bytes = text.toUtf8().size();
    if (bytes > kMaxTokenizerTextBytes)
        throw InputError(
            translate("attn::tokenizer", "the text has %1 bytes of UTF-8: at most %2 are supported")
                .arg(qs(std::int64_t(bytes)), qs(kMaxTokenizerTextBytes)));
}

} // namespace attn
