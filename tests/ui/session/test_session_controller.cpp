// SPDX-License-Identifier: GPL-3.0-or-later
// Sessions: save → open round trip of inputs and view state, refused files that change
// nothing, atomic saves (a failed write and a killed writer leave the old file), the
// unsaved-changes question, the window title, recent files and crash recovery (the autosave
// itself: test_autosave).

#include "document/Document.h"
#include "document/ViewStateRegistry.h"
#include "io/AtomicFile.h"
#include "io/Session.h"
#include "session/Autosaver.h"
#include "session/RecentFiles.h"
#include "shell/Shell.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "window/WindowAssembler.h"

#include <QAbstractButton>
#include <QFile>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::Harness;
using Choice = SessionPrompts::Choice;

namespace {

const MatrixId kX{attn::Stage::X, 0};

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

// The bytes the writer child saves over and over: large enough that a kill lands mid-write.
QByteArray childPayload() {
    QByteArray bytes = "NEW ";
    bytes += QByteArray(48 << 20, 'n');
    return bytes + " END";
}

// Child process modes (see main): not tests themselves, the tests run them.
int childSaveLoop(const QString &path) {
    const QByteArray bytes = childPayload();
    std::printf("ready\n");
    std::fflush(stdout);
    for (;;)
        attn::writeFileAtomically(path, bytes);
}

int childCrashAfterAutosave(const QString &file) {
    WindowAssembler bench;
    SessionController *session = &bench.session();
    if (!file.isEmpty() && !session->loadFile(file))
        return 1;
    bench.document().setCell(kX, 0, 0, 42.0);
    bench.document().setToken(0, "crashed");
    if (!session->autosaver()->saveNow())
        return 2;
    std::fflush(stdout);
    ::kill(::getpid(), SIGKILL); // no destructors, no cleanup: a crash
    return 3;
}

} // namespace

class TestSessions : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }

