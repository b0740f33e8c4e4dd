// SPDX-License-Identifier: GPL-3.0-or-later
#include "ByteLevelBpe.h"

#include "TextPieces.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "io/JsonRead.h"

#include <algorithm>
#include <functional>
#include <queue>

namespace attn {

using json::fail;

const char *const ByteLevelBpe::kGpt2Pattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

namespace {

// OpenAI's bytes_to_unicode: the printable bytes stand for themselves, the others (controls,
// space, 0x7F–0xA0, 0xAD) for 256, 257, … in byte order, so no piece holds whitespace.
struct ByteTable {
    std::array<char16_t, 256> charOf{};
    std::array<int, 512> byteOf{};
    ByteTable() {
        byteOf.fill(-1);
        int next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || b >= 0xAE;
            charOf[std::size_t(b)] = char16_t(printable ? b : next++);
            byteOf[charOf[std::size_t(b)]] = b;
        }
    }
};

const ByteTable &byteTable() {
    static const ByteTable table;
    return table;
}

// A word of several tokens: the first begins it when a space, a line break or the start of the
// text is before it; a token of whitespace alone is shown as such.
void markWords(std::vector<Token> &tokens) {
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        Token &t = tokens[i];
        if (t.special) {
            t.wordStart = true;
            t.display = t.piece;
            continue;
        }
        const bool blank = !t.text.isEmpty() && std::all_of(t.text.begin(), t.text.end(),
                                                            [](QChar c) { return c.isSpace(); });
        if (blank) {
            t.wordStart = false;
            t.display = visibleWhitespace(t.text);
            continue;
        }
        const Token *before = i > 0 ? &tokens[i - 1] : nullptr;
        const bool afterBreak = !before || before->special ||
                                (!before->text.isEmpty() && before->text.back().isSpace());
        t.wordStart = afterBreak || (!t.text.isEmpty() && t.text.front().isSpace());
        t.display = visibleWhitespace(t.text.startsWith(u' ') ? t.text.mid(1) : t.text);
    }
}

// The matches of `re` in `s` and the text between them, as strings.
void isolate(const QRegularExpression &re, const QString &s, std::vector<QString> &out) {
    forEachIsolated(re, s, [&out](QStringView piece) { out.push_back(piece.toString()); });
}

} // namespace

QString validUtf16(const QString &text) {
    QString out = text;
    for (qsizetype i = 0; i < out.size(); ++i) {
        if (out[i].isHighSurrogate() && i + 1 < out.size() && out[i + 1].isLowSurrogate())
            ++i;
        else if (out[i].isSurrogate())
            out[i] = QChar(QChar::ReplacementCharacter);
    }
    return out;
}

QChar ByteLevelBpe::byteChar(unsigned char byte) {
    return QChar(byteTable().charOf[byte]);
}

void ByteLevelBpe::build(const std::vector<std::pair<QString, int>> &vocab,
                         const std::vector<std::pair<QString, QString>> &merges,
                         std::vector<AddedToken> added, const QString &name) {
    int size = 0; // every id is below kMaxVocabularySize (BpeModel checks), so this
                  // table is bounded
    for (const auto &[piece, id] : vocab)
        size = std::max(size, id + 1);
    for (const AddedToken &t : added)
        size = std::max(size, t.id + 1);
    pieces_.assign(std::size_t(size), QString());
    special_.assign(std::size_t(size), 0);
    ids_.reserve(qsizetype(vocab.size() + added.size()));
    for (const auto &[piece, id] : vocab) {
        pieces_[std::size_t(id)] = piece;
        ids_.insert(piece, id);
    }
    for (const AddedToken &t : added) {
        pieces_[std::size_t(t.id)] = t.content;
        special_[std::size_t(t.id)] = t.special;
        if (!ids_.contains(t.content))
            ids_.insert(t.content, t.id);
    }
    for (int b = 0; b < 256; ++b) {
        const QString c(byteChar(static_cast<unsigned char>(b)));
        if (!ids_.contains(c))
            fail(name, translate("attn::tokenizer", "the vocabulary has no token for the byte "
                                                    "0x%1 (\"%2\"): it is not a byte-level BPE "
                                                    "vocabulary")
                           .arg(QString::number(b, 16).rightJustified(2, u'0'), c));
    }
    ranks_.reserve(qsizetype(merges.size()));
    // Backwards, so that of a merge listed twice the first place counts.
    for (std::size_t i = merges.size(); i-- > 0;)
        ranks_.insert(merges[i].first + u' ' + merges[i].second, int(i));
    added_ = AddedTokenMatcher(std::move(added));
    gpt2_ = QRegularExpression(QString::fromLatin1(kGpt2Pattern),
                               QRegularExpression::UseUnicodePropertiesOption);
    gpt2_.optimize();
}

