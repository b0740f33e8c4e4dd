// SPDX-License-Identifier: GPL-3.0-or-later
// Saving on a worker (SessionWriter): the window stays live while a session is written, and the
// semantics stay those of a synchronous save. The state saved is the one at the moment of Save
// (edits during the write stay unsaved, and undoing them is clean again); a failed write warns
// and leaves the work modified, its recovery copy kept; a second save waits for the first; Save
// As renames the window only once written; closing waits for the file, and a failed save keeps
// the window open. (The round trip, atomicity and the prompts themselves: test_session_controller;
// the GUI thread's stalls while saving 4096 tokens: test_responsiveness.)

#include "document/Document.h"
#include "io/Session.h"
#include "session/Autosaver.h"
#include "session/RecentFiles.h"
#include "support/SessionSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::Harness;
using Choice = SessionPrompts::Choice;

namespace {

const MatrixId kX{attn::Stage::X, 0};

double savedX00(const QString &path) {
    return loadSessionFile(path).inputs.X(0, 0);
}

} // namespace

class TestSaving : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }

private slots:
    void init() { testsupport::resetState(); }

    void editsDuringTheWriteStayUnsaved() {
        Harness h;
        const QString file = path("during.attnviz");
        QVERIFY(h.doc()->setDimension(Dimension::Embedding, 400)); // a write that takes a while
        QVERIFY(h.doc()->setCell(kX, 0, 0, 5.0));
        QVERIFY(h.session->saveTo(file));
        QVERIFY(h.session->isSaving()); // collected on a later turn of the event loop at best
        QVERIFY(!h.session->isModified());
        QVERIFY(!h.window.isWindowModified());
        QVERIFY(h.doc()->setCell(kX, 0, 0, 6.0)); // the user goes on working
        QVERIFY(h.session->isModified());
        QVERIFY(h.session->waitForSaves());
        QVERIFY(!h.session->isSaving());
        QCOMPARE(savedX00(file), 5.0); // the state of the moment of saving
        QVERIFY(h.session->isModified());
        QVERIFY(h.window.isWindowModified());
        QCOMPARE(h.session->currentFile(), QFileInfo(file).absoluteFilePath());
        h.doc()->undoStack()->undo(); // back to what the file holds
        QVERIFY(!h.session->isModified());
        QVERIFY(!h.window.isWindowModified());
        QVERIFY(h.warnings.isEmpty());
    }

    void aFailedWriteLeavesTheWorkModified() {
        Harness h;
        const QString saved = path("saved.attnviz");
        QVERIFY(h.session->saveTo(saved));
        QVERIFY(h.session->waitForSaves());
        QVERIFY(h.doc()->setCell(kX, 0, 0, 7.0));
        QVERIFY(h.session->autosaver()->saveNow());
        QCOMPARE(testsupport::recoveryFiles().size(), 1);
        const QString missing = path("no such folder/lost.attnviz");
        QVERIFY(h.session->saveTo(missing)); // started: the worker finds out
        QVERIFY(!h.session->waitForSaves());
        QCOMPARE(h.warnings.size(), 1);
        QVERIFY2(h.warnings[0].contains("lost.attnviz") && h.warnings[0].contains("not changed"),
                 qPrintable(h.warnings[0]));
        QVERIFY(h.session->isModified());
        QVERIFY(h.window.isWindowModified());
        QCOMPARE(h.session->currentFile(), QFileInfo(saved).absoluteFilePath()); // not renamed
        QCOMPARE(testsupport::recoveryFiles().size(), 1);                        // nothing lost
        QVERIFY(!QFileInfo::exists(missing));
    }

    void aSaveDuringASaveIsQueued_data() {
        QTest::addColumn<bool>("sameFile");
        QTest::newRow("same file") << true;
        QTest::newRow("save as another") << false;
    }
    void aSaveDuringASaveIsQueued() {
        QFETCH(bool, sameFile);
        Harness h;
        const QString first = path("first.attnviz"), second = path("second.attnviz");
        QFile::remove(first);
        QFile::remove(second);
        QVERIFY(h.doc()->setDimension(Dimension::Embedding, 400));
        QVERIFY(h.doc()->setCell(kX, 0, 0, 1.0));
        QVERIFY(h.session->autosaver()->saveNow());
        QVERIFY(h.session->saveTo(first));
        QVERIFY(h.doc()->setCell(kX, 0, 0, 2.0));
        QVERIFY(h.session->saveTo(sameFile ? first : second));
        QVERIFY(h.session->isSaving());
        QVERIFY(!h.session->isModified());
        QVERIFY(h.session->waitForSaves());
        QVERIFY(h.warnings.isEmpty());
        QCOMPARE(savedX00(sameFile ? first : second), 2.0); // the later save landed last
        if (!sameFile)
            QCOMPARE(savedX00(first), 1.0);
        QCOMPARE(h.session->currentFile(), QFileInfo(sameFile ? first : second).absoluteFilePath());
        QVERIFY(!h.session->isModified());
        QVERIFY(testsupport::recoveryFiles().isEmpty()); // saved: nothing left to recover
        const QStringList expected = sameFile ? QStringList{"first.attnviz"}
                                              : QStringList{"first.attnviz", "second.attnviz"};
        QCOMPARE(QDir(m_dir.path()).entryList({"first*", "second*"}, QDir::Files), expected);
    }

    void saveAsRenamesTheWindowOnceWritten() {
        Harness h;
        h.savePath = path("old.attnviz");
        QVERIFY(h.session->save()); // untitled: Save As
        QVERIFY(h.session->currentFile().isEmpty());
        QVERIFY(h.session->waitForSaves());
        QCOMPARE(h.window.windowTitle(), QStringLiteral("old.attnviz[*] \u2014 attnviz"));
        h.savePath = path("new.attnviz");
        QVERIFY(h.session->saveAs());
        QCOMPARE(h.session->documentName(), QStringLiteral("old.attnviz"));
        QTRY_COMPARE(h.session->documentName(), QStringLiteral("new.attnviz"));
        QCOMPARE(h.window.windowTitle(), QStringLiteral("new.attnviz[*] \u2014 attnviz"));
        QVERIFY(QFileInfo::exists(h.savePath));
        QCOMPARE(h.session->recentFiles()->files().value(0),
                 QFileInfo(h.savePath).absoluteFilePath());
    }

    // Another file opened while a save is written: its end renames nothing, and its failure does
    // not make the opened file count as modified.
    void aFileOpenedMeanwhileKeepsItsNameAndCleanState_data() {
        QTest::addColumn<bool>("fails");
        QTest::newRow("written") << false;
        QTest::newRow("failed") << true;
    }
    void aFileOpenedMeanwhileKeepsItsNameAndCleanState() {
        QFETCH(bool, fails);
        Harness h;
        const QString other = path("other.attnviz");
        QVERIFY(h.session->saveTo(other));
        QVERIFY(h.session->waitForSaves());
        QVERIFY(h.doc()->setCell(kX, 0, 0, 3.0));
        QVERIFY(h.session->saveTo(fails ? path("no such folder/x.attnviz") : path("x.attnviz")));
        QVERIFY(h.session->loadFile(other));
        QCOMPARE(h.session->waitForSaves(), !fails);
        QCOMPARE(h.session->currentFile(), QFileInfo(other).absoluteFilePath());
        QVERIFY(!h.session->isModified());
        QCOMPARE(h.warnings.size(), fails ? 1 : 0);
    }

    void closingWaitsForTheFile_data() {
        QTest::addColumn<bool>("answerSave"); // else: Ctrl+S, then close at once
        QTest::newRow("save in flight") << false;
        QTest::newRow("Save in the prompt") << true;
    }
    void closingWaitsForTheFile() {
        QFETCH(bool, answerSave);
        Harness h;
        const QString file = path("closing.attnviz");
        QFile::remove(file);
        h.savePath = file;
        QVERIFY(h.doc()->setDimension(Dimension::Embedding, 400));
        QVERIFY(h.doc()->setCell(kX, 0, 0, 9.0));
        if (answerSave)
            h.answer = Choice::Save;
        else
            QVERIFY(h.session->save());
        const AttentionInputs inputs = h.doc()->inputs();
        QVERIFY(h.window.close()); // no event loop turned: the close itself waited
        QCOMPARE(h.unsavedQuestions.size(), answerSave ? 1 : 0);
        QVERIFY(!h.session->isSaving());
        QVERIFY(loadSessionFile(file).inputs == inputs);
        QVERIFY(h.warnings.isEmpty());
    }

    void aFailedSaveKeepsTheWindowOpen_data() {
        QTest::addColumn<bool>("answerSave");
        QTest::newRow("save in flight") << false;
        QTest::newRow("Save in the prompt") << true;
    }
    void aFailedSaveKeepsTheWindowOpen() {
        QFETCH(bool, answerSave);
        Harness h;
        h.window.show();
        QVERIFY(h.doc()->setCell(kX, 0, 0, 9.0));
        h.savePath = path("no such folder/closing.attnviz");
        if (answerSave)
            h.answer = Choice::Save;
        else
            QVERIFY(h.session->save());
        QVERIFY(!h.window.close());
        QVERIFY(h.window.isVisible());
        QCOMPARE(h.warnings.size(), 1);
        QVERIFY(h.session->isModified());
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_saving");
    QApplication app(argc, argv);
    TestSaving test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_saving.moc"
