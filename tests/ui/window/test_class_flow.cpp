// SPDX-License-Identifier: GPL-3.0-or-later
// A test that walks like a class: seeded random sequences of what a teacher does (open a
// session of 4–24 tokens and 1–4 heads, a preset, Train › Step, lesson steps forward and back,
// presentation on and off, docks, a model's head taken apart and back, exercises, undo, Save)
// on the real window at 1024×768 in presentation mode, 1280×800 and 1600×1000. After every
// action it checks what a class must be able to rely on:
// - no visible heatmap of up to 24 rows and columns has cells under 8 px;
// - the heatmaps a lesson step emphasises are in view with their titles;
// - no token name is cut where the heatmap has room for it (up to 12 tokens);
// - cells that hold a signed number of one decimal at 9 pt (and at least 28 px) carry numbers;
// - every query × key heatmap a lesson step emphasises shows numbers (of every cell up to 12
//   tokens, of the enlarged cells around the quoted one up to 24) and marks the quoted cell;
// - the row combination panel cuts no text;
// - no number on screen is in e-notation;
// - the window title names the document on screen;
// - the teachers' files on disk are unchanged.
// ctest runs a short seed set; ATTNVIZ_FLOW_SEEDS=N (and ATTNVIZ_FLOW_ACTIONS=M) runs a long
// soak (scripts/dev.sh soak), reporting every failing sequence with its actions.

#include "TrainingTask.h"
#include "document/Document.h"
#include "heatmap/HeatmapView.h"
#include "learning/LearningFeatures.h"
#include "learning/TrainPanel.h"
#include "lesson/ExercisePanel.h"
#include "lesson/LessonPanel.h"
#include "networkview/NetworkController.h"
#include "session/SessionController.h"
#include "shell/Shell.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/Presentation.h"
#include "workbench/CombinationView.h"
#include "workbench/StagesView.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QFontMetricsF>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <qcustomplot.h>

#include "support/TestMainName.h" // last: renames main in a shared executable

using attn::Stage;

namespace {

struct FlowScreen {
    QSize size;
    bool presentation = false;
};
const FlowScreen kFlowScreens[] = {
    {{1024, 768}, true}, {{1280, 800}, false}, {{1600, 1000}, false}};

enum class Act {
    Open,
    Preset,
    TrainStep,
    LessonStart,
    LessonNext,
    LessonPrevious,
    LessonStop,
    Presentation,
    Dock,
    TakeApart,
    Back,
    Exercise,
    Undo,
    Save,
    Count
};

// A teacher's own session: a sentence of `tokens` words, 1–4 heads, random weights.
QByteArray flowSession(int tokens, int heads, QRandomGenerator &rng) {
    static const QStringList kWords =
        QStringLiteral("the baker said that every loaf of fresh bread in her neighbourhood "
                       "bakery must rise slowly overnight before it can be sold warm at dawn")
            .split(' ');
    auto matrix = [&](int rows, int cols, double scale) {
        QJsonArray m;
        for (int r = 0; r < rows; ++r) {
            QJsonArray row;
            for (int c = 0; c < cols; ++c)
                row.append(std::round(scale * (rng.generateDouble() * 2 - 1) * 1000) / 1000);
            m.append(row);
        }
        return m;
    };
    const int p = 16, dk = 4;
    QJsonArray words, hs;
    for (int i = 0; i < tokens; ++i)
        words.append(kWords[i % kWords.size()]);
    for (int h = 0; h < heads; ++h)
        hs.append(QJsonObject{
            {"Wq", matrix(p, dk, 1.5)}, {"Wk", matrix(p, dk, 1.5)}, {"Wv", matrix(p, dk, 1)}});
    QJsonObject inputs{{"tokens", words},
                       {"X", matrix(tokens, p, 1.5)},
                       {"heads", hs},
                       {"options", QJsonObject{{"causal", rng.bounded(2) == 0}, {"scale", true}}}};
    if (heads > 1)
        inputs["Wo"] = matrix(heads * dk, p, 0.5);
    return QJsonDocument(QJsonObject{{"format", "attnviz-session"},
                                     {"version", 1},
                                     {"inputs", inputs},
                                     {"view", QJsonObject{{"row", tokens / 2}}}})
        .toJson();
}

QByteArray flowFileBytes(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QRect flowInViewport(QScrollArea *scroll, QWidget *widget) {
    return QRect(widget->mapTo(scroll->viewport(), QPoint()), widget->size());
}

} // namespace

class TestClassFlow : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_model;
    QStringList m_files;               // the teachers' sessions
    QHash<QString, QByteArray> m_disk; // their bytes as written
    int m_sequences = 0, m_actions = 0;

