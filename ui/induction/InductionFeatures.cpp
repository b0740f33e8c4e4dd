// SPDX-License-Identifier: GPL-3.0-or-later
#include "InductionFeatures.h"

#include "InductionTrainer.h"
#include "InductionTrainingView.h"
#include "shell/Shell.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>

namespace attn::ui {

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
    // The third lesson lives in the panel; the Lesson menu starts it there.
    auto *lesson = new QAction(
        QCoreApplication::translate("InductionFeatures", "How a &circuit forms"), f.view);
    lesson->setObjectName("circuitLessonAction");
    lesson->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L));
    QObject::connect(lesson, &QAction::triggered, f.view, [dock = f.dock, view = f.view] {
        dock->show();
        dock->raise();
        view->startLesson();
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
