// The Recomputer: results equal attn::compute, bursts coalesce, large problems go to a worker
// thread and a result that is outdated when it arrives is dropped.

#include "Attention.h"
#include "Document.h"
#include "Recomputer.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>

namespace {

const MatrixId kX{attn::Stage::X, 0};

bool same(const attn::Matrix &a, const attn::Matrix &b) {
    return a.rows() == b.rows() && a.cols() == b.cols() && (a.size() == 0 || a == b);
}

} // namespace

class TestRecomputer : public QObject {
    Q_OBJECT
private slots:
    void recomputerMatchesCompute();
    void recomputerLargeIsAsyncAndCoalesced();
    void recomputerDropsStaleResult();
    void layoutChangeRecomputes();
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
    const attn::Matrix expected = attn::compute(doc.inputs()).heads[0].weights;
    QVERIFY(same(rec.result()->heads[0].weights, expected));
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
    QVERIFY(same(rec.result()->heads[0].weights, attn::compute(doc.inputs()).heads[0].weights));
}

void TestRecomputer::recomputerDropsStaleResult() {
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Tokens, 1024));
    Recomputer rec(&doc);
    QSignalSpy spy(&rec, &Recomputer::resultReady);
    QVERIFY(spy.wait(10000));
    spy.clear();
    QVERIFY(doc.setCell(kX, 0, 0, 3));
    QTRY_VERIFY(rec.isBusy());         // the worker has the state with X[0][0] = 3
    QVERIFY(doc.setCell(kX, 0, 0, 4)); // arrives while it computes
    QVERIFY(spy.wait(10000));
    QTest::qWait(300);
    QCOMPARE(spy.count(), 1); // the X[0][0] = 3 result was dropped
    QVERIFY(!rec.isBusy());
    QCOMPARE(rec.result()->heads[0].Q(0, 0), attn::compute(doc.inputs()).heads[0].Q(0, 0));
}

void TestRecomputer::layoutChangeRecomputes() {
    Document doc;
    Recomputer rec(&doc);
    rec.recomputeNow();
    QSignalSpy spy(&rec, &Recomputer::resultReady);
    rec.setLayout(attn::Layout::Columns);
    QVERIFY(spy.wait(5000));
    QCOMPARE(rec.result()->layout, attn::Layout::Columns);
    const attn::Matrix rows = attn::compute(doc.inputs()).output;
    QCOMPARE(rec.result()->output.rows(), rows.cols());
    QVERIFY((rec.result()->output - rows.transpose()).cwiseAbs().maxCoeff() < 1e-12);
}

QTEST_MAIN(TestRecomputer)
#include "test_recomputer.moc"
