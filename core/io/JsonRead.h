// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

// The pieces every reader of a session's JSON shares, so each refusal reads the same:
// "inputs.heads[0].Wq: expected an array of rows, got null".
namespace attn::json {

// Throws InputError "path: message".
[[noreturn]] void fail(const QString &path, const QString &message);
// A value as a message names it: "null", "the text \"abc\"", "an array", a number.
QString describe(const QJsonValue &v);
// "path[i]".
QString index(const QString &path, qsizetype i);
// o[key] as a bool; absent or null gives `fallback`, anything else is refused.
bool readBool(const QJsonObject &o, const char *key, const QString &path, bool fallback);

} // namespace attn::json
