// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn::ui {

class Document;
class InputsPanel;
class Shell;

// Installs matrix import into the window:
//  - File > Import matrix > X / context / Wq, Wk, Wv of the current head / Wo: a file dialog,
//    then the ImportDialog (preview, shape check, resize offer; one undo step); and Wq, Wk, Wv
//    of every head from a checkpoint (HeadWeightsDialog; one undo step);
//  - on every matrix editor's context menu: "Import matrix…".
// Before the figure features, so that Import comes before Export in both menus.
void installImportFeatures(Shell &shell, Document &document, InputsPanel &inputs);

} // namespace attn::ui
