// SPDX-License-Identifier: GPL-3.0-or-later
// The stage table: one name per matrix for the CLI, the files, the views and the formulas.

#include "Attention.h"
#include "Formula.h"
#include "InputError.h"
#include "Stage.h"
#include "support/TestSupport.h"

#include <QSet>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

class TestStage : public QObject {
    Q_OBJECT

private slots:
    void tableIsInEnumOrder() {
        const auto infos = stageInfos();
        QCOMPARE(infos.size(), std::size_t(Stage::Final) + 1);
        for (std::size_t k = 0; k < infos.size(); ++k) {
            QCOMPARE(int(infos[k].stage), int(k));
            QCOMPARE(&stageInfo(Stage(k)), &infos[k]);
        }
    }

    void namesRoundTrip() {
        QSet<QString> names, fileNames, titles;
        for (const StageInfo &info : stageInfos()) {
            QCOMPARE(findStage(info.name), &info);
            QCOMPARE(findStageByFileName(info.fileName), &info);
            names << info.name;
            fileNames << info.fileName;
            titles << info.title;
            QCOMPARE(matrixName({info.stage, 0}), QString(info.name));
        }
        QCOMPARE(names.size(), int(stageInfos().size()));
        QCOMPARE(fileNames.size(), int(stageInfos().size()));
        QCOMPARE(titles.size(), int(stageInfos().size()));
        QVERIFY(!findStage("q")); // names are case-sensitive
        QVERIFY(!findStage("Final"));
        QVERIFY(!findStage(""));
        QVERIFY(!findStageByFileName("links"));
        // The formats: "output" is one head's output, "final" the output after Wo.
        QCOMPARE(findStage("output")->stage, Stage::HeadOutput);
        QCOMPARE(findStage("final")->stage, Stage::Final);
        QCOMPARE(findStageByFileName("output")->stage, Stage::HeadOutput);
        QCOMPARE(findStageByFileName("q")->stage, Stage::Q);
        QCOMPARE(findStage("context")->stage, Stage::Context);
    }

    void everyStageIsDescribed() {
        for (const StageInfo &info : stageInfos()) {
            QVERIFY2(std::string_view(info.description).size() > 5, info.name);
            QVERIFY2(std::string_view(info.rowFormula).size() > 0, info.name);
            QVERIFY2(std::string_view(info.columnFormula).size() > 0, info.name);
            for (Layout layout : {Layout::Rows, Layout::Columns}) {
                const QString f = stageFormula(info.stage, layout);
                QVERIFY2(!f.isEmpty() && !f.contains('{'), info.name); // placeholders filled
            }
        }
        const QList<Stage> inputs = {Stage::X,  Stage::Context, Stage::Wq,
                                     Stage::Wk, Stage::Wv,      Stage::Wo};
        const QList<Stage> perHead = {
            Stage::Wq,     Stage::Wk,     Stage::Wv,     Stage::Q,       Stage::K,         Stage::V,
            Stage::Scores, Stage::Capped, Stage::Logits, Stage::Weights, Stage::HeadOutput};
        for (const StageInfo &info : stageInfos()) {
            QCOMPARE(info.input, inputs.contains(info.stage));
            QCOMPARE(info.perHead, perHead.contains(info.stage));
        }
    }

    void formulasFollowTheOptions() {
        FormulaContext c;
        c.dk = 3;
        QCOMPARE(stageFormula(Stage::Q, Layout::Rows, c), QString("Q = X\u00b7Wq"));
        QCOMPARE(stageFormula(Stage::Weights, Layout::Rows, c),
                 QString("softmax(QK\u1d40/\u221a3)"));
        QCOMPARE(stageFormula(Stage::Weights, Layout::Columns, c),
                 QString("softmax\u2193(K\u1d40Q/\u221a3)"));
        c.hasContext = true;
        c.temperature = 0.5;
        QCOMPARE(stageFormula(Stage::K, Layout::Columns, c), QString("K = Wk\u1d40\u00b7C\u1d40"));
        QCOMPARE(stageFormula(Stage::Logits, Layout::Rows, c),
                 QString("logits QK\u1d40/\u221a3/0.5"));
        c.scale = false;
        c.temperature = 1.0;
        QCOMPARE(stageFormula(Stage::Logits, Layout::Rows, c), QString("logits QK\u1d40"));
        c.heads = 3;
        QCOMPARE(stageFormula(Stage::Concat, Layout::Rows, c), QString("concat of 3 heads"));
        QCOMPARE(stageFormula(Stage::Final, Layout::Rows, c), QString("output concat\u00b7Wo"));
        c.hasWo = false;
        QCOMPARE(stageFormula(Stage::Final, Layout::Columns, c), QString("output = concat"));
    }