    // Wide enough for a signed number of one decimal at the smallest size numbers are drawn
    // (9 pt, HeatmapCellLayer): there a cell must show its number, however large the font (a
    // projector's "−0.0928" gives way to "−0.09", then "−0.1").
    static double numbersFrom(const HeatmapView *v) {
        QFont smallest = v->font();
        smallest.setPointSizeF(9.0);
        return std::max(28.0,
                        QFontMetricsF(smallest).horizontalAdvance(QString::fromUtf8("−0.0")) + 8);
    }

    // Everything that must hold after an action; empty when it does.
    QStringList check(testsupport::Harness &h) {
        QStringList problems;
        WindowAssembler &wb = h.workbench;
        for (const QString &file : std::as_const(m_files))
            if (flowFileBytes(file) != m_disk.value(file))
                problems << QString("%1 was written").arg(QFileInfo(file).fileName());
        NetworkController &model = wb.model();
        const QString title = h.window.windowTitle();
        const QString name = model.isModelShown() ? model.modelName() : h.session->documentName();
        if (!title.startsWith(name))
            problems << QString("title \"%1\" does not name \"%2\"").arg(title, name);
        // A title naming a teacher's file shows that file's sentence.
        if (!model.isModelShown() && m_files.contains(h.session->currentFile())) {
            const QJsonArray tokens =
                QJsonDocument::fromJson(m_disk.value(h.session->currentFile()))
                    .object()["inputs"]
                    .toObject()["tokens"]
                    .toArray();
            if (size_t(tokens.size()) != h.doc()->inputs().tokens.size())
                problems << QString("title names %1 (%2 tokens) over %3 tokens")
                                .arg(name)
                                .arg(tokens.size())
                                .arg(h.doc()->inputs().tokens.size());
        }
        if (model.isModelShown())
            return problems;

        auto *scroll = qobject_cast<QScrollArea *>(h.window.centralWidget());
        if (!scroll)
            return problems << "no central scroll area";
        const QRect viewport = scroll->viewport()->rect();
        // A number with an exponent, not a colour ("#e4e4e4") or a word.
        const QRegularExpression exponent(
            QString::fromUtf8("(?<![\\w#.])\\d+(\\.\\d+)?e[−+-]?\\d+(?!\\w)"));
        for (HeatmapView *v : wb.stages().visibleViews()) {
            if (!v->isVisible())
                continue;
            v->plot()->replot();
            const QString what = v->objectName();
            const QRectF cell = v->cellRect(0, 0);
            const bool small = v->rows() <= 24 && v->cols() <= 24;
            if (small && (cell.width() < 8 || cell.height() < 8))
                problems << QString("%1 (%2×%3): cells %4×%5 px in a %6×%7 heatmap (minimum "
                                    "%8×%9)")
                                .arg(what)
                                .arg(v->rows())
                                .arg(v->cols())
                                .arg(cell.width(), 0, 'f', 1)
                                .arg(cell.height(), 0, 'f', 1)
                                .arg(v->width())
                                .arg(v->height())
                                .arg(v->minimumWidth())
                                .arg(v->minimumHeight());
            // Cells a one-decimal number fits carry numbers (numbersFrom).
            if (cell.width() >= numbersFrom(v) && cell.height() >= 28 && !v->numbersShown())
                problems << QString("%1: cells %2×%3 px without numbers (\"%4\", font %5, "
                                    "visible region %6)")
                                .arg(what)
                                .arg(cell.width(), 0, 'f', 0)
                                .arg(cell.height(), 0, 'f', 0)
                                .arg(v->cellText(0, 0))
                                .arg(v->font().pointSizeF())
                                .arg(v->plot()->visibleRegion().isEmpty() ? "empty" : "seen");
            if (v->numbersShown() && small)
                for (int r = 0; r < v->rows(); ++r)
                    for (int c = 0; c < v->cols(); ++c)
                        if (exponent.match(v->cellText(r, c)).hasMatch()) {
                            problems << QString("%1: cell \"%2\"").arg(what, v->cellText(r, c));
                            r = v->rows();
                            break;
                        }
            if (v->rows() <= 12 && v->cols() <= 12)
                for (Qt::Orientation o : {Qt::Vertical, Qt::Horizontal})
                    for (const QString &tick : v->tickNames(o))
                        if (tick.contains(QChar(0x2026)))
                            problems << QString("%1: name cut to \"%2\"").arg(what, tick);
        }
        // The emphasised heatmaps of a lesson step: the first in view from its title.
        const QList<Stage> emphasis = wb.stages().emphasis();
        auto *exercise = h.window.findChild<ExercisePanel *>("exercisePanel");
        // (An exercise brings its own cells into view instead.)
        if (wb.lesson().isActive() && !emphasis.isEmpty() && !(exercise && exercise->isActive()))
            if (HeatmapView *v = wb.stages().view(emphasis.front()); v && !v->isHidden()) {
                const QRect seen = flowInViewport(scroll, v);
                if (seen.top() < viewport.top() - 2 || seen.top() + 40 > viewport.bottom())
                    problems << QString("emphasised %1 at %2 outside the viewport's %3 px")
                                    .arg(v->objectName())
                                    .arg(seen.top())
                                    .arg(viewport.height());
            }
        // What a lesson step talks about shows its numbers: every number of a query × key
        // heatmap of up to 12 tokens, else the enlarged cells around the one the text quotes.
        if (wb.lesson().isActive() && !(exercise && exercise->isActive()))
            for (Stage stage : emphasis) {
                HeatmapView *v = wb.stages().view(stage);
                if (!v || v->isHidden() ||
                    (stage != Stage::Scores && stage != Stage::Logits && stage != Stage::Weights))
                    continue;
                if (v->rows() > 24 || v->cols() > 24)
                    continue;
                v->plot()->replot();
                // Up to 12 tokens every cell, where the docks opened leave the cells the width
                // of a one-decimal number (lessonNumbersOnAProjector holds it at 1024×768 with
                // the lesson's dock alone); beyond, the enlarged cells always.
                const bool whole = v->rows() <= 12 && v->cols() <= 12;
                if (whole && v->cellRect(0, 0).width() < numbersFrom(v))
                    continue;
                if (!v->numbersShown())
                    problems << QString("emphasised %1 (%2×%3, cells %4×%5 px) without numbers")
                                    .arg(v->objectName())
                                    .arg(v->rows())
                                    .arg(v->cols())
                                    .arg(v->cellRect(0, 0).width(), 0, 'f', 0)
                                    .arg(v->cellRect(0, 0).height(), 0, 'f', 0);
                if (v->markedBlocks().isEmpty())
                    problems << QString("emphasised %1: the quoted cell is not marked")
                                    .arg(v->objectName());
            }
        // The row combination of the output steps: nothing cut.
        if (auto *combination = h.window.findChild<CombinationView *>("combinationView");
            combination && combination->isVisible()) {
            combination->grab(); // paints it: what it cut is known after a paint
            if (!combination->cutTexts().isEmpty())
                problems << QString("combination panel cut \"%1\"")
                                .arg(combination->cutTexts().join("\", \""));
        }
        // No number in e-notation in any text shown.
        for (QLabel *label : h.window.findChildren<QLabel *>())
            if (label->isVisible() && exponent.match(label->text()).hasMatch())
                problems << QString("%1: \"%2\"")
                                .arg(label->objectName().isEmpty() ? "a label"
                                                                   : label->objectName(),
                                     label->text().left(160));
        return problems;
    }

