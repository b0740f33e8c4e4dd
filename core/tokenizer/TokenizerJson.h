// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AddedTokens.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

// The JSON pieces the tokenizer files share (tokenizer.json, vocab.json, tokenizer_config.json),
// so each refusal reads the same: "tokenizer.json: model.vocab: 2000000 entries: at most …".
// Every function throws InputError with `where` (the file and the field) in front.
namespace attn::tokenizer_json {

// `where` and a field of it: "FILE: model" for where "FILE: ", "FILE: model.vocab" otherwise.
QString field(const QString &where, const char *key);
// The file's top-level object.
QJsonObject parseObject(const QByteArray &json, const QString &name);
// An id: a whole number from 0 to kMaxVocabularySize − 1.
int readId(const QJsonValue &v, const QString &where);
// A vocabulary object {"piece": id, …}: at most kMaxVocabularySize entries (counted before any
// is stored), each piece at most kMaxTokenPieceLength long, no id given twice.
std::vector<std::pair<QString, int>> readVocabulary(const QJsonValue &v, const QString &where);
// o[key] as a bool; absent or null gives nothing.
std::optional<bool> readOptionalBool(const QJsonObject &o, const char *key, const QString &where);
// o[key] as a string; absent or null gives `fallback`.
QString readString(const QJsonObject &o, const char *key, const QString &where,
                   const QString &fallback = QString());
// An added token: {"id", "content", "special", "lstrip", "rstrip", "single_word"}; `id` is used
// when the object has none (tokenizer_config.json's added_tokens_decoder keys the objects by id).
AddedToken readAddedToken(const QJsonValue &v, const QString &where, std::optional<int> id);
// A token's content given as a string or as {"content": …} (tokenizer_config.json's bos_token);
// null or absent gives "".
QString readTokenContent(const QJsonValue &v, const QString &where);

} // namespace attn::tokenizer_json
