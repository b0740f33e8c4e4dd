// SPDX-License-Identifier: GPL-3.0-or-later
#include "StepAside.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QToolBar>

namespace attn::ui {

void StepAside::hideAllBut(QDockWidget *keep, bool toolbars) {
    m_hidden.clear();
    m_docks.clear();
    for (QDockWidget *d : m_window.findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly))
        if (d != keep && !d->isHidden()) {
            m_hidden << d;
            if (!d->isFloating())
                m_docks.push_back({d, d->size()});
            d->hide();
        }
    if (toolbars)
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
}

void StepAside::showAgain() {
    for (const QPointer<QWidget> &w : std::as_const(m_hidden))
        if (w && !qobject_cast<QDockWidget *>(w))
            w->show();
    for (const QPointer<QWidget> &w : std::as_const(m_hidden))
        if (w && qobject_cast<QDockWidget *>(w))
            w->show();
    m_hidden.clear();
}

void StepAside::restoreSizes() {
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

} // namespace attn::ui
