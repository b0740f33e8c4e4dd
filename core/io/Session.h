// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace attn {

// The session file: {"format": "attnviz-session", "version": 1, "inputs": {...}, "view": {...}}.
// "inputs" has exactly the layout of the reference cases (tests/data/reference), so a reference
// case file (which has "inputs" but no "format") opens as a session too. See
// docs/formats.md.
inline constexpr int kSessionVersion = 1;
inline constexpr const char *kSessionFormat = "attnviz-session";

struct Session {
    AttentionInputs inputs;
    QJsonObject view; // view state (layout, selection, …); opaque to the core
    // The top-level "model" member: the model folder a document was taken apart from
    // (docs/formats.md); opaque to the core, written through sessionToJson's `more`.
    QJsonObject model{}; // {}: aggregate initializers may stop before it
};

// Parse the "inputs" object. Throws InputError whose message starts with the JSON path, e.g.
// "inputs.heads[1].Wq: row 2 has 3 numbers, expected 4". The result is also validate()d.
AttentionInputs inputsFromJson(const QJsonObject &object, const QString &path = "inputs");

// Parse a whole session (or reference case) document. Throws InputError.
Session sessionFromJson(const QByteArray &bytes);
// The text of a session: indented, a matrix row per line (see json::appendMatrix; numbers as
// QJsonDocument writes them, so they read back to the same doubles). `more`: further top-level
// members after the view (the autosave's "recovery").
QByteArray sessionToJson(const AttentionInputs &inputs, const QJsonObject &view,
                         const QJsonObject &more = {});
inline QByteArray sessionToJson(const Session &session) {
    return sessionToJson(session.inputs, session.view);
}

// Read a file; the InputError message names the file: "FILE: problem". Files larger than
// kMaxSessionBytes are refused before reading.
inline constexpr qint64 kMaxSessionBytes = qint64(512) * 1024 * 1024;
Session loadSessionFile(const QString &fileName);

} // namespace attn
