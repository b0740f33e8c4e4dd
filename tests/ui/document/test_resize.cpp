// SPDX-License-Identifier: GPL-3.0-or-later
// Large size changes are built on a worker (Document::setDimension, ResizeJob): growing to
// 4,096 tokens of 768 features draws three million random numbers, 100 ms the window must not
// freeze for. So are fills of a large matrix (Randomize, Fill), checked at the end. The result must
// be the very inputs a resize on the GUI thread gives (the same random numbers), pushed as one undo
// step; edits made meanwhile are kept (the resize is made again on top of them), a new size of the
// same dimension replaces a pending one, another dimension's change comes after it, new inputs
// cancel it, and a document destroyed while one runs neither crashes nor gets called back.

#include "Initializer.h"
#include "document/Dimension.h"
#include "document/Document.h"
#include "support/TestSupport.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

constexpr int kTimeoutMs = 60'000;
constexpr int kFeatures = 768;

// A document on 8 seeded tokens of 768 features; its random sequence starts from seed 1.
void start(Document &doc) {
    QVERIFY(doc.replaceInputs(randomExample(3, 8, kFeatures, 4, 4), "start"));
    doc.setRandomSeed(1);
}

// What the same resize gives on this thread, from the random sequence of `seed`.
attn::AttentionInputs resizedHere(const attn::AttentionInputs &from, Dimension dim, int value,
                                  quint32 seed) {
    std::mt19937 rng(seed);
    return withDimension(from, dim, value, Initializer::RandomNormal, rng);
}

} // namespace

class TestResize : public QObject {
    Q_OBJECT
private slots:
    void largeResizeIsBuiltOnAWorker();
    void smallResizeIsImmediate();
    void editsMeanwhileAreKept();
    void aNewSizeReplacesThePendingOne();
    void anotherDimensionComesAfterIt();
    void newInputsCancelIt();
    void aNewSeedRestartsIt();
    void documentGoneMeanwhile();
    void largeFillIsMadeOnAWorker();
    void editsMeanwhileComeBeforeTheFill();
    void aResizeAfterAFillComesAfterIt();
};

void TestResize::largeResizeIsBuiltOnAWorker() {
    Document doc;
    start(doc);
    const attn::AttentionInputs before = doc.inputs();
    const int steps = doc.undoStack()->count();
    QSignalSpy started(&doc, &Document::resizeStarted);
    QSignalSpy finished(&doc, &Document::resizeFinished);
    QSignalSpy changed(&doc, &Document::changed);
    QVERIFY(doc.setDimension(Dimension::Tokens, 4096));
    QVERIFY(doc.resizePending());
    QCOMPARE(doc.dimension(Dimension::Tokens), 8); // not yet
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.at(0).at(0).toString(), QString("Change number of tokens n to 4096"));
    QTRY_VERIFY_WITH_TIMEOUT(!doc.resizePending(), kTimeoutMs);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(doc.dimension(Dimension::Tokens), 4096);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(doc.undoStack()->undoText(), QString("Change number of tokens n to 4096"));
    QVERIFY(doc.inputs() == resizedHere(before, Dimension::Tokens, 4096, 1));
    // The random sequence went on past the resize's draws, as on this thread.
    std::mt19937 rng(1);
    withDimension(before, Dimension::Tokens, 4096, Initializer::RandomNormal, rng);
    doc.fill(MatrixId{attn::Stage::Wq, 0});
    QCOMPARE(doc.inputs().heads[0].Wq, initialMatrix(kFeatures, 4, Initializer::RandomNormal, rng));
    doc.undoStack()->undo(); // the fill
    doc.undoStack()->undo(); // the resize
    QVERIFY(doc.inputs() == before);
}

void TestResize::smallResizeIsImmediate() {
    Document doc;
    start(doc);
    QSignalSpy started(&doc, &Document::resizeStarted);
    QVERIFY(doc.setDimension(Dimension::Tokens, 100)); // 92 × 768 new numbers
    QVERIFY(!doc.resizePending());
    QCOMPARE(doc.dimension(Dimension::Tokens), 100);
    QCOMPARE(started.count(), 0);
}

