// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace attn::ui {

// The most recently opened or saved session files, newest first, kept in the settings
// (AppSettings). Files that no longer exist are pruned when the menu is shown, with a message.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;

    explicit RecentFiles(QObject *parent = nullptr);

    QStringList files() const;
    void add(const QString &path); // moves it to the front; keeps at most kMaxFiles
    void remove(const QString &path);
    void clear();
    // Drops the files that no longer exist and returns them.
    QStringList prune();

    // A menu that lists the files ("&1 name.json", the full path as tooltip), rebuilt each time
    // it is shown; choosing one emits openRequested.
    QMenu *createMenu(QWidget *parent);

signals:
    void openRequested(const QString &path);
    void pruned(const QStringList &missing); // after prune() removed something
    void changed();

private:
    void fill(QMenu *menu);
};

} // namespace attn::ui
