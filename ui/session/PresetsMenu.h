// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>

class QMenu;
class QString;

namespace attn::ui {

class Document;
class Shell;

// Fills `menu` with one action per preset; choosing one replaces the document's inputs
// (undoable), selects the row the preset is about and says what it shows in the status bar.
// Each preset file is read when it is chosen. `mayReplace` runs first and may refuse (the
// unsaved-changes question answered Cancel); `loaded` runs after a preset replaced the inputs,
// with the preset's untranslated name (the session names the document after it and forgets its
// file: Ctrl+S must not write the preset over the open session).
void fillPresetsMenu(QMenu *menu, Document *doc, Shell &shell,
                     std::function<bool()> mayReplace = {},
                     std::function<void(const QString &name)> loaded = {});

} // namespace attn::ui
