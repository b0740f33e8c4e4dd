// SPDX-License-Identifier: GPL-3.0-or-later
#include "BpeModel.h"

#include "InputError.h"
#include "Limits.h"
#include "TokenizerJson.h"
#include "Translate.h"
#include "io/JsonRead.h"

#include <QJsonArray>
#include <QStringList>
#include <QUtf8StringView>

#include <functional>

namespace attn {

using json::fail;

namespace {

namespace tj = tokenizer_json;

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

QJsonValue member(const QJsonObject &o, const char *key) {
    return o.value(QLatin1String(key));
}

QString typeOf(const QJsonValue &v, const QString &where) {
    if (!v.isObject())
        fail(where,
             translate("attn::tokenizer", "expected an object, got %1").arg(json::describe(v)));
    return tj::readString(v.toObject(), "type", where);
}

} // namespace

std::vector<std::pair<QString, QString>> readMergesArray(const QJsonValue &mergesValue,
                                                         const QString &mergesWhere) {
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
        const QJsonValue merge = mergesArray[i];
        const QString at = json::index(mergesWhere, i);
        if (merge.isString()) {
            merges.push_back(splitMerge(merge.toString(), at));
            continue;
        }
        // The newer form, a pair of strings (which may hold spaces).
        const QJsonArray pair = merge.toArray();
        if (!merge.isArray() || pair.size() != 2 || !pair[0].isString() || !pair[1].isString() ||
            pair[0].toString().isEmpty() || pair[1].toString().isEmpty())
            fail(at, translate("attn::tokenizer", "expected \"first second\" or a pair of "
                                                  "tokens, got %1")
                         .arg(json::describe(merge)));
        if (pair[0].toString().size() > kMaxTokenPieceLength ||
            pair[1].toString().size() > kMaxTokenPieceLength)
            fail(at, translate("attn::tokenizer", "a token longer than %1 characters")
                         .arg(qs(kMaxTokenPieceLength)));
        merges.emplace_back(pair[0].toString(), pair[1].toString());
    }
    return merges;
}

std::vector<AddedToken> readAddedTokens(const QJsonObject &root, const QString &top) {
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
    return added;
}

void readPostProcessor(const QJsonObject &root, const QString &top,
                       std::vector<BpeModel::Around> &prefix,
                       std::vector<BpeModel::Around> &suffix) {
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
                const auto around = [&](const char *key) {
                    const QJsonArray pair = member(o, key).toArray();
                    if (pair.size() != 2)
                        fail(tj::field(where, key),
                             translate("attn::tokenizer", "expected [token, id]"));
                    const QString at = json::index(tj::field(where, key), 1);
                    return BpeModel::Around{QString(), {tj::readId(pair[1], at)}, at};
                };
                prefix = {around("cls")};
                suffix = {around("sep")};
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
                BpeModel::Around a{special, {}, at};
                const QJsonValue listed = specialsOfTemplate.value(special);
                const QJsonArray listedIds = member(listed.toObject(), "ids").toArray();
                for (qsizetype k = 0; k < listedIds.size() && k < 16; ++k)
                    a.ids.push_back(tj::readId(listedIds[k], tj::field(at, "ids")));
                (afterText ? suffix : prefix).push_back(std::move(a));
            }
        };
    postProcessor(member(root, "post_processor"), tj::field(top, "post_processor"));
}

BpeModel readVocabAndMerges(const QByteArray &vocabJson, const QString &vocabName,
                            const QByteArray &merges, const QString &mergesName,
                            const TokenizerConfig &config) {
    BpeModel m;
    m.name = vocabName;
    m.sources = {vocabName, mergesName};
    m.vocab = tj::readVocabulary(tj::parseObject(vocabJson, vocabName), vocabName + ": ");
    m.merges = parseMergesText(merges, mergesName);
    // The special tokens tokenizer_config.json names are matched whole, as Hugging Face's
    // GPT2Tokenizer does ("<|endoftext|>" is one token there, five in OpenAI's encoder).
    m.added = config.addedTokens;
    QHash<QString, int> lookup;
    for (const auto &[piece, id] : m.vocab)
        lookup.insert(piece, id);
    for (const QString &special : config.namedSpecialTokens())
        if (lookup.contains(special))
            m.added.push_back({special, lookup.value(special), true, false, false, false});
    m.addPrefixSpace = config.addPrefixSpace.value_or(false);
    return m;
}

BpeModel readBpeTokenizerJson(const QByteArray &json, const QString &name) {
    return readBpeTokenizerJson(tj::parseObject(json, name), name);
}

BpeModel readBpeTokenizerJson(const QJsonObject &root, const QString &name) {
    const QString top = name + ": ";
    BpeModel m;
    m.name = name;
    m.sources = {name};

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
    m.ignoreMerges = tj::readOptionalBool(model, "ignore_merges", modelWhere).value_or(false);
    m.vocab = tj::readVocabulary(member(model, "vocab"), tj::field(modelWhere, "vocab"));

    m.merges = readMergesArray(member(model, "merges"), tj::field(modelWhere, "merges"));
    // Added tokens, matched whole before anything else.
    m.added = readAddedTokens(root, top);

    // The normalizer: none, or Unicode normal forms and lower case.
    const std::function<void(const QJsonValue &, const QString &)> normalizer =
        [&](const QJsonValue &v, const QString &where) {
            if (v.isNull() || v.isUndefined())
                return;
            const QString kind = typeOf(v, where);
            static const std::pair<const char *, BpeModel::Normalizer> forms[] = {
                {"NFC", BpeModel::Normalizer::Nfc},
                {"NFD", BpeModel::Normalizer::Nfd},
                {"NFKC", BpeModel::Normalizer::Nfkc},
                {"NFKD", BpeModel::Normalizer::Nfkd},
                {"Lowercase", BpeModel::Normalizer::Lowercase}};
            for (const auto &[formName, form] : forms)
                if (kind == QLatin1String(formName)) {
                    m.normalizers.push_back(form);
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
                m.addPrefixSpace =
                    tj::readOptionalBool(o, "add_prefix_space", where).value_or(true);
                m.byteLevelRegex = tj::readOptionalBool(o, "use_regex", where).value_or(true);
            } else if (kind == u"Split") {
                if (byteLevel || m.split)
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
                m.split = re;
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

    // The post-processor: the special tokens around the text (a BOS; RoBERTa's <s> … </s>).
    readPostProcessor(root, top, m.prefix, m.suffix);
    return m;
}

} // namespace attn