void TestResize::editsMeanwhileAreKept() {
    Document doc;
    start(doc);
    const int steps = doc.undoStack()->count();
    QVERIFY(doc.setDimension(Dimension::Tokens, 4096));
    QVERIFY(doc.setCell(MatrixId{attn::Stage::X, 0}, 2, 3, 5.5));
    QVERIFY(doc.setToken(1, "cat"));
    const attn::AttentionInputs edited = doc.inputs();
    QTRY_VERIFY_WITH_TIMEOUT(!doc.resizePending(), kTimeoutMs);
    QCOMPARE(doc.dimension(Dimension::Tokens), 4096);
    QCOMPARE(doc.inputs().X(2, 3), 5.5);
    QCOMPARE(doc.inputs().tokens[1], std::string("cat"));
    // After the edits, as asked: the same numbers as resizing the edited inputs here.
    QVERIFY(doc.inputs() == resizedHere(edited, Dimension::Tokens, 4096, 1));
    QCOMPARE(doc.undoStack()->count(), steps + 3);
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == edited);
}

void TestResize::aNewSizeReplacesThePendingOne() {
    Document doc;
    start(doc);
    const attn::AttentionInputs before = doc.inputs();
    const int steps = doc.undoStack()->count();
    QSignalSpy finished(&doc, &Document::resizeFinished);
    QVERIFY(doc.setDimension(Dimension::Tokens, 4096));
    QVERIFY(doc.setDimension(Dimension::Tokens, 4096)); // again (Enter, then focus out)
    QVERIFY(doc.setDimension(Dimension::Tokens, 3000));
    QTRY_VERIFY_WITH_TIMEOUT(!doc.resizePending(), kTimeoutMs);
    QTest::qWait(200); // a dropped job would report by now
    QCOMPARE(doc.dimension(Dimension::Tokens), 3000);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QVERIFY(doc.inputs() == resizedHere(before, Dimension::Tokens, 3000, 1));
    QCOMPARE(finished.count(), 2); // 4096 replaced, 3000 pushed
    // Back to the present size while pending: nothing to do.
    doc.undoStack()->undo();
    QVERIFY(doc.setDimension(Dimension::Tokens, 4096));
    QVERIFY(doc.resizePending());
    QVERIFY(doc.setDimension(Dimension::Tokens, 8));
    QVERIFY(!doc.resizePending());
    QTest::qWait(200);
    QCOMPARE(doc.dimension(Dimension::Tokens), 8);
    QCOMPARE(doc.undoStack()->count(), steps + 1); // the redo of 3000 still there
    QVERIFY(doc.inputs() == before);
}

void TestResize::anotherDimensionComesAfterIt() {
    Document doc;
    start(doc);
    const attn::AttentionInputs before = doc.inputs();
    QVERIFY(doc.setDimension(Dimension::Tokens, 4096));
    QVERIFY(doc.setDimension(Dimension::KeyDim, 6)); // the tokens first, here
    QCOMPARE(doc.dimension(Dimension::Tokens), 4096);
    QCOMPARE(doc.dimension(Dimension::KeyDim), 6);
    QVERIFY(!doc.resizePending());
    std::mt19937 rng(1);
    attn::AttentionInputs expected =
        withDimension(before, Dimension::Tokens, 4096, Initializer::RandomNormal, rng);
    expected = withDimension(expected, Dimension::KeyDim, 6, Initializer::RandomNormal, rng);
    QVERIFY(doc.inputs() == expected);
    doc.undoStack()->undo();
    QCOMPARE(doc.dimension(Dimension::Tokens), 4096);
    QCOMPARE(doc.dimension(Dimension::KeyDim), 4);
}

void TestResize::newInputsCancelIt() {
    Document doc;
    start(doc);
    QSignalSpy finished(&doc, &Document::resizeFinished);
    QVERIFY(doc.setDimension(Dimension::Tokens, 4096));
    QVERIFY(doc.replaceInputs(attn::workedExample(), "open"));
    QVERIFY(!doc.resizePending());
    QCOMPARE(finished.count(), 1);
    QTest::qWait(500); // the dropped job has reported by now (to nobody)
    QCOMPARE(doc.dimension(Dimension::Tokens), 4);
    QVERIFY(doc.inputs() == attn::workedExample());
}

void TestResize::aNewSeedRestartsIt() {
    Document doc;
    start(doc);
    const attn::AttentionInputs before = doc.inputs();
    QVERIFY(doc.setDimension(Dimension::Tokens, 4096));
    doc.setRandomSeed(9);
    QVERIFY(doc.resizePending());
    QTRY_VERIFY_WITH_TIMEOUT(!doc.resizePending(), kTimeoutMs);
    QVERIFY(doc.inputs() == resizedHere(before, Dimension::Tokens, 4096, 9));
}

