// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMargins>
#include <QRect>
#include <QSize>

class QWidget;

namespace attn::ui {

// The window's first size: 1600×1000 where the screen has the room, never more than the
// screen's available area (a 1280×800 laptop, a projector at 1024×768).
inline constexpr QSize kPreferredWindowSize{1600, 1000};

// `geometry` (a top-level window's, without its frame) moved and shrunk so that with its frame
// (`frame`: the title bar on top, the borders) it lies within `available`; unchanged when it
// already does.
QRect fitIntoScreen(const QRect &geometry, const QRect &available, const QMargins &frame);

// Applies fitIntoScreen to `window` on its screen (a saved size that fits stays as saved).
void fitIntoScreen(QWidget &window);

} // namespace attn::ui