    // One action of a teacher; returns its description for the log.
    QString act(testsupport::Harness &h, Act a, QRandomGenerator &rng, const FlowScreen &screen) {
        WindowAssembler &wb = h.workbench;
        NetworkController &model = wb.model();
        switch (a) {
        case Act::Open: {
            const QString file = m_files[int(rng.bounded(quint32(m_files.size())))];
            h.session->openFile(file);
            return QString("open %1").arg(QFileInfo(file).fileName());
        }
        case Act::Preset: {
            QList<QAction *> presets = wb.shell().menu(MenuId::Presets)->actions();
            presets.removeIf([](QAction *p) { return p->isSeparator() || p->menu(); });
            presets.removeLast(); // the built-in model: a model of its own, not a preset
            QAction *preset = presets[int(rng.bounded(quint32(presets.size())))];
            preset->trigger();
            return QString("preset %1").arg(preset->text());
        }
        case Act::TrainStep: {
            TrainPanel *train = wb.learning().train;
            train->stepButton()->click();
            const bool shown = QTest::qWaitFor([train] { return train->showsTask(); }, 5000);
            return shown ? "train step" : "train step (the task never came)";
        }
        case Act::LessonStart:
            wb.lesson().startAction()->trigger();
            return "lesson start";
        case Act::LessonNext:
            wb.lesson().nextAction()->trigger();
            return QString("lesson next (%1)").arg(wb.lesson().step());
        case Act::LessonPrevious:
            wb.lesson().previousAction()->trigger();
            return QString("lesson previous (%1)").arg(wb.lesson().step());
        case Act::LessonStop:
            wb.lesson().stopAction()->trigger();
            return "lesson stop";
        case Act::Presentation: {
            const bool on = !wb.presentation().isActive();
            wb.presentation().setActive(on);
            h.window.setWindowState(h.window.windowState() & ~Qt::WindowFullScreen);
            h.window.resize(screen.size);
            return on ? "presentation on" : "presentation off";
        }
        case Act::Dock: {
            const QList<QDockWidget *> docks = wb.shell().panels();
            QDockWidget *dock = docks[int(rng.bounded(quint32(docks.size())))];
            dock->setVisible(!dock->isVisible());
            return QString("dock %1 %2").arg(dock->objectName(), dock->isVisible() ? "on" : "off");
        }
        case Act::TakeApart: {
            if (model.runner().folder().isEmpty())
                testsupport::openAndRun(h, m_model, QStringLiteral("the cat sat on the mat"));
            const int layer = int(rng.bounded(2u)), head = int(rng.bounded(2u));
            QString error;
            model.takeApart(layer, head, &error);
            return QString("take apart L%1H%2 %3").arg(layer).arg(head).arg(error);
        }
        case Act::Back:
            if (model.runner().folder().isEmpty())
                return "back (no model)";
            model.showModel(!model.isModelShown());
            return model.isModelShown() ? "back to the model" : "back to the workbench";
        case Act::Exercise: {
            auto *exercise = h.window.findChild<ExercisePanel *>("exercisePanel");
            (rng.bounded(2u) ? exercise->startAction() : exercise->revealAction())->trigger();
            return "exercise";
        }
        case Act::Undo:
            h.doc()->undoStack()->undo();
            return "undo";
        case Act::Save:
            // Her own file open: saving it is hers to do (and writes the view with it). Any
            // other document: Save As is cancelled (no name given), so nothing may be written.
            if (m_files.contains(h.session->currentFile()))
                return "save (skipped: her own file)";
            h.session->save();
            h.session->waitForSaves();
            return QString("save (%1)").arg(QFileInfo(h.session->currentFile()).fileName());
        case Act::Count:
            break;
        }
        return {};
    }

