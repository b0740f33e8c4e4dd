// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowAssembler.h"

#include "CellDecimals.h"
#include "CompactDocks.h"
#include "FileDrops.h"
#include "MainWindow.h"
#include "PenOverlay.h"
#include "Presentation.h"
#include "ScreenFit.h"
#include "WindowTour.h"
#include "document/Document.h"
#include "document/Presets.h"
#include "document/Recomputer.h"
#include "figures/FigureFeatures.h"
#include "figures/PageFeatures.h"
#include "figures/WorksheetFeatures.h"
#include "import/ImportFeatures.h"
#include "insights/InsightFeatures.h"
#include "interpretations/InterpretationsFeatures.h"
#include "interpretations/InterpretationsState.h"
#include "interpretations/InterpretationsView.h"
#include "lesson/LessonFeatures.h"
#include "lesson/LessonPanel.h"
#include "networkview/BuiltinModel.h"
#include "networkview/NetworkFeatures.h"
#include "session/PresetsMenu.h"
#include "session/SessionController.h"
#include "session/SessionFeatures.h"
#include "shell/BusyIndicator.h"
#include "shell/Shell.h"
#include "shell/ShortcutsDialog.h"
#include "workbench/CombinationView.h"
#include "workbench/ControlsPanel.h"
#include "workbench/InputsPanel.h"
#include "workbench/StagesView.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QLayout>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>

