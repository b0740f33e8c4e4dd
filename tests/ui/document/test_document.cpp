// SPDX-License-Identifier: GPL-3.0-or-later
// The Document (edits, undo, notifications, limits) and the presets (table models:
// test_table_models).

#include "Attention.h"
#include "document/Document.h"
#include "document/MatrixTableModel.h"
#include "document/Presets.h"
#include "support/TestSupport.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

const MatrixId kX{attn::Stage::X, 0};
const MatrixId kWq0{attn::Stage::Wq, 0};

DocumentChange lastChange(const QSignalSpy &spy) {
    return spy.last().at(0).value<DocumentChange>();
}

} // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void startsOnWorkedExample();
    void setCellNotifiesOnceAndUndoes();
    void refusedValuesChangeNothing_data();
    void refusedValuesChangeNothing();
    void nudgesMerge();
    void setBlockIsOneStep();
    void setBlockRefusals();
    void growKeepsCellsAndFills_data();
    void growKeepsCellsAndFills();
    void shrinkThenUndoRestores();
    void dimensionLimits();
    void headsCreateAndDropWo();
    void crossAttention();
    void maskToggleAndClear();
    void optionsAndTemperatureMerge();
    void randomizeIsSeededAndOneStep();
    void tokens();
    void replaceInputs();
    void presets();
};

void TestDocument::startsOnWorkedExample() {
    Document doc;
    QVERIFY(doc.inputs() == attn::workedExample());
    QCOMPARE(doc.dimension(Dimension::Tokens), 4);
    QCOMPARE(doc.dimension(Dimension::Embedding), 4);
    QCOMPARE(doc.dimension(Dimension::KeyDim), 3);
    QCOMPARE(doc.dimension(Dimension::Heads), 1);
    QCOMPARE(doc.matrix(kWq0).rows(), 4);
    QCOMPARE(doc.matrix({attn::Stage::Wo, 0}).size(), 0);
    QCOMPARE(doc.matrix({attn::Stage::Wq, 3}).size(), 0); // no such head
    QCOMPARE(matrixName({attn::Stage::Context, 0}), QStringLiteral("context"));
    QVERIFY((MatrixId{attn::Stage::X, 2} == kX));
    QVERIFY((MatrixId{attn::Stage::Wq, 1} != kWq0));
}

void TestDocument::setCellNotifiesOnceAndUndoes() {
    Document doc;
    QSignalSpy spy(&doc, &Document::changed);
    QVERIFY(doc.setCell(kX, 1, 2, 7.5));
    QCOMPARE(doc.inputs().X(1, 2), 7.5);
    QCOMPARE(spy.count(), 1);
    DocumentChange change = lastChange(spy);
    QCOMPARE(change.what, DocumentChange::Flags(DocumentChange::Values));
    QVERIFY(change.matrix && *change.matrix == kX);
    QCOMPARE(change.cells, QRect(2, 1, 1, 1)); // x = column, y = row
    QCOMPARE(doc.undoStack()->count(), 1);

    doc.undoStack()->undo();
    QCOMPARE(doc.inputs().X(1, 2), 1.0);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(lastChange(spy).cells, QRect(2, 1, 1, 1));
    doc.undoStack()->redo();
    QCOMPARE(doc.inputs().X(1, 2), 7.5);

    // The same value again is not an edit: no undo entry, no notification.
    QVERIFY(doc.setCell(kX, 1, 2, 7.5));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(spy.count(), 3);
}

void TestDocument::refusedValuesChangeNothing_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected"); // part of the message
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("NaN") << int(attn::Stage::X) << 0 << 0 << 0
                         << std::numeric_limits<double>::quiet_NaN() << "not a finite number";
    QTest::newRow("+Inf") << int(attn::Stage::X) << 0 << 0 << 0 << inf << "not a finite number";
    QTest::newRow("-Inf") << int(attn::Stage::Wq) << 0 << 1 << 1 << -inf << "not a finite";
    QTest::newRow("1e308") << int(attn::Stage::X) << 0 << 0 << 0 << 1e308 << "too large";
    QTest::newRow("-1e16") << int(attn::Stage::Wv) << 0 << 3 << 2 << -1e16 << "too large";
    QTest::newRow("row -1") << int(attn::Stage::X) << 0 << -1 << 0 << 1.0 << "no cell [-1][0]";
    QTest::newRow("col 3 of Wk") << int(attn::Stage::Wk) << 0 << 0 << 3 << 1.0 << "it is 4\u00d73";
    QTest::newRow("no Wo") << int(attn::Stage::Wo) << 0 << 0 << 0 << 1.0 << "no Wo";
    QTest::newRow("no head 1") << int(attn::Stage::Wq) << 1 << 0 << 0 << 1.0 << "no Wq";
    QTest::newRow("no context") << int(attn::Stage::Context) << 0 << 0 << 0 << 1.0 << "no context";
}

