// SPDX-License-Identifier: GPL-3.0-or-later
// The Recomputer: results equal attn::compute, bursts coalesce, large problems go to a worker
// thread and a result that is outdated when it arrives is dropped.

#include "Attention.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "support/TestSupport.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include <cmath>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

const MatrixId kX{attn::Stage::X, 0};
const MatrixId kWq{attn::Stage::Wq, 0};

} // namespace

class TestRecomputer : public QObject {
    Q_OBJECT
private slots:
    void recomputerMatchesCompute();
    void recomputerLargeIsAsyncAndCoalesced();
    void recomputerDropsStaleResult();
    void documentSnapshotsAreCopyOnWrite();
    void layoutChangeNeedsNoResult();
    void workerComputesOnItsSnapshot();
    void snapshotGenerationIncreases();
    void rowOnlyRecomputeInColumnLayout();
    void cellEditsUpdateIncrementally_data();
    void cellEditsUpdateIncrementally();
    void resultsTakeTurnsInSteadyTyping();
};

void TestRecomputer::recomputerMatchesCompute() {
    Document doc;
    Recomputer rec(&doc);
    QSignalSpy spy(&rec, &Recomputer::resultReady);
    QSignalSpy busy(&rec, &Recomputer::busyChanged);
    QVERIFY(spy.wait(5000)); // the first result comes from the event loop
    QVERIFY(doc.setCell(kX, 0, 0, 2));
    QVERIFY(spy.wait(5000));
    QCOMPARE(spy.count(), 2);
    QVERIFY(rec.error().isEmpty());
    // The edit was applied incrementally (attn::updateTokens): equal up to rounding.
    const attn::Matrix expected = attn::compute(doc.inputs()).heads[0].weights();
    COMPARE_MATRIX_TOL(rec.result()->heads[0].weights(), expected, 1e-12);
    // By hand: q0 = [3 1 4], keys [4 1 2] [4 2 3] [1 2 1] [2 1 2] give scores 21 26 9 15, so
    // w01 = 1 / (1 + e^(−5/√3) + e^(−17/√3) + e^(−11/√3)).
    const double s3 = std::sqrt(3.0);
    const double w01 = 1 / (1 + std::exp(-5 / s3) + std::exp(-17 / s3) + std::exp(-11 / s3));
    QVERIFY(std::abs(rec.result()->heads[0].weights(0, 1) - w01) < 1e-12);
    QVERIFY(std::abs(w01 - 0.9455755636) < 1e-9);
    QCOMPARE(busy.count(), 0); // 4×4: computed on the GUI thread

    rec.recomputeNow(); // synchronous
    QCOMPARE(spy.count(), 3);
    QVERIFY(!rec.isBusy());
}

void TestRecomputer::recomputerLargeIsAsyncAndCoalesced() {
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Tokens, 512));
    Recomputer rec(&doc);
    QVERIFY(Recomputer::cost(doc.inputs()) > Recomputer::kAsyncThreshold);
    QSignalSpy spy(&rec, &Recomputer::resultReady);
    QVERIFY(spy.wait(10000));
    spy.clear();
    QSignalSpy busy(&rec, &Recomputer::busyChanged);
    for (int i = 0; i < 10; ++i)
        QVERIFY(doc.setCell(kX, i, 0, 10 + i));
    QCOMPARE(spy.count(), 0); // nothing computed inside the edits
    QVERIFY(spy.wait(10000));
    QTest::qWait(300);
    QCOMPARE(spy.count(), 1);
    QVERIFY(!rec.isBusy());
    QCOMPARE(busy.count(), 2); // it went to the worker thread, once
    QCOMPARE(busy.at(0).at(0).toBool(), true);
    QCOMPARE(busy.at(1).at(0).toBool(), false);
    // Ten rows of 512: updated incrementally (attn::updateTokens), equal up to rounding.
    COMPARE_MATRIX_TOL(rec.result()->heads[0].weights(),
                       attn::compute(doc.inputs()).heads[0].weights(), 1e-12);
}

void TestRecomputer::recomputerDropsStaleResult() {
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Tokens, 1024));
    Recomputer rec(&doc);
    QSignalSpy spy(&rec, &Recomputer::resultReady);
    QVERIFY(spy.wait(10000));
    spy.clear();
    // An edit of Wq recomputes whole (an edit of X is an incremental update, over in a
    // millisecond, before the test could see the worker busy).
    QVERIFY(doc.setCell(kWq, 0, 0, 3));
    QTRY_VERIFY(rec.isBusy());          // the worker has the state with Wq[0][0] = 3
    QVERIFY(doc.setCell(kWq, 0, 0, 4)); // arrives while it computes
    QVERIFY(spy.wait(10000));
    QTest::qWait(300);
    QCOMPARE(spy.count(), 1); // the X[0][0] = 3 result was dropped
    QVERIFY(!rec.isBusy());
    QCOMPARE(rec.result()->heads[0].Q(0, 0), attn::compute(doc.inputs()).heads[0].Q(0, 0));
}

