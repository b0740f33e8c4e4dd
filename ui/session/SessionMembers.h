// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/Session.h"

#include <QByteArray>
#include <QJsonObject>

namespace attn::ui {

// View-state keys that a session file keeps at its top level, beside "inputs" and "view",
// because other programs write them there too: "model", the model folder a document was taken
// apart from (ui/networkview; attnviz-cli model session writes the same member). Features register
// them with the ViewStateRegistry like any key; these functions move them between the
// registry's object and the file's top level.
namespace sessionmembers {

// Takes the top-level members out of `view` (the registry's object) and returns them.
QJsonObject take(QJsonObject &view);
// The registry's object of a parsed session: its view with its top-level members put back.
QJsonObject viewOf(const attn::Session &session);
// sessionToJson with the top-level members of `view` where they belong, after `more`.
QByteArray toJson(const attn::AttentionInputs &inputs, QJsonObject view,
                  const QJsonObject &more = {});

} // namespace sessionmembers

} // namespace attn::ui
