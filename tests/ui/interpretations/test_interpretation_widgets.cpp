// SPDX-License-Identifier: GPL-3.0-or-later
// The Interpretations view's parts on their own: which parts of A, B and P a reading outlines,
// the terms list folding many terms, and the animator stepping and playing them.

#include "headreadings/InterpretationTerms.h"
#include "interpretations/InterpretationHighlights.h"
#include "interpretations/TermAnimator.h"
#include "interpretations/TermsWidget.h"
#include "support/InterpretationSupport.h"

#include <QSignalSpy>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::productOf;

class TestInterpretationWidgets : public QObject {
    Q_OBJECT

private slots:
    void partsFollowTheModeAndTheAnimation() {
        const InterpretedProduct p = productOf(workedExample(), Layout::Rows, Product::Output);
        const int all = MatrixPart::kAll;
        InterpretationParts parts = interpretationParts(p, InterpretationMode::Row, 2, 0, 4);
        QCOMPARE(parts.a, (MatrixPart{true, 2, all}));
        QCOMPARE(parts.b, (MatrixPart{true, all, all, true})); // every row of B
        QCOMPARE(parts.b.transposed(), (MatrixPart{true, all, all, false}));
        QCOMPARE(parts.p, (MatrixPart{true, 2, all}));
        parts = interpretationParts(p, InterpretationMode::Row, 2, 0, 2); // term 1 is the newest
        QCOMPARE(parts.a, (MatrixPart{true, 2, 1}));
        QCOMPARE(parts.b, (MatrixPart{true, 1, all}));
        parts = interpretationParts(p, InterpretationMode::Column, 0, 1, 4);
        QCOMPARE(parts.a, (MatrixPart{true, all, all}));
        QCOMPARE(parts.b, (MatrixPart{true, all, 1}));
        QCOMPARE(parts.p, (MatrixPart{true, all, 1}));
        parts = interpretationParts(p, InterpretationMode::Dot, 3, 2, 4);
        QCOMPARE(parts.p, (MatrixPart{true, 3, 2}));
        parts = interpretationParts(p, InterpretationMode::Outer, 0, 0, 3);
        QCOMPARE(parts.a, (MatrixPart{true, all, 2}));
        QCOMPARE(parts.b, (MatrixPart{true, 2, all}));
        QVERIFY(!interpretationParts(p, InterpretationMode::Outer, 0, 0, 0).a.used);
        QVERIFY(!interpretationParts(p, InterpretationMode::Row, 9, 0, 4).a.used);
    }

    void manyTermsAreFoldedButStillSum() {
        const AttentionInputs in = randomExample(5, 64, 8, 40, 6);
        const InterpretedProduct p = productOf(in, Layout::Rows, Product::Output); // 64 terms
        TermsWidget w;
        w.setTerms(rowTerms(p, 7));
        w.setRevealed(64);
        QCOMPARE(w.lines().size(), TermsWidget::kMaxShownTerms + 1);
        RowVector total = RowVector::Zero(p.cols());
        for (const TermsWidget::Line &line : w.lines())
            total += line.kind == TermsWidget::Line::Term
                         ? RowVector(w.terms().scaled.row(line.term))
                         : line.sum;
        COMPARE_MATRIX_TOL(Matrix(total), Matrix(p.P.row(7)), 1e-9);
        QCOMPARE(w.lines().last().kind, TermsWidget::Line::FoldedOthers);
        QCOMPARE(w.lines().last().count, 64 - TermsWidget::kMaxShownTerms);
        // Half way through: the earlier terms folded, a window ending at the newest, the rest
        // still to come.
        w.setRevealed(30);
        QCOMPARE(w.lines().first().kind, TermsWidget::Line::FoldedBefore);
        QCOMPARE(w.lines().first().count, 14);
        QCOMPARE(w.lines()[TermsWidget::kMaxShownTerms].term, 29);
        QCOMPARE(w.lines().last().kind, TermsWidget::Line::FoldedAfter);
        QCOMPARE(w.lines().last().count, 34);
        QVERIFY(!w.grab().isNull());
    }

    void animatorPlaysStepsAndStops() {
        TermAnimator a;
        QSignalSpy positions(&a, &TermAnimator::positionChanged);
        a.reset(3);
        QCOMPARE(a.position(), 3);
        a.stepForward();
        QCOMPARE(a.position(), 3); // clamped
        a.stepBack();
        QCOMPARE(a.position(), 2);
        a.setSpeed(TermAnimator::kSpeedCount - 1);
        a.play(); // from the middle: goes on to the end and stops
        QVERIFY(a.isPlaying());
        QTRY_VERIFY(!a.isPlaying());
        QCOMPARE(a.position(), 3);
        a.play(); // from the end: starts over from the empty sum
        QCOMPARE(a.position(), 0);
        QTRY_COMPARE(a.position(), 3);
        QVERIFY(!a.isPlaying());
        a.slower();
        QCOMPARE(a.speed(), TermAnimator::kSpeedCount - 2);
        QVERIFY(positions.count() >= 6);
    }
};

QTEST_MAIN(TestInterpretationWidgets)
#include "test_interpretation_widgets.moc"
