// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QMainWindow;

namespace attn::ui {

class CombinationView;
class ControlsPanel;
class InputsPanel;
class InterpretationsView;
class LessonPanel;
class Presentation;
class Shell;
class StagesView;
class Tour;

// What the tour points at: the window's regions, and presentation mode (which hides the docks,
// so their steps are left out while it is on).
struct WindowTourTargets {
    QMainWindow *window = nullptr;
    Shell *shell = nullptr;
    Presentation *presentation = nullptr;
    StagesView *stages = nullptr;
    ControlsPanel *controls = nullptr;
    InputsPanel *inputs = nullptr;
    CombinationView *combination = nullptr;
    InterpretationsView *interpretations = nullptr;
    LessonPanel *lesson = nullptr;
};

// Help › Tour: seven stops over the window's regions (controls, inputs, stage heatmaps, the
// weights, the combination panel, Interpretations, the lesson). Returns the tour; its action is
// the Help menu's.
Tour *installWindowTour(const WindowTourTargets &targets);

} // namespace attn::ui
