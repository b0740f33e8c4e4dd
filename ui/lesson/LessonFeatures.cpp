// SPDX-License-Identifier: GPL-3.0-or-later
#include "LessonFeatures.h"

#include "ExercisePanel.h"
#include "LessonPanel.h"
#include "document/ViewStateRegistry.h"
#include "shell/Shell.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QJsonValue>
#include <QMainWindow>
#include <QMenu>

namespace attn::ui {

LessonPanel *installLessonFeatures(Shell &shell, Document &document, Recomputer &recomputer,
                                   StagesView &stages, ViewStateRegistry &viewState) {
    auto *panel = new LessonPanel(document, recomputer, stages);
    QDockWidget *dock = shell.addPanel(QCoreApplication::translate("LessonPanel", "Lesson"),
                                       "lessonDock", panel, Qt::RightDockWidgetArea);
    dock->setMinimumWidth(340);
    dock->hide(); // appears when a lesson starts, so the heatmaps keep the room until then
    panel->endWhenClosed(dock);
    QMenu *menu = shell.menu(MenuId::Lesson);
    menu->addAction(panel->startAction());
    menu->addAction(panel->startLearningAction());
    menu->addAction(panel->nextAction());
    menu->addAction(panel->previousAction());
    menu->addAction(panel->stopAction());
    // A saved session remembers the step.
    viewState.registerProvider(
        "lessonStep", [panel] { return QJsonValue(panel->step()); },
        [panel](const QJsonValue &v) {
            const int step = v.toInt(-1);
            if (step >= 0)
                panel->goTo(step);
            else
                panel->stop();
        },
        panel);
    // Predict, then reveal: an exercise on the current numbers, in a dock of its own so that a
    // lesson's step stays beside it.
    auto *exercise = new ExercisePanel(document, recomputer, stages);
    QDockWidget *exerciseDock =
        shell.addPanel(QCoreApplication::translate("ExercisePanel", "Exercise"), "exerciseDock",
                       exercise, Qt::RightDockWidgetArea);
    exerciseDock->setMinimumWidth(340);
    exerciseDock->hide();
    exercise->endWhenClosed(exerciseDock);
    menu->addSeparator();
    menu->addAction(exercise->startAction());
    menu->addAction(exercise->nextAction());
    menu->addAction(exercise->revealAction());
    // The window keeps the actions so their shortcuts work wherever the focus is.
    shell.window().addActions({panel->startAction(), panel->startLearningAction(),
                               panel->nextAction(), panel->previousAction(), panel->stopAction(),
                               exercise->startAction(), exercise->nextAction(),
                               exercise->revealAction()});
    return panel;
}

} // namespace attn::ui
