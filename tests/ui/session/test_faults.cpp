// SPDX-License-Identifier: GPL-3.0-or-later
// Faults around saving: autosave failures are told once and retried; a save killed in the
// middle of writing (through the real save path, SessionController::saveTo) leaves the old or
// the new file, never a torn one, and the test proves the kill landed mid-write (the writer's
// temporary is left behind, part-written); a crash during a background autosave still leaves a
// recovery file that restores.

#include "io/Session.h"
#include "session/AutosaveNotice.h"
#include "session/Autosaver.h"
#include "support/SessionSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QStatusBar>
#include <QThread>
#include <QToolButton>
#include <QUndoStack>

#include <csignal>
#include <cstdio>
#include <unistd.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::Harness;

namespace {

const MatrixId kX{attn::Stage::X, 0};

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Some 40 MB of session: long enough to write that a kill lands inside a write.
attn::AttentionInputs largeInputs(double first) {
    attn::AttentionInputs in = attn::workedExample();
    in.X = attn::Matrix::Constant(2048, 1024, 0.123456789012345);
    in.X(0, 0) = first;
    in.tokens = attn::defaultTokens(2048);
    in.heads = {
        {attn::Matrix::Ones(1024, 1), attn::Matrix::Ones(1024, 1), attn::Matrix::Ones(1024, 1)}};
    return in;
}

// Child modes (see main): the tests run them as processes and kill them.
int childSaveLoop(const QString &path) {
    Harness h;
    if (!h.doc()->replaceInputs(largeInputs(7.0), "large"))
        return 1;
    std::printf("ready\n");
    std::fflush(stdout);
    for (;;) {
        h.session->saveTo(path);
        h.session->waitForSaves();
    }
}

int childCrashInBackgroundAutosave() {
    Harness h;
    Autosaver *autosaver = h.session->autosaver();
    autosaver->setClock([] { return qint64(0); }); // writes take no time: none is paced
    h.doc()->setCell(kX, 0, 0, 42.0);
    if (!autosaver->saveNow()) // a complete recovery file of the state X(0,0) = 42
        return 2;
    if (!h.doc()->replaceInputs(largeInputs(43.0), "large"))
        return 3;
    autosaver->setEditThreshold(1);
    h.doc()->setCell(kX, 0, 1, 1.0); // starts a background write of the large state
    if (!autosaver->isWriting())
        return 4;
    ::usleep(20000);
    ::kill(::getpid(), SIGKILL); // mid-write: no destructor, no cleanup
    return 5;
}

} // namespace

class TestFaults : public QObject {
    Q_OBJECT
    int m_midWrite = 0; // kills that landed while the temporary was being written

private slots:
    void init() { testsupport::resetState(); }
    void autosaveFailureIsToldOnceAndRetried();
    void killedSaveLeavesTheOldOrTheNewFile();
    void crashDuringBackgroundAutosaveIsRecovered();
};

void TestFaults::autosaveFailureIsToldOnceAndRetried() {
    // The recovery folder cannot be created: a file stands where it would go.
    QTemporaryDir dir;
    const QString blocker = dir.filePath("blocker");
    QVERIFY(QFile(blocker).open(QIODevice::WriteOnly));
    const QByteArray saved = qgetenv("ATTNVIZ_RECOVERY_DIR");
    qputenv("ATTNVIZ_RECOVERY_DIR", (blocker + "/recovery").toLocal8Bit());
    Harness h;
    qputenv("ATTNVIZ_RECOVERY_DIR", saved);
    Autosaver *autosaver = h.session->autosaver();
    AutosaveNotice *notice = h.session->autosaveNotice();
    QVERIFY(notice->message().isEmpty());
    QVERIFY(notice->parentWidget() == h.window.statusBar());
    QSignalSpy failures(autosaver, &Autosaver::failed);
    autosaver->setInterval(30);
    QVERIFY(h.doc()->setCell(kX, 0, 0, 5.0));
    QTRY_VERIFY(failures.size() >= 1);
    QVERIFY2(notice->message().startsWith("Autosave failed: cannot create the folder"),
             qPrintable(notice->message()));
    QVERIFY2(h.window.statusBar()->currentMessage().startsWith("Autosave failed"),
             qPrintable(h.window.statusBar()->currentMessage()));
    // Dismissed, it stays hidden while autosave keeps trying (and failing) with no new edit.
    notice->dismissButton()->click();
    QVERIFY(notice->message().isEmpty());
    h.window.statusBar()->clearMessage();
    QTRY_VERIFY(failures.size() >= 4);
    QVERIFY(notice->message().isEmpty());
    QVERIFY(h.window.statusBar()->currentMessage().isEmpty());
    QCOMPARE(autosaver->writeCount(), 0);

    // The folder becomes possible: the next attempt writes, without another edit.
    QVERIFY(QFile::remove(blocker));
    QVERIFY(QDir().mkpath(blocker + "/recovery"));
    QTRY_COMPARE(autosaver->writeCount(), 1);
    QCOMPARE(attn::loadSessionFile(autosaver->file().path()).inputs.X(0, 0), 5.0);
    // A later failure is told again.
    QVERIFY(QDir(blocker).removeRecursively());
    QVERIFY(QFile(blocker).open(QIODevice::WriteOnly));
    const qsizetype before = failures.size();
    QVERIFY(h.doc()->setCell(kX, 0, 0, 6.0));
    QTRY_VERIFY(failures.size() > before);
    QVERIFY(notice->message().startsWith("Autosave failed"));
    QVERIFY(QFile::remove(blocker)); // the harness's orderly end removes nothing then
}