void TestRecomputer::documentSnapshotsAreCopyOnWrite() {
    Document doc;
    const attn::AttentionInputs *current = &doc.inputs();
    QVERIFY(doc.setCell(kX, 0, 0, 5)); // nobody else holds the snapshot: changed in place
    QCOMPARE(&doc.inputs(), current);
    const std::shared_ptr<const attn::AttentionInputs> held = doc.inputsSnapshot();
    QVERIFY(doc.setCell(kX, 0, 0, 6)); // held: the edit makes a new snapshot
    QVERIFY(&doc.inputs() != held.get());
    QCOMPARE(held->X(0, 0), 5.0);
    QCOMPARE(doc.inputs().X(0, 0), 6.0);
    doc.undoStack()->undo(); // undo is an edit like any other
    QCOMPARE(held->X(0, 0), 5.0);
    QCOMPARE(doc.inputs().X(0, 0), 5.0);
}

void TestRecomputer::layoutChangeNeedsNoResult() {
    // The layout is view state: results stay in rows, nothing is recomputed.
    Document doc;
    Recomputer rec(&doc);
    rec.recomputeNow();
    const ResultSnapshot before = rec.snapshot();
    QSignalSpy spy(&rec, &Recomputer::resultReady);
    doc.selection().setLayout(attn::Layout::Columns);
    QVERIFY(!spy.wait(200));
    QCOMPARE(rec.snapshot().result, before.result);
    QCOMPARE(rec.snapshot().generation, before.generation);
    QVERIFY(testsupport::sameBits(rec.result()->output(), attn::compute(doc.inputs()).output()));
}

void TestRecomputer::workerComputesOnItsSnapshot() {
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Tokens, 1024));
    Recomputer rec(&doc);
    QSignalSpy spy(&rec, &Recomputer::resultReady);
    QVERIFY(spy.wait(10000));
    spy.clear();
    QVERIFY(doc.setCell(kWq, 0, 0, 3)); // recomputed whole, on the worker
    QTRY_VERIFY(rec.isBusy());          // the worker holds the snapshot with Wq[0][0] = 3
    const std::shared_ptr<const attn::AttentionInputs> held = doc.inputsSnapshot();
    QVERIFY(doc.setCell(kWq, 0, 0, 4)); // copy-on-write: the worker's snapshot is not touched
    QCOMPARE(held->heads[0].Wq(0, 0), 3.0);
    QCOMPARE(doc.inputs().heads[0].Wq(0, 0), 4.0);
    QVERIFY(held.get() != &doc.inputs());
    QVERIFY(spy.wait(10000));
    QTest::qWait(300);
    QVERIFY(!rec.isBusy());
    QCOMPARE(spy.count(), 1);
    // The published snapshot's result is of its own inputs, which are the document's (shared,
    // not copied, since nothing changed after).
    const ResultSnapshot snap = qvariant_cast<ResultSnapshot>(spy.at(0).at(0));
    QVERIFY(snap.isValid());
    QCOMPARE(snap.result, rec.snapshot().result);
    QCOMPARE(snap.inputs.get(), &doc.inputs());
    QCOMPARE(snap.inputs->heads[0].Wq(0, 0), 4.0);
    const attn::AttentionResult expected = attn::compute(*snap.inputs);
    QVERIFY(testsupport::sameBits(snap.result->heads[0].Q, expected.heads[0].Q));
    QVERIFY((snap.result->output() - expected.output()).cwiseAbs().maxCoeff() < 1e-9);
}

void TestRecomputer::snapshotGenerationIncreases() {
    Document doc;
    Recomputer rec(&doc);
    rec.recomputeNow();
    quint64 last = rec.snapshot().generation;
    QVERIFY(last > 0);
    QSignalSpy spy(&rec, &Recomputer::resultReady);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(doc.setCell(kX, i, 1, 5 + i));
        QVERIFY(spy.wait(5000)); // from the event loop
        QVERIFY(rec.snapshot().generation > last);
        last = rec.snapshot().generation;
        rec.recomputeNow(); // a synchronous one is a new snapshot too
        QVERIFY(rec.snapshot().generation > last);
        last = rec.snapshot().generation;
        QCOMPARE(rec.snapshot().inputs->X(i, 1), 5.0 + i);
    }
}

