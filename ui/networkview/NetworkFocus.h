// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "shell/StepAside.h"

#include <QDockWidget>
#include <QObject>

class QMainWindow;
class QWidget;

namespace attn::ui {

// The model view gets the whole window, as HeadsFocus gives it to the Heads panel: the stages
// and every other dock step aside (hidden, not closed) and come back as they were when it ends,
// by "Back to the workbench" or by closing the model's panel.
class NetworkFocus : public QObject {
    Q_OBJECT
public:
    NetworkFocus(QMainWindow &window, QDockWidget *dock, QWidget *focus);

    bool isActive() const { return m_active; }
    void setActive(bool on);

signals:
    void activeChanged(bool active);

private:
    QMainWindow &m_window;
    QDockWidget *m_dock;
    QWidget *m_focus;
    bool m_active = false;
    bool m_switching = false; // our own hiding and showing is not the user's
    StepAside m_aside;
};

} // namespace attn::ui