int ByteLevelBpe::idOf(const QString &content, const QString &where) const {
    for (const AddedToken &t : added_.tokens())
        if (t.content == content)
            return t.id;
    const auto it = ids_.constFind(content);
    if (it == ids_.constEnd())
        fail(
            where,
            translate("attn::tokenizer", "the token \"%1\" is not in the vocabulary").arg(content));
    return *it;
}

void ByteLevelBpe::applyConfig(const TokenizerConfig &config, const QString &name) {
    const QString where = name + ": ";
    // add_bos_token / add_eos_token: true puts the token at its end of the text, false takes it
    // away (from a template that has it); unset leaves the template as it is.
    const auto apply = [&](std::optional<bool> add, const QString &token, const char *tokenKey,
                           const char *addKey, const QString &unnamed, std::vector<int> &ids,
                           bool front) {
        if (!add)
            return;
        const std::optional<int> id =
            token.isEmpty() ? std::nullopt : std::optional<int>(idOf(token, where + tokenKey));
        if (id)
            std::erase(ids, *id);
        if (!*add)
            return;
        if (!id)
            fail(where + addKey, unnamed);
        ids.insert(front ? ids.begin() : ids.end(), *id);
    };
    apply(config.addBosToken, config.bosToken, "bos_token", "add_bos_token",
          translate("attn::tokenizer", "is true but no bos_token is named"), prefix_, true);
    apply(config.addEosToken, config.eosToken, "eos_token", "add_eos_token",
          translate("attn::tokenizer", "is true but no eos_token is named"), suffix_, false);
}

std::unique_ptr<ByteLevelBpe> ByteLevelBpe::fromVocabAndMerges(const QByteArray &vocabJson,
                                                               const QString &vocabName,
                                                               const QByteArray &merges,
                                                               const QString &mergesName,
                                                               const TokenizerConfig &config) {
    return create(readVocabAndMerges(vocabJson, vocabName, merges, mergesName, config), config);
}

std::unique_ptr<ByteLevelBpe> ByteLevelBpe::fromTokenizerJson(const QByteArray &json,
                                                              const QString &name,
                                                              const TokenizerConfig &config) {
    return create(readBpeTokenizerJson(json, name), config);
}

std::unique_ptr<ByteLevelBpe> ByteLevelBpe::fromTokenizerJson(const QJsonObject &root,
                                                              const QString &name,
                                                              const TokenizerConfig &config) {
    return create(readBpeTokenizerJson(root, name), config);
}

std::unique_ptr<ByteLevelBpe> ByteLevelBpe::fromModel(BpeModel model,
                                                      const TokenizerConfig &config) {
    return create(std::move(model), config);
}

std::unique_ptr<ByteLevelBpe> ByteLevelBpe::create(BpeModel model, const TokenizerConfig &config) {
    std::unique_ptr<ByteLevelBpe> t(new ByteLevelBpe);
    t->build(model.vocab, model.merges, std::move(model.added), model.name);
    t->normalizers_ = std::move(model.normalizers);
    t->split_ = std::move(model.split);
    t->byteLevelRegex_ = model.byteLevelRegex;
    t->addPrefixSpace_ = model.addPrefixSpace;
    t->ignoreMerges_ = model.ignoreMerges;
    // The special tokens around the text, by their ids or (none given) their content.
    for (const auto &[from, to] :
         {std::pair(&model.prefix, &t->prefix_), std::pair(&model.suffix, &t->suffix_)})
        for (const BpeModel::Around &a : *from) {
            if (a.ids.empty())
                to->push_back(t->idOf(a.content, a.where));
            for (const int id : a.ids) {
                if (id >= t->vocabularySize() || t->pieces_[std::size_t(id)].isEmpty())
                    fail(a.where, translate("attn::tokenizer", "no token has the id %1")
                                      .arg(qs(std::int64_t(id))));
                to->push_back(id);
            }
        }
    t->applyConfig(config, model.name);
    const QString size = qs(std::int64_t(t->vocabularySize()));
    t->description_ = model.sources.size() == 2
                          ? translate("attn::tokenizer", "byte-level BPE from %1 and %2, %3 tokens")
                                .arg(model.sources[0], model.sources[1], size)
                          : translate("attn::tokenizer", "byte-level BPE from %1, %2 tokens")
                                .arg(model.sources.value(0), size);
    return t;
}

