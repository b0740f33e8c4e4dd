// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

class QAction;
class QMenu;

namespace attn::ui {

class NetworkController;

// The small GPT-2 that attnviz trained itself and ships (resources/models/attnviz-tiny, issue
// 26): a school machine without a network or a model hub account still has a real model whose
// heads show a previous-token head, first-token heads and an induction head.
namespace builtinmodel {

// The folder's name under share/attnviz/models (installed) and resources/models (source tree).
inline constexpr const char *kName = "attnviz-tiny";

// Where the model may be, in the order they are tried: beside the binary's prefix
// (<prefix>/bin/attnviz → <prefix>/share/attnviz/models, so a relocated install finds its own),
// the XDG data directories (/usr/local/share, /usr/share …), then the source tree the binary was
// built from (the build tree and its tests, before anything is installed).
QStringList candidateFolders();
// The first candidate that holds a model (config.json and model.safetensors); "" when none does.
QString folder();
// The sentence the preset opens it on: a pronoun that agrees with one of two nouns, and a
// repeated phrase, so the previous-token, first-token and induction heads all have work; it
// starts with <|endoftext|>, the start every training window had. English, as the model is:
// never translated.
QString presetText();

// Adds Presets › A small trained model to `presets`: opens the built-in model (on the worker)
// on presetText() and shows every layer's heads. A model that cannot be found or opened is said
// in the model view's one-line message and the status bar, as any folder that cannot be opened.
QAction *addPreset(QMenu *presets, NetworkController &model);

} // namespace builtinmodel

} // namespace attn::ui
