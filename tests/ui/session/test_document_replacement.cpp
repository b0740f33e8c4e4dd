// SPDX-License-Identifier: GPL-3.0-or-later
// What replaces the whole document (Train › Step's task, a preset, a model's head taken apart)
// makes a new, untitled document named after what it shows, after the unsaved-changes
// question: the title names what is on screen, undo never brings the teacher's numbers back
// under another name, and the teacher's file on disk is never written (compared byte for byte).

#include "TrainingTask.h"
#include "document/Document.h"
#include "learning/LearningFeatures.h"
#include "learning/TrainPanel.h"
#include "learning/TrainingRunner.h"
#include "networkview/NetworkController.h"
#include "session/SessionController.h"
#include "shell/Shell.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

QByteArray replacementFileBytes(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestDocumentReplacement : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_file;    // the teacher's session
    QByteArray m_disk; // its bytes as saved

    // The teacher's own session, saved and open: its first token says whose it is.
    void openTeachersFile(testsupport::Harness &h) {
        QVERIFY(h.doc()->setToken(0, QStringLiteral("bakery")));
        m_file = m_dir.filePath("bakery.attnviz");
        QFile::remove(m_file);
        h.savePath = m_file;
        QVERIFY(h.session->saveAs());
        QVERIFY(h.session->waitForSaves());
        m_disk = replacementFileBytes(m_file);
        QVERIFY(!m_disk.isEmpty());
        QVERIFY(h.window.windowTitle().startsWith(QStringLiteral("bakery.attnviz")));
        h.savePath.clear(); // from now on, Save As is cancelled: only Save could write the file
    }

    // Save (Ctrl+S) and closing's question must not write the teacher's file.
    void checkFileUntouched(testsupport::Harness &h) {
        h.session->save();
        QVERIFY(h.session->waitForSaves());
        QCOMPARE(replacementFileBytes(m_file), m_disk);
    }

    static void stepTraining(testsupport::Harness &h) {
        TrainPanel *train = h.workbench.learning().train;
        train->stepButton()->click();
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void init() { testsupport::resetState(); }

    void trainingStepMakesAnUntitledDocument() {
        testsupport::Harness h;
        openTeachersFile(h);
        stepTraining(h); // unmodified: no question
        QTRY_COMPARE(h.doc()->inputs().tokens.size(), std::size_t(attn::kTaskLength));
        QVERIFY(h.unsavedQuestions.isEmpty());
        QVERIFY(h.session->currentFile().isEmpty());
        QVERIFY2(h.window.windowTitle().startsWith(QStringLiteral("Training: ")),
                 qPrintable(h.window.windowTitle()));
        QVERIFY(!h.window.windowTitle().contains(QStringLiteral("bakery")));
        // More steps are edits of the task's document, never the teacher's numbers again.
        stepTraining(h);
        QTRY_VERIFY(h.doc()->undoStack()->count() > 0);
        while (h.doc()->undoStack()->canUndo())
            h.doc()->undoStack()->undo();
        QCOMPARE(h.doc()->inputs().tokens.size(), std::size_t(attn::kTaskLength));
        QVERIFY(h.doc()->inputs().tokens[0] != "bakery");
        checkFileUntouched(h);
    }

    void trainingAsksAboutUnsavedChangesFirst() {
        testsupport::Harness h;
        openTeachersFile(h);
        QVERIFY(h.doc()->setToken(1, QStringLiteral("bread"))); // unsaved work
        h.answer = SessionPrompts::Choice::Cancel;
        stepTraining(h);
        QCOMPARE(h.unsavedQuestions, QStringList{QStringLiteral("bakery.attnviz")});
        QTest::qWait(200); // nothing may come in from the runner either
        QCOMPARE(h.doc()->inputs().tokens[1], std::string("bread"));
        QCOMPARE(h.session->currentFile(), QFileInfo(m_file).absoluteFilePath());

        h.answer = SessionPrompts::Choice::Discard;
        stepTraining(h);
        QTRY_COMPARE(h.doc()->inputs().tokens.size(), std::size_t(attn::kTaskLength));
        QCOMPARE(h.unsavedQuestions.size(), 2);
        QVERIFY(h.session->currentFile().isEmpty());
        checkFileUntouched(h);
    }

    void trainingNeverWritesOverAnOpenedFile() {
        testsupport::Harness h;
        openTeachersFile(h);
        TrainPanel *train = h.workbench.learning().train;
        train->playButton()->click();
        QTRY_COMPARE(h.doc()->inputs().tokens.size(), std::size_t(attn::kTaskLength));
        // The teacher opens her file while it plays: training stops writing into the document.
        QString error;
        QVERIFY2(h.session->loadFile(m_file, &error), qPrintable(error));
        QTest::qWait(300);
        QCOMPARE(h.doc()->inputs().tokens[0], std::string("bakery"));
        QVERIFY(!h.session->isModified());
        QVERIFY(!train->runner()->isPlaying());
        QVERIFY(h.window.windowTitle().startsWith(QStringLiteral("bakery.attnviz")));
        // Step again: the run goes on in a document of its own.
        stepTraining(h);
        QTRY_COMPARE(h.doc()->inputs().tokens.size(), std::size_t(attn::kTaskLength));
        QVERIFY(h.session->currentFile().isEmpty());
        checkFileUntouched(h);
    }

    void presetAfterTrainingNamesThePreset() {
        testsupport::Harness h;
        openTeachersFile(h);
        stepTraining(h);
        QTRY_VERIFY(h.session->currentFile().isEmpty());
        QTRY_VERIFY(h.window.windowTitle().startsWith(QStringLiteral("Training: ")));
        stepTraining(h); // the task's document changed: the question names it
        QTRY_VERIFY(h.session->isModified());
        h.answer = SessionPrompts::Choice::Discard;
        QMenu *menu = h.workbench.shell().menu(MenuId::Presets);
        QAction *preset = menu->actions().value(1);
        preset->trigger();
        QCOMPARE(h.unsavedQuestions.size(), 1);
        QVERIFY2(h.unsavedQuestions.first().startsWith(QStringLiteral("Training: ")),
                 qPrintable(h.unsavedQuestions.first()));
        QVERIFY(h.window.windowTitle().startsWith(preset->text()));
        QVERIFY(!h.doc()->undoStack()->canUndo()); // the preset's numbers are a new document
        checkFileUntouched(h);
    }

    void headTakenApartIsItsOwnDocument() {
        testsupport::Harness h;
        openTeachersFile(h);
        const QString folder = m_dir.filePath("gpt2-tiny");
        QVERIFY(testsupport::writeGpt2Folder(folder));
        testsupport::openAndRun(h, folder, QStringLiteral("the cat sat"));
        NetworkController &model = h.workbench.model();
        QVERIFY(h.window.windowTitle().startsWith(QStringLiteral("gpt2-tiny")));

        // Unsaved work: Cancel keeps it.
        QVERIFY(h.doc()->setToken(1, QStringLiteral("bread")));
        h.answer = SessionPrompts::Choice::Cancel;
        QString error;
        QVERIFY(!model.takeApart(1, 0, &error));
        QCOMPARE(h.doc()->inputs().tokens[1], std::string("bread"));
        QCOMPARE(h.session->currentFile(), QFileInfo(m_file).absoluteFilePath());

        h.answer = SessionPrompts::Choice::Discard;
        QVERIFY2(model.takeApart(1, 0, &error), qPrintable(error));
        QVERIFY(!model.isModelShown());
        QVERIFY(h.session->currentFile().isEmpty());
        QVERIFY2(h.window.windowTitle().startsWith(QStringLiteral("gpt2-tiny: layer 1, head 0")),
                 qPrintable(h.window.windowTitle()));
        QVERIFY(!h.doc()->undoStack()->canUndo());
        checkFileUntouched(h);
    }
};

int main(int argc, char *argv[]) {
    testsupport::isolate("test_document_replacement");
    QApplication app(argc, argv);
    TestDocumentReplacement test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_document_replacement.moc"
