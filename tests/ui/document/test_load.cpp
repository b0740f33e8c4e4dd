// SPDX-License-Identifier: GPL-3.0-or-later
// Load: 10,000 random edits through the Document at n = 256 (values, nudges, sizes, masks,
// options, undo/redo, layout toggles) while the asynchronous Recomputer runs. Memory stays
// bounded (the undo stack's cap holds), every undo and redo gives back its state bit for bit,
// the last frame published is of the last state, and undoing everything returns the inputs
// from before the oldest kept step bit for bit (the original inputs while nothing was dropped).

#include "document/Document.h"
#include "document/Recomputer.h"
#include "support/TestSupport.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QUndoStack>

#include <deque>
#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

const MatrixId kX{attn::Stage::X, 0};
const MatrixId kWq0{attn::Stage::Wq, 0};

void addMatrix(QCryptographicHash &h, const attn::Matrix &m) {
    const qint64 shape[2] = {m.rows(), m.cols()};
    h.addData(QByteArrayView(reinterpret_cast<const char *>(shape), sizeof shape));
    h.addData(QByteArrayView(reinterpret_cast<const char *>(m.data()),
                             qsizetype(m.size() * sizeof(double))));
}

// Every bit of the inputs (numbers, labels, mask, options) in 32 bytes.
QByteArray fingerprint(const attn::AttentionInputs &in) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    addMatrix(h, in.X);
    addMatrix(h, in.context);
    addMatrix(h, in.Wo);
    for (const attn::HeadWeights &w : in.heads) {
        addMatrix(h, w.Wq);
        addMatrix(h, w.Wk);
        addMatrix(h, w.Wv);
    }
    for (const std::string &t : in.tokens)
        h.addData(QByteArrayView(t.data(), qsizetype(t.size() + 1)));
    const attn::Matrix mask = in.mask.cast<double>();
    addMatrix(h, mask);
    const double options[4] = {double(in.options.scale), in.options.temperature,
                               double(in.options.causal), double(in.hasContext)};
    h.addData(QByteArrayView(reinterpret_cast<const char *>(options), sizeof options));
    return h.result();
}

qint64 residentBytes() {
    QFile status("/proc/self/statm");
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    return status.readAll().split(' ').value(1).toLongLong() * 4096;
}

} // namespace

class TestLoad : public QObject {
    Q_OBJECT

private slots:
    void tenThousandEdits();
};

