// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn::ui {

class Document;
class GradientPanel;
class PositionsPanel;
class Recomputer;
class Shell;
class TrainPanel;

// The panels of "where the weights come from": Positions, Gradient and Train, docked on the
// right (tabbed with the panels there, hidden until asked for), entries in View › Learning.
struct LearningViews {
    PositionsPanel *positions = nullptr;
    GradientPanel *gradient = nullptr;
    TrainPanel *train = nullptr;
};
LearningViews installLearningFeatures(Shell &shell, Document &document, Recomputer &recomputer);

} // namespace attn::ui