namespace attn::ui {

WindowAssembler::WindowAssembler()
    : m_document(std::make_unique<Document>()),
      m_recomputer(std::make_unique<Recomputer>(m_document.get())),
      m_window(std::make_unique<MainWindow>(*m_document)) {
    // The views draw the first result as they are built.
    m_recomputer->recomputeNow();
    createWorkbenchViews();
    connectStatusAndColors();
    Shell &frame = shell();
    // A preset replaces the document as opening a file does: after the unsaved-changes
    // question, and unmodified, named after the preset.
    // So does anything else that puts another document in place (training's task, a model's
    // head): the document asks its guard, the session, before.
    m_document->setReplaceGuard([this] { return !m_session || m_session->maybeSave(); });
    fillPresetsMenu(
        frame.menu(MenuId::Presets), m_document.get(), frame,
        [doc = m_document.get()] { return doc->mayReplace(); },
        [this](const QString &name) {
            if (m_session)
                m_session->showPreset(name);
        });

    // Sessions first: Open/Save go to the top of the File menu, the view state keys that later
    // keys rely on (layout, head, row) are registered before theirs.
    registerStandardViewState(m_viewState, *m_document, frame);
    m_session = std::make_unique<SessionController>(*m_document, frame, m_viewState);
    // The window opens on the worked example, the first preset: its title says so.
    if (const std::vector<PresetEntry> entries = presetEntries(); !entries.empty())
        m_session->showPreset(entries.front().name);
    installImportFeatures(frame, *m_document, *m_inputs); // Import before Export in the menus
    installFigureFeatures(frame, *m_document, *m_stages, *m_inputs, *m_combination);
    installWorksheetFeatures(frame, *m_document, *m_recomputer);
    installPageFeatures(frame, *m_session);
    // After the session's Open (File › Open model… goes under it) and its view state keys.
    m_model = installNetworkFeatures(frame, *m_document, m_viewState);
    // Presets › A small trained model: the built-in model, after the workbench's presets.
    builtinmodel::addPreset(frame.menu(MenuId::Presets), *m_model);
    m_drops = std::make_unique<FileDrops>(*m_window, *m_document, *m_session);
    // A folder dropped on the window is a model folder.
    m_drops->setFolderHandler([this](const QString &folder) { m_model->openFolder(folder); });
    // A head taken apart from the model: its weights heatmap also shows the overview's pictures.
    m_stages->setWeightsPicture([model = m_model](const ResultSnapshot &snapshot, int head) {
        return model->weightsPicture(snapshot, head);
    });
    QObject::connect(m_model, &NetworkController::weightsPictureChanged, m_stages,
                     &StagesView::redraw);
    // The title names what is on screen: the model while it has the whole window.
    QObject::connect(m_model, &NetworkController::shownChanged, m_session.get(), [this] {
        m_session->setShownInstead(m_model->isModelShown() ? m_model->modelName() : QString());
    });
    installCellDecimals(frame, *m_stages, m_viewState);
    m_interpretations =
        installInterpretationsFeatures(frame, *m_document, *m_recomputer, *m_stages);
    registerInterpretationsState(m_viewState, *m_interpretations);
    m_insights = installInsightFeatures(frame, *m_document, *m_recomputer);
    m_learning = installLearningFeatures(frame, *m_document, *m_recomputer);
    m_induction = installInductionFeatures(frame); // tabbed with the learning panels
    m_lesson = installLessonFeatures(frame, *m_document, *m_recomputer, *m_stages, m_viewState);

    // The explorer panels open on demand (View menu; Ctrl+Shift+I, Alt+1…6): on first start
    // the heatmaps keep the room their numbers need. A saved layout restores them below.
    for (QDockWidget *d : frame.panels(Qt::RightDockWidgetArea))
        d->hide();
    // The window's minimum size was last computed with some of them shown (while features
    // were being added): recompute it now, or a first resize is clamped to the stale minimum.
    m_window->layout()->activate();
    m_window->resize(kPreferredWindowSize);

    // Last: it restores the saved dock layout, so every dock must exist by now.
    m_presentation = std::make_unique<Presentation>(frame);
    // On a smaller screen the window opens at the room there is, never partly off it; a saved
    // geometry that fits stays as saved.
    fitIntoScreen(*m_window);
    // The program's own layout follows the window's width (a saved one stays as saved).
    m_compactDocks = new CompactDocks(*m_window, m_controlsDock, m_inputsDock, m_controls);
    m_compactDocks->setAutomatic(!m_presentation->restoredSavedLayout());
    m_compactDocks->arrange();
    for (QDockWidget *d :
         frame.panels(Qt::LeftDockWidgetArea) + frame.panels(Qt::BottomDockWidgetArea))
        m_presentation->addEditingChrome(d);
    m_presentation->setLessonStepHandler([this](int delta) { m_lesson->step(delta); });
    QObject::connect(m_presentation.get(), &Presentation::activeChanged, m_lesson,
                     [this](bool on) { m_lesson->setPageKeysEnabled(!on); });
    installPen(frame);

    // Help › Keyboard shortcuts: read from every menu when shown, so it is built last.
    auto *shortcuts = new ShortcutsDialog(frame, m_window.get());
    QAction *showShortcuts =
        frame.menu(MenuId::Help)
            ->addAction(QCoreApplication::translate("WindowAssembler", "&Keyboard shortcuts"));
    showShortcuts->setShortcut(QKeySequence::HelpContents);
    QObject::connect(showShortcuts, &QAction::triggered, shortcuts, [shortcuts] {
        shortcuts->show();
        shortcuts->raise();
        shortcuts->activateWindow();
    });
    m_tour = installWindowTour({&window(), &frame, m_presentation.get(), m_stages, m_controls,
                                m_inputs, m_combination, m_interpretations, m_lesson});
}

WindowAssembler::~WindowAssembler() {
    // Members go in reverse order; the window first closes its features' connections to the
    // document by destroying them (session, presentation) before its own widgets.
    m_presentation.reset();
    m_drops.reset();
    m_session.reset();
    m_window.reset();
}

QMainWindow &WindowAssembler::window() const {
    return *m_window;
}

Shell &WindowAssembler::shell() const {
    return m_window->shell();
}

void WindowAssembler::createWorkbenchViews() {
    Shell &frame = shell();
    m_stages = new StagesView(m_document.get(), m_recomputer.get());
    m_window->setCentralWidget(scrolled(m_stages));

    // Controls on the left (full height); the input tables, laid out side by side, in a strip
    // under the heatmaps; the convex combination among the heatmaps, beside the head output.
    m_window->setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    m_controls = new ControlsPanel(m_document.get());
    // Scrolled: at a large zoom its groups stacked in the left column are taller than a small
    // window, which must not grow to hold them.
    m_controlsDock =
        frame.addPanel(QCoreApplication::translate("WindowAssembler", "Sizes and options"),
                       "controlsDock", scrolled(m_controls), Qt::LeftDockWidgetArea);
    m_inputs = new InputsPanel(m_document.get());
    m_inputsDock =
        frame.addPanel(QCoreApplication::translate("WindowAssembler",
                                                   "Inputs \u2014 type, wheel or paste to edit"),
                       "inputsDock", scrolled(m_inputs), Qt::BottomDockWidgetArea);
    m_window->resizeDocks({m_inputsDock}, {250}, Qt::Vertical);
    // A refused entry is said at its cell and, in case the bubble went by, in the status bar.
    QObject::connect(m_inputs, &InputsPanel::refused, m_window.get(),
                     [this](const QString &message) { shell().showMessage(message, 15000); });
    m_combination = new CombinationView(m_document.get(), m_recomputer.get());
    m_stages->setCombinationView(m_combination);
}

void WindowAssembler::connectStatusAndColors() {
    MainWindow *window = m_window.get();
    QObject::connect(m_stages, &StagesView::drawn, window, &MainWindow::showTiming);
    QObject::connect(m_recomputer.get(), &Recomputer::failed, window, &MainWindow::showError);
    // A forward pass on the worker (large inputs) says so in the status bar if it takes long.
    QObject::connect(m_recomputer.get(), &Recomputer::busyChanged, window, [this](bool busy) {
        if (busy)
            shell().busy().begin(QStringLiteral("compute"), [] {
                return QCoreApplication::translate("WindowAssembler", "computing\u2026");
            });
        else
            shell().busy().end(QStringLiteral("compute"));
    });
    // A large size change built on a worker says so too ("Change number of tokens n to 4096…").
    QObject::connect(m_document.get(), &Document::resizeStarted, window,
                     [this](const QString &text) {
                         shell().busy().begin(QStringLiteral("resize"),
                                              [text] { return text + QStringLiteral("\u2026"); });
                     });
    QObject::connect(m_document.get(), &Document::resizeFinished, window,
                     [this] { shell().busy().end(QStringLiteral("resize")); });
    // A good result clears the last error, but says what the core warns about (a query with
    // every key masked has an output of 0 by convention, not a weighted average).
    QObject::connect(m_recomputer.get(), &Recomputer::resultReady, window,
                     [window](const ResultSnapshot &snapshot) {
                         QStringList warnings;
                         if (snapshot.isValid())
                             for (const std::string &w : snapshot.result->warnings)
                                 warnings << QString::fromStdString(w);
                         window->showError(
                             warnings.isEmpty()
                                 ? QString()
                                 : QCoreApplication::translate("WindowAssembler", "Warning: %1")
                                       .arg(warnings.join("; ")));
                     });
    QObject::connect(&shell(), &Shell::colorMapsChanged, m_stages,
                     [this](ColorMapId sequential, ColorMapId diverging) {
                         m_stages->setColorMaps(sequential, diverging);
                         m_combination->setColorMap(diverging);
                     });
}

void WindowAssembler::installPen(Shell &frame) {
    m_pen = new PenOverlay(&window());
    QMenu *view = frame.menu(MenuId::View);
    view->addSeparator();
    view->addAction(m_pen->toggleAction());
    for (QAction *a : m_pen->colorActions())
        view->addAction(a);
    window().addAction(m_pen->toggleAction());
    window().addActions(m_pen->colorActions());
    // A presentation tool: outside presentation mode P stays the keys' own (the terms panel's P),
    // and leaving it puts the pen down and drops the strokes.
    m_pen->toggleAction()->setEnabled(false);
    QObject::connect(m_presentation.get(), &Presentation::activeChanged, m_pen, [this](bool on) {
        m_pen->toggleAction()->setEnabled(on);
        if (!on) {
            m_pen->setDrawing(false);
            m_pen->clear();
        }
    });
    m_presentation->setEscapeHandler([this] { return m_pen->escape(); });
    // Strokes mark what is under them: a lesson step, an exercise or a scroll moves it away.
    QObject::connect(m_lesson, &LessonPanel::stepChanged, m_pen, [this] { m_pen->clear(); });
    for (QWidget *w = m_stages->parentWidget(); w; w = w->parentWidget())
        if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
            for (QScrollBar *bar : {scroll->horizontalScrollBar(), scroll->verticalScrollBar()})
                QObject::connect(bar, &QScrollBar::valueChanged, m_pen, [this] { m_pen->clear(); });
            break;
        }
}

} // namespace attn::ui
