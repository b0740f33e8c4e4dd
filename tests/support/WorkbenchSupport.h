// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// For the tests that build the whole program (WindowAssembler).

#include "document/Recomputer.h"
#include "window/WindowAssembler.h"

#include <QCoreApplication>
#include <QMainWindow>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace testsupport {

// Waits until the latest result has reached the views: the Recomputer starts on a 0 ms timer
// and may compute on its worker thread for large inputs.
inline void settle(WindowAssembler &workbench) {
    QCoreApplication::processEvents();
    QTRY_VERIFY(!workbench.recomputer().isBusy());
    QCoreApplication::processEvents();
}

// Shows the window at `size` and lets the layouts settle: the stages view arranges itself after
// each resize, the docks after it, and the results reach the views.
inline void showWindowAt(WindowAssembler &workbench, QSize size) {
    QMainWindow &w = workbench.window();
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    settle(workbench);
    QTest::qWait(50);
    QCoreApplication::processEvents();
}

} // namespace testsupport
