// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>

class Document;
class QMenu;
class Shell;

// Fills `menu` with one action per preset; choosing one replaces the document's inputs
// (undoable), selects the row the preset is about and says what it shows in the status bar.
// Each preset file is read when it is chosen. `loaded` runs after a preset replaced the inputs
// (the session forgets its file name: Ctrl+S must not write the preset over the open session).
void fillPresetsMenu(QMenu *menu, Document *doc, Shell &shell, std::function<void()> loaded = {});
