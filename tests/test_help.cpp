// Help › Keyboard shortcuts lists every shortcut of the window, read from its menus.

#include "Presentation.h"
#include "Shell.h"
#include "ShortcutsDialog.h"
#include "Workbench.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QTreeWidget>
#include <QtTest>

class TestHelp : public QObject {
    Q_OBJECT
private slots:
    void shortcutsDialogListsTheWindowsShortcuts() {
        Workbench wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QAction *open = nullptr;
        for (QAction *a : wb.shell().menu(MenuId::Help)->actions())
            if (a->text().contains("Keyboard shortcuts"))
                open = a;
        QVERIFY(open);
        open->trigger();
        auto *dialog = w.findChild<ShortcutsDialog *>("shortcutsDialog");
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());

        // What the tree shows, one "keys\taction" line per shortcut.
        QStringList lines;
        for (int s = 0; s < dialog->tree()->topLevelItemCount(); ++s) {
            const QTreeWidgetItem *section = dialog->tree()->topLevelItem(s);
            for (int k = 0; k < section->childCount(); ++k)
                lines << section->child(k)->text(0) + '\t' + section->child(k)->text(1);
        }
        const auto has = [&](const QString &keys, const QString &action) {
            for (const QString &line : lines)
                if (line.split('\t').first().split(", ").contains(keys) && line.contains(action))
                    return true;
            return false;
        };
        QVERIFY2(has("Ctrl+L", ""), qPrintable(lines.join('\n')));
        QVERIFY2(has("F11", "resentation"), qPrintable(lines.join('\n')));
        QVERIFY2(has("Ctrl+Shift+I", "nterpretations"), qPrintable(lines.join('\n')));
        QVERIFY2(has("Ctrl+Shift+S", "Save"), qPrintable(lines.join('\n')));
        QVERIFY2(has("Esc", "presentation"), qPrintable(lines.join('\n')));
        QVERIFY2(has("Alt+Up / Alt+Down", "Nudge"), qPrintable(lines.join('\n')));
        QVERIFY2(has("Space", "Play"), qPrintable(lines.join('\n')));

        // Every menu action with a shortcut is listed, with each of its keys.
        for (QAction *a : w.findChildren<QAction *>()) {
            if (a->shortcut().isEmpty() || a->associatedObjects().isEmpty())
                continue;
            bool inMenu = false;
            for (QObject *o : a->associatedObjects())
                inMenu = inMenu || qobject_cast<QMenu *>(o);
            if (!inMenu)
                continue;
            const QString keys = a->shortcut().toString(QKeySequence::NativeText);
            QVERIFY2(has(keys, QString(a->text()).remove('&')), qPrintable(keys + " " + a->text()));
        }

        // Never stale: presentation mode moves the lesson's steps to Page Down / Page Up.
        wb.presentation().setActive(true);
        dialog->hide();
        dialog->show();
        bool listed = false;
        for (const ShortcutsDialog::Entry &e : dialog->entries())
            listed = listed || (e.section == "View" && e.keys == "PgDown");
        QVERIFY2(listed, "the presentation's Page Down is not listed");
        wb.presentation().setActive(false);
    }
};

QTEST_MAIN(TestHelp)
#include "test_help.moc"
