#include "WindowTour.h"

#include "CombinationView.h"
#include "ControlsPanel.h"
#include "HeatmapView.h"
#include "InputsPanel.h"
#include "InterpretationsView.h"
#include "LessonPanel.h"
#include "Shell.h"
#include "StagesView.h"
#include "Tour.h"
#include "Workbench.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

#include <memory>

namespace {

// The dock a panel sits in (the panel itself when it has none).
QWidget *dockOf(QWidget *panel) {
    for (QWidget *w = panel; w; w = w->parentWidget())
        if (auto *dock = qobject_cast<QDockWidget *>(w))
            return dock;
    return panel;
}

// Opens a panel shown on demand for its step and closes it again after, if the tour opened it.
void onDemand(TourStep &step, QWidget *panel) {
    auto opened = std::make_shared<bool>(false);
    step.target = [panel] { return dockOf(panel); };
    step.enter = [panel, opened] {
        QWidget *dock = dockOf(panel);
        *opened = !dock->isVisible();
        dock->show();
        dock->raise();
    };
    step.leave = [panel, opened] {
        if (*opened)
            dockOf(panel)->hide();
        *opened = false;
    };
}

} // namespace

Tour *installWindowTour(Workbench &wb) {
    StagesView *stages = &wb.stages();
    QList<TourStep> steps;
    steps << TourStep{QObject::tr("Sizes and options"),
                      QObject::tr("Choose the sizes (tokens n, d<sub>k</sub>, d<sub>v</sub>, "
                                  "heads) and the options: scaling, causal mask, temperature, "
                                  "the layout (tokens as rows or as columns). Ready-made "
                                  "examples are in the Presets menu."),
                      [&wb] { return dockOf(&wb.controls()); },
                      {},
                      {}};
    steps << TourStep{QObject::tr("The inputs"),
                      QObject::tr("The tokens, X and the current head's Wq, Wk, Wv. Type into a "
                                  "cell, paste a block, or turn the mouse wheel over it: every "
                                  "stage updates at once, and Ctrl+Z undoes."),
                      [&wb] { return dockOf(&wb.inputs()); },
                      {},
                      {}};
    steps << TourStep{QObject::tr("Every stage as a heatmap"),
                      QObject::tr("Q, K, V, the scores, the logits, the weights and the output, "
                                  "each titled with its formula. Hover a cell for its exact "
                                  "value, click one to select its query, right-click to export."),
                      [&wb] { return wb.window().centralWidget(); },
                      {},
                      {}};
    steps << TourStep{QObject::tr("The attention weights"),
                      QObject::tr("softmax of the scaled scores: row i says how much query i "
                                  "attends to each key, and every row sums to 1."),
                      [stages] { return stages->view(attn::Stage::Weights); },
                      [stages] { stages->showStage(attn::Stage::Weights); },
                      {}};
    steps << TourStep{QObject::tr("The selected query's output"),
                      QObject::tr("Its output row as a weighted average of V's rows, term by "
                                  "term, with the weights summing to 1."),
                      [&wb] { return static_cast<QWidget *>(&wb.combination()); },
                      [stages] { stages->showStage(attn::Stage::HeadOutput); },
                      {}};
    TourStep interpretations{QObject::tr("Interpretations"),
                             QObject::tr("Four readings of each product (a dot product, rows, "
                                         "columns, a sum of outer products), played term by "
                                         "term with Space. View › Interpretations, "
                                         "Ctrl+Shift+I."),
                             {},
                             {},
                             {}};
    onDemand(interpretations, &wb.interpretations());
    steps << interpretations;
    TourStep lesson{QObject::tr("The lesson"),
                    QObject::tr("A guided walk through attention on the numbers shown: F5 starts "
                                "it, Page Down and Page Up move between its steps."),
                    {},
                    {},
                    {}};
    onDemand(lesson, &wb.lesson());
    steps << lesson;

    auto *tour = new Tour(wb.window(), steps);
    QAction *action = wb.shell().menu(MenuId::Help)->addAction(QObject::tr("&Tour of the window"));
    action->setObjectName("showTour");
    QObject::connect(action, &QAction::triggered, tour, &Tour::start);
    return tour;
}
