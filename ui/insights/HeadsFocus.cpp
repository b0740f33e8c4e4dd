// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadsFocus.h"

#include "HeadOverview.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QScopedValueRollback>
#include <QTimer>

namespace attn::ui {

HeadsFocus::HeadsFocus(QMainWindow &window, QDockWidget *dock, HeadOverview *overview)
    : QObject(&window), m_window(window), m_dock(dock), m_overview(overview),
      m_action(new QAction(this)), m_aside(window) {
    m_action->setObjectName("allHeadsAction");
    m_action->setText(QCoreApplication::translate("HeadsFocus", "&All heads at once"));
    m_action->setToolTip(QCoreApplication::translate(
        "HeadsFocus", "Give the Heads panel the whole window, every head side by side"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_H));
    connect(m_action, &QAction::toggled, this, &HeadsFocus::setActive);
    // Closing or floating the panel ends it: the window would be left empty. Checked once the
    // event loop runs: restoreState (leaving presentation mode) hides and shows docks on its
    // way, and must not be entered again from inside.
    const auto check = [this] {
        QTimer::singleShot(0, this, [this] {
            if (!m_active || m_switching)
                return;
            if (m_dock->isFloating()) {
                setActive(false);
                m_dock->setFloating(true); // where the user put it, not back where it was
            } else if (m_dock->isHidden()) {
                setActive(false);
            }
        });
    };
    connect(m_dock, &QDockWidget::visibilityChanged, this, check);
    connect(m_dock, &QDockWidget::topLevelChanged, this, check);
}

void HeadsFocus::setActive(bool on) {
    if (on == m_active)
        return;
    const QScopedValueRollback guard(m_switching, true);
    m_active = on;
    if (on) {
        m_wasShown = !m_dock->isHidden();
        m_wasFloating = m_dock->isFloating();
        m_width = m_dock->width();
        // The stages and every other dock make room: with the central widget hidden, the dock
        // areas share the window, and the Heads panel is the only dock left in them.
        m_aside.hideAllBut(m_dock, /*toolbars=*/false);
        if (m_dock->isFloating())
            m_dock->setFloating(false);
        m_dock->show();
        m_dock->raise();
        m_overview->setFocus(Qt::OtherFocusReason);
    } else {
        m_aside.showAgain();
        // The panel as it was. Not by restoring a saved state of the window: presentation mode
        // restores its own on leaving, and two saved states would undo each other.
        if (!m_wasShown)
            m_dock->hide();
        else if (m_wasFloating)
            m_dock->setFloating(true);
        else
            m_window.resizeDocks({m_dock}, {m_width}, Qt::Horizontal);
        m_aside.restoreSizes();
    }
    {
        const QSignalBlocker block(m_action);
        m_action->setChecked(on);
    }
    emit activeChanged(on);
}

} // namespace attn::ui
