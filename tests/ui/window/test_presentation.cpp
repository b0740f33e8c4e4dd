// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode: chrome hidden and shown again, full screen, zoom of the whole UI, the
// high-contrast theme, lesson-step keys; settings that persist between runs.

#include "document/Document.h"
#include "heatmap/HeatmapView.h"
#include "interpretations/InterpretationsView.h"
#include "interpretations/OuterProductWidget.h"
#include "interpretations/TermsWidget.h"
#include "session/AppSettings.h"
#include "shell/Shell.h"
#include "support/SessionSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/Presentation.h"
#include "window/ScreenFit.h"
#include "window/WindowAssembler.h"
#include "workbench/CombinationView.h"
#include "workbench/InputsPanel.h"
#include "workbench/MatrixEditor.h"
#include "workbench/StagesView.h"

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QScreen>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <qcustomplot.h>

#include <cmath>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

QDockWidget *dock(QMainWindow &w, const char *name) {
    return w.findChild<QDockWidget *>(name);
}

double fontSize() {
    return QApplication::font().pointSizeF();
}

} // namespace

class TestPresentation : public QObject {
    Q_OBJECT

private:
    double m_baseSize = 0;

private slots:
    void initTestCase() { m_baseSize = fontSize(); }
    void init() { testsupport::resetState(); }
    void cleanup() { QApplication::setFont(QFont()); }

    void presentationHidesTheEditingChromeAndComesBack() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        Presentation *p = &wb.presentation();
        QVERIFY(p);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const QList<QToolBar *> bars = w.findChildren<QToolBar *>();
        QVERIFY(dock(w, "inputsDock")->isVisible());
        QVERIFY(dock(w, "controlsDock")->isVisible());
        QVERIFY(w.statusBar()->isVisible());

