// SPDX-License-Identifier: GPL-3.0-or-later
// The autosave: a recovery file while the document is modified, written every interval and
// after every N edits, deleted by a save or an orderly end; what the file holds; and the pacing
// that keeps the writes for edits to a tenth of a core however long a large document takes to
// write (driven by a hand-set clock: nothing here depends on this machine's speed).

#include "document/Document.h"
#include "io/Session.h"
#include "session/Autosaver.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "window/WindowAssembler.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::Harness;

namespace {

const MatrixId kX{attn::Stage::X, 0};

// `count` edits of X(0, 0), each a new value.
void edit(Harness &h, int count) {
    for (int i = 0; i < count; ++i)
        QVERIFY(h.doc()->setCell(kX, 0, 0, h.doc()->inputs().X(0, 0) + 1.0));
}

} // namespace

class TestAutosave : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void init() { testsupport::resetState(); }

    void autosaveWritesARecoveryFileWhileModified() {
        Harness h;
        Autosaver *autosaver = h.session->autosaver();
        // On a clock that stands still every write takes no time, so the pacing (tested below)
        // never holds one back.
        autosaver->setClock([] { return qint64(0); });
        autosaver->setInterval(50);
        QVERIFY(testsupport::recoveryFiles().isEmpty());
        QVERIFY(h.doc()->setCell(kX, 2, 1, 6.5));
        QTRY_VERIFY(QFileInfo::exists(autosaver->file().path()));
        QTRY_VERIFY(!autosaver->isWriting());
        const Session recovered = loadSessionFile(autosaver->file().path());
        QCOMPARE(recovered.inputs.X(2, 1), 6.5);

        // Every N edits, whatever the timer says.
        autosaver->setInterval(3'600'000);
        autosaver->setEditThreshold(3);
        const int before = autosaver->writeCount();
        for (int i = 0; i < 6; ++i)
            QVERIFY(h.doc()->setCell(kX, 0, 0, 10.0 + i));
        QTRY_COMPARE(autosaver->writeCount(), before + 2);
        QTRY_COMPARE(loadSessionFile(autosaver->file().path()).inputs.X(0, 0), 15.0);

        // A save (or undoing back to the saved state) deletes it.
        QVERIFY(h.session->saveTo(m_dir.filePath("autosaved.json")));
        QVERIFY(h.session->waitForSaves());
        QTRY_VERIFY(!QFileInfo::exists(autosaver->file().path()));
        QVERIFY(h.doc()->setCell(kX, 0, 0, 1.0));
        QVERIFY(autosaver->saveNow());
        h.doc()->undoStack()->undo();
        QTRY_VERIFY(!QFileInfo::exists(autosaver->file().path()));

        // An orderly end without a close event (quit, a dropped window) deletes it as well.
        QString dropped;
        {
            Harness other;
            QVERIFY(other.doc()->setCell(kX, 0, 0, 1.0));
            QVERIFY(other.session->autosaver()->saveNow());
            dropped = other.session->autosaver()->file().path();
            QVERIFY(QFileInfo::exists(dropped));
        }
        QVERIFY(!QFileInfo::exists(dropped));
        QVERIFY(testsupport::recoveryFiles().isEmpty());
    }

    // A session with one more top-level member: it opens as the session it recovers.
    void theRecoveryFileIsTheSessionAndItsOrigin() {
        AttentionInputs in = workedExample();
        in.tokens[1] = "\"quoted\" ünï";
        const QJsonObject view{{"layout", "columns"}, {"selectedRow", 2}};
        const QByteArray bytes = Autosaver::recoveryBytes(in, view, "/work/orig.attnviz");
        const Session back = sessionFromJson(bytes);
        QVERIFY(back.inputs == in);
        QCOMPARE(back.view, view);
        const QJsonObject recovery = QJsonDocument::fromJson(bytes).object()["recovery"].toObject();
        QCOMPARE(recovery["file"].toString(), QString("/work/orig.attnviz"));
        QVERIFY(QDateTime::fromString(recovery["savedAt"].toString(), Qt::ISODate).isValid());
        // The session's own bytes, then the recovery member.
        const QByteArray session = sessionToJson(in, view);
        QVERIFY(bytes.startsWith(session.chopped(3) + ",\n  \"recovery\": {\n"));
    }

    void writesForEditsKeepToATenthOfACore() {
        Harness h;
        Autosaver *autosaver = h.session->autosaver();
        autosaver->setInterval(3'600'000);
        autosaver->setEditThreshold(2);
        qint64 now = 1000;
        autosaver->setClock([&now] { return now; });
        edit(h, 2);
        QVERIFY(autosaver->isWriting());
        now += 500; // the write takes 500 ms
        QTRY_VERIFY(!autosaver->isWriting());
        QCOMPARE(autosaver->writeCount(), 1);
        // No write for edits in the 9 × 500 ms after it finished, however many edits come.
        now += 4499;
        edit(h, 5);
        QVERIFY(!autosaver->isWriting());
        QCOMPARE(autosaver->writeCount(), 1);
        now += 1;
        edit(h, 1);
        QVERIFY(autosaver->isWriting());
        QTRY_COMPARE(autosaver->writeCount(), 2);
        QCOMPARE(loadSessionFile(autosaver->file().path()).inputs.X(0, 0),
                 h.doc()->inputs().X(0, 0));

        // A write that takes no time (a small document) paces nothing: a write every 2 edits.
        for (int round = 0; round < 3; ++round) {
            edit(h, 1);
            QVERIFY(!autosaver->isWriting());
            edit(h, 1);
            QVERIFY(autosaver->isWriting());
            QTRY_VERIFY(!autosaver->isWriting());
        }
        QCOMPARE(autosaver->writeCount(), 5);
    }

    // Edits that reach the threshold while a write is in flight are written once the write that
    // was in flight allows it, with no further edit needed.
    void editsDuringAWriteAreWrittenWhenItsTurnComes() {
        Harness h;
        Autosaver *autosaver = h.session->autosaver();
        autosaver->setInterval(3'600'000);
        autosaver->setEditThreshold(2);
        qint64 now = 0;
        autosaver->setClock([&now] { return now; });
        edit(h, 2);
        QVERIFY(autosaver->isWriting());
        edit(h, 3); // while it writes
        now += 10;  // it took 10 ms: the next write for edits 90 ms after it finished
        QTRY_VERIFY(!autosaver->isWriting());
        QCOMPARE(autosaver->writeCount(), 1);
        QVERIFY(!autosaver->isWriting());
        now += 90;
        QTRY_COMPARE(autosaver->writeCount(), 2);
        QCOMPARE(loadSessionFile(autosaver->file().path()).inputs.X(0, 0),
                 h.doc()->inputs().X(0, 0));
    }

    // The interval's write is not paced: it bounds what a crash can lose.
    void theIntervalWriteIsNotPaced() {
        Harness h;
        Autosaver *autosaver = h.session->autosaver();
        autosaver->setInterval(3'600'000);
        autosaver->setEditThreshold(1);
        qint64 now = 0;
        autosaver->setClock([&now] { return now; });
        edit(h, 1);
        now += 60'000; // a write of a minute: no write for edits for nine minutes
        QTRY_VERIFY(!autosaver->isWriting());
        edit(h, 1);
        QVERIFY(!autosaver->isWriting());
        autosaver->setInterval(20);
        QTRY_COMPARE(autosaver->writeCount(), 2);
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_autosave");
    QApplication app(argc, argv);
    TestAutosave test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_autosave.moc"
