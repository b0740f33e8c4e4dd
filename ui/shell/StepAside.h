// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointer>
#include <QSize>

#include <utility>
#include <vector>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace attn::ui {

// What a panel that takes the whole window (All heads at once, the model view) asks of the rest:
// the stages and every other dock step aside, hidden rather than closed, and come back as they
// were. One class, so the two focus modes cannot drift apart in what they hide and restore.
class StepAside {
public:
    explicit StepAside(QMainWindow &window) : m_window(window) {}

    // Hides the central widget and every visible dock but `keep` (and the toolbars if asked),
    // remembering the docked ones' sizes.
    void hideAllBut(QDockWidget *keep, bool toolbars);
    // Shows them again: the central widget and toolbars first, then the docks. Shown into a
    // window without its central widget, a dock area would take all of its room.
    void showAgain();
    // The docks as large as they were; after `keep` has gone, so they share its room.
    void restoreSizes();

private:
    QMainWindow &m_window;
    QList<QPointer<QWidget>> m_hidden;
    std::vector<std::pair<QPointer<QDockWidget>, QSize>> m_docks; // the docked ones, their sizes
};

} // namespace attn::ui
