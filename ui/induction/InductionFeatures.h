// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QAction;
class QDockWidget;

namespace attn::ui {

class InductionTrainer;
class InductionTrainingView;
class Shell;

// "Watch a circuit form" in the window (issue 26): the InductionTrainer and its view as a panel
// tabbed with the other panels on the right, shown by View › Watch a circuit form
// (Ctrl+Alt+I), hidden until asked for; and Lesson › How a circuit forms (Ctrl+Alt+L), which
// shows it and starts the third lesson inside it.
struct InductionFeatures {
    InductionTrainer *trainer = nullptr;
    InductionTrainingView *view = nullptr;
    QDockWidget *dock = nullptr;
    QAction *lesson = nullptr;
};

InductionFeatures installInductionFeatures(Shell &shell);

} // namespace attn::ui
