// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

// How attention is computed, in a session's JSON (docs/formats.md): a head's
// "kv_group" and the options "window", "window_self", "global_tokens", "alibi",
// "alibi_slopes". Kept apart from Session.cpp, which reads and writes everything else.
namespace attn {

struct AttentionOptions;

// A head's "kv_group": a group number, or -1 when absent or null. Refuses anything else and
// a group beyond the limits (Limits.h).
int kvGroupFromJson(const QJsonObject &head, const QString &path);
void kernelOptionsFromJson(const QJsonObject &options, const QString &path, AttentionOptions &out);
// Written only when used, so sessions without them stay as they were.
void kernelOptionsToJson(const AttentionOptions &in, QJsonObject &options);

} // namespace attn