void TestDocument::refusedValuesChangeNothing() {
    QFETCH(int, kind);
    QFETCH(int, head);
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(double, value);
    QFETCH(QString, expected);
    Document doc;
    QSignalSpy spy(&doc, &Document::changed);
    QString error;
    QVERIFY(!doc.setCell({attn::Stage(kind), head}, row, col, value, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(!doc.nudgeCell({attn::Stage(kind), head}, row, col, value, &error));
    QVERIFY(doc.inputs() == attn::workedExample());
    QCOMPARE(doc.undoStack()->count(), 0);
    QCOMPARE(spy.count(), 0);
}

void TestDocument::nudgesMerge() {
    Document doc;
    for (int i = 0; i < 3; ++i)
        QVERIFY(doc.nudgeCell(kX, 0, 0, 0.1));
    QCOMPARE(doc.inputs().X(0, 0), 1.3); // snapped: not 1.3000000000000003
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.inputs().X(0, 0), 1.0);
    doc.undoStack()->redo();
    QCOMPARE(doc.inputs().X(0, 0), 1.3);

    QVERIFY(doc.nudgeCell(kX, 0, 1, 0.1)); // another cell: a new step
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.breakMerge();
    QVERIFY(doc.nudgeCell(kX, 0, 1, 0.1)); // same cell after a break: a new step
    QCOMPARE(doc.undoStack()->count(), 3);
    QVERIFY(doc.setCell(kX, 0, 1, 5)); // a typed value never merges
    QVERIFY(doc.setCell(kX, 0, 1, 6));
    QCOMPARE(doc.undoStack()->count(), 5);

    // Nudged back to where it started: the step disappears.
    doc.breakMerge();
    QVERIFY(doc.nudgeCell(kX, 2, 2, 0.5));
    QVERIFY(doc.nudgeCell(kX, 2, 2, -0.5));
    QCOMPARE(doc.undoStack()->count(), 5);
    QCOMPARE(doc.inputs().X(2, 2), 0.0);
}

void TestDocument::setBlockIsOneStep() {
    Document doc;
    QSignalSpy spy(&doc, &Document::changed);
    attn::Matrix block(2, 2);
    block << 1, 2, 3, 4;
    QVERIFY(doc.setBlock(kX, 1, 1, block));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(lastChange(spy).cells, QRect(1, 1, 2, 2));
    QVERIFY(testsupport::sameBits(doc.inputs().X.block(1, 1, 2, 2), block));
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == attn::workedExample());
}