std::vector<QString> ByteLevelBpe::preTokenize(const QString &text) const {
    std::vector<QString> pieces;
    if (split_)
        isolate(*split_, text, pieces);
    else
        pieces.push_back(text);
    if (!byteLevelRegex_)
        return pieces;
    std::vector<QString> words;
    for (const QString &piece : pieces)
        isolate(gpt2_, piece, words);
    return words;
}

void ByteLevelBpe::encodeWord(const QString &word, std::vector<Token> &out) const {
    const QByteArray bytes = word.toUtf8();
    const qsizetype n = bytes.size();
    if (n == 0)
        return;
    QString mapped(n, Qt::Uninitialized);
    for (qsizetype i = 0; i < n; ++i)
        mapped[i] = byteChar(static_cast<unsigned char>(bytes[i]));
    if (ignoreMerges_) {
        const auto it = ids_.constFind(mapped);
        if (it != ids_.constEnd()) {
            out.push_back(tokenFromBytes(*it, bytes));
            return;
        }
    }

    // The symbols of the word, a list linked by index: a merge extends the left symbol over
    // the right one. A heap of (rank, left symbol) finds the pair to merge next; every
    // entry of the lowest rank is taken at once, left to right, which is encoder.py's pass
    // over the word. An entry is checked when taken, since a merge before it may have changed
    // its pair.
    struct Symbol {
        qsizetype start, length;
        qsizetype prev, next; // -1 at the ends
    };
    std::vector<Symbol> symbols(static_cast<std::size_t>(n));
    for (qsizetype i = 0; i < n; ++i)
        symbols[std::size_t(i)] = {i, 1, i - 1, i + 1 < n ? i + 1 : -1};
    const auto rankAt = [&](qsizetype left) {
        const Symbol &a = symbols[std::size_t(left)];
        if (a.next < 0)
            return -1;
        const Symbol &b = symbols[std::size_t(a.next)];
        return ranks_.value(mapped.mid(a.start, a.length) + u' ' + mapped.mid(b.start, b.length),
                            -1);
    };
    using Entry = std::pair<int, qsizetype>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    for (qsizetype i = 0; i + 1 < n; ++i)
        if (const int r = rankAt(i); r >= 0)
            heap.push({r, i});
    std::vector<qsizetype> merged;
    while (!heap.empty()) {
        const int rank = heap.top().first;
        merged.clear();
        while (!heap.empty() && heap.top().first == rank) {
            const qsizetype left = heap.top().second;
            heap.pop();
            Symbol &a = symbols[std::size_t(left)];
            if (a.length == 0 || rankAt(left) != rank)
                continue;
            Symbol &b = symbols[std::size_t(a.next)];
            a.length += b.length;
            b.length = 0;
            a.next = b.next;
            if (b.next >= 0)
                symbols[std::size_t(b.next)].prev = left;
            merged.push_back(left);
        }
        for (const qsizetype left : merged) {
            const Symbol &a = symbols[std::size_t(left)];
            if (a.length == 0)
                continue;
            if (a.prev >= 0)
                if (const int r = rankAt(a.prev); r >= 0)
                    heap.push({r, a.prev});
            if (const int r = rankAt(left); r >= 0)
                heap.push({r, left});
        }
    }

    for (qsizetype i = 0; i >= 0; i = symbols[std::size_t(i)].next) {
        const Symbol &s = symbols[std::size_t(i)];
        const auto it = ids_.constFind(mapped.mid(s.start, s.length));
        if (it != ids_.constEnd()) {
            out.push_back(tokenFromBytes(*it, bytes.mid(s.start, s.length)));
            continue;
        }
        // A merge whose result is not a token: its bytes, each of which is one (build checks).
        for (qsizetype k = s.start; k < s.start + s.length; ++k)
            out.push_back(tokenFromBytes(ids_.value(QString(mapped[k])), bytes.mid(k, 1)));
    }
}

