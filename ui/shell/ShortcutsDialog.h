// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QTreeWidget;

namespace attn::ui {

class Shell;

// Help › Keyboard shortcuts: every shortcut of the window. The menus' part is read from their
// actions each time the dialog is shown (so it follows shortcuts that change, such as Page Down
// in presentation mode, and never goes stale); the keys that are no menu action (the heatmaps',
// the input tables' nudges, the Interpretations panel's, the lesson's and presentation mode's)
// are listed after them.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    struct Entry {
        QString section; // a menu's title ("View"), or the area the keys work in
        QString keys;    // as shown: "Ctrl+L", "Page Down, Ctrl+Right"
        QString action;  // what they do: the menu path ("Colour map › viridis") or a sentence
    };

    explicit ShortcutsDialog(Shell &shell, QWidget *parent = nullptr);

    // The menus' shortcuts (in menu-bar order, submenus included) and then the other keys.
    static QList<Entry> collect(const Shell &shell);
    QList<Entry> entries() const { return m_entries; }
    QTreeWidget *tree() const { return m_tree; }

    void refresh();

protected:
    void showEvent(QShowEvent *event) override;

private:
    Shell &m_shell;
    QTreeWidget *m_tree;
    QList<Entry> m_entries;
};

} // namespace attn::ui