void TestDocument::setBlockRefusals() {
    Document doc;
    QString error;
    QVERIFY(!doc.setBlock(kX, 3, 3, attn::Matrix::Ones(2, 2), &error));
    QVERIFY2(error.contains("does not fit") && error.contains("row 4, column 4"),
             qPrintable(error));
    attn::Matrix bad = attn::Matrix::Ones(2, 2);
    bad(1, 0) = std::numeric_limits<double>::quiet_NaN();
    QVERIFY(!doc.setBlock(kX, 0, 0, bad, &error));
    QVERIFY2(error.contains("X[1][0]"), qPrintable(error));
    QVERIFY(!doc.setBlock(kX, 0, 0, attn::Matrix(), &error));
    QVERIFY(doc.inputs() == attn::workedExample());
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestDocument::growKeepsCellsAndFills_data() {
    QTest::addColumn<int>("init");
    QTest::newRow("zeros") << int(Initializer::Zeros);
    QTest::newRow("identity-like") << int(Initializer::IdentityLike);
    QTest::newRow("random normal") << int(Initializer::RandomNormal);
}

void TestDocument::growKeepsCellsAndFills() {
    QFETCH(int, init);
    Document doc;
    doc.setInitializer(Initializer(init));
    QSignalSpy spy(&doc, &Document::changed);
    QVERIFY(doc.setDimension(Dimension::Tokens, 6));
    QCOMPARE(spy.count(), 1);
    QVERIFY(lastChange(spy).what.testFlag(DocumentChange::Shape));
    QCOMPARE(doc.undoStack()->count(), 1);
    const attn::Matrix &X = doc.inputs().X;
    QCOMPARE(X.rows(), 6);
    QVERIFY(testsupport::sameBits(X.topRows(4), attn::workedExample().X));
    QCOMPARE(doc.inputs().tokens.back(), std::string("t5"));
    const attn::Matrix added = X.bottomRows(2);
    if (Initializer(init) == Initializer::Zeros || Initializer(init) == Initializer::IdentityLike)
        QVERIFY(added.isZero()); // identity-like rows 4 and 5 of a 6×4 matrix are zero
    else
        QVERIFY(!added.isZero() && (added * 100).array().round().isApprox((added * 100).array()));

    QVERIFY(doc.setDimension(Dimension::KeyDim, 5));
    const attn::Matrix &Wq = doc.matrix(kWq0);
    QCOMPARE(Wq.cols(), 5);
    QVERIFY(testsupport::sameBits(Wq.leftCols(3), attn::workedExample().heads[0].Wq));
    if (Initializer(init) == Initializer::IdentityLike)
        QCOMPARE(Wq(3, 3), 1.0); // the identity continues into the new columns
    QCOMPARE(doc.matrix({attn::Stage::Wk, 0}).cols(), 5);
}

void TestDocument::shrinkThenUndoRestores() {
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Embedding, 2));
    QCOMPARE(doc.inputs().X.cols(), 2);
    QCOMPARE(doc.matrix(kWq0).rows(), 2);
    QCOMPARE(doc.matrix({attn::Stage::Wv, 0}).rows(), 2); // self-attention: Wk, Wv follow p
    QVERIFY(doc.setDimension(Dimension::Tokens, 1));
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == attn::workedExample());
    QVERIFY(doc.setDimension(Dimension::Tokens, 4)); // unchanged: no step
    QCOMPARE(doc.undoStack()->count(), 2);
}