    // One seeded sequence; its failures with the actions that led to them.
    QStringList sequence(quint32 seed, int actions) {
        QRandomGenerator rng(seed);
        const FlowScreen screen = kFlowScreens[seed % 3];
        // Each sequence starts from the files as written, whatever an earlier one did to them.
        for (const QString &file : std::as_const(m_files)) {
            QFile f(file);
            if (f.open(QIODevice::WriteOnly))
                f.write(m_disk.value(file));
        }
        testsupport::Harness h;
        h.answer = SessionPrompts::Choice::Discard; // never Save: the files must stay as they are
        WindowAssembler &wb = h.workbench;
        wb.presentation().setActive(screen.presentation);
        h.window.setWindowState(h.window.windowState() & ~Qt::WindowFullScreen);
        testsupport::showWindowAt(wb, screen.size);
        h.session->openFile(m_files[int(seed % quint32(m_files.size()))]);
        QStringList log{QString("seed %1 at %2x%3%4, open %5")
                            .arg(seed)
                            .arg(screen.size.width())
                            .arg(screen.size.height())
                            .arg(screen.presentation ? " presentation" : "")
                            .arg(QFileInfo(h.session->currentFile()).fileName())};
        QStringList failures;
        ++m_sequences;
        for (int i = 0; i < actions && failures.isEmpty(); ++i) {
            // Lessons and exercises are what a class does most.
            static const Act weighted[] = {
                Act::Open,       Act::Preset,       Act::TrainStep,  Act::LessonStart,
                Act::LessonNext, Act::LessonNext,   Act::LessonNext, Act::LessonPrevious,
                Act::LessonStop, Act::Presentation, Act::Dock,       Act::TakeApart,
                Act::Back,       Act::Exercise,     Act::Undo,       Act::Save};
            const Act a = weighted[rng.bounded(quint32(std::size(weighted)))];
            log << act(h, a, rng, screen);
            ++m_actions;
            testsupport::settle(wb);
            QTest::qWait(30);
            QCoreApplication::processEvents();
            // The heatmaps arranged and scrolled to: a loaded machine takes longer, and a
            // layout that never settles (a reveal moving what it reveals) is a defect too.
            QStringList problems;
            if (!QTest::qWaitFor([&wb] { return wb.stages().isSettled(); }, 3000))
                problems << "the stages view never settled";
            problems << check(h);
            if (!problems.isEmpty())
                failures << log.join(" \u2192 ") + "\n    " + problems.join("\n    ");
        }
        return failures;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_model = m_dir.filePath("gpt2-tiny");
        QVERIFY(testsupport::writeGpt2Folder(m_model));
        QRandomGenerator rng(39);
        for (const auto &[tokens, heads] : {std::pair{4, 1}, std::pair{11, 4}, std::pair{12, 2},
                                            std::pair{16, 3}, std::pair{24, 4}}) {
            const QString path = m_dir.filePath(QString("lesson-%1tok.attnviz").arg(tokens));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const QByteArray bytes = flowSession(tokens, heads, rng);
            f.write(bytes);
            f.close();
            m_files << path;
            m_disk.insert(path, bytes);
        }
    }
    void init() { testsupport::resetState(); }

