// SPDX-License-Identifier: GPL-3.0-or-later
#include "Shell.h"

#include "BusyIndicator.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QStatusBar>

namespace attn::ui {

Shell::Shell(QMainWindow &window)
    : QObject(&window), m_window(window), m_busy(new BusyIndicator(window.statusBar())) {
    setObjectName(QStringLiteral("shell"));
    m_busy->setObjectName(QStringLiteral("busy"));
    window.statusBar()->addPermanentWidget(m_busy);
    const struct {
        MenuId id;
        const char *name;
        const char *title;
    } menus[] = {
        {MenuId::File, "file", QT_TR_NOOP("&File")},
        {MenuId::Edit, "edit", QT_TR_NOOP("&Edit")},
        {MenuId::Presets, "presets", QT_TR_NOOP("&Presets")},
        {MenuId::View, "view", QT_TR_NOOP("&View")},
        {MenuId::Lesson, "lesson", QT_TR_NOOP("&Lesson")},
        {MenuId::Help, "help", QT_TR_NOOP("&Help")},
    };
    for (const auto &m : menus) {
        QMenu *menu = window.menuBar()->addMenu(tr(m.title));
        menu->setObjectName(QString::fromLatin1(m.name));
        m_menus[m.id] = menu;
    }
    window.installEventFilter(this);
}

bool Shell::eventFilter(QObject *watched, QEvent *event) {
    if (watched == &m_window && event->type() == QEvent::LanguageChange)
        for (const auto &follow : m_titleFollowers)
            follow();
    return QObject::eventFilter(watched, event);
}

Shell::~Shell() = default;

QAction *Shell::placeAfter(MenuId id, const QString &after) const {
    const QList<QAction *> actions = menu(id)->actions();
    QAction *before = nullptr;
    for (qsizetype i = 0; i < actions.size(); ++i) {
        if (!after.isEmpty() && actions[i]->objectName() == after)
            return actions.value(i + 1);
        if (actions[i]->menuRole() == QAction::QuitRole)
            before = actions[i];
    }
    return before;
}

QMenu *Shell::menu(MenuId id) const {
    return m_menus.at(id);
}

QScrollArea *scrolled(QWidget *content) {
    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

QDockWidget *Shell::addPanel(const QString &title, const QString &objectName, QWidget *panel,
                             Qt::DockWidgetArea area) {
    auto *dock = new QDockWidget(title, &m_window);
    dock->setObjectName(objectName);
    dock->setWidget(panel);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    m_window.addDockWidget(area, dock);
    // The toggle's text is the dock's title, where an "&" ("Mask & bias") would be a mnemonic
    // ("Mask _bias"): a literal one. The dock resets the text on every title change (before
    // windowTitleChanged), so it is escaped again each time.
    QAction *toggle = dock->toggleViewAction();
    const auto escape = [toggle](QString text) {
        toggle->setText(text.replace(QLatin1Char('&'), QLatin1String("&&")));
    };
    escape(title);
    connect(dock, &QDockWidget::windowTitleChanged, toggle, escape);
    menu(MenuId::View)->addAction(toggle);
    m_panels << dock;
    return dock;
}

QDockWidget *Shell::addRightTab(const QString &title, const QString &objectName, QWidget *panel,
                                QWidget *focus, QDockWidget *tabWith, QMenu *menu,
                                const QKeySequence &shortcut) {
    QDockWidget *dock = addPanel(title, objectName, panel, Qt::RightDockWidgetArea);
    if (tabWith)
        m_window.tabifyDockWidget(tabWith, dock);
    // A title's "&" ("Mask & bias") is a literal one in the menu entry, not a mnemonic.
    const auto entry = [](QString text) {
        return tr("Show %1").arg(text.replace(QLatin1Char('&'), QLatin1String("&&")));
    };
    QAction *show = menu->addAction(entry(title), dock, [dock, focus] {
        dock->show();
        dock->raise();
        focus->setFocus(Qt::ShortcutFocusReason);
    });
    show->setShortcut(shortcut);
    // The title switches language on its own (Translations::retranslate); the entry follows,
    // also when the title reads the same in both languages.
    auto follow = [show, dock, entry] { show->setText(entry(dock->windowTitle())); };
    connect(dock, &QDockWidget::windowTitleChanged, show, follow);
    m_titleFollowers.push_back(follow);
    return dock;
}

QList<QDockWidget *> Shell::panels(Qt::DockWidgetArea area) const {
    QList<QDockWidget *> out;
    for (QDockWidget *d : m_panels)
        if (m_window.dockWidgetArea(d) == area && !d->isFloating())
            out << d;
    return out;
}

void Shell::showMessage(const QString &text, int milliseconds) {
    m_window.statusBar()->showMessage(text, milliseconds);
}

void Shell::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    m_sequential = sequential;
    m_diverging = diverging;
    emit colorMapsChanged(sequential, diverging);
}

} // namespace attn::ui
