// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FigureExport.h"

#include <QString>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace attn::ui {

// The GUI side of figure export: one "Export figure…" entry that opens a save dialog whose
// file types are the choices (PNG 1×, PNG 2× for a projector, PNG 3× for print, SVG, PDF).

// One choice of the save dialog.
struct FigureChoice {
    FigureFormat format;
    double scale;
    QString filter; // "PNG 2× — projector (*.png)"
};
const QList<FigureChoice> &figureChoices();
// The choice for a dialog's selected filter and file name: the name's suffix wins over the
// filter (typing "a.pdf" with the PNG filter selected writes a PDF); a name without a known
// suffix gets the filter's.
FigureChoice figureChoiceFor(const QString &selectedFilter, QString *path);

// Whether figures exported from the window include the heatmaps' selection outlines (File ›
// Export figure of › Include selection outlines); off by default: a figure for slides shows the
// numbers, not what happened to be selected.
bool &figuresIncludeSelectionOutline();
// Whether figures of the window include the pen's strokes (presentation mode's P; … › Include
// pen strokes); off by default, as the outlines.
bool &figuresIncludePenStrokes();

// Asks for a file and writes the figure of `figure`; failures in a message box. `name` is the
// proposed file name without suffix ("weights"). Returns whether a file was written.
bool exportFigureInteractively(QWidget *figure, const QString &name, QWidget *dialogParent);

// Adds an entry `text` (e.g. "Export figure of Q…") to `menu` that exports `figure`.
QAction *addFigureExportAction(QMenu *menu, QWidget *figure, const QString &name,
                               const QString &text);

// For views without a context menu of their own (the combination panel, panels added later):
// right-click or the Menu key offers "Export figure…", after whatever `addMore` puts first.
void enableFigureContextMenu(QWidget *widget, const QString &name,
                             std::function<void(QMenu *)> addMore = {});

} // namespace attn::ui
