// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workbench/StagesView.h"

#include <QString>

class QMenu;

namespace attn::ui {

class Document;
class HeatmapView;
class CombinationView;
class InputsPanel;
class Shell;

// Installs export and figures into the window (import/ImportFeatures.h installs import):
//  - File > Export matrix > any input or any visible stage, as shown, to a file or clipboard;
//  - File > Export figure of window… (Ctrl+Shift+E) and File > Export figure of > any visible
//    heatmap, the stages together, the combination panel or any panel (docks added by other
//    features included);
//  - on every heatmap's context menu (right-click or the Menu key): "Export figure…" and the
//    matrix as shown; on every matrix editor's: the export submenu; on
//    the combination panel: "Export figure…".
void installFigureFeatures(Shell &shell, Document &document, StagesView &stages,
                           InputsPanel &inputs, CombinationView &combination);

// The lower-case name of a stage for files and the command line: "q", "scores", "weights",
// "output" (the head output), "concat", "final".
QString stageFileName(attn::Stage stage);

// "as shown, row layout" / "as shown, column layout: transposed": how the numbers of an exported
// result matrix are laid out.
QString layoutNote(const Document &doc);

// Adds the entries of a heatmap's context menu (figure, then the matrix as shown) to `menu`.
void addHeatmapExportEntries(QMenu *menu, HeatmapView *view, const QString &name,
                             const Document &doc);

} // namespace attn::ui
