// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "io/MatrixExport.h"

#include <QString>

#include <functional>

class QMenu;
class QWidget;

namespace attn::ui {

// Exporting one matrix from the GUI, in the core's formats (MatrixExport.h): to a file through
// a save dialog, or, for the text formats, to the clipboard.

// Puts the export text on the clipboard. False (and *error) for .npy, which is binary.
bool copyMatrixToClipboard(const attn::Matrix &m, attn::ExportFormat format,
                           QString *error = nullptr);

// Writes the export file atomically; "" on success, otherwise "PATH: cannot write: …".
QString saveMatrixFile(const attn::Matrix &m, attn::ExportFormat format, const QString &path);

// "CSV", ".npy (NumPy)", "LaTeX bmatrix", "NumPy literal".
QString exportFormatLabel(attn::ExportFormat format);

// Adds a submenu `title` to `menu`: "Save as CSV…", "Save as .npy…", "Save as LaTeX…", "Save
// as NumPy literal…", then "Copy as CSV", "Copy as LaTeX", "Copy as NumPy literal". `matrix`
// is asked for the numbers when an entry is chosen (so they are current); `fileBase` names the
// proposed file ("weights_head0"). Failures are shown in a message box on `parent`.
QMenu *addMatrixExportMenu(QMenu *menu, const QString &title, std::function<attn::Matrix()> matrix,
                           const QString &fileBase, QWidget *parent);

} // namespace attn::ui
