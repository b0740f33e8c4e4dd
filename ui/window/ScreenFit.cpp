// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScreenFit.h"

#include <QApplication>
#include <QScreen>
#include <QStyle>
#include <QWidget>
#include <QWindow>

#include <algorithm>

namespace attn::ui {

QRect fitIntoScreen(const QRect &geometry, const QRect &available, const QMargins &frame) {
    const QRect room = available - frame; // the client area's share
    if (room.isEmpty() || room.contains(geometry))
        return geometry;
    QRect out(geometry.topLeft(), geometry.size().boundedTo(room.size()));
    // Then onto the screen: a window larger than it was partly off it, and so may its
    // position be (a saved one from another screen).
    out.moveLeft(std::clamp(out.left(), room.left(), room.right() - out.width() + 1));
    out.moveTop(std::clamp(out.top(), room.top(), room.bottom() - out.height() + 1));
    return out;
}

void fitIntoScreen(QWidget &window) {
    const QScreen *screen = window.screen();
    if (!screen)
        return;
    // Before it is shown the window manager has not framed the window yet: a title bar and
    // thin borders stand for the frame, or the platform's own margins when it knows them.
    const int titleBar = window.style()->pixelMetric(QStyle::PM_TitleBarHeight);
    QMargins frame(4, std::max(titleBar, 24), 4, 4);
    if (const QWindow *handle = window.windowHandle())
        frame = frame | handle->frameMargins();
    const QRect fitted = fitIntoScreen(window.geometry(), screen->availableGeometry(), frame);
    if (fitted == window.geometry())
        return;
    window.resize(fitted.size());
    window.move(fitted.topLeft() - QPoint(frame.left(), frame.top()));
}

} // namespace attn::ui