void TestDocument::dimensionLimits() {
    Document doc;
    QString error;
    QVERIFY(!doc.setDimension(Dimension::Tokens, 0, &error));
    QVERIFY(!doc.setDimension(Dimension::Embedding, 4097, &error));
    QVERIFY2(error.contains("4096"), qPrintable(error));
    QVERIFY(!doc.setDimension(Dimension::Heads, 17, &error));
    QVERIFY(!doc.setDimension(Dimension::ContextLength, 3, &error));
    QVERIFY2(error.contains("cross-attention"), qPrintable(error));
    QVERIFY(!doc.setDimension(Dimension::OutputDim, 3, &error));
    QVERIFY(doc.setDimension(Dimension::Heads, 5));
    QVERIFY(!doc.setDimension(Dimension::Tokens, 4096, &error)); // 4096² × 5 attention weights
    QVERIFY2(error.contains("too large"), qPrintable(error));
    QVERIFY(doc.setDimension(Dimension::Embedding, 4096));
    QVERIFY(!doc.setDimension(Dimension::Tokens, 2100, &error)); // X alone: 8.6M numbers
    QVERIFY2(error.contains("numbers"), qPrintable(error));
    QVERIFY(doc.setDimension(Dimension::Tokens, 1500)); // 6 M new numbers: on a worker
    QVERIFY(doc.resizePending());
    QTRY_VERIFY_WITH_TIMEOUT(!doc.resizePending(), 60'000);
    QCOMPARE(doc.dimension(Dimension::Tokens), 1500);
    QVERIFY(!doc.setCrossAttention(true, &error)); // a copy of X would double it
    QVERIFY(!doc.inputs().hasContext);
    doc.undoStack()->undo();
    QCOMPARE(doc.undoStack()->index(), 2); // the refusals pushed nothing
    QCOMPARE(doc.dimension(Dimension::Tokens), 4);
}

void TestDocument::headsCreateAndDropWo() {
    Document doc;
    doc.setInitializer(Initializer::IdentityLike);
    QVERIFY(doc.setDimension(Dimension::Heads, 2));
    QCOMPARE(doc.headCount(), 2);
    QVERIFY(testsupport::sameBits(doc.inputs().heads[0].Wq, attn::workedExample().heads[0].Wq));
    QCOMPARE(doc.inputs().Wo.rows(), 6); // H·d_v
    QCOMPARE(doc.inputs().Wo.cols(), 4); // back to p
    QVERIFY(doc.isDimensionAvailable(Dimension::OutputDim));
    QVERIFY(doc.setCell({attn::Stage::Wo, 0}, 3, 1, 9)); // head 1's first row
    QVERIFY(doc.setDimension(Dimension::ValueDim, 2));
    QCOMPARE(doc.inputs().Wo.rows(), 4);
    QCOMPARE(doc.inputs().Wo(2, 1), 9.0); // head 1's block moved up with it

    QSignalSpy headSpy(&doc.selection(), &ViewSelection::currentHeadChanged);
    doc.selection().setCurrentHead(1);
    QCOMPARE(headSpy.count(), 1);
    doc.selection().setCurrentHead(5); // clamped
    QCOMPARE(doc.selection().currentHead(), 1);
    QVERIFY(doc.setDimension(Dimension::Heads, 1));
    QCOMPARE(doc.inputs().hasWo(), false);
    QCOMPARE(doc.selection().currentHead(), 0);
    QCOMPARE(headSpy.count(), 2);
    while (doc.undoStack()->canUndo())
        doc.undoStack()->undo();
    QVERIFY(doc.inputs() == attn::workedExample());
}

void TestDocument::crossAttention() {
    Document doc;
    doc.setCrossAttention(true);
    const attn::AttentionInputs &in = doc.inputs();
    QVERIFY(in.hasContext);
    QVERIFY(testsupport::sameBits(in.context, in.X));
    QVERIFY(in.contextTokens == in.tokens);
    // A copy of X as context: the result is the self-attention one.
    QVERIFY(testsupport::sameBits(attn::compute(in).output(),
                                  attn::compute(attn::workedExample()).output()));
    QVERIFY(doc.setDimension(Dimension::ContextLength, 6));
    QCOMPARE(doc.inputs().context.rows(), 6);
    QCOMPARE(doc.inputs().contextTokens.back(), std::string("c5"));
    QVERIFY(doc.setDimension(Dimension::ContextEmbedding, 5));
    QCOMPARE(doc.matrix({attn::Stage::Wk, 0}).rows(), 5);
    QVERIFY(doc.toggleMask(0, 5));
    doc.setCrossAttention(false);
    QVERIFY(!doc.inputs().hasContext);
    QCOMPARE(doc.matrix({attn::Stage::Wk, 0}).rows(), 4);
    QCOMPARE(doc.inputs().mask.cols(), 4); // the mask follows the keys
    QCOMPARE(doc.undoStack()->count(), 5);
    doc.undoStack()->undo();
    QVERIFY(doc.inputs().hasContext);
    QCOMPARE(doc.inputs().context.cols(), 5);
    while (doc.undoStack()->canUndo())
        doc.undoStack()->undo();
    QVERIFY(doc.inputs() == attn::workedExample());
}

void TestDocument::maskToggleAndClear() {
    Document doc;
    QSignalSpy spy(&doc, &Document::changed);
    QVERIFY(doc.toggleMask(0, 1));
    QCOMPARE(lastChange(spy).what, DocumentChange::Flags(DocumentChange::Mask));
    QCOMPARE(doc.inputs().mask.rows(), 4);
    QVERIFY(doc.inputs().mask(0, 1));
    QCOMPARE(doc.inputs().mask.count(), 1);
    QVERIFY(doc.toggleMask(2, 3));
    doc.clearMask();
    QCOMPARE(doc.inputs().mask.size(), 0);
    QCOMPARE(doc.undoStack()->count(), 3);
    doc.undoStack()->undo();
    QCOMPARE(doc.inputs().mask.count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.inputs().mask.size(), 0); // as before the first toggle
    QString error;
    QVERIFY(!doc.toggleMask(4, 0, &error));
    QVERIFY(!doc.toggleMask(0, -1, &error));
}

void TestDocument::optionsAndTemperatureMerge() {
    Document doc;
    QSignalSpy spy(&doc, &Document::changed);
    doc.setScale(false);
    doc.setCausal(true);
    QCOMPARE(spy.count(), 2);
    QVERIFY(lastChange(spy).what.testFlag(DocumentChange::Options));
    for (double t : {0.9, 0.5, 0.25})
        QVERIFY(doc.setTemperature(t));
    QCOMPARE(doc.inputs().options.temperature, 0.25);
    QCOMPARE(doc.undoStack()->count(), 3); // the three temperatures are one step
    doc.breakMerge();
    QVERIFY(doc.setTemperature(2));
    QCOMPARE(doc.undoStack()->count(), 4);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.inputs().options.temperature, 1.0);
    QVERIFY(doc.inputs().options.causal);
    QString error;
    QVERIFY(!doc.setTemperature(0, &error));
    QVERIFY(!doc.setTemperature(std::numeric_limits<double>::quiet_NaN(), &error));
    QCOMPARE(doc.inputs().options.temperature, 1.0);
}

