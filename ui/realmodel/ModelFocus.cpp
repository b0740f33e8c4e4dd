// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelFocus.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScopedValueRollback>
#include <QTimer>
#include <QToolBar>

ModelFocus::ModelFocus(QMainWindow &window, QDockWidget *dock, QWidget *focus)
    : QObject(&window), m_window(window), m_dock(dock), m_focus(focus) {
    // Closing the panel ends it: the window would be left empty. Checked once the event loop
    // runs, as HeadsFocus does (restoreState hides and shows docks on its way).
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this] {
        QTimer::singleShot(0, this, [this] {
            if (m_active && !m_switching && m_dock->isHidden())
                setActive(false);
        });
    });
}

void ModelFocus::setActive(bool on) {
    if (on == m_active)
        return;
    const QScopedValueRollback guard(m_switching, true);
    m_active = on;
    if (on) {
        m_hidden.clear();
        m_docks.clear();
        for (QDockWidget *d : m_window.findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly))
            if (d != m_dock && !d->isHidden()) {
                m_hidden << d;
                if (!d->isFloating())
                    m_docks.push_back({d, d->size()});
                d->hide();
            }
        // The workbench's toolbars (the layout switch) are not about the model either.
        for (QToolBar *t : m_window.findChildren<QToolBar *>(Qt::FindDirectChildrenOnly))
            if (!t->isHidden()) {
                m_hidden << t;
                t->hide();
            }
        QWidget *central = m_window.centralWidget();
        if (central && !central->isHidden()) {
            m_hidden << central;
            central->hide();
        }
        if (m_dock->isFloating())
            m_dock->setFloating(false);
        m_dock->show();
        m_dock->raise();
        m_focus->setFocus(Qt::OtherFocusReason);
    } else {
        // The stages first, then the docks around them, then the model's panel goes: shown
        // into a window without its central widget, a dock area would take all of its room.
        for (const QPointer<QWidget> &w : std::as_const(m_hidden))
            if (w && !qobject_cast<QDockWidget *>(w))
                w->show();
        for (const QPointer<QWidget> &w : std::as_const(m_hidden))
            if (w && qobject_cast<QDockWidget *>(w))
                w->show();
        m_dock->hide();
        m_hidden.clear();
        // And each dock as large as it was.
        QList<QDockWidget *> docks;
        QList<int> widths, heights;
        for (const auto &[dock, size] : m_docks)
            if (dock) {
                docks << dock;
                widths << size.width();
                heights << size.height();
            }
        m_window.resizeDocks(docks, widths, Qt::Horizontal);
        m_window.resizeDocks(docks, heights, Qt::Vertical);
        m_docks.clear();
    }
    emit activeChanged(on);
}
