// SPDX-License-Identifier: GPL-3.0-or-later
#include "WordPiece.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "io/JsonRead.h"

#include <QStringList>
#include <QUtf8StringView>

#include <algorithm>

namespace attn {

namespace {

// The character classes of BERT's tokenization.py, on Qt's Unicode tables.
bool isControl(char32_t c) {
    if (c == U'\t' || c == U'\n' || c == U'\r')
        return false;
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Other_PrivateUse:
    case QChar::Other_NotAssigned:
        return true;
    default:
        return false;
    }
}

bool isWhitespace(char32_t c) {
    return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' ||
           QChar::category(c) == QChar::Separator_Space;
}

// Every ASCII symbol counts, as in BERT ("$", "^", "`" are not Unicode punctuation).
bool isPunctuation(char32_t c) {
    if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) ||
        (c >= 123 && c <= 126))
        return true;
    switch (QChar::category(c)) {
    case QChar::Punctuation_Connector:
    case QChar::Punctuation_Dash:
    case QChar::Punctuation_Open:
    case QChar::Punctuation_Close:
    case QChar::Punctuation_InitialQuote:
    case QChar::Punctuation_FinalQuote:
    case QChar::Punctuation_Other:
        return true;
    default:
        return false;
    }
}

// The CJK Unified Ideographs blocks (not Hiragana, Katakana or Hangul, which have spaces).
bool isCjk(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F) ||
           (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

const QString kContinuation = QStringLiteral("##");

} // namespace

std::unique_ptr<WordPiece> WordPiece::fromVocabTxt(const QByteArray &vocab, const QString &name,
                                                   const TokenizerConfig &config) {
    // Counted before anything is stored: one token per line, and the empty one after the last
    // newline.
    const qsizetype lines = vocab.count('\n') + 1;
    if (lines > kMaxVocabularySize + 1)
        json::fail(name, translate("attn::tokenizer", "%1 lines: at most %2 tokens are supported")
                             .arg(qs(std::int64_t(lines)), qs(kMaxVocabularySize)));
    if (!QUtf8StringView(vocab).isValidUtf8())
        json::fail(name, translate("attn::tokenizer", "not UTF-8 text"));
    QStringList all = QString::fromUtf8(vocab).split(u'\n');
    if (!all.isEmpty() && all.back().isEmpty())
        all.removeLast();

    std::unique_ptr<WordPiece> t(new WordPiece);
    t->pieces_.reserve(std::size_t(all.size()));
    t->ids_.reserve(all.size());
    for (qsizetype i = 0; i < all.size(); ++i) {
        QString piece = all[i];
        if (piece.endsWith(u'\r'))
            piece.chop(1);
        if (piece.size() > kMaxTokenPieceLength)
            json::fail(name + ": " +
                           translate("attn::tokenizer", "line %1").arg(qs(std::int64_t(i + 1))),
                       translate("attn::tokenizer", "a token of %1 characters: at most %2 are "
                                                    "supported")
                           .arg(qs(std::int64_t(piece.size())), qs(kMaxTokenPieceLength)));
        t->ids_.insert(piece, int(i)); // a token listed twice: the later line, as in BERT
        t->pieces_.push_back(std::move(piece));
    }
    t->special_.assign(t->pieces_.size(), 0);

    const auto named = [&](const QString &given, const char *fallback) {
        return given.isEmpty() ? QString::fromLatin1(fallback) : given;
    };
    const auto required = [&](const QString &piece) {
        const auto it = t->ids_.constFind(piece);
        if (it == t->ids_.constEnd() || piece.isEmpty())
            json::fail(
                name,
                translate("attn::tokenizer", "the vocabulary has no \"%1\" token").arg(piece));
        return *it;
    };
    t->unk_ = required(named(config.unkToken, "[UNK]"));
    t->cls_ = required(named(config.clsToken, "[CLS]"));
    t->sep_ = required(named(config.sepToken, "[SEP]"));

    // The special tokens typed in the text are matched whole.
    std::vector<AddedToken> specials;
    TokenizerConfig roles = config;
    roles.unkToken = named(config.unkToken, "[UNK]");
    roles.clsToken = named(config.clsToken, "[CLS]");
    roles.sepToken = named(config.sepToken, "[SEP]");
    roles.padToken = named(config.padToken, "[PAD]");
    roles.maskToken = named(config.maskToken, "[MASK]");
    for (const QString &piece : roles.namedSpecialTokens())
        if (const auto it = t->ids_.constFind(piece); it != t->ids_.constEnd())
            specials.push_back({piece, *it, true, false, false, false});
    for (const AddedToken &a : config.addedTokens)
        if (a.id < t->vocabularySize())
            specials.push_back(a);
    for (const AddedToken &a : specials)
        t->special_[std::size_t(a.id)] = 1;
    t->specials_ = AddedTokenMatcher(std::move(specials));

    t->lowerCase_ = config.doLowerCase.value_or(true);
    t->stripAccents_ = config.stripAccents.value_or(t->lowerCase_);
    t->splitChinese_ = config.tokenizeChineseChars.value_or(true);
    t->description_ = translate("attn::tokenizer", "WordPiece from %1, %2 tokens, %3")
                          .arg(name, qs(std::int64_t(t->vocabularySize())),
                               t->lowerCase_ ? translate("attn::tokenizer", "lower case")
                                             : translate("attn::tokenizer", "case kept"));
    return t;
}