void TestRecomputer::rowOnlyRecomputeInColumnLayout() {
    // Row-only incremental recompute works whatever the document shows: the result is in rows
    // and agrees with a full computation, and with the column-layout oracle transposed.
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Tokens, 40));
    doc.selection().setLayout(attn::Layout::Columns);
    Recomputer rec(&doc);
    rec.recomputeNow();
    const auto before = rec.result();
    QVERIFY(doc.setCell(kX, 7, 2, 1.5));
    QVERIFY(doc.setCell(kX, 9, 0, -2));
    rec.recomputeNow();
    QVERIFY(rec.result() != before);
    QCOMPARE(rec.snapshot().inputs.get(), &doc.inputs());
    const attn::AttentionResult full = attn::compute(doc.inputs());
    const attn::AttentionResult oracle = attn::compute(doc.inputs(), attn::Layout::Columns);
    const attn::AttentionResult &got = *rec.result();
    QCOMPARE(got.heads.size(), full.heads.size());
    for (size_t h = 0; h < full.heads.size(); ++h) {
        QVERIFY(got.heads[h].weights().isApprox(full.heads[h].weights(), 1e-12));
        QVERIFY(got.heads[h].output.isApprox(full.heads[h].output, 1e-12));
        QVERIFY(attn::Matrix(got.heads[h].weights().transpose())
                    .isApprox(oracle.heads[h].weights(), 1e-12));
    }
    QVERIFY(got.output().isApprox(full.output(), 1e-12));
}

void TestRecomputer::cellEditsUpdateIncrementally_data() {
    QTest::addColumn<int>("stage");
    QTest::newRow("X") << int(attn::Stage::X);
    QTest::newRow("context") << int(attn::Stage::Context);
}

void TestRecomputer::cellEditsUpdateIncrementally() {
    // A cell edit of X or of the context (the GUI's edit path) updates the published result
    // (attn::updateTokens: its heads then carry drift bounds) instead of recomputing it, and
    // agrees with a full computation; any other change recomputes whole.
    QFETCH(int, stage);
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Tokens, 40));
    QVERIFY(doc.setCrossAttention(true));
    QVERIFY(doc.setDimension(Dimension::ContextLength, 30));
    Recomputer rec(&doc);
    rec.recomputeNow();
    QCOMPARE(rec.result()->heads[0].drift.size(), 0); // a full computation
    QVERIFY(doc.setCell(MatrixId{attn::Stage(stage), 0}, 5, 1, 0.75));
    QVERIFY(doc.setCell(MatrixId{attn::Stage(stage), 0}, 6, 0, -1.25));
    rec.recomputeNow();
    QCOMPARE(rec.result()->heads[0].drift.size(), 40); // updated, not recomputed
    const attn::AttentionResult full = attn::compute(doc.inputs());
    COMPARE_MATRIX_TOL(rec.result()->output(), full.output(), 1e-12);
    COMPARE_MATRIX_TOL(rec.result()->heads[0].weights(), full.heads[0].weights(), 1e-12);
    QVERIFY(doc.setDimension(Dimension::Tokens, 41));
    rec.recomputeNow();
    QCOMPARE(rec.result()->heads[0].drift.size(), 0);
}

void TestRecomputer::resultsTakeTurnsInSteadyTyping() {
    // Each cell edit's update takes the storage of the result published two edits before (held
    // by nothing else by then) instead of copying the last one whole; a result somebody still
    // holds is never touched.
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Tokens, 300));
    Recomputer rec(&doc);
    rec.recomputeNow();
    std::vector<const double *> storage;
    for (int i = 0; i < 6; ++i) {
        QVERIFY(doc.setCell(kX, 10 * i, 1, 0.5 + i));
        rec.recomputeNow();
        storage.push_back(rec.result()->heads[0].Q.data());
    }
    for (size_t i = 2; i < storage.size(); ++i)
        QCOMPARE(storage[i], storage[i - 2]);
    QVERIFY(storage[1] != storage[0]);
    attn::AttentionResult full = attn::compute(doc.inputs());
    QVERIFY(testsupport::sameBits(rec.result()->heads[0].Q, full.heads[0].Q));
    COMPARE_MATRIX_TOL(rec.result()->output(), full.output(), 1e-12);

    const std::shared_ptr<const attn::AttentionResult> held = rec.result();
    const attn::Matrix heldQ = held->heads[0].Q, heldOutput = held->output();
    for (int i = 0; i < 3; ++i) {
        QVERIFY(doc.setCell(kX, 7 + i, 0, -2.0 - i));
        rec.recomputeNow();
        QVERIFY(rec.result()->heads[0].Q.data() != held->heads[0].Q.data());
    }
    QVERIFY(testsupport::sameBits(held->heads[0].Q, heldQ));
    QVERIFY(testsupport::sameBits(held->output(), heldOutput));
    full = attn::compute(doc.inputs());
    COMPARE_MATRIX_TOL(rec.result()->output(), full.output(), 1e-12);
}

QTEST_MAIN(TestRecomputer)
#include "test_recomputer.moc"
