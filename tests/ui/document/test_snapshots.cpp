// SPDX-License-Identifier: GPL-3.0-or-later
// The document's copy-on-write snapshots (ui/document/SnapshotRecycler): an edit never changes a
// snapshot someone holds, the recycled copy equals a fresh one after any sequence of edits,
// undos and resizes, and a cell edit reuses the snapshot before the last instead of copying
// the inputs whole.
#include "Initializer.h"
#include "document/Document.h"
#include "document/SnapshotRecycler.h"

#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <deque>
#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

using Snapshot = std::shared_ptr<const attn::AttentionInputs>;

// A held snapshot and what it held when it was taken.
struct Held {
    Snapshot snapshot;
    attn::AttentionInputs copy;
};

} // namespace

class TestSnapshots : public QObject {
    Q_OBJECT
private slots:
    void recyclerCopiesOnlyTheCellsWritten();
    void recyclerNeverWritesASnapshotSomeoneHolds();
    void aCellEditReusesTheSnapshotBeforeTheLast();
    void aCellEditReusesAnOlderSnapshotWhenTheLastTwoAreHeld();
    void randomEditsNeverChangeAHeldSnapshot_data();
    void randomEditsNeverChangeAHeldSnapshot();
};

void TestSnapshots::recyclerCopiesOnlyTheCellsWritten() {
    SnapshotRecycler recycler;
    Snapshot s0 = std::make_shared<attn::AttentionInputs>(randomExample(3, 6, 5, 4, 4));
    Snapshot s1 = recycler.copyOf(s0); // nothing to recycle yet: a fresh copy; s0 is the spare
    QCOMPARE(recycler.lastCopy(), SnapshotRecycler::Copy::Fresh);
    QVERIFY(*s1 == *s0);
    const attn::AttentionInputs *spare = s0.get();
    s0.reset(); // the holder lets go of the old snapshot
    const_cast<attn::AttentionInputs &>(*s1).X(2, 3) = 42.0;
    recycler.noteCells({attn::Stage::X, 0}, QRect(3, 2, 1, 1));
    const attn::AttentionInputs expected = *s1;
    const Snapshot s2 = recycler.copyOf(s1);
    QCOMPARE(recycler.lastCopy(), SnapshotRecycler::Copy::Cells);
    QCOMPARE(s2.get(), spare); // the spare's memory, brought up to date
    QVERIFY(*s2 == expected);

    // Any other change: the next recycled copy is a whole assignment.
    s1.reset();
    const_cast<attn::AttentionInputs &>(*s2).tokens[0] = "changed";
    recycler.noteAnyChange();
    const attn::AttentionInputs expected2 = *s2;
    const Snapshot s3 = recycler.copyOf(s2);
    QCOMPARE(recycler.lastCopy(), SnapshotRecycler::Copy::Whole);
    QVERIFY(*s3 == expected2);
}

void TestSnapshots::recyclerNeverWritesASnapshotSomeoneHolds() {
    SnapshotRecycler recycler;
    const Snapshot s0 = std::make_shared<attn::AttentionInputs>(randomExample(4, 5, 3, 2, 2));
    const attn::AttentionInputs before = *s0;
    Snapshot s1 = recycler.copyOf(s0);
    const_cast<attn::AttentionInputs &>(*s1).X(0, 0) = 7.0;
    recycler.noteCells({attn::Stage::X, 0}, QRect(0, 0, 1, 1));
    const Snapshot s2 = recycler.copyOf(s1); // s0 is still held (here): not reused
    QCOMPARE(recycler.lastCopy(), SnapshotRecycler::Copy::Fresh);
    QVERIFY(s2.get() != s0.get());
    QVERIFY(*s0 == before);
    QCOMPARE(s2->X(0, 0), 7.0);
}

void TestSnapshots::aCellEditReusesTheSnapshotBeforeTheLast() {
    // What the window does: the recomputer holds the snapshot it computes on until the next
    // result is published, so every edit must copy, and the copy before the last is free.
    Document doc;
    QVERIFY(doc.replaceInputs(randomExample(5, 64, 48, 8, 8), "big"));
    // The opened inputs stay with their undo command: the first edit's copy is a fresh one.
    Snapshot held = doc.inputsSnapshot();
    QVERIFY(doc.setCell({attn::Stage::X, 0}, 0, 0, 9.0));
    held = doc.inputsSnapshot();
    QVERIFY(doc.setCell({attn::Stage::X, 0}, 1, 2, 0.5));
    const attn::AttentionInputs *first = held.get();
    held = doc.inputsSnapshot(); // the previous one is released
    QVERIFY(doc.setCell({attn::Stage::X, 0}, 3, 4, -0.25));
    QCOMPARE(doc.inputsSnapshot().get(), first);
    QCOMPARE(doc.inputs().X(1, 2), 0.5);
    QCOMPARE(doc.inputs().X(3, 4), -0.25);
    QVERIFY(held->X(3, 4) != -0.25); // the held one is unchanged
    QCOMPARE(held->X(1, 2), 0.5);
}

