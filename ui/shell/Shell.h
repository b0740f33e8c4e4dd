// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MenuId.h"
#include "heatmap/ColorScale.h"

#include <QList>
#include <QObject>

#include <functional>
#include <map>
#include <vector>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QScrollArea;
class QWidget;

namespace attn::ui {

class BusyIndicator;

// The frame every feature plugs into, without knowing the main window's class: the top-level
// menus by typed id (created at once, in menu-bar order), panels docked around the heatmaps
// (each with its View-menu toggle), messages in the status bar, and the colour maps every
// heatmap draws with (view state, saved in sessions and settings).
// `content` in a frameless scroll area that resizes it: a panel that scrolls rather than grow
// its dock or the window.
QScrollArea *scrolled(QWidget *content);

class Shell : public QObject {
    Q_OBJECT
public:
    explicit Shell(QMainWindow &window);
    ~Shell() override;

    QMainWindow &window() const { return m_window; }
    QMenu *menu(MenuId id) const;
    // Where a feature's entry goes in a menu: the action to insert it before, just after the
    // action named `after` when there is one, else before Quit (which stays last), else at
    // the end (nullptr).
    QAction *placeAfter(MenuId id, const QString &after = QString()) const;

    // A dock around `panel`, named for saved layouts and tests; its toggle goes to the View
    // menu's panel section.
    QDockWidget *addPanel(const QString &title, const QString &objectName, QWidget *panel,
                          Qt::DockWidgetArea area);
    // A panel on the right tabbed with `tabWith` (none: it starts a tab group), with a "Show
    // TITLE" action in `menu` that shows it, brings its tab to the front and focuses `focus`.
    QDockWidget *addRightTab(const QString &title, const QString &objectName, QWidget *panel,
                             QWidget *focus, QDockWidget *tabWith, QMenu *menu,
                             const QKeySequence &shortcut);
    // Every panel added so far, in order; or those currently docked (not floating) in `area`.
    QList<QDockWidget *> panels() const { return m_panels; }
    QList<QDockWidget *> panels(Qt::DockWidgetArea area) const;

    void showMessage(const QString &text, int milliseconds);
    // Long work in progress ("computing…"), at the right of the status bar.
    BusyIndicator &busy() const { return *m_busy; }

    ColorMapId sequentialMap() const { return m_sequential; }
    ColorMapId divergingMap() const { return m_diverging; }
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);

    bool eventFilter(QObject *watched, QEvent *event) override;

signals:
    void colorMapsChanged(ColorMapId sequential, ColorMapId diverging);

private:
    QMainWindow &m_window;
    std::map<MenuId, QMenu *> m_menus;
    QList<QDockWidget *> m_panels;
    BusyIndicator *m_busy;
    std::vector<std::function<void()>> m_titleFollowers; // "Show TITLE" entries, per language
    ColorMapId m_sequential = ColorMapId::Viridis;
    ColorMapId m_diverging = ColorMapId::RdBu;
};

} // namespace attn::ui