void TestDocument::randomizeIsSeededAndOneStep() {
    Document a, b;
    a.setRandomSeed(42);
    b.setRandomSeed(42);
    a.randomize(kX);
    b.randomize(kX);
    QVERIFY(testsupport::sameBits(a.inputs().X, b.inputs().X));
    QVERIFY(!testsupport::sameBits(a.inputs().X, attn::workedExample().X));
    QCOMPARE(a.undoStack()->count(), 1);
    a.setInitializer(Initializer::IdentityLike);
    a.fill(kWq0);
    QVERIFY(testsupport::sameBits(a.matrix(kWq0), attn::Matrix::Identity(4, 3)));
    a.undoStack()->undo();
    a.undoStack()->undo();
    QVERIFY(a.inputs() == attn::workedExample());
}

void TestDocument::tokens() {
    Document doc;
    QVERIFY(doc.setToken(1, QStringLiteral("  cat ")));
    QCOMPARE(doc.inputs().tokens[1], std::string("cat"));
    QString error;
    QVERIFY(!doc.setToken(2, QStringLiteral("   "), &error));
    QVERIFY(!doc.setToken(4, QStringLiteral("x"), &error));
    QVERIFY(!doc.setContextToken(0, QStringLiteral("x"), &error));
    // The core's label limit (core/Limits.h): 256 characters, counted as characters.
    QVERIFY(doc.setToken(3, QString(256, QChar(0x00e9))));
    QVERIFY(!doc.setToken(3, QString(257, 'a'), &error));
    QCOMPARE(error, QStringLiteral("the label has 257 characters: at most 256 are supported"));
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.inputs().tokens[1], std::string("t1"));
}

void TestDocument::replaceInputs() {
    Document doc;
    QSignalSpy spy(&doc, &Document::changed);
    attn::AttentionInputs bad = attn::workedExample();
    bad.tokens.pop_back();
    QString error;
    QVERIFY(!doc.replaceInputs(bad, "bad", &error));
    QVERIFY2(error.contains("token label"), qPrintable(error));
    bad = attn::workedExample();
    bad.heads[0].Wk(0, 0) = std::numeric_limits<double>::infinity();
    QVERIFY(!doc.replaceInputs(bad, "bad", &error));
    QCOMPARE(spy.count(), 0);
    QCOMPARE(doc.undoStack()->count(), 0);

    QVERIFY(doc.replaceInputs(randomExample(), "random"));
    QCOMPARE(lastChange(spy).what, DocumentChange::Flags(DocumentChange::Everything));
    QCOMPARE(doc.dimension(Dimension::Tokens), 6);
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == attn::workedExample());
}

void TestDocument::presets() {
    const std::vector<Preset> all = ::presets();
    QVERIFY(all.size() >= 2);
    QCOMPARE(all[0].name, QStringLiteral("Worked example (from Vector to Matrix)"));
    QVERIFY(all[0].inputs == attn::workedExample());
    QCOMPARE(all[1].name, QStringLiteral("Random example"));
    QCOMPARE(all[1].inputs.X.rows(), 6);
    QCOMPARE(all[1].inputs.X.cols(), 8);
    QCOMPARE(all[1].inputs.heads[0].Wq.cols(), 4);
    QCOMPARE(all[1].inputs.heads[0].Wv.cols(), 4);
    QVERIFY(randomExample() == randomExample()); // seeded
    for (const Preset &p : all) {
        QVERIFY(!p.description.isEmpty());
        attn::validate(p.inputs); // throws (and fails the test) if a preset is broken
    }
    // Loading one is an undoable replacement (the Presets menu: test_presets).
    Document doc;
    QVERIFY(doc.replaceInputs(all[1].inputs, QStringLiteral("preset")));
    QVERIFY(doc.inputs() == all[1].inputs);
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == attn::workedExample());
}

QTEST_MAIN(TestDocument)
#include "test_document.moc"
