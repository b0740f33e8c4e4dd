// SPDX-License-Identifier: GPL-3.0-or-later
// Help › Keyboard shortcuts lists every shortcut of the window, read from its menus; Help › Tour
// walks a first-time user over the window's regions.

#include "shell/Shell.h"
#include "shell/ShortcutsDialog.h"
#include "shell/Tour.h"
#include "support/WorkbenchSupport.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QTabBar>
#include <QTreeWidget>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

class TestHelp : public QObject {
    Q_OBJECT
private slots:
    void shortcutsDialogListsTheWindowsShortcuts() {
        WindowAssembler wb;
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
        // The heatmaps' zoom keys and mouse gestures, which are no menu action.
        QVERIFY2(has("+ / -", "Zoom in / out"), qPrintable(lines.join('\n')));
        QVERIFY2(has("0", "whole matrix"), qPrintable(lines.join('\n')));
        QVERIFY2(has("Mouse wheel", "Zoom"), qPrintable(lines.join('\n')));
        QVERIFY2(has("Double-click", "Enlarge"), qPrintable(lines.join('\n')));

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
            // The text without its mnemonics: "&&" is a literal "&" ("Show Mask && bias").
            const QString text =
                QString(a->text()).replace("&&", "\x01").remove('&').replace('\x01', '&');
            QVERIFY2(has(keys, text), qPrintable(keys + " " + a->text()));
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

    // No panel's name shows a mnemonic ("Mask _bias") in the View menu or on its tab; a
    // title with an "&" keeps it literal in the menu, also after a change of language.
    void panelTitlesShowNoMnemonic() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *dock = w.findChild<QDockWidget *>("maskBiasDock");
        QVERIFY(dock);
        dock->show();
        QCoreApplication::processEvents();
        const auto mnemonic = [](const QString &text) {
            return QString(text).remove(QStringLiteral("&&")).contains(QLatin1Char('&'));
        };
        for (QTabBar *bar : w.findChildren<QTabBar *>())
            for (int i = 0; i < bar->count(); ++i)
                QVERIFY2(!mnemonic(bar->tabText(i)), qPrintable(bar->tabText(i)));
        for (QDockWidget *d : wb.shell().panels()) {
            QVERIFY(wb.shell().menu(MenuId::View)->actions().contains(d->toggleViewAction()));
            QVERIFY2(!mnemonic(d->toggleViewAction()->text()),
                     qPrintable(d->toggleViewAction()->text()));
        }
        dock->setWindowTitle(QStringLiteral("Maske & Bias"));
        QCOMPARE(dock->toggleViewAction()->text(), QStringLiteral("Maske && Bias"));
    }

    void tourShowsEachRegion_data() {
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<int>("steps");
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << false << 7 << QSize(1280, 800);
        QTest::newRow("1600x1000") << false << 7 << QSize(1600, 1000);
        // Presentation mode hides the editing panels (sizes and options, inputs).
        QTest::newRow("presentation") << true << 5 << QSize(1280, 800);
        QTest::newRow("presentation 1024x768") << true << 5 << QSize(1024, 768);
    }
    void tourShowsEachRegion() {
        QFETCH(bool, presentation);
        QFETCH(int, steps);
        QFETCH(QSize, size);
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        testsupport::settle(wb);
        wb.presentation().setActive(presentation);
        QCoreApplication::processEvents();
        auto *action = w.findChild<QAction *>("showTour");
        QVERIFY(action);
        QVERIFY(wb.shell().menu(MenuId::Help)->actions().contains(action));
        action->trigger();
        Tour &tour = wb.tour();
        QVERIFY(tour.isRunning());
        QCOMPARE(tour.stepCount(), steps);
        auto *interpretations = w.findChild<QDockWidget *>("interpretationsDock");
        QVERIFY(!interpretations->isVisible());
        const QString dir = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_DIR");
        QStringList titles;
        for (int k = 0; k < steps; ++k) {
            QCOMPARE(tour.currentStep(), k);
            QCoreApplication::processEvents(); // a panel just opened is laid out
            QWidget *target = tour.currentTarget();
            QVERIFY2(target && target->isVisible(), qPrintable(tour.currentTitle()));
            const QRect hole = tour.highlight();
            QVERIFY2(hole.width() > 40 && hole.height() > 40,
                     qPrintable(QString("%1: %2,%3 %4x%5 (%6)")
                                    .arg(tour.currentTitle())
                                    .arg(hole.x())
                                    .arg(hole.y())
                                    .arg(hole.width())
                                    .arg(hole.height())
                                    .arg(target->metaObject()->className())));
            const auto *callout = tour.findChild<QWidget *>("tourCallout");
            QVERIFY(tour.rect().contains(callout->geometry()));
            // The output's panel is shown, not a sliver of it.
            if (tour.currentTitle() == "The selected query's output")
                QVERIFY2(hole.height() >=
                             std::min(target->height(), w.centralWidget()->height() / 2),
                         qPrintable(QString::number(hole.height())));
            // Beside what it points at, never over it.
            const QRect bubble = callout->geometry();
            QVERIFY2(!bubble.intersects(hole),
                     qPrintable(QString("%1: bubble %2,%3 %4x%5 over %6,%7 %8x%9")
                                    .arg(tour.currentTitle())
                                    .arg(bubble.x())
                                    .arg(bubble.y())
                                    .arg(bubble.width())
                                    .arg(bubble.height())
                                    .arg(hole.x())
                                    .arg(hole.y())
                                    .arg(hole.width())
                                    .arg(hole.height())));
            titles << tour.currentTitle();
            if (!dir.isEmpty())
                QVERIFY(w.grab().save(
                    QDir(dir).filePath(QString("tour-%1-%2.png")
                                           .arg(presentation ? "presentation" : "window")
                                           .arg(k))));
            // → and ← step through the tour whatever has the focus.
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
            if (k == 1) {
                QTest::keyClick(QApplication::focusWidget(), Qt::Key_Left);
                QCOMPARE(tour.currentStep(), 1);
                QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
            }
        }
        QVERIFY(!tour.isRunning()); // Next on the last step is Done
        QVERIFY(titles.contains("The attention weights"));
        QVERIFY(titles.contains("Interpretations"));
        QVERIFY(!interpretations->isVisible()); // the panel it opened is closed again

        // Esc closes it at once, and in presentation mode leaves presentation mode alone.
        action->trigger();
        tour.next();
        QVERIFY(tour.isRunning());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QVERIFY(!tour.isRunning());
        QVERIFY(!tour.isVisible());
        QCOMPARE(wb.presentation().isActive(), presentation);
        wb.presentation().setActive(false);
    }
};

QTEST_MAIN(TestHelp)
#include "test_help.moc"
