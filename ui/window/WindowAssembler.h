// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/ViewStateRegistry.h"
#include "induction/InductionFeatures.h"
#include "insights/InsightFeatures.h"
#include "learning/LearningFeatures.h"

#include <memory>

class QDockWidget;
class QMainWindow;

namespace attn::ui {

class CombinationView;
class CompactDocks;
class ControlsPanel;
class Document;
class FileDrops;
class InputsPanel;
class InterpretationsView;
class LessonPanel;
class NetworkController;
class MainWindow;
class PenOverlay;
class Presentation;
class Recomputer;
class SessionController;
class Shell;
class StagesView;
class Tour;

// The assembler: owns the document, the recomputer, the main window and every feature, builds
// them in the order written in its constructor and destroys them in reverse (features, then the
// window and its widgets, then the recomputer, the document and its undo stack last), so no
// observer outlives what it observes. Features never see the window's class: each takes the
// Document, the Recomputer, the Shell (menus by typed id, docks) and the views it works with.
class WindowAssembler {
public:
    WindowAssembler();
    ~WindowAssembler();
    WindowAssembler(const WindowAssembler &) = delete;
    WindowAssembler &operator=(const WindowAssembler &) = delete;

    Document &document() const { return *m_document; }
    Recomputer &recomputer() const { return *m_recomputer; }
    QMainWindow &window() const;
    Shell &shell() const;
    ViewStateRegistry &viewState() { return m_viewState; }

    StagesView &stages() const { return *m_stages; }
    CombinationView &combination() const { return *m_combination; }
    InputsPanel &inputs() const { return *m_inputs; }
    ControlsPanel &controls() const { return *m_controls; }
    InterpretationsView &interpretations() const { return *m_interpretations; }
    LessonPanel &lesson() const { return *m_lesson; }
    // The head overview and its "All heads at once" focus.
    const InsightViews &insights() const { return m_insights; }
    // The Positions, Gradient and Train panels.
    const LearningViews &learning() const { return m_learning; }
    const InductionFeatures &induction() const { return m_induction; }
    SessionController &session() const { return *m_session; }
    // A real model: its runner, its view, opening and taking heads apart.
    NetworkController &model() const { return *m_model; }
    Presentation &presentation() const { return *m_presentation; }
    // The pen over the window (P in presentation mode).
    PenOverlay &pen() const { return *m_pen; }
    FileDrops &fileDrops() const { return *m_drops; }
    Tour &tour() const { return *m_tour; }
    CompactDocks &compactDocks() const { return *m_compactDocks; }

private:
    void createWorkbenchViews();
    void connectStatusAndColors();
    // The pen: P in presentation mode, its strokes cleared when what they mark moves.
    void installPen(Shell &frame);

    std::unique_ptr<Document> m_document;
    std::unique_ptr<Recomputer> m_recomputer;
    ViewStateRegistry m_viewState;
    std::unique_ptr<MainWindow> m_window;
    // Widgets: owned by the window (Qt parents), so destroyed with it.
    StagesView *m_stages = nullptr;
    CombinationView *m_combination = nullptr;
    InputsPanel *m_inputs = nullptr;
    ControlsPanel *m_controls = nullptr;
    QDockWidget *m_controlsDock = nullptr;
    QDockWidget *m_inputsDock = nullptr;
    CompactDocks *m_compactDocks = nullptr; // a child of the window
    InterpretationsView *m_interpretations = nullptr;
    LessonPanel *m_lesson = nullptr;
    NetworkController *m_model = nullptr; // a child of the shell
    Tour *m_tour = nullptr;
    PenOverlay *m_pen = nullptr; // a child of the window
    InsightViews m_insights;
    LearningViews m_learning;
    InductionFeatures m_induction;
    // Controllers that observe the window and the document: destroyed first.
    std::unique_ptr<SessionController> m_session;
    std::unique_ptr<FileDrops> m_drops;
    std::unique_ptr<Presentation> m_presentation;
};

} // namespace attn::ui
