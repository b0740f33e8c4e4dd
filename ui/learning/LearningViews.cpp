#include "LearningViews.h"

#include "GradientPanel.h"
#include "PositionsPanel.h"
#include "Shell.h"
#include "TrainPanel.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>

LearningViews installLearning(Shell &shell, Document &document, Recomputer &recomputer) {
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
        {"Positions", "positionsDock", scrolled(views.positions), views.positions, Qt::Key_P},
        {"Gradient", "gradientDock", scrolled(views.gradient), views.gradient, Qt::Key_G},
        {"Train", "trainDock", scrolled(views.train), views.train, Qt::Key_T},
    };
    QMenu *menu = shell.menu(MenuId::View)->addMenu("&Learning");
    menu->setObjectName("learningMenu");
    // Tabbed with the panels already on the right (the insights): a second group there would
    // stack below the first and add its minimum height to the window's.
    const QList<QDockWidget *> right = shell.panels(Qt::RightDockWidgetArea);
    QDockWidget *first = right.isEmpty() ? nullptr : right.front();
    for (const auto &p : panels) {
        QDockWidget *dock = shell.addRightTab(p.title, p.name, p.content, p.focus, first, menu,
                                              QKeySequence(Qt::CTRL | Qt::ALT | p.key));
        dock->hide(); // until asked for: the heatmaps keep their room
        if (!first)
            first = dock;
    }
    return views;
}
