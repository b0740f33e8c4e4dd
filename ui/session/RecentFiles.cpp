// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecentFiles.h"

#include "AppSettings.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>

namespace attn::ui {

RecentFiles::RecentFiles(QObject *parent) : QObject(parent) {}

QStringList RecentFiles::files() const {
    return AppSettings().recentFiles();
}

void RecentFiles::add(const QString &path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxFiles)
        list.removeLast();
    AppSettings().setRecentFiles(list);
    emit changed();
}

void RecentFiles::remove(const QString &path) {
    QStringList list = files();
    if (list.removeAll(QFileInfo(path).absoluteFilePath()) + list.removeAll(path) == 0)
        return;
    AppSettings().setRecentFiles(list);
    emit changed();
}

void RecentFiles::clear() {
    AppSettings().setRecentFiles({});
    emit changed();
}

QStringList RecentFiles::prune() {
    QStringList kept, missing;
    for (const QString &f : files())
        (QFileInfo(f).isFile() ? kept : missing) << f;
    if (!missing.isEmpty()) {
        AppSettings().setRecentFiles(kept);
        emit changed();
        emit pruned(missing);
    }
    return missing;
}

QMenu *RecentFiles::createMenu(QWidget *parent) {
    auto *menu = new QMenu(tr("Open &Recent"), parent);
    menu->setObjectName("recentFiles");
    menu->setToolTipsVisible(true);
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        prune();
        fill(menu);
    });
    fill(menu); // also before the first show, so the menu is never empty-looking to tests
    return menu;
}

void RecentFiles::fill(QMenu *menu) {
    menu->clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString path = list[i];
        QString name = QFileInfo(path).fileName();
        name.replace('&', "&&");
        QAction *a = menu->addAction(QStringLiteral("&%1 %2").arg(QString::number(i + 1), name),
                                     this, [this, path] { emit openRequested(path); });
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (list.isEmpty())
        menu->addAction(tr("(no recent files)"))->setEnabled(false);
    menu->addSeparator();
    menu->addAction(tr("&Clear the list"), this, &RecentFiles::clear)->setEnabled(!list.isEmpty());
}

} // namespace attn::ui
