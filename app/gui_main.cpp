// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz: the GUI. Argument parsing only; ui/window/WindowAssembler assembles the program.

#include "Allocator.h"
#include "Stage.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "heatmap/ReplotQueue.h"
#include "insights/HeadsFocus.h"
#include "lesson/LessonPanel.h"
#include "network/NetworkDocument.h"
#include "network/NetworkRunner.h"
#include "networkview/NetworkFeatures.h"
#include "networkview/NetworkView.h"
#include "session/SessionController.h"
#include "shell/Translations.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"
#include "workbench/StagesView.h"

#include <QCoreApplication>
#include <algorithm>

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QIcon>
#include <QLineEdit>
#include <QMainWindow>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <QUndoStack>

#include <cstdio>
#include <optional>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace {

// The stages the stages view draws, by file name ("q", "weights", "final"): what --focus takes.
QStringList focusableStageNames() {
    QStringList names;
    for (const attn::StageInfo &info : attn::stageInfos())
        if (!info.input)
            names << QString::fromUtf8(info.fileName);
    return names;
}

// Shows the stage's heatmap (scrolled into view) with the keyboard focus, once the layouts
// the window's size and zoom ask for are done.
void focusStage(StagesView &stages, attn::Stage stage) {
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    stages.showStage(stage);
}