private slots:
    void init() { testsupport::resetState(); }

    void saveThenOpenGivesTheSameDocumentAndView() {
        const QString file = path("roundtrip.json");
        QByteArray saved;
        {
            Harness a;
            Document *doc = a.doc();
            QVERIFY(doc->setDimension(Dimension::Heads, 2));
            QVERIFY(doc->setCell(kX, 1, 2, -3.25));
            QVERIFY(doc->setToken(3, "mat"));
            doc->setCausal(true);
            doc->selection().setLayout(Layout::Columns);
            doc->selection().setCurrentHead(1);
            doc->selection().setSelectedRow(2);
            doc->selection().setSelectedColumn(1);
            a.workbench.shell().setColorMaps(ColorMapId::Magma, ColorMapId::PuOr);
            int lessonStep = 3; // a lesson feature contributing its key
            a.workbench.viewState().registerProvider(
                "lessonStep", [&] { return QJsonValue(lessonStep); },
                [&](const QJsonValue &v) { lessonStep = v.toInt(); });
            QVERIFY(a.session->isModified());
            QVERIFY(a.session->saveTo(file));
            QVERIFY(a.session->waitForSaves());
            QVERIFY(a.warnings.isEmpty());
            QVERIFY(!a.session->isModified());
            QCOMPARE(a.session->currentFile(), QFileInfo(file).absoluteFilePath());
            saved = readAll(file);

            Harness b;
            int loadedStep = -1;
            b.workbench.viewState().registerProvider(
                "lessonStep", [&] { return QJsonValue(loadedStep); },
                [&](const QJsonValue &v) { loadedStep = v.toInt(); });
            QString error;
            QVERIFY2(b.session->loadFile(file, &error), qPrintable(error));
            QVERIFY(b.doc()->inputs() == doc->inputs());
            QCOMPARE(b.doc()->selection().layout(), Layout::Columns);
            QCOMPARE(b.doc()->selection().currentHead(), 1);
            QCOMPARE(b.doc()->selection().selectedRow(), 2);
            QCOMPARE(b.doc()->selection().selectedColumn(), 1);
            QCOMPARE(b.workbench.shell().sequentialMap(), ColorMapId::Magma);
            QCOMPARE(b.workbench.shell().divergingMap(), ColorMapId::PuOr);
            QCOMPARE(loadedStep, 3);
            QVERIFY(!b.session->isModified());
            QCOMPARE(b.doc()->undoStack()->count(), 0); // a fresh history
            QCOMPARE(b.session->sessionBytes(), saved); // nothing lost either way
        }
        const Session session = sessionFromJson(saved);
        QCOMPARE(session.view.value("layout").toString(), QStringLiteral("columns"));
        QCOMPARE(session.view.value("colorMaps").toObject().value("sequential").toString(),
                 QStringLiteral("magma"));
        QCOMPARE(session.view.value("lessonStep").toInt(), 3);
        // The window's own lesson saves -1 when no lesson runs.
        Harness c;
        QCOMPARE(sessionFromJson(c.session->sessionBytes()).view.value("lessonStep").toInt(), -1);
    }

    void refusedFilesChangeNothing_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        const QByteArray inputs =
            R"("inputs": {"X": [[1]], "heads": [{"Wq": [[1]], "Wk": [[1]], "Wv": [[1]]}]})";
        QTest::newRow("newer version")
            << R"({"format": "attnviz-session", "version": 2, )" + inputs + "}"
            << "newer attnviz";
        QTest::newRow("another program")
            << R"({"format": "matplotlib-figure", "version": 1, )" + inputs + "}"
            << "not an attnviz session";
        QTest::newRow("not JSON") << QByteArray("{\"inputs\": [1, 2") << "not valid JSON";
        QTest::newRow("ragged matrix")
            << QByteArray(R"({"inputs": {"X": [[1, 2], [3]], "heads": []}})")
            << "inputs.X: row 1 has 1 numbers, expected 2";
        QTest::newRow("empty") << QByteArray() << "empty";
        QTest::newRow("missing file") << QByteArray("<none>") << "cannot open";
    }
    void refusedFilesChangeNothing() {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        Harness h;
        const QString good = path("good.json");
        QVERIFY(h.session->saveTo(good));
        QVERIFY(h.session->waitForSaves());
        QVERIFY(h.doc()->setCell(kX, 0, 0, 7.0)); // modified, one undo step
        h.doc()->selection().setSelectedRow(3);
        const AttentionInputs before = h.doc()->inputs();
        const QString title = h.window.windowTitle();

        const QString bad = path(QString("bad-%1.json").arg(QTest::currentDataTag()));
        QFile::remove(bad);
        if (content != "<none>")
            writeAll(bad, content);
        QString error;
        QVERIFY(!h.session->loadFile(bad, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY(h.doc()->inputs() == before);
        QCOMPARE(h.doc()->undoStack()->count(), 1);
        QVERIFY(h.session->isModified());
        QCOMPARE(h.session->currentFile(), QFileInfo(good).absoluteFilePath());
        QCOMPARE(h.window.windowTitle(), title);
        QCOMPARE(h.doc()->selection().selectedRow(), 3);

        // Interactively: the same message in a warning, after the unsaved-changes question.
        h.answer = Choice::Discard;
        QVERIFY(!h.session->openFile(bad));
        QCOMPARE(h.warnings.size(), 1);
        QVERIFY2(h.warnings[0].contains(expected), qPrintable(h.warnings[0]));
        QVERIFY(h.doc()->inputs() == before);
    }

    void failedWriteLeavesTheOldFileIntact() {
        Harness h;
        const QString file = path("atomic.json");
        QVERIFY(h.session->saveTo(file));
        QVERIFY(h.session->waitForSaves());
        const QByteArray old = readAll(file);
        QVERIFY(h.doc()->setDimension(Dimension::Embedding, 400)); // ~100 KB of JSON
        QVERIFY(h.session->sessionBytes().size() > 4 * old.size());

        // The kernel refuses to grow any file past 2× the old size: the write fails halfway.
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        rlimit small = saved;
        small.rlim_cur = rlim_t(2 * old.size());
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        QVERIFY(h.session->save()); // started; the worker's write fails
        const bool ok = h.session->waitForSaves();
        setrlimit(RLIMIT_FSIZE, &saved);

        QVERIFY(!ok);
        QCOMPARE(h.warnings.size(), 1);
        QVERIFY2(h.warnings[0].contains("not changed"), qPrintable(h.warnings[0]));
        QCOMPARE(readAll(file), old);
        QCOMPARE(QDir(m_dir.path()).entryList({"atomic*"}, QDir::Files),
                 QStringList{"atomic.json"}); // no temporary left behind
        QVERIFY(h.session->isModified());     // the work is still unsaved, and says so
        QVERIFY(h.window.isWindowModified());
        QVERIFY(h.session->save()); // and saves once the disk allows it
        QVERIFY(h.session->waitForSaves());
        QVERIFY(readAll(file).size() > 4 * old.size());
    }

    void killedWriterLeavesTheOldOrTheNewFile() {
        const QString file = path("killed.json");
        const QByteArray old = "OLD";
        const QByteArray fresh = childPayload();
        for (int attempt = 0; attempt < 4; ++attempt) {
            writeAll(file, old);
            QProcess child;
            child.start(QCoreApplication::applicationFilePath(), {"--child-save-loop", file});
            QVERIFY(child.waitForStarted());
            QVERIFY(child.waitForReadyRead(20000));
            QTest::qWait(5 + 37 * attempt % 60); // somewhere in the middle of a write
            child.kill();
            QVERIFY(child.waitForFinished());
            const QByteArray now = readAll(file);
            QVERIFY2(now == old || now == fresh,
                     qPrintable(QString("a torn file of %1 bytes").arg(now.size())));
        }
    }

    void closingAModifiedDocumentAsksFirst() {
        WindowAssembler bench;
        QMainWindow &window = bench.window();
        window.show();
        QVERIFY(window.close()); // unmodified: no question
        window.show();
        QVERIFY(bench.document().setCell(kX, 0, 0, 9.0));
        QString text;
        auto answerWith = [&](QMessageBox::StandardButton button) {
            QTimer::singleShot(50, [&, button] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                if (!box)
                    return;
                text = box->text();
                box->button(button)->click();
            });
        };
        answerWith(QMessageBox::Cancel);
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());
        QVERIFY2(text.contains("Worked example"), qPrintable(text));
        text.clear();
        answerWith(QMessageBox::Discard);
        QVERIFY(window.close());
        QVERIFY(!text.isEmpty());
        QVERIFY(testsupport::recoveryFiles().isEmpty()); // a clean exit leaves nothing
    }

    void openingAsksAboutUnsavedChangesAndSaveCanGoFirst() {
        Harness h;
        const QString other = path("other.json");
        {
            Harness o;
            QVERIFY(o.doc()->setToken(0, "other"));
            QVERIFY(o.session->saveTo(other));
            QVERIFY(o.session->waitForSaves());
        }
        const QString mine = path("mine.json");
        QVERIFY(h.session->saveTo(mine));
        QVERIFY(h.session->waitForSaves());
        QVERIFY(h.doc()->setCell(kX, 0, 0, 11.0));

        h.answer = Choice::Cancel;
        QVERIFY(!h.session->openFile(other));
        QCOMPARE(h.unsavedQuestions, QStringList{"mine.json"});
        QCOMPARE(h.doc()->inputs().X(0, 0), 11.0);

        h.answer = Choice::Save; // saves mine.json, then opens
        h.openPath = other;
        QVERIFY(h.session->open());
        QCOMPARE(h.doc()->inputs().tokens[0], std::string("other"));
        QCOMPARE(loadSessionFile(mine).inputs.X(0, 0), 11.0);
        QCOMPARE(h.window.statusBar()->currentMessage(),
                 "Opened " + QDir::toNativeSeparators(QFileInfo(other).absoluteFilePath()));
    }

    void titleShowsTheFileAndAModifiedMarker() {
        Harness h;
        // The window opens on the worked example, the first preset, and says so.
        QCOMPARE(h.window.windowTitle(),
                 QStringLiteral("Worked example (from Vector to Matrix)[*] \u2014 attnviz"));
        QVERIFY(!h.window.isWindowModified());
        QVERIFY(h.doc()->setCell(kX, 0, 0, 2.0));
        QVERIFY(h.window.isWindowModified());
        h.savePath = path("titled.json");
        QVERIFY(h.session->save()); // untitled: Save goes through Save As
        QVERIFY(h.session->waitForSaves());
        QCOMPARE(h.window.windowTitle(), QStringLiteral("titled.json[*] \u2014 attnviz"));
        QVERIFY(!h.window.isWindowModified());
        QVERIFY(h.doc()->setCell(kX, 0, 0, 3.0));
        QVERIFY(h.window.isWindowModified());
        h.doc()->undoStack()->undo(); // back to the saved state
        QVERIFY(!h.window.isWindowModified());
        QVERIFY(!h.session->isModified());
    }

    // A preset as loaded is unmodified and names the window; loading one over unsaved changes
    // asks first, as opening a file does (Cancel keeps them, Save writes them first).
    void presetsAskFirstAndLoadUnmodified() {
        Harness h;
        const auto preset = [&](const QString &name) {
            for (QAction *a : h.workbench.shell().menu(MenuId::Presets)->actions())
                if (a->text() == name) {
                    a->trigger();
                    return true;
                }
            return false;
        };
        const QString causal = QStringLiteral("Causal (decoder) attention");
        const QString random = QStringLiteral("Random example");
        QVERIFY(preset(causal));
        QVERIFY(h.unsavedQuestions.isEmpty()); // nothing was changed: no question
        QVERIFY(h.doc()->inputs().options.causal);
        QVERIFY(!h.session->isModified());
        QVERIFY(!h.window.isWindowModified());
        QCOMPARE(h.window.windowTitle(), causal + QStringLiteral("[*] \u2014 attnviz"));

        QVERIFY(h.doc()->setCell(kX, 0, 0, 9.0));
        QVERIFY(h.session->isModified());
        h.answer = Choice::Cancel;
        QVERIFY(preset(random));
        QCOMPARE(h.unsavedQuestions, QStringList{causal});
        QCOMPARE(h.doc()->inputs().X(0, 0), 9.0); // kept
        QCOMPARE(h.window.windowTitle(), causal + QStringLiteral("[*] \u2014 attnviz"));

        h.answer = Choice::Save; // untitled: Save As, then the preset
        h.savePath = path("before-preset.attnviz");
        QVERIFY(preset(random));
        QCOMPARE(h.unsavedQuestions.size(), 2);
        QCOMPARE(loadSessionFile(h.savePath).inputs.X(0, 0), 9.0);
        QVERIFY(h.doc()->inputs().X(0, 0) != 9.0);
        QVERIFY(!h.session->isModified());
        QVERIFY(h.session->currentFile().isEmpty()); // Ctrl+S must not write over that file
        QCOMPARE(h.window.windowTitle(), random + QStringLiteral("[*] \u2014 attnviz"));

        QVERIFY(h.doc()->setCell(kX, 0, 0, 8.0));
        h.answer = Choice::Discard;
        QVERIFY(preset(causal));
        QCOMPARE(h.unsavedQuestions.size(), 3);
        QVERIFY(!h.session->isModified());
        QVERIFY(h.doc()->inputs().options.causal);

        // Opening a file names the window after the file again.
        QVERIFY(h.session->openFile(h.savePath));
        QCOMPARE(h.window.windowTitle(), QStringLiteral("before-preset.attnviz[*] \u2014 attnviz"));
    }

    void saveAsHasCtrlShiftS() {
        // QKeySequence::SaveAs is unbound on X11 and Windows: the menu must show a key that works.
        Harness h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        const QKeySequence ctrlShiftS(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
        QCOMPARE(h.session->saveAsAction()->shortcut(), ctrlShiftS); // the one the menu shows
        h.savePath = path("shortcut.json");
        QTest::keyClick(&h.window, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE(h.session->currentFile(), QFileInfo(h.savePath).absoluteFilePath());
        QVERIFY(QFile::exists(h.savePath));
    }

    void recentFilesKeepEightNewestAndPruneMissing() {
        Harness h;
        QStringList saved;
        for (int i = 0; i < 10; ++i) {
            saved.prepend(QFileInfo(path(QString("recent%1.json").arg(i))).absoluteFilePath());
            QVERIFY(h.session->saveTo(saved.first()));
            QVERIFY(h.session->waitForSaves());
        }
        QCOMPARE(h.session->recentFiles()->files(), saved.mid(0, 8));
        QVERIFY(h.session->saveTo(saved[5])); // moves to the front
        QVERIFY(h.session->waitForSaves());
        QCOMPARE(h.session->recentFiles()->files().first(), saved[5]);

        QMenu *menu = h.workbench.shell().menu(MenuId::File)->findChild<QMenu *>("recentFiles");
        QVERIFY(menu);
        QFile::remove(saved[1]);
        QFile::remove(saved[2]);
        emit menu->aboutToShow();
        QCOMPARE(h.session->recentFiles()->files().size(), 6);
        QVERIFY(!h.session->recentFiles()->files().contains(saved[1]));
        const QString message = h.window.statusBar()->currentMessage();
        QVERIFY2(message.contains("recent8.json") && message.contains("recent7.json"),
                 qPrintable(message));
        QCOMPARE(menu->actions().first()->text(), QStringLiteral("&1 recent4.json"));

        // A file that disappears between showing the menu and choosing it.
        QFile::remove(saved[0]);
        emit h.session->recentFiles()->openRequested(saved[0]);
        QCOMPARE(h.warnings.size(), 1);
        QVERIFY(h.warnings[0].contains("no longer exists"));
        QVERIFY(!h.session->recentFiles()->files().contains(saved[0]));

        // Choosing one opens it; the list survives a new window (settings).
        h.answer = Choice::Discard;
        emit h.session->recentFiles()->openRequested(saved[3]);
        QCOMPARE(h.session->currentFile(), saved[3]);
        Harness again;
        QCOMPARE(again.session->recentFiles()->files().first(), saved[3]);
    }

    void aCrashedRunIsOfferedForRestoring() {
        const QString original = path("crashed.json");
        {
            Harness h;
            QVERIFY(h.session->saveTo(original));
            QVERIFY(h.session->waitForSaves());
        }
        // A child process opens the file, edits it, autosaves and is killed.
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {"--child-crash", original});
        QVERIFY(child.waitForFinished(60000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        QCOMPARE(testsupport::recoveryFiles().size(), 1);

        Harness h;
        h.restore = true;
        QVERIFY(h.session->offerRecovery());
        QCOMPARE(h.restoreQuestions.size(), 1);
        QVERIFY2(h.restoreQuestions[0].contains("crashed.json"), qPrintable(h.restoreQuestions[0]));
        QCOMPARE(h.doc()->inputs().X(0, 0), 42.0);
        QCOMPARE(h.session->currentFile(), QFileInfo(original).absoluteFilePath());
        QCOMPARE(h.window.windowTitle(), QStringLiteral("crashed.json[*] \u2014 attnviz"));
        QVERIFY(h.window.isWindowModified());
        QCOMPARE(h.doc()->inputs().tokens[0], std::string("crashed"));
        QVERIFY(h.session->isModified()); // restored work is unsaved work
        QVERIFY(!h.doc()->undoStack()->canUndo());
        // The orphan is gone, replaced by this run's own recovery file.
        QCOMPARE(testsupport::recoveryFiles(),
                 QStringList{QFileInfo(h.session->autosaver()->file().path()).fileName()});
        QVERIFY(!h.session->offerRecovery()); // a live run's file is never offered
        QCOMPARE(h.restoreQuestions.size(), 1);
    }

    void declinedRecoveryIsDiscarded() {
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {"--child-crash"});
        QVERIFY(child.waitForFinished(60000));
        QCOMPARE(testsupport::recoveryFiles().size(), 1);
        Harness h;
        h.restore = false;
        QVERIFY(!h.session->offerRecovery());
        QCOMPARE(h.restoreQuestions.size(), 1);
        QVERIFY(h.doc()->inputs() == workedExample());
        QVERIFY(!h.session->isModified());
        QVERIFY(testsupport::recoveryFiles().isEmpty());
        QVERIFY(QDir(testsupport::recoveryDir()).entryList({"*.lock"}, QDir::Files).isEmpty());
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_session_controller");
    if (argc == 3 && qstrcmp(argv[1], "--child-save-loop") == 0) {
        QCoreApplication app(argc, argv);
        return childSaveLoop(QString::fromLocal8Bit(argv[2]));
    }
    if (argc >= 2 && qstrcmp(argv[1], "--child-crash") == 0) {
        QApplication app(argc, argv);
        return childCrashAfterAutosave(argc == 3 ? QString::fromLocal8Bit(argv[2]) : QString());
    }
    QApplication app(argc, argv);
    TestSessions test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_session_controller.moc"