void TestFaults::killedSaveLeavesTheOldOrTheNewFile() {
    QTemporaryDir dir;
    const QString file = dir.filePath("killed.json");
    for (int attempt = 0; attempt < 3; ++attempt) {
        {
            Harness h;
            QVERIFY(h.session->saveTo(file)); // the old file: the worked example
            QVERIFY(h.session->waitForSaves());
        }
        const QByteArray old = readAll(file);
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {"--child-save-loop", file});
        QVERIFY(child.waitForStarted());
        // The writer's temporary (".killed.json.<random>.tmp") exists only from the moment the
        // write starts until the rename: kill the child while it does.
        const QStringList pattern = {".killed.json.*.tmp"};
        QStringList temporaries;
        QElapsedTimer waited;
        waited.start();
        while (temporaries.isEmpty() && waited.elapsed() < 120000) {
            temporaries = QDir(dir.path()).entryList(pattern, QDir::Files | QDir::Hidden);
            if (temporaries.isEmpty())
                QThread::usleep(200);
        }
        QVERIFY2(!temporaries.isEmpty(), "the child never started writing");
        if (attempt > 0)
            QThread::msleep(std::uint64_t(attempt) * 7); // later in the write, too
        child.kill();
        QVERIFY(child.waitForFinished());
        // Proof that the kill landed mid-write: the temporary is still there, never renamed.
        const QStringList left = QDir(dir.path()).entryList(pattern, QDir::Files | QDir::Hidden);
        if (left.isEmpty()) { // the write had just finished: then the new file is whole
            QCOMPARE(attn::sessionFromJson(readAll(file)).inputs.X(0, 0), 7.0);
            continue;
        }
        QVERIFY(QFileInfo(dir.filePath(left.first())).size() < readAll(file).size() + (40 << 20));
        QCOMPARE(readAll(file), old); // the old file, untouched
        for (const QString &t : left)
            QVERIFY(QFile::remove(dir.filePath(t)));
        ++m_midWrite;
    }
    QVERIFY2(m_midWrite >= 1, "no kill landed inside a write: the test proved nothing");
}

void TestFaults::crashDuringBackgroundAutosaveIsRecovered() {
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(), {"--child-crash-autosave"});
    QVERIFY(child.waitForFinished(120000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit); // killed itself, mid-write
    QCOMPARE(testsupport::recoveryFiles().size(), 1);
    Harness h;
    h.restore = true;
    QVERIFY(h.session->offerRecovery());
    // The complete file of before the crash (42), or the new one had it finished (43): never
    // a torn one.
    const double x = h.doc()->inputs().X(0, 0);
    QVERIFY2(x == 42.0 || x == 43.0, qPrintable(QString::number(x)));
    QVERIFY(h.session->isModified());
    // A temporary the killed writer left is gone with its orphan.
    QCOMPARE(QDir(testsupport::recoveryDir()).entryList({".*.tmp"}, QDir::Files | QDir::Hidden),
             QStringList());
}

int main(int argc, char **argv) {
    testsupport::isolate("test_faults");
    QApplication app(argc, argv);
    if (argc == 3 && qstrcmp(argv[1], "--child-save-loop") == 0)
        return childSaveLoop(QString::fromLocal8Bit(argv[2]));
    if (argc == 2 && qstrcmp(argv[1], "--child-crash-autosave") == 0)
        return childCrashInBackgroundAutosave();
    TestFaults test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_faults.moc"