// --help and --version print and exit: they must work over ssh or in a script with no
// display, where the default platform plugin would abort before the options are read.
bool onlyPrints(int argc, char **argv) {
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--help" || arg == "-h" || arg == "--help-all" || arg == "--version" ||
            arg == "-v")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char **argv) {
    attn::keepLargeAllocationsInHeap();
    if (onlyPrints(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName("attnviz");
    QApplication::setOrganizationName("attnviz");
    QApplication::setApplicationVersion(ATTNVIZ_VERSION);
    // The installed .desktop file (packaging/): Wayland compositors match windows to it.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.attnviz.attnviz"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Scaled dot-product attention, every number editable, every step visible.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        "file", "A session (.attnviz) or reference-case JSON file to open.", "[file]");
    const QCommandLineOption screenshot(
        "screenshot", "Render the window to <png> once it has drawn, then exit.", "png");
    const QCommandLineOption size("size", "Window size for --screenshot (default 1600x1000).",
                                  "WxH", "1600x1000");
    const QCommandLineOption row("row", "Select this query row at start.", "row");
    parser.addOption(screenshot);
    parser.addOption(size);
    const QCommandLineOption layout("layout", "Start in the rows or columns layout.", "layout",
                                    "rows");
    const QCommandLineOption lesson("lesson", "Start the lesson at step <n> (1-based).", "n");
    parser.addOption(row);
    parser.addOption(layout);
    parser.addOption(lesson);
    const QCommandLineOption presentation(
        "presentation",
        QCoreApplication::translate(
            "main", "Start in presentation mode (with --screenshot, at the size of --size)."));
    const QCommandLineOption focus(
        "focus",
        QCoreApplication::translate(
            "main", "Show the heatmap of <stage> and give it the keyboard focus: %1; or heads: "
                    "every head's weights at once, in the whole window; with --model: lens, "
                    "circuits or compare, that tab of the model view, or value-weighted or "
                    "rollout, that picture of every head.")
            .arg(focusableStageNames().join(", ")),
        "stage");
    const QCommandLineOption language(
        "language",
        QCoreApplication::translate(
            "main", "Show the interface in <language> (en, de), instead of the one chosen in "
                    "View \u203a Language or else the system's."),
        "language");
    const QCommandLineOption model(
        "model",
        QCoreApplication::translate(
            "main", "Open the model folder <dir> (Hugging Face: config.json, model.safetensors "
                    "and its tokenizer) or a GGUF file (llama.cpp's) and show every head of "
                    "every layer."),
        "dir");
    const QCommandLineOption text(
        "text", QCoreApplication::translate("main", "The text the model of --model runs on."),
        "text");
    const QCommandLineOption compare(
        "compare",
        QCoreApplication::translate("main", "Compare the text of --model with <text>: the A/B tab, "
                                            "both runs side by side."),
        "text");
    parser.addOption(presentation);
    parser.addOption(model);
    parser.addOption(text);
    parser.addOption(compare);
    parser.addOption(focus);
    parser.addOption(language);
    parser.process(app);

    std::optional<attn::Stage> focused;
    // --focus heads: the Heads panel's "All heads at once", not a stage.
    const bool focusHeads = parser.isSet(focus) && parser.value(focus) == "heads";
    // --focus lens|circuits|compare: a tab of the model view, when there is a model.
    const QStringList modelTabs{"lens", "circuits", "compare", "value-weighted", "rollout"};
    const QString focusTab =
        parser.isSet(focus) && modelTabs.contains(parser.value(focus)) ? parser.value(focus) : "";
    if (!focusTab.isEmpty() && !parser.isSet(model)) {
        std::fprintf(stderr, "attnviz: %s\n",
                     qPrintable(QCoreApplication::translate(
                                    "main", "--focus %1 shows a tab of the model view: it needs "
                                            "--model DIR")
                                    .arg(focusTab)));
        return 2;
    }
    if (parser.isSet(focus) && !focusHeads && focusTab.isEmpty()) {
        const QString name = parser.value(focus);
        const attn::StageInfo *info = attn::findStageByFileName(name.toStdString());
        if (!info || info->input) {
            std::fprintf(
                stderr, "attnviz: %s\n",
                qPrintable(
                    QCoreApplication::translate("main",
                                                "unknown stage \"%1\" for --focus; one of: %2")
                        .arg(name, (focusableStageNames() << "heads" << modelTabs).join(", "))));
            return 2;
        }
        focused = info->stage;
    }

    // Screenshots show the defaults, not the user's saved zoom, theme, language and dock layout.
    if (parser.isSet(screenshot))
        QStandardPaths::setTestModeEnabled(true);
    QString languageCode = Translations::saved();
    if (parser.isSet(language)) {
        languageCode = parser.value(language);
        QStringList codes;
        for (const Translations::Language &l : Translations::languages())
            if (!l.code.isEmpty())
                codes << l.code;
        if (!codes.contains(languageCode)) {
            std::fprintf(
                stderr, "attnviz: %s\n",
                qPrintable(QCoreApplication::translate(
                               "main", "unknown language \"%1\" for --language; one of: %2")
                               .arg(languageCode, codes.join(", "))));
            return 2;
        }
    }
    Translations::instance().apply(languageCode);
    WindowAssembler workbench;
    QMainWindow &window = workbench.window();
    // The theme's icon when installed, else the same drawing from the resources (registered by
    // the WindowAssembler's presets).
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.attnviz.attnviz"),
                                                 QIcon(QStringLiteral(":/icons/attnviz.svg"))));
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty()) {
        QString error;
        if (!workbench.session().loadFile(files.first(), &error)) {
            std::fprintf(stderr, "attnviz: %s\n", qPrintable(error));
            if (parser.isSet(screenshot))
                return 1;
            QMessageBox::warning(
                &window, "attnviz",
                QCoreApplication::translate("main", "Could not open the file:\n%1\n\nShowing the "
                                                    "worked example instead.")
                    .arg(error));
        }
    }
    if (parser.isSet(model)) {
        QString error;
        if (!workbench.model().openFolderNow(parser.value(model), &error)) {
            std::fprintf(stderr, "attnviz: %s\n", qPrintable(error));
            if (parser.isSet(screenshot))
                return 1;
            QMessageBox::warning(
                &window, "attnviz",
                QCoreApplication::translate("main", "Could not open the model:\n%1").arg(error));
        } else {
            NetworkDocument &network = workbench.model().networkDocument();
            network.setText(parser.value(text));
            if (parser.isSet(compare))
                network.setCompareText(parser.value(compare));
            workbench.model().showModel(true);
            NetworkView &view = workbench.model().view();
            if (focusTab == "lens")
                view.showTab(NetworkView::Tab::Lens);
            else if (focusTab == "circuits")
                view.showTab(NetworkView::Tab::Circuits);
            else if (focusTab == "compare")
                view.showTab(NetworkView::Tab::Compare);
            else if (focusTab == "value-weighted")
                view.showPicture(LayerHeadGrid::Picture::ValueWeighted);
            else if (focusTab == "rollout")
                view.showPicture(LayerHeadGrid::Picture::Rollout);
        }
    }
    if (parser.value(layout) == "columns")
        workbench.document().selection().setLayout(attn::Layout::Columns);
    if (parser.isSet(row))
        workbench.document().selection().setSelectedRow(parser.value(row).toInt());

    if (parser.isSet(lesson)) {
        workbench.recomputer().recomputeNow();
        workbench.lesson().goTo(parser.value(lesson).toInt() - 1);
    }
    if (focused) {
        workbench.recomputer().recomputeNow();
        if (!workbench.stages().view(*focused) || workbench.stages().view(*focused)->isHidden()) {
            std::fprintf(stderr, "attnviz: %s\n",
                         qPrintable(QCoreApplication::translate(
                                        "main", "--focus %1: this file has no such heatmap "
                                                "(concat needs several heads or a Wo)")
                                        .arg(parser.value(focus))));
            return 2;
        }
    }
    if (focusHeads)
        workbench.insights().allHeads->setActive(true);
    if (parser.isSet(presentation))
        workbench.presentation().setActive(true);

    if (parser.isSet(screenshot)) {
        // The largest heatmaps are coloured on a worker thread: wait for their images too.
        const auto coloring = [](const StagesView &stages) {
            const QList<HeatmapView *> views = stages.visibleViews();
            return std::any_of(views.begin(), views.end(),
                               [](const HeatmapView *v) { return v->isColoring(); });
        };
        const QStringList wh = parser.value(size).split('x');
        // Presentation mode goes full screen; a screenshot keeps the size asked for.
        window.setWindowState(window.windowState() & ~Qt::WindowFullScreen);
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
        window.show();
        workbench.recomputer().recomputeNow();
        // Let layouts settle and the heatmaps replot before grabbing.
        QTimer::singleShot(300, &window, [&] {
            // The layouts arrange themselves in queued steps (a resize relays out the stages,
            // which resizes the heatmaps, which replot): on a loaded machine 300 ms can end
            // between two of them. Work the event loop until every step has run.
            // A model's run of thousands of tokens, and its overview read layer by layer, take
            // seconds on a small machine.
            constexpr qint64 kSettleMs = 120000;
            QElapsedTimer settling;
            settling.start();
            do {
                QApplication::processEvents(QEventLoop::AllEvents, 50);
                QThread::msleep(10);
            } while ((workbench.recomputer().isBusy() || workbench.model().runner().isBusy() ||
                      workbench.model().view().isBusy() || coloring(workbench.stages()) ||
                      !ReplotQueue::instance().isEmpty() || settling.elapsed() < 200) &&
                     settling.elapsed() < kSettleMs);
            if (parser.isSet(lesson)) { // the step's matrices in view, as arranged now
                workbench.stages().revealEmphasis();
                QApplication::processEvents();
            }
            if (focused) {
                focusStage(workbench.stages(), *focused);
                QApplication::processEvents();
            }
            const QString path = parser.value(screenshot);
            const bool ok = window.grab().save(path);
            if (!ok)
                std::fprintf(stderr, "attnviz: cannot write %s\n", qPrintable(path));
            QApplication::exit(ok ? 0 : 1);
        });
        return QApplication::exec();
    }
    window.show();
    if (focused)
        QTimer::singleShot(0, &window, [&] { focusStage(workbench.stages(), *focused); });
    workbench.session().offerRecovery();
    return QApplication::exec();
}
