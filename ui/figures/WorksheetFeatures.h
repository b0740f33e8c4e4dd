// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Worksheet.h"
#include "document/ResultSnapshot.h"

#include <QString>

namespace attn::ui {

class Document;
class Recomputer;
class Shell;

// File › Export worksheet (PDF)…: asks how many exercises and which sheet (the seed), then
// where, and writes the worksheet of the numbers shown.
void installWorksheetFeatures(Shell &shell, Document &document, Recomputer &recomputer);

// Writes the worksheet of `snapshot` to `path` atomically; "" or a one-line message naming the
// file ("PATH: …").
QString exportWorksheet(const ResultSnapshot &snapshot, const QString &path,
                        const WorksheetOptions &options);

} // namespace attn::ui
