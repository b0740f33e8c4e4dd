// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowTour.h"

#include "Presentation.h"
#include "heatmap/HeatmapView.h"
#include "interpretations/InterpretationsView.h"
#include "lesson/LessonPanel.h"
#include "shell/Shell.h"
#include "shell/Tour.h"
#include "workbench/CombinationView.h"
#include "workbench/ControlsPanel.h"
#include "workbench/InputsPanel.h"
#include "workbench/StagesView.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>

#include <memory>

namespace attn::ui {

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

Tour *installWindowTour(const WindowTourTargets &t) {
    StagesView *stages = t.stages;
    QList<TourStep> steps;
    steps << TourStep{
        QCoreApplication::translate("WindowTour", "Sizes and options"),
        QCoreApplication::translate("WindowTour",
                                    "Choose the sizes (tokens n, d<sub>k</sub>, d<sub>v</sub>, "
                                    "heads) and the options: scaling, causal mask, temperature, "
                                    "the layout (tokens as rows or as columns). Ready-made "
                                    "examples are in the Presets menu."),
        [t] {
            // Hidden in presentation mode: the step is left out.
            return t.presentation->isActive() ? nullptr : dockOf(t.controls);
        },
        // In a narrow window the controls are a tab behind the inputs: their tab
        // comes to the front for this step (presentation mode hides both).
        [t] {
            if (!t.presentation->isActive())
                dockOf(t.controls)->raise();
        },
        [t] {
            if (!t.presentation->isActive())
                dockOf(t.inputs)->raise();
        }};
    steps << TourStep{
        QCoreApplication::translate("WindowTour", "The inputs"),
        QCoreApplication::translate("WindowTour",
                                    "The tokens, X and the current head's Wq, Wk, Wv. Type into a "
                                    "cell, paste a block, or turn the mouse wheel over it: every "
                                    "stage updates at once, and Ctrl+Z undoes."),
        [t] { return dockOf(t.inputs); },
        {},
        {}};
    steps << TourStep{
        QCoreApplication::translate("WindowTour", "Every stage as a heatmap"),
        QCoreApplication::translate("WindowTour",
                                    "Q, K, V, the scores, the logits, the weights and the output, "
                                    "each titled with its formula. Hover a cell for its exact "
                                    "value, click one to select its query, right-click to export."),
        [t] { return t.window->centralWidget(); },
        {},
        {}};
    steps << TourStep{QCoreApplication::translate("WindowTour", "The attention weights"),
                      QCoreApplication::translate(
                          "WindowTour", "softmax of the scaled scores: row i says how much query i "
                                        "attends to each key, and every row sums to 1."),
                      [stages] { return stages->view(attn::Stage::Weights); },
                      [stages] { stages->showStage(attn::Stage::Weights); },
                      {}};
    steps << TourStep{QCoreApplication::translate("WindowTour", "The selected query's output"),
                      QCoreApplication::translate(
                          "WindowTour", "Its output row as a weighted average of V's rows, term by "
                                        "term, with the weights summing to 1."),
                      [t] { return static_cast<QWidget *>(t.combination); },
                      [t] {
                          // The panel itself in view, not only the output beside it: the
                          // highlight would be a sliver otherwise.
                          t.stages->showStage(attn::Stage::HeadOutput);
                          for (QWidget *w = t.combination->parentWidget(); w; w = w->parentWidget())
                              if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
                                  scroll->ensureWidgetVisible(t.combination, 0, 0);
                                  break;
                              }
                      },
                      {}};
    TourStep interpretations{
        QCoreApplication::translate("WindowTour", "Interpretations"),
        QCoreApplication::translate("WindowTour",
                                    "Four readings of each product (a dot product, rows, "
                                    "columns, a sum of outer products), played term by "
                                    "term with Space. View › Interpretations, "
                                    "Ctrl+Shift+I."),
        {},
        {},
        {}};
    onDemand(interpretations, t.interpretations);
    steps << interpretations;
    TourStep lesson{QCoreApplication::translate("WindowTour", "The lesson"),
                    QCoreApplication::translate(
                        "WindowTour",
                        "A guided walk through attention on the numbers shown: F5 starts "
                        "it, Page Down and Page Up move between its steps."),
                    {},
                    {},
                    {}};
    onDemand(lesson, t.lesson);
    steps << lesson;

    auto *tour = new Tour(*t.window, steps);
    QAction *action =
        t.shell->menu(MenuId::Help)
            ->addAction(QCoreApplication::translate("WindowTour", "&Tour of the window"));
    action->setObjectName("showTour");
    QObject::connect(action, &QAction::triggered, tour, &Tour::start);
    return tour;
}

} // namespace attn::ui
