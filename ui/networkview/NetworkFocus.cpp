// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkFocus.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScopedValueRollback>
#include <QTimer>

namespace attn::ui {

NetworkFocus::NetworkFocus(QMainWindow &window, QDockWidget *dock, QWidget *focus)
    : QObject(&window), m_window(window), m_dock(dock), m_focus(focus), m_aside(window) {
    // Closing the panel ends it: the window would be left empty. Checked once the event loop
    // runs, as HeadsFocus does (restoreState hides and shows docks on its way).
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this] {
        QTimer::singleShot(0, this, [this] {
            if (m_active && !m_switching && m_dock->isHidden())
                setActive(false);
        });
    });
}

void NetworkFocus::setActive(bool on) {
    if (on == m_active)
        return;
    const QScopedValueRollback guard(m_switching, true);
    m_active = on;
    if (on) {
        // The workbench's toolbars (the layout switch) are not about the model either.
        m_aside.hideAllBut(m_dock, /*toolbars=*/true);
        if (m_dock->isFloating())
            m_dock->setFloating(false);
        m_dock->show();
        m_dock->raise();
        m_focus->setFocus(Qt::OtherFocusReason);
    } else {
        m_aside.showAgain();
        m_dock->hide();
        m_aside.restoreSizes();
    }
    emit activeChanged(on);
}

} // namespace attn::ui
