// SPDX-License-Identifier: GPL-3.0-or-later
#include "ByteLevelBpe.h"

#include "InputError.h"
#include "Limits.h"
#include "TokenizerJson.h"
#include "Translate.h"
#include "io/JsonRead.h"

#include <QJsonArray>
#include <QStringList>
#include <QUtf8StringView>

#include <algorithm>
#include <functional>
#include <queue>

namespace attn {

const char *const ByteLevelBpe::kGpt2Pattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

namespace {

namespace tj = tokenizer_json;

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

[[noreturn]] void fail(const QString &where, const QString &message) {
    json::fail(where, message);
}

// "first second" on one line, as vocab.bpe and merges.txt have them.
std::pair<QString, QString> splitMerge(const QString &line, const QString &where) {
    const qsizetype space = line.indexOf(u' ');
    if (space <= 0 || space == line.size() - 1 || line.indexOf(u' ', space + 1) >= 0)
        fail(where,
             translate("attn::tokenizer", "expected two tokens separated by one space, got \"%1\"")
                 .arg(line.size() > 40 ? line.left(40) + "\u2026" : line));
    if (line.size() > 2 * kMaxTokenPieceLength + 1)
        fail(where, translate("attn::tokenizer", "a token of %1 characters: at most %2 are "
                                                 "supported")
                        .arg(qs(std::int64_t(line.size())), qs(kMaxTokenPieceLength)));
    return {line.left(space), line.mid(space + 1)};
}

std::vector<std::pair<QString, QString>> parseMergesText(const QByteArray &text,
                                                         const QString &name) {
    // Counted before anything is stored: a line per merge, the "#version" line and the last.
    const qsizetype lines = text.count('\n') + 1;
    if (lines > kMaxMerges + 2)
        fail(name, translate("attn::tokenizer", "%1 lines: at most %2 merges are supported")
                       .arg(qs(std::int64_t(lines)), qs(kMaxMerges)));
    if (!QUtf8StringView(text).isValidUtf8())
        fail(name, translate("attn::tokenizer", "not UTF-8 text"));
    const QStringList all = QString::fromUtf8(text).split(u'\n');
    // The last line is empty when the file ends with a newline, as OpenAI's and Hugging Face's do.
    qsizetype count = all.size();
    while (count > 0 && (all[count - 1].isEmpty() || all[count - 1] == u"\r"))
        --count;
    std::vector<std::pair<QString, QString>> merges;
    merges.reserve(std::size_t(count));
    for (qsizetype i = 0; i < count; ++i) {
        QString line = all[i];
        if (line.endsWith(u'\r'))
            line.chop(1);
        if (i == 0 && line.startsWith(u"#version"))
            continue;
        merges.push_back(splitMerge(
            line,
            name + ": " + translate("attn::tokenizer", "line %1").arg(qs(std::int64_t(i + 1)))));
    }
    return merges;
}

// A word of several tokens: the first begins it when a space, a line break or the start of the
// text is before it; a token of whitespace alone is shown as such.
void markWords(std::vector<Token> &tokens, std::size_t from) {
    for (std::size_t i = from; i < tokens.size(); ++i) {
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

// Unpaired surrogates (possible in a QString, never in UTF-8) become U+FFFD, so the regular
// expressions, which need valid UTF-16, see the text UTF-8 would give.
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

// The matches of `re` in `s` and the text between them, in order (a Split pre-tokenizer's
// "Isolated" behaviour).
void isolate(const QRegularExpression &re, const QString &s, std::vector<QString> &out) {
    qsizetype last = 0;
    QRegularExpressionMatchIterator it = re.globalMatch(s);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const qsizetype start = m.capturedStart(), length = m.capturedLength();
        if (length == 0)
            continue;
        if (start > last)
            out.push_back(s.mid(last, start - last));
        out.push_back(s.mid(start, length));
        last = start + length;
    }
    if (last < s.size())
        out.push_back(s.mid(last));
}

const QJsonValue member(const QJsonObject &o, const char *key) {
    return o.value(QLatin1String(key));
}

QString typeOf(const QJsonValue &v, const QString &where) {
    if (!v.isObject())
        fail(where,
             translate("attn::tokenizer", "expected an object, got %1").arg(json::describe(v)));
    return tj::readString(v.toObject(), "type", where);
}

} // namespace

QChar ByteLevelBpe::byteChar(unsigned char byte) {
    return QChar(byteTable().charOf[byte]);
}

void ByteLevelBpe::build(const std::vector<std::pair<QString, int>> &vocab,
                         const std::vector<std::pair<QString, QString>> &merges,
                         std::vector<AddedToken> added, const QString &name) {
    int size = 0; // every id is below kMaxVocabularySize (tj::readId), so this table is bounded
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
    if (config.addBosToken) {
        const auto bos = config.bosToken.isEmpty()
                             ? std::optional<int>()
                             : std::optional<int>(idOf(config.bosToken, where + "bos_token"));
        if (bos)
            std::erase(prefix_, *bos);
        if (*config.addBosToken) {
            if (!bos)
                fail(where + "add_bos_token",
                     translate("attn::tokenizer", "is true but no bos_token is named"));
            prefix_.insert(prefix_.begin(), *bos);
        }
    }
    if (config.addEosToken) {
        const auto eos = config.eosToken.isEmpty()
                             ? std::optional<int>()
                             : std::optional<int>(idOf(config.eosToken, where + "eos_token"));
        if (eos)
            std::erase(suffix_, *eos);
        if (*config.addEosToken) {
            if (!eos)
                fail(where + "add_eos_token",
                     translate("attn::tokenizer", "is true but no eos_token is named"));
            suffix_.push_back(*eos);
        }
    }
}

std::unique_ptr<ByteLevelBpe> ByteLevelBpe::fromVocabAndMerges(const QByteArray &vocabJson,
                                                               const QString &vocabName,
                                                               const QByteArray &merges,
                                                               const QString &mergesName,
                                                               const TokenizerConfig &config) {
    const QJsonObject root = tj::parseObject(vocabJson, vocabName);
    const auto vocab = tj::readVocabulary(root, vocabName + ": ");
    const auto pairs = parseMergesText(merges, mergesName);
    // The special tokens tokenizer_config.json names are matched whole, as Hugging Face's
    // GPT2Tokenizer does ("<|endoftext|>" is one token there, five in OpenAI's encoder).
    std::vector<AddedToken> added = config.addedTokens;
    QHash<QString, int> lookup;
    for (const auto &[piece, id] : vocab)
        lookup.insert(piece, id);
    for (const QString &name : config.namedSpecialTokens())
        if (lookup.contains(name))
            added.push_back({name, lookup.value(name), true, false, false, false});
    std::unique_ptr<ByteLevelBpe> t(new ByteLevelBpe);
    t->build(vocab, pairs, std::move(added), vocabName);
    t->applyConfig(config, vocabName);
    t->addPrefixSpace_ = config.addPrefixSpace.value_or(false);
    t->description_ = translate("attn::tokenizer", "byte-level BPE from %1 and %2, %3 tokens")
                          .arg(vocabName, mergesName, qs(std::int64_t(t->vocabularySize())));
    return t;
}

std::unique_ptr<ByteLevelBpe> ByteLevelBpe::fromTokenizerJson(const QByteArray &json,
                                                              const QString &name,
                                                              const TokenizerConfig &config) {
    const QJsonObject root = tj::parseObject(json, name);
    const QString top = name + ": ";
    std::unique_ptr<ByteLevelBpe> t(new ByteLevelBpe);

    // The model: BPE with a vocabulary and merges, none of the options that change them.
    const QString modelWhere = tj::field(top, "model");
    const QJsonValue modelValue = member(root, "model");
    const QString type = typeOf(modelValue, modelWhere);
    const QJsonObject model = modelValue.toObject();
    if (type == u"WordPiece")
        fail(tj::field(modelWhere, "type"),
             translate("attn::tokenizer", "WordPiece (BERT): read its vocab.txt instead"));
    if (type != u"BPE")
        fail(tj::field(modelWhere, "type"),
             translate("attn::tokenizer", "model type \"%1\": only BPE is supported").arg(type));
    const QJsonValue dropout = member(model, "dropout");
    if (!dropout.isNull() && !dropout.isUndefined() && dropout.toDouble(1) != 0)
        fail(tj::field(modelWhere, "dropout"),
             translate("attn::tokenizer", "BPE dropout makes tokens random: only null is "
                                          "supported"));
    for (const char *key : {"continuing_subword_prefix", "end_of_word_suffix"})
        if (!tj::readString(model, key, modelWhere).isEmpty())
            fail(tj::field(modelWhere, key),
                 translate("attn::tokenizer", "not supported by byte-level BPE"));
    t->ignoreMerges_ = tj::readOptionalBool(model, "ignore_merges", modelWhere).value_or(false);
    const auto vocab = tj::readVocabulary(member(model, "vocab"), tj::field(modelWhere, "vocab"));

    const QString mergesWhere = tj::field(modelWhere, "merges");
    const QJsonValue mergesValue = member(model, "merges");
    if (!mergesValue.isArray())
        fail(mergesWhere, translate("attn::tokenizer", "expected an array, got %1")
                              .arg(json::describe(mergesValue)));
    const QJsonArray mergesArray = mergesValue.toArray();
    if (mergesArray.size() > kMaxMerges)
        fail(mergesWhere, translate("attn::tokenizer", "%1 merges: at most %2 are supported")
                              .arg(qs(std::int64_t(mergesArray.size())), qs(kMaxMerges)));
    std::vector<std::pair<QString, QString>> merges;
    merges.reserve(std::size_t(mergesArray.size()));
    for (qsizetype i = 0; i < mergesArray.size(); ++i) {
        const QJsonValue m = mergesArray[i];
        const QString at = json::index(mergesWhere, i);
        if (m.isString()) {
            merges.push_back(splitMerge(m.toString(), at));
            continue;
        }
        // The newer form, a pair of strings (which may hold spaces).
        const QJsonArray pair = m.toArray();
        if (!m.isArray() || pair.size() != 2 || !pair[0].isString() || !pair[1].isString() ||
            pair[0].toString().isEmpty() || pair[1].toString().isEmpty())
            fail(at, translate("attn::tokenizer", "expected \"first second\" or a pair of "
                                                  "tokens, got %1")
                         .arg(json::describe(m)));
        if (pair[0].toString().size() > kMaxTokenPieceLength ||
            pair[1].toString().size() > kMaxTokenPieceLength)
            fail(at, translate("attn::tokenizer", "a token longer than %1 characters")
                         .arg(qs(kMaxTokenPieceLength)));
        merges.emplace_back(pair[0].toString(), pair[1].toString());
    }

    // Added tokens, matched whole before anything else.
    std::vector<AddedToken> added;
    const QString addedWhere = tj::field(top, "added_tokens");
    const QJsonValue addedValue = member(root, "added_tokens");
    if (!addedValue.isUndefined() && !addedValue.isNull()) {
        if (!addedValue.isArray())
            fail(addedWhere, translate("attn::tokenizer", "expected an array, got %1")
                                 .arg(json::describe(addedValue)));
        const QJsonArray a = addedValue.toArray();
        if (a.size() > kMaxVocabularySize)
            fail(addedWhere, translate("attn::tokenizer", "%1 tokens: at most %2 are supported")
                                 .arg(qs(std::int64_t(a.size())), qs(kMaxVocabularySize)));
        for (qsizetype i = 0; i < a.size(); ++i)
            added.push_back(tj::readAddedToken(a[i], json::index(addedWhere, i), std::nullopt));
    }

    // The normalizer: none, or Unicode normal forms and lower case.
    const std::function<void(const QJsonValue &, const QString &)> normalizer =
        [&](const QJsonValue &v, const QString &where) {
            if (v.isNull() || v.isUndefined())
                return;
            const QString kind = typeOf(v, where);
            static const std::pair<const char *, Normalizer> forms[] = {
                {"NFC", Normalizer::Nfc},
                {"NFD", Normalizer::Nfd},
                {"NFKC", Normalizer::Nfkc},
                {"NFKD", Normalizer::Nfkd},
                {"Lowercase", Normalizer::Lowercase}};
            for (const auto &[formName, form] : forms)
                if (kind == QLatin1String(formName)) {
                    t->normalizers_.push_back(form);
                    return;
                }
            if (kind != u"Sequence")
                fail(tj::field(where, "type"),
                     translate("attn::tokenizer", "normalizer \"%1\" is not supported (NFC, "
                                                  "NFD, NFKC, NFKD, Lowercase and Sequence are)")
                         .arg(kind));
            const QJsonArray list = member(v.toObject(), "normalizers").toArray();
            for (qsizetype i = 0; i < list.size(); ++i)
                normalizer(list[i], json::index(tj::field(where, "normalizers"), i));
        };
    normalizer(member(root, "normalizer"), tj::field(top, "normalizer"));

    // The pre-tokenizer: ByteLevel, alone or after one Split regex.
    bool byteLevel = false;
    const std::function<void(const QJsonValue &, const QString &)> preTokenizer =
        [&](const QJsonValue &v, const QString &where) {
            const QString kind = typeOf(v, where);
            const QJsonObject o = v.toObject();
            if (kind == u"Sequence") {
                const QJsonArray list = member(o, "pretokenizers").toArray();
                for (qsizetype i = 0; i < list.size(); ++i)
                    preTokenizer(list[i], json::index(tj::field(where, "pretokenizers"), i));
            } else if (kind == u"ByteLevel") {
                if (byteLevel)
                    fail(where, translate("attn::tokenizer", "a second ByteLevel pre-tokenizer"));
                byteLevel = true;
                t->addPrefixSpace_ =
                    tj::readOptionalBool(o, "add_prefix_space", where).value_or(true);
                t->byteLevelRegex_ = tj::readOptionalBool(o, "use_regex", where).value_or(true);
            } else if (kind == u"Split") {
                if (byteLevel || t->split_)
                    fail(where, translate("attn::tokenizer",
                                          "only one Split before the ByteLevel pre-tokenizer "
                                          "is supported"));
                if (tj::readString(o, "behavior", where) != u"Isolated" ||
                    tj::readOptionalBool(o, "invert", where).value_or(false))
                    fail(where, translate("attn::tokenizer", "only a Split with behavior "
                                                             "\"Isolated\", not inverted, is "
                                                             "supported"));
                const QString patternWhere = tj::field(where, "pattern");
                const QJsonValue patternValue = member(o, "pattern");
                const QJsonObject pattern = patternValue.toObject();
                QString regex;
                if (pattern.contains(QLatin1String("Regex")))
                    regex = tj::readString(pattern, "Regex", patternWhere);
                else if (pattern.contains(QLatin1String("String")))
                    regex =
                        QRegularExpression::escape(tj::readString(pattern, "String", patternWhere));
                if (regex.isEmpty())
                    fail(patternWhere,
                         translate("attn::tokenizer", "expected {\"Regex\": …} or {\"String\": …}, "
                                                      "got %1")
                             .arg(json::describe(patternValue)));
                if (regex.size() > kMaxTokenizerPatternLength)
                    fail(patternWhere,
                         translate("attn::tokenizer", "a pattern of %1 characters: at most %2 "
                                                      "are supported")
                             .arg(qs(std::int64_t(regex.size())), qs(kMaxTokenizerPatternLength)));
                QRegularExpression re(regex, QRegularExpression::UseUnicodePropertiesOption);
                if (!re.isValid())
                    fail(patternWhere,
                         translate("attn::tokenizer", "not a valid regular "
                                                      "expression: %1 at %2")
                             .arg(re.errorString(), qs(std::int64_t(re.patternErrorOffset()))));
                re.optimize();
                t->split_ = re;
            } else {
                fail(tj::field(where, "type"),
                     translate("attn::tokenizer", "pre-tokenizer \"%1\" is not supported "
                                                  "(ByteLevel after at most one Split is)")
                         .arg(kind));
            }
        };
    const QString preWhere = tj::field(top, "pre_tokenizer");
    preTokenizer(member(root, "pre_tokenizer"), preWhere);
    if (!byteLevel)
        fail(preWhere, translate("attn::tokenizer", "there is no ByteLevel pre-tokenizer: only "
                                                    "byte-level BPE is supported"));

    t->build(vocab, merges, std::move(added), name);

    // The post-processor: the special tokens around the text (a BOS; RoBERTa's <s> … </s>).
    const QJsonObject specialsOfTemplate =
        member(member(root, "post_processor").toObject(), "special_tokens").toObject();
    const std::function<void(const QJsonValue &, const QString &)> postProcessor =
        [&](const QJsonValue &v, const QString &where) {
            if (v.isNull() || v.isUndefined())
                return;
            const QString kind = typeOf(v, where);
            const QJsonObject o = v.toObject();
            if (kind == u"ByteLevel")
                return; // offsets only
            if (kind == u"Sequence") {
                const QJsonArray list = member(o, "processors").toArray();
                for (qsizetype i = 0; i < list.size(); ++i)
                    postProcessor(list[i], json::index(tj::field(where, "processors"), i));
                return;
            }
            if (kind == u"RobertaProcessing" || kind == u"BertProcessing") {
                const auto idOfPair = [&](const char *key) {
                    const QJsonArray pair = member(o, key).toArray();
                    if (pair.size() != 2)
                        fail(tj::field(where, key),
                             translate("attn::tokenizer", "expected [token, id]"));
                    const QString at = json::index(tj::field(where, key), 1);
                    const int id = tj::readId(pair[1], at);
                    if (id >= t->vocabularySize() || t->pieces_[std::size_t(id)].isEmpty())
                        fail(at, translate("attn::tokenizer", "no token has the id %1")
                                     .arg(qs(std::int64_t(id))));
                    return id;
                };
                t->prefix_ = {idOfPair("cls")};
                t->suffix_ = {idOfPair("sep")};
                return;
            }
            if (kind != u"TemplateProcessing")
                fail(tj::field(where, "type"),
                     translate("attn::tokenizer", "post-processor \"%1\" is not supported")
                         .arg(kind));
            const QString singleWhere = tj::field(where, "single");
            const QJsonArray single = member(o, "single").toArray();
            bool afterText = false;
            for (qsizetype i = 0; i < single.size(); ++i) {
                const QJsonObject item = single[i].toObject();
                const QString at = json::index(singleWhere, i);
                if (item.contains(QLatin1String("Sequence"))) {
                    afterText = true;
                    continue;
                }
                const QString special = tj::readString(member(item, "SpecialToken").toObject(),
                                                       "id", tj::field(at, "SpecialToken"));
                if (special.isEmpty())
                    fail(at, translate("attn::tokenizer", "expected a Sequence or a "
                                                          "SpecialToken, got %1")
                                 .arg(json::describe(single[i])));
                std::vector<int> ids;
                const QJsonValue listed = specialsOfTemplate.value(special);
                const QJsonArray listedIds = member(listed.toObject(), "ids").toArray();
                for (qsizetype k = 0; k < listedIds.size() && k < 16; ++k)
                    ids.push_back(tj::readId(listedIds[k], tj::field(at, "ids")));
                for (int id : ids)
                    if (id >= t->vocabularySize() || t->pieces_[std::size_t(id)].isEmpty())
                        fail(at, translate("attn::tokenizer", "no token has the id %1")
                                     .arg(qs(std::int64_t(id))));
                if (ids.empty())
                    ids.push_back(t->idOf(special, at));
                auto &target = afterText ? t->suffix_ : t->prefix_;
                target.insert(target.end(), ids.begin(), ids.end());
            }
        };
    postProcessor(member(root, "post_processor"), tj::field(top, "post_processor"));
    t->applyConfig(config, name);
    t->description_ = translate("attn::tokenizer", "byte-level BPE from %1, %2 tokens")
                          .arg(name, qs(std::int64_t(t->vocabularySize())));
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
        for (const Normalizer n : normalizers_) {
            switch (n) {
            case Normalizer::Nfc:
                s = s.normalized(QString::NormalizationForm_C);
                break;
            case Normalizer::Nfd:
                s = s.normalized(QString::NormalizationForm_D);
                break;
            case Normalizer::Nfkc:
                s = s.normalized(QString::NormalizationForm_KC);
                break;
            case Normalizer::Nfkd:
                s = s.normalized(QString::NormalizationForm_KD);
                break;
            case Normalizer::Lowercase:
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
    markWords(out, 0);
    return out;
}

Token ByteLevelBpe::token(int id) const {
    if (id < 0 || id >= vocabularySize() || pieces_[std::size_t(id)].isEmpty())
        throw InputError(
            translate("attn::tokenizer", "no token has the id %1").arg(qs(std::int64_t(id))));
    std::vector<Token> one{special_[std::size_t(id)]
                               ? specialToken(id)
                               : tokenFromBytes(id, pieceBytes(pieces_[std::size_t(id)]))};
    markWords(one, 0);
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