void TestResize::documentGoneMeanwhile() {
    {
        Document doc;
        start(doc);
        QVERIFY(doc.setDimension(Dimension::Tokens, 4096));
        QVERIFY(doc.resizePending());
    }
    QTest::qWait(1000); // its report finds nobody (AddressSanitizer would see a use after free)
}

namespace {

constexpr int kLargeTokens = 1400; // X: 1,075,200 numbers, more than Document::kAsyncResizeValues

// The document grown to kLargeTokens tokens (on the worker), its random sequence at `seed`.
void startLarge(Document &doc, quint32 seed) {
    start(doc);
    QVERIFY(doc.setDimension(Dimension::Tokens, kLargeTokens));
    QTRY_VERIFY_WITH_TIMEOUT(!doc.resizePending(), kTimeoutMs);
    doc.setRandomSeed(seed);
}

const MatrixId kX{attn::Stage::X, 0};

} // namespace

void TestResize::largeFillIsMadeOnAWorker() {
    Document doc;
    startLarge(doc, 5);
    const attn::AttentionInputs before = doc.inputs();
    const int steps = doc.undoStack()->count();
    QSignalSpy started(&doc, &Document::resizeStarted);
    QSignalSpy changed(&doc, &Document::changed);
    doc.randomize(kX);
    QVERIFY(doc.resizePending());
    QVERIFY(doc.inputs() == before); // not yet
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.at(0).at(0).toString(), QString("Randomize X"));
    QTRY_VERIFY_WITH_TIMEOUT(!doc.resizePending(), kTimeoutMs);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(doc.undoStack()->undoText(), QString("Randomize X"));
    // The numbers a fill on this thread draws, and the sequence goes on after them.
    std::mt19937 rng(5);
    QCOMPARE(doc.inputs().X,
             initialMatrix(kLargeTokens, kFeatures, Initializer::RandomNormal, rng));
    doc.fill(MatrixId{attn::Stage::Wq, 0}); // small: at once
    QVERIFY(!doc.resizePending());
    QCOMPARE(doc.inputs().heads[0].Wq, initialMatrix(kFeatures, 4, Initializer::RandomNormal, rng));
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == before);
}

void TestResize::editsMeanwhileComeBeforeTheFill() {
    Document doc;
    startLarge(doc, 6);
    doc.setInitializer(Initializer::Zeros);
    doc.fill(kX);
    QVERIFY(doc.resizePending());
    QVERIFY(doc.setCell(MatrixId{attn::Stage::Wq, 0}, 1, 2, 7.5)); // another matrix: kept
    QVERIFY(doc.setCell(kX, 3, 4, 2.5));                           // X itself: filled over
    const attn::AttentionInputs edited = doc.inputs();
    QTRY_VERIFY_WITH_TIMEOUT(!doc.resizePending(), kTimeoutMs);
    QCOMPARE(doc.inputs().heads[0].Wq(1, 2), 7.5);
    QVERIFY((doc.inputs().X.array() == 0.0).all());
    QCOMPARE(doc.undoStack()->undoText(), QString("Fill X with zeros"));
    doc.undoStack()->undo(); // the edits come back: nothing typed is lost
    QVERIFY(doc.inputs() == edited);
}

void TestResize::aResizeAfterAFillComesAfterIt() {
    Document doc;
    startLarge(doc, 7);
    const attn::AttentionInputs before = doc.inputs();
    doc.randomize(kX);
    QVERIFY(doc.resizePending());
    QVERIFY(doc.setDimension(Dimension::KeyDim, 6)); // the fill first, here
    QVERIFY(!doc.resizePending());
    std::mt19937 rng(7);
    attn::AttentionInputs expected = before;
    expected.X = initialMatrix(kLargeTokens, kFeatures, Initializer::RandomNormal, rng);
    expected = withDimension(expected, Dimension::KeyDim, 6, Initializer::RandomNormal, rng);
    QVERIFY(doc.inputs() == expected);
    doc.undoStack()->undo();
    QCOMPARE(doc.undoStack()->undoText(), QString("Randomize X"));
}

QTEST_GUILESS_MAIN(TestResize)
#include "test_resize.moc"