Token ByteLevelBpe::tokenFromBytes(int id, const QByteArray &bytes) const {
    Token t;
    t.id = id;
    t.piece = pieces_[std::size_t(id)];
    t.text = decodeUtf8(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return t;
}

Token ByteLevelBpe::specialToken(int id) const {
    Token t;
    t.id = id;
    t.piece = pieces_[std::size_t(id)];
    t.text = t.piece;
    t.special = true;
    return t;
}

QByteArray ByteLevelBpe::pieceBytes(const QString &piece) const {
    QByteArray out;
    QString other; // characters outside the byte table (an added token's): their own UTF-8
    for (const QChar c : piece) {
        const int byte = c.unicode() < 512 ? byteTable().byteOf[c.unicode()] : -1;
        if (byte < 0) {
            other += c;
            continue;
        }
        out += other.toUtf8();
        other.clear();
        out += char(byte);
    }
    return out + other.toUtf8();
}

std::vector<Token> ByteLevelBpe::encode(const QString &input) const {
    checkTokenizerText(input);
    const QString text = validUtf16(input);
    std::vector<Token> out;
    for (int id : prefix_)
        out.push_back(specialToken(id));
    for (const TextSegment &segment : added_.split(text)) {
        if (segment.added >= 0) {
            const AddedToken &a = added_.tokens()[std::size_t(segment.added)];
            Token t = specialToken(a.id);
            t.piece = t.text = a.content;
            t.special = true;
            out.push_back(std::move(t));
            continue;
        }
        QString s = segment.text;
        for (const BpeModel::Normalizer n : normalizers_) {
            switch (n) {
            case BpeModel::Normalizer::Nfc:
                s = s.normalized(QString::NormalizationForm_C);
                break;
            case BpeModel::Normalizer::Nfd:
                s = s.normalized(QString::NormalizationForm_D);
                break;
            case BpeModel::Normalizer::Nfkc:
                s = s.normalized(QString::NormalizationForm_KC);
                break;
            case BpeModel::Normalizer::Nfkd:
                s = s.normalized(QString::NormalizationForm_KD);
                break;
            case BpeModel::Normalizer::Lowercase:
                s = s.toLower();
                break;
            }
        }
        if (addPrefixSpace_ && !s.startsWith(u' '))
            s.prepend(u' ');
        for (const QString &word : preTokenize(s))
            encodeWord(word, out);
    }
    for (int id : suffix_)
        out.push_back(specialToken(id));
    markWords(out);
    return out;
}

Token ByteLevelBpe::token(int id) const {
    if (id < 0 || id >= vocabularySize() || pieces_[std::size_t(id)].isEmpty())
        throw InputError(
            translate("attn::tokenizer", "no token has the id %1").arg(qs(std::int64_t(id))));
    std::vector<Token> one{special_[std::size_t(id)]
                               ? specialToken(id)
                               : tokenFromBytes(id, pieceBytes(pieces_[std::size_t(id)]))};
    markWords(one);
    one[0].wordStart = one[0].special || one[0].text.startsWith(u' ');
    return one[0];
}

QString ByteLevelBpe::decode(const std::vector<int> &ids) const {
    QByteArray bytes;
    for (int id : ids) {
        if (id < 0 || id >= vocabularySize() || pieces_[std::size_t(id)].isEmpty())
            throw InputError(
                translate("attn::tokenizer", "no token has the id %1").arg(qs(std::int64_t(id))));
        bytes += special_[std::size_t(id)] ? pieces_[std::size_t(id)].toUtf8()
                                           : pieceBytes(pieces_[std::size_t(id)]);
    }
    return decodeUtf8(std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace attn
