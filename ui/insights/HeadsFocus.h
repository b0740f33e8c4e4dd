// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "shell/StepAside.h"

#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;

namespace attn::ui {

class HeadOverview;

// "All heads at once" (View › Insights, attnviz --focus heads): the Heads panel gets the whole
// window, so a class sees every head side by side, with token names and numbers when they fit.
// The stages and the other docks step aside meanwhile (hidden, not closed) and come back as they
// were when it ends: by the same entry, by closing or floating the Heads panel.
class HeadsFocus : public QObject {
    Q_OBJECT
public:
    HeadsFocus(QMainWindow &window, QDockWidget *dock, HeadOverview *overview);

    bool isActive() const { return m_active; }
    void setActive(bool on);
    QAction *action() const { return m_action; }
    QDockWidget *dock() const { return m_dock; }
    HeadOverview *overview() const { return m_overview; }

signals:
    void activeChanged(bool active);

private:
    QMainWindow &m_window;
    QDockWidget *m_dock;
    HeadOverview *m_overview;
    QAction *m_action;
    bool m_active = false;
    bool m_switching = false; // our own hiding and showing is not the user's
    bool m_wasShown = false;  // the panel before: shown, floating, this wide
    bool m_wasFloating = false;
    int m_width = 0;
    StepAside m_aside;
};

} // namespace attn::ui
