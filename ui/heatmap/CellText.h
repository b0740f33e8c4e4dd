// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>

namespace attn::ui {

// The colour of text written inside heatmap cells; the text itself is attn::notation::cell.

// Black or white, whichever contrasts more with the cell colour (WCAG relative luminance).
QColor contrastingTextColor(QColor background);

} // namespace attn::ui
