// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace attn::ui {

// The folder the export and import dialogs open in: the last one used in this session, at
// first the user's documents folder (or the current directory). Shared so that a figure, a
// matrix and an import all go back to where the user last was.
QString exportDirectory();
void setExportDirectory(const QString &directory);

} // namespace attn::ui
