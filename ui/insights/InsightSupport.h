// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

#include <QColor>
#include <QString>
#include <QStringList>

namespace attn::ui {

class Document;

// Small helpers shared by the insight views (VectorFormView, TokenLinksView, …): the document's
// head, a colour, and the views' number texts. The pure analysis they show (token labels, the
// vector form) is in core/headreadings. Results are always in the row layout (tokens are rows); a
// view transposes only what it displays.
namespace insight {

// The document's current head clamped to the result's heads; -1 when the result has none.
int headOf(const Document &doc, const attn::AttentionResult &result);

// "(4, 8, 4)" (attn::notation::number with `digits`), at most `maxEntries` entries then "…".
QString vectorText(const attn::RowVector &v, int digits = 4, int maxEntries = 8);

// Whether a panel's work on `result` could hold the GUI thread noticeably (its heads' weights
// are over a quarter of a million numbers): such work goes to a worker (InsightView::runOffThread).
bool isLarge(const attn::AttentionResult &result);

// The Okabe–Ito palette (colour-blind safe, for categories such as heads), without its yellow,
// which disappears on white.
QColor categoryColor(int index);

} // namespace insight

} // namespace attn::ui