void WordPiece::basicTokens(const QString &text, std::vector<QString> &words) const {
    // Clean: no NUL, U+FFFD or control characters; whitespace becomes a space; a CJK character
    // becomes a word of its own.
    std::u32string cleaned;
    for (const char32_t c : text.toStdU32String()) {
        if (c == 0 || c == 0xFFFD || isControl(c))
            continue;
        if (isWhitespace(c)) {
            cleaned += U' ';
        } else if (splitChinese_ && isCjk(c)) {
            cleaned += U' ';
            cleaned += c;
            cleaned += U' ';
        } else {
            cleaned += c;
        }
    }
    std::size_t i = 0;
    while (i < cleaned.size()) {
        if (QChar::isSpace(cleaned[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < cleaned.size() && !QChar::isSpace(cleaned[end]))
            ++end;
        QString word = QString::fromUcs4(cleaned.data() + i, qsizetype(end - i));
        i = end;
        if (lowerCase_)
            word = word.toLower();
        if (stripAccents_) {
            word = word.normalized(QString::NormalizationForm_D);
            word.removeIf([](QChar c) { return c.category() == QChar::Mark_NonSpacing; });
        }
        // Each punctuation character is a word of its own.
        QString current;
        for (const char32_t c : word.toStdU32String()) {
            if (isPunctuation(c)) {
                if (!current.isEmpty())
                    words.push_back(current);
                current.clear();
                words.push_back(QString::fromUcs4(&c, 1));
            } else {
                current += QString::fromUcs4(&c, 1);
            }
        }
        if (!current.isEmpty())
            words.push_back(current);
    }
}

void WordPiece::wordPieces(const QString &word, std::vector<Token> &out) const {
    const std::u32string chars = word.toStdU32String();
    if (chars.size() > std::size_t(kMaxWordCharacters)) {
        out.push_back(make(unk_));
        return;
    }
    std::vector<int> found;
    std::size_t start = 0;
    while (start < chars.size()) {
        std::size_t end = chars.size();
        int id = -1;
        for (; end > start; --end) {
            QString part = QString::fromUcs4(chars.data() + start, qsizetype(end - start));
            if (start > 0)
                part.prepend(kContinuation);
            if (const auto it = ids_.constFind(part); it != ids_.constEnd()) {
                id = *it;
                break;
            }
        }
        if (id < 0) {
            out.push_back(make(unk_));
            return;
        }
        found.push_back(id);
        start = end;
    }
    for (int id : found)
        out.push_back(make(id));
}

Token WordPiece::make(int id) const {
    Token t;
    t.id = id;
    t.piece = pieces_[std::size_t(id)];
    t.text = t.piece;
    t.special = special_[std::size_t(id)] != 0;
    const bool continues = !t.special && t.piece.startsWith(kContinuation) && t.piece.size() > 2;
    t.wordStart = !continues;
    t.display = continues ? t.piece.mid(2) : t.piece;
    return t;
}

std::vector<Token> WordPiece::encode(const QString &text) const {
    checkTokenizerText(text);
    std::vector<Token> out{make(cls_)};
    std::vector<QString> words;
    for (const TextSegment &segment : specials_.split(text)) {
        if (segment.added >= 0) {
            out.push_back(make(specials_.tokens()[std::size_t(segment.added)].id));
            continue;
        }
        words.clear();
        basicTokens(segment.text, words);
        for (const QString &word : words)
            wordPieces(word, out);
    }
    out.push_back(make(sep_));
    return out;
}

Token WordPiece::token(int id) const {
    if (id < 0 || id >= vocabularySize())
        throw InputError(
            translate("attn::tokenizer", "no token has the id %1").arg(qs(std::int64_t(id))));
    return make(id);
}

QString WordPiece::decode(const std::vector<int> &ids) const {
    QString out;
    for (int id : ids) {
        const Token t = token(id);
        if (!t.wordStart && !out.isEmpty())
            out += t.display;
        else
            out += (out.isEmpty() ? QString() : QStringLiteral(" ")) + t.piece;
    }
    return out;
}

} // namespace attn