    // The short seed set: every screen, every kind of action.
    void teacherSequencesHold() {
        const int seeds = qEnvironmentVariableIsSet("ATTNVIZ_FLOW_SEEDS")
                              ? qEnvironmentVariableIntValue("ATTNVIZ_FLOW_SEEDS")
                              : 6;
        const int actions = qEnvironmentVariableIsSet("ATTNVIZ_FLOW_ACTIONS")
                                ? qEnvironmentVariableIntValue("ATTNVIZ_FLOW_ACTIONS")
                                : 14;
        const quint32 first = quint32(qEnvironmentVariableIntValue("ATTNVIZ_FLOW_FIRST_SEED"));
        QStringList failures;
        // Each failing sequence is told as it is found: a long soak that is stopped (or times
        // out) has still said what it saw.
        for (quint32 seed = first; seed < first + quint32(seeds); ++seed)
            for (const QString &failure : sequence(seed, actions)) {
                qWarning("%s", qPrintable(failure));
                failures << failure;
            }
        qInfo("class flow: %d sequences, %d actions, %d failing", m_sequences, m_actions,
              int(failures.size()));
        QVERIFY2(failures.isEmpty(), "see the sequences above");
    }

    // A head taken apart puts four widgets into the status bar beside the timing line: at
    // 1280×800 they were squeezed on top of each other ("◂ Back to the model" over "last
    // update: …"). Every visible one keeps its own room.
    void statusBarWidgetsKeepTheirRoom() {
        for (const QSize size : {QSize(1280, 800), QSize(1024, 768)}) {
            testsupport::Harness h;
            testsupport::showWindowAt(h.workbench, size);
            testsupport::openAndRun(h, m_model, QStringLiteral("the cat sat on the mat"));
            QString error;
            QVERIFY2(h.workbench.model().takeApart(1, 1, &error), qPrintable(error));
            testsupport::settle(h.workbench);
            QTest::qWait(50);
            QStatusBar *bar = h.window.statusBar();
            auto *back = bar->findChild<QPushButton *>("backToModelButton");
            QVERIFY(back && back->isVisible());
            QList<QWidget *> shown;
            for (QWidget *w : bar->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
                if (w->isVisible() && !w->isWindow())
                    shown << w;
            for (qsizetype a = 0; a < shown.size(); ++a) {
                QVERIFY2(shown[a]->width() >= shown[a]->minimumSizeHint().width(),
                         qPrintable(QString("%1 squeezed to %2 px")
                                        .arg(shown[a]->objectName())
                                        .arg(shown[a]->width())));
                for (qsizetype b = a + 1; b < shown.size(); ++b)
                    QVERIFY2(!shown[a]->geometry().intersects(shown[b]->geometry()),
                             qPrintable(QString("%1 over %2 at %3×%4")
                                            .arg(shown[a]->objectName(), shown[b]->objectName())
                                            .arg(size.width())
                                            .arg(size.height())));
            }
        }
    }

    // The goal of issue 39 on a 1024×768 projector, with the lesson's dock alone beside the
    // heatmaps: every query × key heatmap a step talks about shows its numbers at 11 tokens
    // (4 heads), and at 16 and 24 the enlarged cells around the quoted one do, with that cell
    // marked and no key name cut. (12 tokens with "neighbourhood" among them leave 30-pixel
    // cells: not yet.)
    void lessonNumbersOnAProjector() {
        for (int file : {1, 3, 4}) {
            testsupport::Harness h;
            WindowAssembler &wb = h.workbench;
            wb.presentation().setActive(true);
            h.window.setWindowState(h.window.windowState() & ~Qt::WindowFullScreen);
            testsupport::showWindowAt(wb, {1024, 768});
            h.session->openFile(m_files[file]);
            for (int step = 0; step < 8; ++step) {
                wb.lesson().goTo(step);
                testsupport::settle(wb);
                QTest::qWait(30);
                QCoreApplication::processEvents();
                int talkedAbout = 0;
                for (Stage stage : wb.stages().emphasis()) {
                    HeatmapView *v = wb.stages().view(stage);
                    if (stage != Stage::Scores && stage != Stage::Logits && stage != Stage::Weights)
                        continue;
                    ++talkedAbout;
                    v->plot()->replot();
                    const QString where = QString("%1, step %2, %3 (cells %4 px)")
                                              .arg(QFileInfo(m_files[file]).fileName())
                                              .arg(step + 1)
                                              .arg(v->objectName())
                                              .arg(v->cellRect(0, 0).width(), 0, 'f', 0);
                    QVERIFY2(v->numbersShown(), qPrintable(where + ": no numbers"));
                    QVERIFY2(!v->markedBlocks().isEmpty(), qPrintable(where + ": cell unmarked"));
                    for (Qt::Orientation o : {Qt::Vertical, Qt::Horizontal})
                        for (const QString &tick : v->tickNames(o))
                            QVERIFY2(!tick.contains(QChar(0x2026)),
                                     qPrintable(where + ": name \"" + tick + "\""));
                }
                if (step >= 2 && step <= 7)
                    QVERIFY2(talkedAbout > 0, qPrintable(QString("step %1").arg(step + 1)));
                const QStringList problems = check(h);
                QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));
            }
        }
    }

    // The check itself must be able to fail: a document whose title names another file.
    void theChecksCanFail() {
        testsupport::Harness h;
        testsupport::showWindowAt(h.workbench, {1280, 800});
        h.session->openFile(m_files.first());
        QVERIFY(check(h).isEmpty());
        h.window.setWindowTitle(QStringLiteral("something else \u2014 attnviz"));
        QVERIFY(!check(h).isEmpty());
    }

    // And so must the lesson's: a step's heatmap scrolled away, its numbers gone, its cell
    // unmarked, each is reported (11 tokens on a projector: lesson step 3, the scores).
    void theLessonChecksCanFail() {
        testsupport::Harness h;
        WindowAssembler &wb = h.workbench;
        wb.presentation().setActive(true);
        h.window.setWindowState(h.window.windowState() & ~Qt::WindowFullScreen);
        testsupport::showWindowAt(wb, {1024, 768});
        h.session->openFile(m_files[1]); // 11 tokens, 4 heads
        wb.lesson().goTo(2);
        testsupport::settle(wb);
        QTest::qWait(50);
        QCoreApplication::processEvents();
        QVERIFY2(check(h).isEmpty(), qPrintable(check(h).join("; ")));
        HeatmapView *scores = wb.stages().view(Stage::Scores);
        QVERIFY(scores->numbersShown());
        auto *scroll = qobject_cast<QScrollArea *>(h.window.centralWidget());
        scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
        QVERIFY(check(h).join(" ").contains("outside the viewport"));
        scroll->verticalScrollBar()->setValue(0);
        scores->setNumberFormat([](double) { return QStringLiteral("0.1234567890123"); });
        QVERIFY(check(h).join(" ").contains("without numbers"));
        scores->setNumberFormat({});
        scores->setMarkedBlocks({});
        QVERIFY(check(h).join(" ").contains("not marked"));
    }
};

int main(int argc, char *argv[]) {
    testsupport::isolate("test_class_flow");
    QApplication app(argc, argv);
    TestClassFlow test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_class_flow.moc"
