// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenizerJson.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "io/JsonRead.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>
#include <unordered_map>

namespace attn::tokenizer_json {

using json::describe;
using json::fail;

QString field(const QString &where, const char *key) {
    return where.endsWith(u' ') ? where + QLatin1String(key) : where + u'.' + QLatin1String(key);
}

namespace {

// Qt's JSON parser (6.4) drops a U+FEFF that begins a string, as if it were a byte order mark:
// the token "\uFEFF" of Llama 2's vocabulary (id 30143) came out as "". Written as the escape
// \uFEFF it is kept. Outside a string the three bytes are not JSON either way; the file's own
// byte order mark at its very start stays for the parser to skip, and one after an escaping
// backslash stays too, so that the parser still refuses that escape.
QByteArray escapeByteOrderMarks(const QByteArray &json) {
    static const QByteArray bom("\xEF\xBB\xBF");
    const qsizetype start = json.startsWith(bom) ? bom.size() : 0;
    qsizetype at = json.indexOf(bom, start);
    if (at < 0)
        return json;
    QByteArray out;
    out.reserve(json.size() + 64);
    qsizetype copied = 0;
    for (; at >= 0; at = json.indexOf(bom, at + bom.size())) {
        qsizetype slashes = 0;
        while (at - slashes > 0 && json[at - slashes - 1] == '\\')
            ++slashes;
        if (slashes % 2 != 0)
            continue;
        out.append(QByteArrayView(json).sliced(copied, at - copied));
        out += "\\uFEFF";
        copied = at + bom.size();
    }
    out.append(QByteArrayView(json).sliced(copied));
    return out;
}

} // namespace

QJsonObject parseObject(const QByteArray &json, const QString &name) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(escapeByteOrderMarks(json), &error);
    if (error.error != QJsonParseError::NoError)
        fail(name, translate("attn::tokenizer", "not valid JSON: %1 at byte %2")
                       .arg(error.errorString(), qs(std::int64_t(error.offset))));
    if (!doc.isObject())
        fail(name, translate("attn::tokenizer", "expected a JSON object"));
    return doc.object();
}

int readId(const QJsonValue &v, const QString &where) {
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != std::floor(d) || d < 0 || d >= double(kMaxVocabularySize))
        fail(where, translate("attn::tokenizer",
                              "expected a token id, a whole number from 0 to %1, got %2")
                        .arg(qs(kMaxVocabularySize - 1), describe(v)));
    return int(d);
}

std::vector<std::pair<QString, int>> readVocabulary(const QJsonValue &v, const QString &where) {
    if (!v.isObject())
        fail(where, translate("attn::tokenizer", "expected the vocabulary as an object of "
                                                 "tokens and ids, got %1")
                        .arg(describe(v)));
    const QJsonObject o = v.toObject();
    if (o.size() > kMaxVocabularySize)
        fail(where, translate("attn::tokenizer", "%1 tokens: at most %2 are supported")
                        .arg(qs(std::int64_t(o.size())), qs(kMaxVocabularySize)));
    std::vector<std::pair<QString, int>> out;
    out.reserve(std::size_t(o.size()));
    std::unordered_map<int, qsizetype> seen;
    seen.reserve(std::size_t(o.size()));
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString piece = it.key();
        const QString shown = piece.size() > 20 ? piece.left(20) + "\u2026" : piece;
        // "vocab.json: token \"Ġthe\"" for a whole file, "….model.vocab[\"Ġthe\"]" for a field.
        const QString at = where.endsWith(u' ') ? where + "token \"" + shown + "\""
                                                : where + "[\"" + shown + "\"]";
        if (piece.isEmpty())
            fail(at, translate("attn::tokenizer", "a token is empty"));
        if (piece.size() > kMaxTokenPieceLength)
            fail(at,
                 translate("attn::tokenizer", "a token of %1 characters: at most %2 are supported")
                     .arg(qs(std::int64_t(piece.size())), qs(kMaxTokenPieceLength)));
        const int id = readId(it.value(), at);
        const auto [previous, fresh] = seen.emplace(id, qsizetype(out.size()));
        if (!fresh)
            fail(at, translate("attn::tokenizer", "id %1 is also the id of \"%2\"")
                         .arg(qs(std::int64_t(id)), out[std::size_t(previous->second)].first));
        out.emplace_back(piece, id);
    }
    return out;
}

std::optional<bool> readOptionalBool(const QJsonObject &o, const char *key, const QString &where) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    if (!v.isBool())
        fail(field(where, key),
             translate("attn::tokenizer", "expected true or false, got %1").arg(describe(v)));
    return v.toBool();
}

QString readString(const QJsonObject &o, const char *key, const QString &where,
                   const QString &fallback) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isString())
        fail(field(where, key),
             translate("attn::tokenizer", "expected a text, got %1").arg(describe(v)));
    return v.toString();
}

namespace {

QString checkedContent(const QString &content, const QString &where) {
    if (content.size() > kMaxTokenPieceLength)
        fail(where,
             translate("attn::tokenizer", "a token of %1 characters: at most %2 are supported")
                 .arg(qs(std::int64_t(content.size())), qs(kMaxTokenPieceLength)));
    return content;
}

} // namespace

AddedToken readAddedToken(const QJsonValue &v, const QString &where, std::optional<int> id) {
    if (!v.isObject())
        fail(where, translate("attn::tokenizer", "expected an added token object, got %1")
                        .arg(describe(v)));
    const QJsonObject o = v.toObject();
    AddedToken t;
    t.content = checkedContent(readString(o, "content", where), field(where, "content"));
    if (t.content.isEmpty())
        fail(field(where, "content"), translate("attn::tokenizer", "an added token is empty"));
    if (o.contains(QLatin1String("id")) || !id)
        t.id = readId(o.value(QLatin1String("id")), field(where, "id"));
    else
        t.id = *id;
    t.special = readOptionalBool(o, "special", where).value_or(false);
    t.lstrip = readOptionalBool(o, "lstrip", where).value_or(false);
    t.rstrip = readOptionalBool(o, "rstrip", where).value_or(false);
    t.singleWord = readOptionalBool(o, "single_word", where).value_or(false);
    return t;
}

QString readTokenContent(const QJsonValue &v, const QString &where) {
    if (v.isUndefined() || v.isNull())
        return QString();
    if (v.isString())
        return checkedContent(v.toString(), where);
    if (v.isObject())
        return checkedContent(readString(v.toObject(), "content", where), field(where, "content"));
    fail(where, translate("attn::tokenizer", "expected a token as a text or an object with its "
                                             "content, got %1")
                    .arg(describe(v)));
}

} // namespace attn::tokenizer_json