void TestSnapshots::aCellEditReusesAnOlderSnapshotWhenTheLastTwoAreHeld() {
    // The recomputer holds the latest snapshot and the Δ-edit panel the one before it.
    Document doc;
    QVERIFY(doc.replaceInputs(randomExample(6, 32, 24, 8, 8), "big"));
    std::deque<Held> held;
    std::vector<const attn::AttentionInputs *> seen;
    for (int i = 0; i < 8; ++i) {
        held.push_back({doc.inputsSnapshot(), doc.inputs()});
        if (held.size() > 2)
            held.pop_front();
        seen.push_back(doc.inputsSnapshot().get());
        QVERIFY(doc.setCell({attn::Stage::X, 0}, i, 1, i + 0.5));
        for (int j = 0; j <= i; ++j)
            QCOMPARE(doc.inputs().X(j, 1), j + 0.5);
        for (const Held &h : held)
            QVERIFY(*h.snapshot == h.copy);
        if (i >= 4) // past the opened snapshot (kept by its undo command): memory reused
            QVERIFY(std::find(seen.begin(), seen.end(), doc.inputsSnapshot().get()) != seen.end());
    }
}

void TestSnapshots::randomEditsNeverChangeAHeldSnapshot_data() {
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<bool>("grouped");
    QTest::newRow("seed 1") << 1u << false;
    QTest::newRow("seed 2, grouped keys") << 2u << true;
    QTest::newRow("seed 3") << 3u << false;
}

void TestSnapshots::randomEditsNeverChangeAHeldSnapshot() {
    QFETCH(quint32, seed);
    QFETCH(bool, grouped);
    std::mt19937 rng(seed);
    Document doc;
    attn::AttentionInputs start = randomExample(seed, 12, 10, 4, 4);
    start.heads.push_back(start.heads[0]);
    start.heads[1].kvGroup = start.heads[0].kvGroup = grouped ? 0 : -1;
    if (!grouped)
        start.heads[1].Wk(0, 0) += 1.0;
    QVERIFY(doc.replaceInputs(start, "start"));
    doc.undoStack()->clear(); // undo index 0 is the start
    std::deque<Held> held;
    std::vector<attn::AttentionInputs> history{doc.inputs()}; // what each undo step returns to
    const MatrixId ids[] = {
        {attn::Stage::X, 0}, {attn::Stage::Wq, 1}, {attn::Stage::Wk, 0}, {attn::Stage::Wv, 1}};
    for (int step = 0; step < 400; ++step) {
        const int action = int(rng() % 10);
        if (action < 6) {
            const MatrixId id = ids[rng() % 4];
            const attn::Matrix &m = doc.matrix(id);
            const int r = int(rng() % m.rows()), c = int(rng() % m.cols());
            const double value = double(int(rng() % 2001) - 1000) / 100.0;
            const int index = doc.undoStack()->index();
            QVERIFY(doc.setCell(id, r, c, value));
            QCOMPARE(doc.matrix(id)(r, c), value);
            if (doc.undoStack()->index() != index) {
                history.resize(std::size_t(doc.undoStack()->index()));
                history.push_back(doc.inputs());
            }
        } else if (action < 8 && doc.undoStack()->canUndo()) {
            doc.undoStack()->undo();
            QVERIFY(doc.inputs() == history[std::size_t(doc.undoStack()->index())]);
        } else if (action == 8 && doc.undoStack()->canRedo()) {
            doc.undoStack()->redo();
            QVERIFY(doc.inputs() == history[std::size_t(doc.undoStack()->index())]);
        } else {
            const int index = doc.undoStack()->index();
            QVERIFY(doc.setToken(int(rng() % 12), QString("t%1").arg(step)));
            if (doc.undoStack()->index() != index) {
                history.resize(std::size_t(doc.undoStack()->index()));
                history.push_back(doc.inputs());
            }
        }
        // Hold the new snapshot (as the recomputer does) and let go of old ones at random.
        held.push_back({doc.inputsSnapshot(), doc.inputs()});
        while (held.size() > 1 + rng() % 3)
            held.pop_front();
        for (const Held &h : held)
            QVERIFY2(*h.snapshot == h.copy, qPrintable(QString("step %1").arg(step)));
        if (grouped)
            QVERIFY(doc.inputs().heads[0].Wk == doc.inputs().heads[1].Wk);
    }
}

QTEST_MAIN(TestSnapshots)
#include "test_snapshots.moc"
