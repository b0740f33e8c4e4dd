// SPDX-License-Identifier: GPL-3.0-or-later
#include "LearningFeatures.h"

#include "GradientPanel.h"
#include "PositionsPanel.h"
#include "TrainPanel.h"
#include "shell/Shell.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>

namespace attn::ui {

LearningViews installLearningFeatures(Shell &shell, Document &document, Recomputer &recomputer) {
    LearningViews views;
    views.positions = new PositionsPanel(&document, &recomputer);
    views.gradient = new GradientPanel(&document, &recomputer);
    views.train = new TrainPanel(&document);
    const struct {
        const char *title;
        const char *name;
        QWidget *content;
        QWidget *focus;
        Qt::Key key;
    } panels[] = {
        {QT_TRANSLATE_NOOP("LearningFeatures", "Positions"), "positionsDock",
         scrolled(views.positions), views.positions, Qt::Key_P},
        {QT_TRANSLATE_NOOP("LearningFeatures", "Gradient"), "gradientDock",
         scrolled(views.gradient), views.gradient, Qt::Key_G},
        {QT_TRANSLATE_NOOP("LearningFeatures", "Train"), "trainDock", scrolled(views.train),
         views.train, Qt::Key_T},
    };
    QMenu *menu = shell.menu(MenuId::View)
                      ->addMenu(QCoreApplication::translate("LearningFeatures", "&Learning"));
    menu->setObjectName("learningMenu");
    // Tabbed with the panels already on the right (the insights): a second group there would
    // stack below the first and add its minimum height to the window's.
    const QList<QDockWidget *> right = shell.panels(Qt::RightDockWidgetArea);
    QDockWidget *first = right.isEmpty() ? nullptr : right.front();
    for (const auto &p : panels) {
        QDockWidget *dock = shell.addRightTab(
            QCoreApplication::translate("LearningFeatures", p.title), p.name, p.content, p.focus,
            first, menu, QKeySequence(Qt::CTRL | Qt::ALT | p.key));
        dock->hide(); // until asked for: the heatmaps keep their room
        if (!first)
            first = dock;
    }
    return views;
}

} // namespace attn::ui