        QTest::keyClick(&w, Qt::Key_F11);
        QVERIFY(p->isActive());
        QVERIFY(p->toggleAction()->isChecked());
        QVERIFY(w.windowState() & Qt::WindowFullScreen);
        QVERIFY(!dock(w, "inputsDock")->isVisible());
        QVERIFY(!dock(w, "controlsDock")->isVisible());
        QVERIFY(!w.statusBar()->isVisible());
        for (QToolBar *bar : bars)
            QVERIFY(!bar->isVisible());
        QVERIFY(wb.stages().isVisible()); // the heatmaps stay
        // Larger type (1.5× by default) and the high-contrast palette.
        QCOMPARE(fontSize(), 1.5 * m_baseSize);
        QCOMPARE(p->theme(), Presentation::Theme::HighContrast);
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
        QCOMPARE(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));
        QCOMPARE(wb.stages().palette().color(QPalette::Window), QColor(Qt::white));

        QTest::keyClick(&w, Qt::Key_Escape); // Esc leaves too
        QVERIFY(!p->isActive());
        QVERIFY(!(w.windowState() & Qt::WindowFullScreen));
        QVERIFY(dock(w, "inputsDock")->isVisible());
        QVERIFY(dock(w, "controlsDock")->isVisible());
        QVERIFY(w.statusBar()->isVisible());
        for (QToolBar *bar : bars)
            QVERIFY(bar->isVisible());
        QCOMPARE(fontSize(), m_baseSize);
        QCOMPARE(p->theme(), Presentation::Theme::Standard);
    }

    void aDockClosedBeforeStaysClosedAfter() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        dock(w, "controlsDock")->hide();
        wb.presentation().setActive(true);
        wb.presentation().setActive(false);
        QVERIFY(!dock(w, "controlsDock")->isVisible());
        QVERIFY(dock(w, "inputsDock")->isVisible());
    }

    void zoomScalesTheWholeInterface() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        Presentation *p = &wb.presentation();
        HeatmapView *weights = wb.stages().view(attn::Stage::Weights);
        const double viewBefore = weights->font().pointSizeF();
        QTest::keyClick(&w, Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(p->zoom(), 1.1);
        QTest::keyClick(&w, Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(p->zoom(), 1.25);
        QCOMPARE(fontSize(), 1.25 * m_baseSize);
        QCOMPARE(weights->font().pointSizeF(), 1.25 * viewBefore); // heatmaps follow
        QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(p->zoom(), 1.1);
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(p->zoom(), 1.0);
        QCOMPARE(fontSize(), m_baseSize);
        for (int i = 0; i < 30; ++i)
            p->zoomIn();
        QCOMPARE(p->zoom(), Presentation::kMaxZoom);
        for (int i = 0; i < 30; ++i)
            p->zoomOut();
        QCOMPARE(p->zoom(), Presentation::kMinZoom);
    }

    void interpretationsFollowTheZoom() {
        // One zoom for all text: the Interpretations' terms, outer products and formula too
        // (they are at least 11 pt at zoom 1, for a classroom).
        WindowAssembler wb;
        wb.window().findChild<QDockWidget *>("interpretationsDock")->show();
        wb.window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
        InterpretationsView &view = wb.interpretations();
        auto *formula = view.findChild<QLabel *>("interpretationFormula");
        const double terms = view.termsWidget()->font().pointSizeF();
        const double outer = view.outerWidget()->font().pointSizeF();
        const double title = formula->font().pointSizeF();
        QVERIFY(terms >= 11 - 1e-9);
        QVERIFY(title > terms);
        wb.presentation().setZoom(2.0);
        QTRY_VERIFY(std::abs(view.termsWidget()->font().pointSizeF() - 2 * terms) < 0.05);
        QVERIFY(std::abs(view.outerWidget()->font().pointSizeF() - 2 * outer) < 0.05);
        QVERIFY(std::abs(formula->font().pointSizeF() - 2 * title) < 0.05);
        wb.presentation().setZoom(1.0);
        QTRY_VERIFY(std::abs(view.termsWidget()->font().pointSizeF() - terms) < 0.05);
    }

    // Leaving comes back to the layout left: the docks' sizes and the input tables' rows.
    void leavingRestoresDockSizesAndTableRows() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        testsupport::settle(wb);
        QTest::qWait(50);
        QDockWidget *inputs = dock(w, "inputsDock");
        QTableView *x = wb.inputs().xEditor()->view();
        const int dockHeight = inputs->height(), tableHeight = x->viewport()->height();
        QVERIFY(tableHeight > 3 * x->verticalHeader()->defaultSectionSize());
        Presentation *p = &wb.presentation();
        p->setActive(true);
        QTest::qWait(50);
        p->zoomIn();
        QTest::qWait(50);
        p->setActive(false);
        QTRY_COMPARE(inputs->height(), dockHeight);
        QTRY_COMPARE(x->viewport()->height(), tableHeight);
    }

    // One zoom for every text: the cell numbers (their cells grow), the combination panel and
    // the lesson's own larger type.
    void zoomEnlargesNumbersPanelAndLesson() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        testsupport::settle(wb);
        HeatmapView *weights = wb.stages().view(attn::Stage::Weights);
        auto numbers = [&] {
            QTest::qWait(50);
            weights->plot()->replot();
            return weights->numbersShown() ? weights->numberPointSize() : 0.0;
        };
        QLabel *lessonTitle = nullptr;
        for (QLabel *l : w.findChild<QWidget *>("lessonPanel")->findChildren<QLabel *>())
            if (l->testAttribute(Qt::WA_SetFont) && !lessonTitle)
                lessonTitle = l;
        QVERIFY(lessonTitle);
        const double before = numbers(), panel = wb.combination().font().pointSizeF(),
                     lesson = lessonTitle->font().pointSizeF();
        QVERIFY(before >= 9.0);
        wb.presentation().setZoom(1.5);
        testsupport::settle(wb);
        QVERIFY2(numbers() >= 1.4 * before, qPrintable(QString::number(numbers())));
        QCOMPARE(wb.combination().font().pointSizeF(), 1.5 * panel);
        QCOMPARE(lessonTitle->font().pointSizeF(), 1.5 * lesson);
        wb.presentation().setZoom(1.0);
        QCOMPARE(lessonTitle->font().pointSizeF(), lesson);
    }

    void eachModeKeepsItsOwnZoomAndTheme() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        Presentation *p = &wb.presentation();
        p->setZoom(1.25);
        p->setActive(true);
        p->setZoom(2.0);
        p->setTheme(Presentation::Theme::Standard);
        p->setActive(false);
        QCOMPARE(p->zoom(), 1.25);
        p->setActive(true);
        QCOMPARE(p->zoom(), 2.0);
        QCOMPARE(p->theme(), Presentation::Theme::Standard);
        p->setActive(false);
    }

    // Ctrl+0 gives each mode its own default size: in presentation mode the projector's, and
    // the normal size is never saved as the presentation's zoom.
    void actualSizeKeepsEachModesDefault() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        Presentation *p = &wb.presentation();
        p->setActive(true);
        const double presenting = AppSettings::defaultFontScale(true);
        QVERIFY(presenting > 1.0);
        QCOMPARE(p->zoom(), presenting);
        p->setZoom(2.5);
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(p->zoom(), presenting);
        QCOMPARE(fontSize(), presenting * m_baseSize);
        QCOMPARE(AppSettings().fontScale(true), presenting);
        p->setActive(false);
        p->setZoom(1.25);
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(p->zoom(), 1.0);
        QCOMPARE(AppSettings().fontScale(false), 1.0);
        p->setActive(true);
        QCOMPARE(p->zoom(), presenting);
        p->setActive(false);
    }

    void lessonStepKeysReachTheLesson() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        Presentation *p = &wb.presentation();
        QList<int> steps;
        p->setLessonStepHandler([&](int delta) { steps << delta; });
        QSignalSpy spy(p, &Presentation::lessonStepRequested);
        p->setActive(true);
        QTest::keyClick(&w, Qt::Key_PageDown);
        QTest::keyClick(&w, Qt::Key_PageDown);
        QTest::keyClick(&w, Qt::Key_PageUp);
        QCOMPARE(steps, (QList<int>{1, 1, -1}));
        QCOMPARE(spy.count(), 3);
        p->setActive(false);
        // Outside presentation mode PageDown belongs to the tables; Alt+PageDown steps.
        QTest::keyClick(&w, Qt::Key_PageDown);
        QCOMPARE(steps.size(), 3);
        QTest::keyClick(&w, Qt::Key_PageDown, Qt::AltModifier);
        QCOMPARE(steps.size(), 4);
    }

    void settingsPersistBetweenRuns() {
        {
            WindowAssembler wb;
            QMainWindow &w = wb.window();
            w.show();
            Presentation *p = &wb.presentation();
            wb.shell().setColorMaps(ColorMapId::Cividis, ColorMapId::BrBG);
            p->setZoom(1.5);
            p->setTheme(Presentation::Theme::HighContrast);
            w.resize(734, 577); // within the test screen: a saved size that fits stays
            dock(w, "controlsDock")->hide();
            w.close(); // saves geometry and dock layout
        }
        QCOMPARE(AppSettings().fontScale(false), 1.5);
        QCOMPARE(AppSettings().theme(false), QStringLiteral("high-contrast"));
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QCOMPARE(wb.shell().sequentialMap(), ColorMapId::Cividis);
        QCOMPARE(wb.shell().divergingMap(), ColorMapId::BrBG);
        QCOMPARE(wb.presentation().zoom(), 1.5);
        QCOMPARE(fontSize(), 1.5 * m_baseSize);
        QCOMPARE(wb.presentation().theme(), Presentation::Theme::HighContrast);
        QCOMPARE(w.size(), QSize(734, 577));
        QVERIFY(!dock(w, "controlsDock")->isVisible());
        QVERIFY(dock(w, "inputsDock")->isVisible());
    }

    // The window opens within the screen's available area (1600×1000 does not fit a 1280×800
    // laptop, nor the test screen); a saved size that fits stays as saved.
    void windowOpensWithinTheScreen() {
        const QRect laptop(0, 0, 1280, 800);
        const QMargins frame(4, 24, 4, 4);
        const QRect fitted =
            fitIntoScreen(QRect(QPoint(40, 30), kPreferredWindowSize), laptop, frame);
        QVERIFY((laptop - frame).contains(fitted));
        QCOMPARE(fitted.size(), QSize(1272, 772));
        const QRect small(100, 100, 700, 500);
        QCOMPARE(fitIntoScreen(small, laptop, frame), small);

        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        QVERIFY(available.width() < kPreferredWindowSize.width() ||
                available.height() < kPreferredWindowSize.height());
        QSize saved;
        {
            WindowAssembler wb;
            QMainWindow &w = wb.window();
            QVERIFY2(available.contains(w.frameGeometry()),
                     qPrintable(QString("%1,%2 %3x%4 in %5x%6")
                                    .arg(w.frameGeometry().x())
                                    .arg(w.frameGeometry().y())
                                    .arg(w.frameGeometry().width())
                                    .arg(w.frameGeometry().height())
                                    .arg(available.width())
                                    .arg(available.height())));
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY2(available.contains(w.frameGeometry()),
                     qPrintable(QString("%1,%2 %3x%4")
                                    .arg(w.frameGeometry().x())
                                    .arg(w.frameGeometry().y())
                                    .arg(w.frameGeometry().width())
                                    .arg(w.frameGeometry().height())));
            saved = available.size() - QSize(100, 120);
            w.resize(saved);
            w.close(); // saves the geometry
        }
        WindowAssembler wb;
        wb.window().show();
        QCOMPARE(wb.window().size(), saved);
    }

    void windowStateFromAnotherVersionIsIgnored() {
        {
            WindowAssembler wb;
            QMainWindow &w = wb.window();
            w.show();
            dock(w, "controlsDock")->hide();
            AppSettings().saveWindow(w.saveGeometry(),
                                     w.saveState(AppSettings::kWindowStateVersion + 1));
        }
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.show();
        QVERIFY(dock(w, "controlsDock")->isVisible()); // the default layout, not a wrong one
    }
};