    void formulaBuildersAgreeWithTheTable() {
        // The whole attention, symbolically, as the View menu, the lesson and the vector form
        // write it; the scores' product is the stage titles' own.
        QCOMPARE(attentionFormula(Layout::Rows), QString("softmax(QK\u1d40/\u221ad_k)\u00b7V"));
        QCOMPARE(attentionFormula(Layout::Columns), QString("V\u00b7softmax(K\u1d40Q/\u221ad_k)"));
        QCOMPARE(attentionFormula(Layout::Rows, Markup::Html),
                 QString("softmax(QK\u1d40/\u221ad<sub>k</sub>)\u00b7V"));
        for (Layout layout : {Layout::Rows, Layout::Columns})
            QCOMPARE(stageFormula(Stage::Scores, layout), "scores " + scoresProduct(layout));
        QCOMPARE(productFormula(Product::Scores, Layout::Rows), QString("scores = Q\u00b7K\u1d40"));
        QCOMPARE(productFormula(Product::Output, Layout::Rows), QString("output = A\u00b7V"));
        QCOMPARE(productFormula(Product::Scores, Layout::Columns),
                 QString("scores = K\u1d40\u00b7Q"));
        QCOMPARE(productFormula(Product::Output, Layout::Columns), QString("output = V\u00b7A"));
        // Each product is its stage title's: the scores' product without its dot.
        for (Layout layout : {Layout::Rows, Layout::Columns})
            QCOMPARE(productExpression(Product::Scores, layout).remove(QChar(0x00b7)),
                     scoresProduct(layout));
        // The scaling: symbols and numbers in the same order, tight or spaced.
        FormulaContext c;
        c.dk = 3;
        c.temperature = 2;
        QCOMPARE(divisionSuffix(scaleDivisors(c), false), QString("/\u221a3/2"));
        QCOMPARE(divisionSuffix(scaleDivisors(c), true), QString(" / \u221a3 / 2"));
        QCOMPARE(divisionSuffix(scaleSymbols(c, Markup::Html), true),
                 QString(" / \u221ad<sub>k</sub> / T"));
        c.scale = false;
        c.temperature = 1;
        QVERIFY(scaleDivisors(c).isEmpty() && scaleSymbols(c).isEmpty());
        QCOMPARE(queryKeyDot(Layout::Rows, "\u2082", "\u2081"), QString("q\u2082\u00b7k\u2081"));
        QCOMPARE(queryKeyDot(Layout::Columns, "\u1d62", "\u2c7c"), QString("k\u2c7c\u1d40q\u1d62"));
    }

    void refsCompareByHeadOnlyPerHead() {
        QVERIFY((StageRef{Stage::X, 3} == StageRef{Stage::X, 0}));
        QVERIFY((StageRef{Stage::Final, 1} == StageRef{Stage::Final, 2}));
        QVERIFY((StageRef{Stage::Wq, 1} != StageRef{Stage::Wq, 0}));
        QVERIFY((StageRef{Stage::Weights, 1} != StageRef{Stage::Weights, 0}));
        QVERIFY((StageRef{Stage::Wq, 0} != StageRef{Stage::Wk, 0}));
        QCOMPARE(matrixDisplayName({Stage::Wq, 1}, 2), QString("Wq of head 1"));
        QCOMPARE(matrixDisplayName({Stage::Wq, 1}, 1), QString("Wq"));
        QCOMPARE(matrixDisplayName({Stage::X, 1}, 2), QString("X"));
        QCOMPARE(cellName({Stage::Wv, 1}, 2, 0, 2), QString("Wv of head 1[0][2]"));
    }

    void stageMatrixMatchesTheResult() {
        AttentionInputs in = workedExample();
        in.heads.push_back(in.heads.front());
        in.heads.back().Wq *= 2.0;
        in.Wo = Matrix::Identity(2 * in.heads.front().Wv.cols(), 3);
        const AttentionResult r = compute(in);
        COMPARE_MATRIX(stageMatrix(in, r, {Stage::X}), in.X);
        COMPARE_MATRIX(stageMatrix(in, r, {Stage::Wo}), in.Wo);
        COMPARE_MATRIX(stageMatrix(in, r, {Stage::Concat}), r.concat());
        COMPARE_MATRIX(stageMatrix(in, r, {Stage::Final}), r.output());
        for (int h = 0; h < 2; ++h) {
            const HeadWeights &w = in.heads[std::size_t(h)];
            const HeadResult &hr = r.heads[std::size_t(h)];
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::Wq, h}), w.Wq);
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::Wk, h}), w.Wk);
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::Wv, h}), w.Wv);
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::Q, h}), hr.Q);
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::K, h}), hr.K);
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::V, h}), hr.V);
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::Scores, h}), hr.scores());
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::Logits, h}), hr.logits());
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::Weights, h}), hr.weights());
            COMPARE_MATRIX(stageMatrix(in, r, {Stage::HeadOutput, h}), hr.output);
        }
        QVERIFY_THROWS_EXCEPTION(InputError, stageMatrix(in, r, {Stage::Context}));
        QVERIFY_THROWS_EXCEPTION(InputError, stageMatrix(in, r, {Stage::Q, 2}));
        QVERIFY_THROWS_EXCEPTION(InputError, stageMatrix(in, r, {Stage::Wq, -1}));
    }
};

QTEST_GUILESS_MAIN(TestStage)
#include "test_stage.moc"