void TestLoad::tenThousandEdits() {
    Document doc;
    Recomputer recomputer(&doc);
    QUndoStack *stack = doc.undoStack();
    QVERIFY(doc.setDimension(Dimension::Tokens, 256));
    QVERIFY(doc.setDimension(Dimension::Embedding, 16));
    QVERIFY(doc.setDimension(Dimension::KeyDim, 16));
    QVERIFY(doc.setDimension(Dimension::Heads, 2));
    stack->clear();
    const attn::AttentionInputs original = doc.inputs();
    // states[i]: the fingerprint of the inputs at undo index i of the stack as it is now.
    std::deque<QByteArray> states{fingerprint(original)};

    std::mt19937 rng(20261122);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    std::normal_distribution<double> normal;
    qint64 residentAfterWarmUp = 0;
    int undos = 0, redos = 0, merges = 0, dropped = 0, obsolete = 0;
    for (int step = 0; step < 10'000; ++step) {
        const int n = doc.dimension(Dimension::Tokens), p = doc.dimension(Dimension::Embedding);
        const int dk = doc.dimension(Dimension::KeyDim);
        const int roll = pick(0, 99);
        if (roll < 10) { // undo
            if (stack->canUndo()) {
                stack->undo();
                ++undos;
                QCOMPARE(fingerprint(doc.inputs()), states[size_t(stack->index())]);
            }
            continue;
        }
        if (roll < 17) { // redo
            if (stack->canRedo()) {
                stack->redo();
                ++redos;
                QCOMPARE(fingerprint(doc.inputs()), states[size_t(stack->index())]);
            }
            continue;
        }
        if (roll < 20) { // layout: view state, not undoable, redraws everything
            doc.selection().setLayout(doc.selection().layout() == attn::Layout::Rows
                                          ? attn::Layout::Columns
                                          : attn::Layout::Rows);
            continue;
        }
        const int index = stack->index();
        const QUndoCommand *top = index > 0 ? stack->command(index - 1) : nullptr;
        if (roll < 50) {
            doc.setCell(kX, pick(0, n - 1), pick(0, p - 1), normal(rng));
        } else if (roll < 58) {
            doc.setCell(kWq0, pick(0, p - 1), pick(0, dk - 1), normal(rng));
        } else if (roll < 66) { // a burst of nudges of one cell: one merged undo step
            if (pick(0, 3) == 0)
                doc.breakMerge();
            const int burst = pick(1, 4), column = pick(0, 1);
            for (int k = 0; k < burst; ++k)
                doc.nudgeCell(kX, 0, column, 0.1);
            merges += burst - 1;
        } else if (roll < 76) {
            doc.toggleMask(pick(0, n - 1), pick(0, n - 1));
        } else if (roll < 78) {
            doc.clearMask();
        } else if (roll < 86) {
            static const Dimension dims[] = {Dimension::Tokens, Dimension::Embedding,
                                             Dimension::KeyDim, Dimension::ValueDim,
                                             Dimension::Heads};
            const Dimension d = dims[pick(0, 4)];
            const int value = d == Dimension::Tokens  ? pick(250, 256)
                              : d == Dimension::Heads ? pick(1, 3)
                                                      : pick(12, 20);
            QVERIFY(doc.setDimension(d, value));
        } else if (roll < 90) {
            doc.setCausal(!doc.inputs().options.causal);
        } else if (roll < 94) {
            doc.setScale(!doc.inputs().options.scale);
        } else {
            QVERIFY(doc.setTemperature(0.5 + pick(0, 30) / 10.0));
        }
        // Follow the stack: a new step (its redo branch gone, and at the cap its oldest step
        // dropped), a merge into the top step, a merge that undid the step, or nothing.
        const int after = stack->index();
        const QUndoCommand *newTop = after > 0 ? stack->command(after - 1) : nullptr;
        if (newTop == top && after == index) {
            states[size_t(index)] = fingerprint(doc.inputs());
        } else if (after < index) { // merged back to where it started: the step is gone
            states.resize(size_t(after) + 1);
            QCOMPARE(fingerprint(doc.inputs()), states.back());
            ++obsolete;
        } else {
            states.resize(size_t(index) + 1);
            if (after == index) { // the cap: the oldest step was deleted
                states.pop_front();
                ++dropped;
            }
            states.push_back(fingerprint(doc.inputs()));
            QCOMPARE(after, int(states.size()) - 1);
        }
        QVERIFY(stack->count() <= Document::kUndoLimit);
        if (step % 50 == 0)
            QCoreApplication::processEvents(); // the recomputer's timer, the worker's results
        if (step == 2000)
            residentAfterWarmUp = residentBytes();
    }
    qInfo("%d undos, %d redos, %d merges (%d back to the start), %d steps dropped at the cap "
          "of %d",
          undos, redos, merges, obsolete, dropped, Document::kUndoLimit);
    QVERIFY(dropped > 0); // the cap was reached and held
    QVERIFY(undos > 500 && redos > 30 && merges > 500);
    const qint64 growth = residentBytes() - residentAfterWarmUp;
    QVERIFY2(growth < qint64(128) << 20, qPrintable(QString("grew by %1 MB").arg(growth >> 20)));

    // The last frame is of the last state.
    QTRY_VERIFY_WITH_TIMEOUT(
        !recomputer.isBusy() && recomputer.snapshot().inputs == doc.inputsSnapshot(), 30000);
    const attn::AttentionResult expected = attn::compute(doc.inputs());
    const attn::AttentionResult &shown = *recomputer.snapshot().result;
    QCOMPARE(shown.heads.size(), expected.heads.size());
    for (size_t h = 0; h < expected.heads.size(); ++h)
        COMPARE_MATRIX(shown.heads[h].weights(), expected.heads[h].weights());
    COMPARE_MATRIX(shown.output(), expected.output());

    // Undo everything: every step's state on the way, and the oldest kept state at the end.
    while (stack->canUndo()) {
        stack->undo();
        QCOMPARE(fingerprint(doc.inputs()), states[size_t(stack->index())]);
    }
    QCOMPARE(fingerprint(doc.inputs()), states.front());

    // Below the cap nothing is dropped: undoing everything gives the original inputs.
    Document fresh;
    const attn::AttentionInputs start = fresh.inputs();
    for (int i = 0; i < Document::kUndoLimit - 1; ++i)
        fresh.setCell(kX, i % 4, i % 3, normal(rng));
    while (fresh.undoStack()->canUndo())
        fresh.undoStack()->undo();
    QVERIFY(fresh.inputs() == start);
    QCOMPARE(fingerprint(fresh.inputs()), fingerprint(start));
}

QTEST_MAIN(TestLoad)
#include "test_load.moc"