// Not a test: `test_presentation --screenshots DIR` renders the window, the Presets menu and
// presentation mode to PNGs for looking at (run it under xvfb-run for a real screen size).
int screenshots(const QString &dir) {
    testsupport::resetState();
    WindowAssembler wb;
    QMainWindow &w = wb.window();
    w.resize(1600, 1000);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return 1;
    QMenu *menu = wb.shell().menu(MenuId::Presets);
    QAction *coreference = menu->actions().value(3);
    coreference->trigger();
    QTest::qWait(400);
    w.grab().save(dir + "/normal-coreference.png");

    menu->popup(w.mapToGlobal(
        QPoint(w.menuBar()->actionGeometry(menu->menuAction()).left(), w.menuBar()->height())));
    QTest::qWait(200);
    menu->setActiveAction(coreference); // its status tip goes to the status bar
    QTest::qWait(200);
    QPixmap shot = w.grab();
    {
        QPainter painter(&shot);
        painter.drawPixmap(w.mapFromGlobal(menu->pos()), menu->grab());
    }
    shot.save(dir + "/presets-menu.png");
    menu->hide();

    // Without a window manager (xvfb) "full screen" is only a flag: size it like one.
    wb.presentation().setActive(true);
    w.setGeometry(w.screen()->geometry());
    QTest::qWait(600);
    w.grab().save(dir + "/presentation.png");
    w.setGeometry(QRect(0, 0, 1280, 800)); // a common projector
    QTest::qWait(600);
    w.grab().save(dir + "/presentation-1280x800.png");
    wb.presentation().zoomIn();
    QTest::qWait(400);
    w.grab().save(dir + "/presentation-1280x800-zoomed.png");
    wb.presentation().setActive(false);
    QTest::qWait(1000);
    w.grab().save(dir + "/after-presentation.png");
    return 0;
}

int main(int argc, char **argv) {
    testsupport::isolate("test_presentation");
    QApplication app(argc, argv);
    if (argc == 3 && qstrcmp(argv[1], "--screenshots") == 0)
        return screenshots(QString::fromLocal8Bit(argv[2]));
    TestPresentation test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_presentation.moc"
