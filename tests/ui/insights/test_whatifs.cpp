// SPDX-License-Identifier: GPL-3.0-or-later
// The what-if demonstrations (ui/WhatIfs.h, ui/WhatIfPanel.h): each property of attention is
// checked on the user's kind of inputs, and the panel shows exactly those numbers.

#include "headreadings/WhatIfs.h"
#include "insights/WhatIfPanel.h"
#include "support/InsightCases.h"
#include "support/TestSupport.h"

#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QUndoStack>

#include <algorithm>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using namespace testsupport;

class TestWhatIfs : public QObject {
    Q_OBJECT

private slots:
    void constantShiftChangesNothing_data() {
        QTest::addColumn<double>("shift");
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("100") << 100.0;
        QTest::newRow("-1000") << -1000.0;
    }
    void constantShiftChangesNothing() {
        QFETCH(double, shift);
        const AttentionResult r = compute(causal());
        for (int i = 0; i < 4; ++i) {
            const whatif::ShiftCheck c =
                whatif::shiftLogits(r.heads[0].logits().row(i), r.heads[0].weights().row(i), shift);
            QVERIFY2(c.maxDifference < 1e-12, qPrintable(QString::number(c.maxDifference)));
            QCOMPARE(c.after(3) == 0, i < 3); // masked keys stay at exactly 0
        }
    }

    void queryKeyScalingChangesNothing_data() {
        QTest::addColumn<double>("c");
        QTest::newRow("0.1") << 0.1;
        QTest::newRow("3") << 3.0;
        QTest::newRow("10") << 10.0;
    }
    void queryKeyScalingChangesNothing() {
        QFETCH(double, c);
        for (int head = 0; head < 2; ++head) {
            const whatif::QkScalingCheck q = whatif::scaleQueryKey(twoHeads(), head, c);
            QVERIFY(q.maxWeightDifference < 1e-12);
            QVERIFY(q.maxOutputDifference < 1e-12);
            QVERIFY(q.maxQDifference > 0.01); // Q itself did change
        }
    }

    void permutingTokensPermutesTheOutput_data() {
        QTest::addColumn<AttentionInputs>("inputs");
        QTest::addColumn<bool>("equivariant");
        QTest::newRow("worked") << workedExample() << true;
        QTest::newRow("two heads") << twoHeads() << true;
        QTest::newRow("custom mask") << customMasked() << true;
        QTest::newRow("cross") << crossAttention() << true;
        QTest::newRow("causal") << causal() << false;
    }
    void permutingTokensPermutesTheOutput() {
        QFETCH(AttentionInputs, inputs);
        QFETCH(bool, equivariant);
        for (quint32 seed : {1u, 2u, 3u}) {
            const whatif::PermutationCheck c = whatif::checkPermutation(inputs, seed);
            std::vector<int> sorted = c.permutation;
            std::sort(sorted.begin(), sorted.end());
            for (int k = 0; k < int(sorted.size()); ++k)
                QCOMPARE(sorted[size_t(k)], k); // a permutation …
            QVERIFY(!std::is_sorted(c.permutation.begin(), c.permutation.end())); // … not id
            QCOMPARE(c.positional, !equivariant);
            if (equivariant)
                QVERIFY(c.maxDifference < 1e-12);
            else
                QVERIFY(c.maxDifference > 1e-3);
            if (inputs.hasContext)
                QVERIFY(c.contextDifference < 1e-12);
            // The output rows really moved: row k after is row π(k) before.
            for (int k = 0; k < int(c.permutation.size()); ++k)
                if (equivariant)
                    COMPARE_MATRIX_TOL(Matrix(c.after.row(k)),
                                       Matrix(c.before.row(c.permutation[size_t(k)])), 1e-12);
        }
    }

    void unscaledSoftmaxSaturatesAtLargeDk() {
        const AttentionInputs demo = whatif::scalingDemoInputs();
        QCOMPARE(demo.heads[0].Wq.cols(), Eigen::Index(512));
        const whatif::ScalingComparison c = whatif::compareScaling(demo, 0, 0);
        QCOMPARE(c.dk, Eigen::Index(512));
        qInfo("d_k = 512 demo: mean largest weight %.4f scaled, %.6f unscaled; mean entropy %.4f "
              "/ %.6f nats",
              c.scaled.meanMax, c.unscaled.meanMax, c.scaled.meanEntropy, c.unscaled.meanEntropy);
        QVERIFY2(c.unscaled.meanMax > 0.99, qPrintable(QString::number(c.unscaled.meanMax)));
        QVERIFY2(c.scaled.meanMax < 0.7, qPrintable(QString::number(c.scaled.meanMax)));
        QVERIFY(c.unscaled.meanEntropy < 0.05);
        QVERIFY(c.scaled.meanEntropy > 0.8);
    }

    void whatIfPanelShowsTheChecksAndLoadsTheDemo() {
        Setup s(twoHeads(), Layout::Columns);
        s.doc.selection().setCurrentHead(1);
        s.doc.selection().setSelectedRow(2);
        WhatIfPanel panel(&s.doc, &s.rc);
        panel.refreshNow();
        QVERIFY(panel.scaling() && panel.shift() && panel.permutation() && panel.qkScaling());
        QVERIFY(panel.shift()->maxDifference < 1e-12);
        const AttentionResult r = compute(s.doc.inputs());
        COMPARE_MATRIX(Matrix(panel.shift()->before), Matrix(r.heads[1].weights().row(2)));
        QCOMPARE(panel.scaling()->scaled.rowMax, r.heads[1].weights().row(2).maxCoeff());
        panel.qkSlider()->setValue(0); // c = 0.1
        QCOMPARE(panel.qkScaling()->c, 0.1);
        QVERIFY(panel.qkScaling()->maxWeightDifference < 1e-12);
        const std::vector<int> before = panel.permutation()->permutation;
        panel.shuffleButton()->click();
        QVERIFY(panel.permutation()->permutation != before);
        QVERIFY(panel.text().contains("column")); // the column layout's word for a token

        // The demo is a document of its own (Document::replaceDocument): its own history.
        QSignalSpy replaced(&s.doc, &Document::replaced);
        panel.scalingDemoButton()->click();
        QCOMPARE(s.doc.inputs().heads[0].Wq.cols(), Eigen::Index(512));
        QCOMPARE(replaced.size(), 1);
        QVERIFY(!s.doc.undoStack()->canUndo());
        s.rc.recomputeNow();
        panel.refreshNow();
        QVERIFY(panel.scaling()->unscaled.meanMax > 0.99);
        QVERIFY(panel.scaling()->scaled.meanMax < 0.7);
    }

    void whatIfsWaitForTheButtonOnLargeInputs() {
        Setup s(randomExample(5, 200, 64, 64, 64), Layout::Rows);
        WhatIfPanel panel(&s.doc, &s.rc);
        panel.refreshNow();
        QVERIFY(!panel.scaling());
        QVERIFY(!panel.computeButton()->isHidden());
        panel.computeButton()->click();
        QVERIFY(panel.scaling() && panel.permutation());
        QVERIFY(panel.permutation()->maxDifference < 1e-12);
    }
};

QTEST_MAIN(TestWhatIfs)
#include "test_whatifs.moc"
