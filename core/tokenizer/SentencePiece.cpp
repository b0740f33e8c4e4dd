// SPDX-License-Identifier: GPL-3.0-or-later
#include "SentencePiece.h"

#include "TextPieces.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "io/JsonRead.h"

#include <QUtf8StringView>

#include <algorithm>
#include <functional>
#include <optional>
#include <queue>

namespace attn {

using json::fail;

namespace {

const QChar kVisibleSpace(0x2581); // "▁"

[[noreturn]] void noSuchId(int id) {
    throw InputError(
        translate("attn::tokenizer", "no token has the id %1").arg(qs(std::int64_t(id))));
}

// A symbol of the text being merged: a span of it, linked to its neighbours by index.
struct Symbol {
    qsizetype start = 0, length = 0; // in the word's UTF-16 units
    int id = -1;                     // its piece; -1 for a character without one
    qsizetype prev = -1, next = -1;  // -1 at the ends
    bool frozen = false;             // a user-defined piece: never merged
    bool alive = true;               // false once merged into the symbol on its left
};

// A pair that could merge: the better `priority` first, then the leftmost.
struct Candidate {
    double priority;
    qsizetype left, right;
    int id; // the piece the merge makes
};

struct Worse {
    bool operator()(const Candidate &a, const Candidate &b) const {
        return a.priority != b.priority ? a.priority < b.priority : a.left > b.left;
    }
};

// Merges the best adjacent pair, again and again, until no pair merges: `pairOf(left, right)`
// gives the pair's priority and the piece it makes, or nothing; `merged(left, right, id)` is
// told of each merge before it is made. A candidate is checked when it is taken, since a merge
// after it was queued may have changed either side.
template <typename PairOf, typename Merged>
void mergeBestFirst(std::vector<Symbol> &symbols, PairOf &&pairOf, Merged &&merged) {
    std::priority_queue<Candidate, std::vector<Candidate>, Worse> agenda;
    const auto consider = [&](qsizetype left) {
        if (left < 0)
            return;
        const qsizetype right = symbols[std::size_t(left)].next;
        if (right < 0)
            return;
        if (const std::optional<std::pair<double, int>> p =
                pairOf(symbols[std::size_t(left)], symbols[std::size_t(right)]))
            agenda.push({p->first, left, right, p->second});
    };
    for (qsizetype i = 0; i < qsizetype(symbols.size()); ++i)
        consider(i);
    while (!agenda.empty()) {
        const Candidate c = agenda.top();
        agenda.pop();
        Symbol &left = symbols[std::size_t(c.left)];
        if (!left.alive || left.next != c.right)
            continue;
        Symbol &right = symbols[std::size_t(c.right)];
        const std::optional<std::pair<double, int>> now = pairOf(left, right);
        if (!now || now->second != c.id || now->first != c.priority)
            continue;
        merged(left, right, c.id);
        left.length += right.length;
        left.id = c.id;
        left.next = right.next;
        right.alive = false;
        if (right.next >= 0)
            symbols[std::size_t(right.next)].prev = c.left;
        consider(left.prev);
        consider(c.left);
    }
}

// The symbols of a text: one per character (a surrogate pair is one).
void appendCharacters(QStringView text, qsizetype offset, std::vector<Symbol> &symbols) {
    for (qsizetype i = 0; i < text.size();) {
        const qsizetype length =
            text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate() ? 2
                                                                                             : 1;
        Symbol s;
        s.start = offset + i;
        s.length = length;
        symbols.push_back(s);
        i += length;
    }
}

void link(std::vector<Symbol> &symbols) {
    const auto n = qsizetype(symbols.size());
    for (qsizetype i = 0; i < n; ++i) {
        symbols[std::size_t(i)].prev = i - 1;
        symbols[std::size_t(i)].next = i + 1 < n ? i + 1 : -1;
    }
}

// "<0xF0>" as one byte of UTF-8.
QByteArray byteOf(int value) {
    return QByteArray(1, char(static_cast<unsigned char>(value)));
}

} // namespace

std::unique_ptr<SentencePiece> SentencePiece::fromModelProto(const QByteArray &bytes,
                                                             const QString &name,
                                                             const TokenizerConfig &config) {
    SentencePieceModel model = readSentencePieceModelProto(bytes, name);
    // With tokenizer_config.json beside it the file is Hugging Face's LlamaTokenizer's, which
    // matches the special tokens it names whole in the text, as its added tokens.
    model.added = config.addedTokens;
    QHash<QString, int> lookup;
    for (std::size_t id = 0; id < model.pieces.size(); ++id)
        lookup.insert(model.pieces[id].text, int(id));
    for (const QString &special : config.namedSpecialTokens())
        if (lookup.contains(special))
            model.added.push_back({special, lookup.value(special), true, false, false, false});
    // An added token beyond the pieces (a <pad> of a fine-tune) extends the vocabulary, as in
    // Hugging Face's tokenizers; its id is below kMaxVocabularySize (readAddedToken checks).
    for (const AddedToken &t : model.added) {
        if (std::size_t(t.id) >= model.pieces.size())
            model.pieces.resize(std::size_t(t.id) + 1);
        SentencePieceModel::Piece &p = model.pieces[std::size_t(t.id)];
        if (p.text.isEmpty())
            p = {t.content, 0, t.special ? PieceType::Control : PieceType::UserDefined};
    }
    return create(std::move(model), config);
}

std::unique_ptr<SentencePiece> SentencePiece::fromTokenizerJson(const QJsonObject &root,
                                                                const QString &name,
                                                                const TokenizerConfig &config) {
    return create(readSentencePieceTokenizerJson(root, name), config);
}

std::unique_ptr<SentencePiece> SentencePiece::fromModel(SentencePieceModel model,
                                                        const TokenizerConfig &config) {
    return create(std::move(model), config);
}

std::unique_ptr<SentencePiece> SentencePiece::create(SentencePieceModel model,
                                                     const TokenizerConfig &config) {
    std::unique_ptr<SentencePiece> t(new SentencePiece);
    t->build(model);
    // The special tokens around the text, by their ids or (none given) their content.
    for (const auto &[from, to] :
         {std::pair(&model.prefix, &t->prefix_), std::pair(&model.suffix, &t->suffix_)})
        for (const BpeModel::Around &a : *from) {
            if (a.ids.empty())
                to->push_back(t->idOf(a.content, a.where));
            for (const int id : a.ids) {
                if (id >= t->vocabularySize() || t->pieces_[std::size_t(id)].text.isEmpty())
                    fail(a.where, translate("attn::tokenizer", "no token has the id %1")
                                      .arg(qs(std::int64_t(id))));
                to->push_back(id);
            }
        }
    t->applyConfig(config, model.name);
    t->description_ = translate("attn::tokenizer", "SentencePiece BPE from %1, %2 tokens")
                          .arg(model.sources.value(0), qs(std::int64_t(t->vocabularySize())));
    return t;
}

void SentencePiece::build(SentencePieceModel &model) {
    pieces_ = std::move(model.pieces);
    fromModelProto_ = model.fromModelProto;
    ids_.reserve(qsizetype(pieces_.size()));
    for (std::size_t id = 0; id < pieces_.size(); ++id) {
        const SentencePieceModel::Piece &p = pieces_[id];
        if (p.text.isEmpty())
            continue;
        // Of a piece given twice (an added token of tokenizer.json may repeat one of the
        // vocabulary; tokenizer.model's are checked unique) the first id counts.
        if (ids_.contains(p.text))
            continue;
        ids_.insert(p.text, int(id));
        if (fromModelProto_ && (p.type == PieceType::Normal || p.type == PieceType::UserDefined ||
                                p.type == PieceType::Unused))
            mergeable_.insert(p.text, int(id));
    }
    byteIds_.fill(-1);
    for (std::size_t id = 0; id < pieces_.size(); ++id)
        if (pieces_[id].type == PieceType::Byte) {
            int &slot = byteIds_[std::size_t(bytePieceValue(pieces_[id].text))];
            if (slot < 0)
                slot = int(id);
        }
    if (!fromModelProto_) {
        // Each merge by the ids of its two pieces; of a merge listed twice the first place
        // counts. Hugging Face refuses a merge of pieces that are not in the vocabulary.
        merges_.reserve(qsizetype(model.merges.size()));
        for (std::size_t i = 0; i < model.merges.size(); ++i) {
            const auto &[first, second] = model.merges[i];
            const int a = ids_.value(first, -1), b = ids_.value(second, -1);
            const int merged = ids_.value(first + second, -1);
            if (a < 0 || b < 0 || merged < 0)
                fail(json::index(model.name + QStringLiteral(": model.merges"), qsizetype(i)),
                     translate("attn::tokenizer", "\"%1\" + \"%2\": a piece that is not in the "
                                                  "vocabulary")
                         .arg(first.left(40), second.left(40)));
            const quint64 key = (quint64(quint32(a)) << 32) | quint32(b);
            if (!merges_.contains(key))
                merges_.insert(key, {int(i), merged});
        }
    }
    std::vector<AddedToken> userDefined;
    if (fromModelProto_)
        for (std::size_t id = 0; id < pieces_.size(); ++id)
            if (pieces_[id].type == PieceType::UserDefined)
                userDefined.push_back({pieces_[id].text, int(id), false, false, false, false});
    userDefined_ = AddedTokenMatcher(std::move(userDefined));
    added_ = AddedTokenMatcher(std::move(model.added));
    normalizers_ = std::move(model.normalizers);
    metaspace_ = model.metaspace;
    decoders_ = std::move(model.decoders);
    byteFallback_ = model.byteFallback;
    fuseUnknown_ = model.fuseUnknown;
    ignoreMerges_ = model.ignoreMerges;
    stripDummyPrefix_ = model.stripDummyPrefix;
    unknownId_ = model.unknownId;
    unknownSurface_ = model.unknownSurface;
}

int SentencePiece::idOf(const QString &content, const QString &where) const {
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

void SentencePiece::applyConfig(const TokenizerConfig &config, const QString &name) {
    const QString where = name + QStringLiteral(": ");
    // As byte-level BPE's: add_bos_token / add_eos_token true puts the token at its end of the
    // text, false takes it away; unset leaves the file's choice.
    const auto apply = [&](std::optional<bool> add, const QString &token, const char *tokenKey,
                           const char *addKey, const QString &unnamed, std::vector<int> &ids,
                           bool front) {
        if (!add)
            return;
        std::optional<int> id;
        if (!token.isEmpty())
            id = idOf(token, where + QLatin1String(tokenKey));
        else if (front && fromModelProto_ && !prefix_.empty())
            id = prefix_.front(); // the model's own BOS (trainer_spec.bos_id)
        if (id)
            std::erase(ids, *id);
        if (!*add)
            return;
        if (!id)
            fail(where + QLatin1String(addKey), unnamed);
        ids.insert(front ? ids.begin() : ids.end(), *id);
    };
    apply(config.addBosToken, config.bosToken, "bos_token", "add_bos_token",
          translate("attn::tokenizer", "is true but no bos_token is named"), prefix_, true);
    apply(config.addEosToken, config.eosToken, "eos_token", "add_eos_token",
          translate("attn::tokenizer", "is true but no eos_token is named"), suffix_, false);
}

QString SentencePiece::normalize(const QString &text, bool first) const {
    using Kind = SentencePieceModel::Normalizer::Kind;
    QString s = text;
    for (const SentencePieceModel::Normalizer &n : normalizers_) {
        switch (n.kind) {
        case Kind::Prepend:
            if (!s.isEmpty())
                s.prepend(n.to);
            break;
        case Kind::Replace:
            s.replace(n.from, n.to);
            break;
        case Kind::SquashSpaces: {
            // SentencePiece's remove_extra_whitespaces: none before or after, one between.
            QString squashed;
            squashed.reserve(s.size());
            for (const QChar c : s)
                if (c != u' ' || (!squashed.isEmpty() && squashed.back() != u' '))
                    squashed += c;
            if (squashed.endsWith(u' '))
                squashed.chop(1);
            s = squashed;
            break;
        }
        case Kind::Nfc:
            s = s.normalized(QString::NormalizationForm_C);
            break;
        case Kind::Nfd:
            s = s.normalized(QString::NormalizationForm_D);
            break;
        case Kind::Nfkc:
            s = s.normalized(QString::NormalizationForm_KC);
            break;
        case Kind::Nfkd:
            s = s.normalized(QString::NormalizationForm_KD);
            break;
        case Kind::Lowercase:
            s = s.toLower();
            break;
        }
    }
    if (metaspace_ && !s.isEmpty()) {
        using Prepend = SentencePieceModel::Prepend;
        s.replace(u' ', metaspace_->replacement);
        const bool prepend = metaspace_->prepend == Prepend::Always ||
                             (metaspace_->prepend == Prepend::First && first);
        if (prepend && !s.startsWith(metaspace_->replacement))
            s.prepend(metaspace_->replacement);
    }
    return s;
}

std::vector<Token> SentencePiece::encode(const QString &input) const {
    checkTokenizerText(input);
    const QString text = validUtf16(input);
    std::vector<int> ids = prefix_;
    const std::vector<TextSegment> segments = added_.split(text);
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const TextSegment &segment = segments[i];
        if (segment.added >= 0) {
            ids.push_back(added_.tokens()[std::size_t(segment.added)].id);
            continue;
        }
        // Metaspace's "first": only the part at the very start of the text gets the space.
        const QString s = normalize(segment.text, i == 0);
        if (!metaspace_ || !metaspace_->split) {
            encodeWord(s, ids);
            continue;
        }
        // Cut before each "▁" (Hugging Face's MergedWithNext): each word begins with its space.
        qsizetype start = 0;
        for (qsizetype k = 1; k <= s.size(); ++k)
            if (k == s.size() || s[k] == metaspace_->replacement) {
                encodeWord(s.mid(start, k - start), ids);
                start = k;
            }
    }
    ids.insert(ids.end(), suffix_.begin(), suffix_.end());

    std::vector<Token> out;
    out.reserve(ids.size());
    for (const int id : ids)
        out.push_back(make(id));
    // A piece without "▁" begins a word too after a line break, a special token or at the start
    // ("new" after "<0x0A>"), as byte-level BPE's labels have it; whitespace alone never does.
    for (std::size_t i = 0; i < out.size(); ++i) {
        Token &t = out[i];
        const QString here = surface(t.id);
        if (t.special || t.wordStart || isBlank(here))
            continue;
        const Token *before = i > 0 ? &out[i - 1] : nullptr;
        const QString there = before ? surface(before->id) : QString();
        t.wordStart = !before || before->special || (!there.isEmpty() && there.back().isSpace());
    }
    return out;
}

void SentencePiece::encodeWord(const QString &word, std::vector<int> &out) const {
    if (word.isEmpty())
        return;
    if (fromModelProto_)
        encodeByScores(word, out);
    else
        encodeByRanks(word, out);
}

void SentencePiece::appendUnknown(QStringView characters, std::vector<int> &out) const {
    if (byteFallback_) {
        for (const char byte : characters.toUtf8()) {
            const int id = byteIds_[static_cast<unsigned char>(byte)];
            if (id >= 0)
                out.push_back(id);
            else if (unknownId_ >= 0)
                out.push_back(unknownId_);
        }
        return;
    }
    if (unknownId_ >= 0)
        out.push_back(unknownId_);
}

// SentencePiece's own BPE (bpe_model.cc): user-defined pieces are cut out first and never
// merged, every other character is a symbol, and the adjacent pair whose concatenation is a
// piece of the highest score merges first. A merge into an unused piece is undone at the end,
// back into the two pieces it was made of.
void SentencePiece::encodeByScores(const QString &word, std::vector<int> &out) const {
    std::vector<Symbol> symbols;
    for (const TextSegment &segment : userDefined_.split(word)) {
        const qsizetype offset = symbols.empty() ? 0 : symbols.back().start + symbols.back().length;
        if (segment.added >= 0) {
            Symbol s;
            s.start = offset;
            s.length = segment.text.size();
            s.frozen = true;
            symbols.push_back(s);
        } else {
            appendCharacters(segment.text, offset, symbols);
        }
    }
    link(symbols);
    QHash<QString, std::pair<QString, QString>> unmerge; // an unused piece → its two halves
    mergeBestFirst(
        symbols,
        [&](const Symbol &left, const Symbol &right) -> std::optional<std::pair<double, int>> {
            if (left.frozen || right.frozen)
                return std::nullopt;
            const auto it = mergeable_.constFind(word.mid(left.start, left.length + right.length));
            if (it == mergeable_.constEnd())
                return std::nullopt;
            return std::pair(double(pieces_[std::size_t(*it)].score), *it);
        },
        [&](const Symbol &left, const Symbol &right, int id) {
            if (pieces_[std::size_t(id)].type == PieceType::Unused)
                unmerge.insert(
                    pieces_[std::size_t(id)].text,
                    {word.mid(left.start, left.length), word.mid(right.start, right.length)});
        });

    const std::size_t begin = out.size();
    const std::function<void(const QString &)> place = [&](const QString &piece) {
        const auto it = ids_.constFind(piece);
        if (it != ids_.constEnd() && pieces_[std::size_t(*it)].type == PieceType::Unused) {
            const auto halves = unmerge.constFind(piece);
            if (halves != unmerge.constEnd()) {
                place(halves->first);
                place(halves->second);
                return;
            }
        }
        if (it != ids_.constEnd()) {
            out.push_back(*it);
            return;
        }
        // SentencePiece joins unknown pieces in a row into one.
        if (fuseUnknown_ && !byteFallback_ && out.size() > begin && out.back() == unknownId_)
            return;
        appendUnknown(piece, out);
    };
    for (qsizetype i = 0; i >= 0 && !symbols.empty(); i = symbols[std::size_t(i)].next)
        place(word.mid(symbols[std::size_t(i)].start, symbols[std::size_t(i)].length));
}

// Hugging Face's BPE (tokenizers' models/bpe): each character is its piece, or with
// byte_fallback the <0xXX> pieces of its bytes when it has none, or the unknown token (one for
// a run of them with fuse_unk); the merges then go in the order of the merges list.
void SentencePiece::encodeByRanks(const QString &word, std::vector<int> &out) const {
    if (ignoreMerges_)
        if (const auto it = ids_.constFind(word); it != ids_.constEnd()) {
            out.push_back(*it);
            return;
        }
    std::vector<Symbol> characters;
    appendCharacters(word, 0, characters);
    std::vector<Symbol> symbols;
    symbols.reserve(characters.size());
    for (const Symbol &c : characters) {
        const QString character = word.mid(c.start, c.length);
        if (const auto it = ids_.constFind(character); it != ids_.constEnd()) {
            Symbol s = c;
            s.id = *it;
            symbols.push_back(s);
            continue;
        }
        if (byteFallback_) {
            const QByteArray bytes = character.toUtf8();
            if (std::all_of(bytes.begin(), bytes.end(), [this](char b) {
                    return byteIds_[static_cast<unsigned char>(b)] >= 0;
                })) {
                for (const char b : bytes) {
                    Symbol s = c;
                    s.id = byteIds_[static_cast<unsigned char>(b)];
                    symbols.push_back(s);
                }
                continue;
            }
        }
        if (unknownId_ < 0)
            continue; // no unknown token: the character is dropped, as Hugging Face does
        if (fuseUnknown_ && !symbols.empty() && symbols.back().id == unknownId_) {
            symbols.back().length += c.length;
            continue;
        }
        Symbol s = c;
        s.id = unknownId_;
        symbols.push_back(s);
    }
    link(symbols);
    mergeBestFirst(
        symbols,
        [this](const Symbol &left, const Symbol &right) -> std::optional<std::pair<double, int>> {
            const auto it =
                merges_.constFind((quint64(quint32(left.id)) << 32) | quint32(right.id));
            if (it == merges_.constEnd())
                return std::nullopt;
            return std::pair(-double(it->first), it->second);
        },
        [](const Symbol &, const Symbol &, int) {});
    for (qsizetype i = 0; i >= 0 && !symbols.empty(); i = symbols[std::size_t(i)].next)
        out.push_back(symbols[std::size_t(i)].id);
}

QString SentencePiece::surface(int id) const {
    const SentencePieceModel::Piece &p = pieces_[std::size_t(id)];
    if (p.type == PieceType::Control || p.type == PieceType::Unknown)
        return QString();
    if (const int byte = p.type == PieceType::Byte ? bytePieceValue(p.text) : -1; byte >= 0)
        return byte < 0x80 ? QString(QChar(char16_t(byte))) : QString();
    QString text = p.text;
    text.replace(kVisibleSpace, u' ');
    if (metaspace_)
        text.replace(metaspace_->replacement, u' ');
    return text;
}

bool SentencePiece::isBlank(const QString &surface) {
    return !surface.isEmpty() &&
           std::all_of(surface.begin(), surface.end(), [](QChar c) { return c.isSpace(); });
}

Token SentencePiece::make(int id) const {
    const SentencePieceModel::Piece &p = pieces_[std::size_t(id)];
    Token t;
    t.id = id;
    t.piece = p.text;
    // As SentencePiece prints pieces (spm_encode, the reference sentences): "▁The", "<0x0A>".
    t.text = p.text;
    t.special = p.type == PieceType::Control || p.type == PieceType::Unknown;
    const QString text = surface(id);
    if (t.special || text.isEmpty()) {
        // A special token as it is; a byte that is part of a character as its piece, "<0xF0>".
        t.display = p.text;
        t.wordStart = t.special;
    } else if (isBlank(text)) {
        t.display = visibleWhitespace(text); // "▁" alone: "␣"; "<0x0A>": "↵"
    } else {
        t.wordStart = text.startsWith(u' ');
        t.display = visibleWhitespace(t.wordStart ? text.mid(1) : text);
    }
    return t;
}

Token SentencePiece::token(int id) const {
    if (id < 0 || id >= vocabularySize() || pieces_[std::size_t(id)].text.isEmpty())
        noSuchId(id);
    return make(id);
}

QString SentencePiece::decode(const std::vector<int> &ids) const {
    for (const int id : ids)
        if (id < 0 || id >= vocabularySize() || pieces_[std::size_t(id)].text.isEmpty())
            noSuchId(id);
    return fromModelProto_ ? decodeModelProto(ids) : decodeWithSteps(ids);
}

// SentencePiece's DecodeIds: control tokens (BOS, EOS) are invisible, byte pieces in a row are
// joined and read as UTF-8, the unknown token is its surface (" ⁇ "), and "▁" is a space; the
// first piece's "▁" is the dummy prefix and goes.
QString SentencePiece::decodeModelProto(const std::vector<int> &ids) const {
    QString out;
    QByteArray bytes;
    const auto flush = [&] {
        out += decodeUtf8(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        bytes.clear();
    };
    for (const int id : ids) {
        const SentencePieceModel::Piece &p = pieces_[std::size_t(id)];
        if (p.type == PieceType::Control)
            continue;
        if (p.type == PieceType::Byte) {
            bytes += byteOf(bytePieceValue(p.text));
            continue;
        }
        flush();
        if (p.type == PieceType::Unknown) {
            out += unknownSurface_;
            continue;
        }
        QString piece = p.text;
        if (out.isEmpty() && stripDummyPrefix_ && piece.startsWith(kVisibleSpace))
            piece.remove(0, 1);
        out += piece.replace(kVisibleSpace, u' ');
    }
    flush();
    return out;
}

// tokenizer.json's decoder, step by step on the list of pieces, as Hugging Face's decoders do;
// the special tokens are left out (its decode's skip_special_tokens).
QString SentencePiece::decodeWithSteps(const std::vector<int> &ids) const {
    using Kind = SentencePieceModel::Decoder::Kind;
    std::vector<QString> parts;
    parts.reserve(ids.size());
    for (const int id : ids) {
        const SentencePieceModel::Piece &p = pieces_[std::size_t(id)];
        if (p.type != PieceType::Control && p.type != PieceType::Unknown)
            parts.push_back(p.text);
    }
    for (const SentencePieceModel::Decoder &d : decoders_) {
        switch (d.kind) {
        case Kind::Replace:
            for (QString &part : parts)
                part.replace(d.from, d.to);
            break;
        case Kind::ByteFallback: {
            // Byte pieces in a row: their UTF-8, or one U+FFFD for each byte when it is not.
            std::vector<QString> joined;
            QByteArray bytes;
            const auto flush = [&] {
                if (bytes.isEmpty())
                    return;
                if (QUtf8StringView(bytes).isValidUtf8())
                    joined.push_back(
                        decodeUtf8(std::string_view(bytes.constData(), std::size_t(bytes.size()))));
                else
                    joined.push_back(QString(bytes.size(), QChar(QChar::ReplacementCharacter)));
                bytes.clear();
            };
            for (QString &part : parts) {
                if (const int byte = bytePieceValue(part); byte >= 0) {
                    bytes += byteOf(byte);
                    continue;
                }
                flush();
                joined.push_back(std::move(part));
            }
            flush();
            parts = std::move(joined);
            break;
        }
        case Kind::Fuse: {
            QString all;
            for (const QString &part : parts)
                all += part;
            parts = {all};
            break;
        }
        case Kind::Strip:
            for (QString &part : parts) {
                qsizetype from = 0, to = part.size();
                while (from < d.start && from < to && part[from] == d.content)
                    ++from;
                while (part.size() - to < d.stop && to > from && part[to - 1] == d.content)
                    --to;
                part = part.mid(from, to - from);
            }
            break;
        case Kind::Metaspace:
            for (std::size_t i = 0; i < parts.size(); ++i) {
                parts[i].replace(d.replacement, u' ');
                if (d.stripFirst && i == 0 && parts[i].startsWith(u' '))
                    parts[i].remove(0, 1);
            }
            break;
        }
    }
    QString out;
    for (const QString &part : parts)
        out += part;
    return out;
}

} // namespace attn
