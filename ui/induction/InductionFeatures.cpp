// SPDX-License-Identifier: GPL-3.0-or-later
#include "InductionFeatures.h"

#include "InductionTrainer.h"
#include "InductionTrainingView.h"
#include "shell/Shell.h"
#include "shell/StepAside.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QTimer>

namespace attn::ui {

namespace {

// While the circuit lesson runs, its panel has the window: the stages and the other panels
// step aside (the worked example on screen said nothing of what the lesson talks about) and
// come back as they were when it ends, by its End button or by closing the panel.
class LessonFocus : public QObject {
public:
    LessonFocus(QMainWindow &window, QDockWidget *dock, InductionTrainingView *view)
        : QObject(dock), m_dock(dock), m_view(view), m_aside(window) {
        connect(view, &InductionTrainingView::lessonRunningChanged, this, &LessonFocus::setActive);
        // Closing the panel ends the lesson. Checked once the event loop runs: stepping aside
        // hides and shows docks on its way.
        const auto check = [this] {
            QTimer::singleShot(0, this, [this] {
                if (m_active && !m_switching && (m_dock->isHidden() || m_dock->isFloating()))
                    m_view->stopLesson();
            });
        };
        connect(dock, &QDockWidget::visibilityChanged, this, check);
        connect(dock, &QDockWidget::topLevelChanged, this, check);
    }

private:
    void setActive(bool on) {
        if (on == m_active)
            return;
        m_switching = true;
        m_active = on;
        if (on) {
            m_wasFloating = m_dock->isFloating();
            m_aside.hideAllBut(m_dock, /*toolbars=*/false);
            if (m_wasFloating)
                m_dock->setFloating(false);
            m_dock->show();
            m_dock->raise();
        } else {
            m_aside.showAgain();
            m_aside.restoreSizes();
        }
        m_switching = false;
    }

    QDockWidget *m_dock;
    InductionTrainingView *m_view;
    StepAside m_aside;
    bool m_active = false;
    bool m_switching = false;
    bool m_wasFloating = false;
};

} // namespace

InductionFeatures installInductionFeatures(Shell &shell) {
    InductionFeatures f;
    f.trainer = new InductionTrainer(&shell.window());
    f.view = new InductionTrainingView(*f.trainer);
    const QList<QDockWidget *> right = shell.panels(Qt::RightDockWidgetArea);
    f.dock = shell.addRightTab(
        QCoreApplication::translate("InductionFeatures", "Watch a circuit form"), "inductionDock",
        f.view, f.view->playButton(), right.isEmpty() ? nullptr : right.front(),
        shell.menu(MenuId::View), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_I));
    f.dock->hide(); // until asked for
    new LessonFocus(shell.window(), f.dock, f.view);
    // The third lesson lives in the panel; the Lesson menu starts it there.
    auto *lesson = new QAction(
        QCoreApplication::translate("InductionFeatures", "How a &circuit forms"), f.view);
    lesson->setObjectName("circuitLessonAction");
    lesson->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L));
    // The lesson first: the stages and the other panels step aside before the panel shows, so
    // the window never has to hold them all at once (it grew past a projector's screen).
    QObject::connect(lesson, &QAction::triggered, f.view, [dock = f.dock, view = f.view] {
        view->startLesson();
        dock->show();
        dock->raise();
    });
    shell.menu(MenuId::Lesson)->addSeparator();
    shell.menu(MenuId::Lesson)->addAction(lesson);
    shell.window().addAction(lesson);
    f.lesson = lesson;
    // Training only while someone watches: hiding the panel pauses it.
    QObject::connect(f.dock, &QDockWidget::visibilityChanged, f.trainer,
                     [trainer = f.trainer](bool on) {
                         if (!on)
                             trainer->pause();
                     });
    return f;
}

} // namespace attn::ui
