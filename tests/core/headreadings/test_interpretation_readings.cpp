// SPDX-License-Identifier: GPL-3.0-or-later
// The readings of the Interpretations view, without a window: every reading of P = A·B adds up
// to P on the reference cases and on random ones, in both layouts; the column layout shows the
// row layout's transposes; names, formulas and the stage clicks' indices in each layout.

#include "Decomposition.h"
#include "Formula.h"
#include "headreadings/InterpretationTerms.h"
#include "headreadings/OuterSteps.h"
#include "support/InterpretationSupport.h"

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::productOf;
using testsupport::sample;

class TestInterpretationReadings : public QObject {
    Q_OBJECT

private slots:
    void everyReadingSumsToTheProduct_data() { testsupport::addInterpretationCases(); }
    void everyReadingSumsToTheProduct() {
        QFETCH(AttentionInputs, inputs);
        for (Layout layout : {Layout::Rows, Layout::Columns})
            for (Product product : {Product::Scores, Product::Output})
                for (int head = 0; head < int(inputs.heads.size()); ++head) {
                    const InterpretedProduct p = productOf(inputs, layout, product, head);
                    QVERIFY(!p.isEmpty());
                    COMPARE_MATRIX_TOL(Matrix(p.A * p.B), p.P, 1e-9);
                    for (int i : sample(p.rows()))
                        for (int j : sample(p.cols())) {
                            const InterpretationTerms t = dotTerms(p, i, j);
                            QCOMPARE(t.termCount(), p.termCount());
                            QVERIFY(testsupport::close(t.partialSum(t.termCount())(0), p.P(i, j)));
                            QCOMPARE(t.target(0), p.P(i, j));
                        }
                    for (int i : sample(p.rows())) {
                        const InterpretationTerms t = rowTerms(p, i);
                        COMPARE_MATRIX_TOL(Matrix(t.partialSum(t.termCount())), Matrix(p.P.row(i)),
                                           1e-9);
                        COMPARE_MATRIX(Matrix(t.sum), Matrix(p.P.row(i)));
                    }
                    for (int j : sample(p.cols())) {
                        const InterpretationTerms t = columnTerms(p, j);
                        QCOMPARE(t.orientation, Qt::Vertical);
                        COMPARE_MATRIX_TOL(Matrix(t.partialSum(t.termCount())),
                                           Matrix(p.P.col(j).transpose()), 1e-9);
                    }
                    // Outer products, stepped one term at a time as the animation does.
                    OuterSteps steps;
                    steps.setProduct(std::make_shared<InterpretedProduct>(p));
                    steps.setCount(0);
                    for (int k = 1; k <= p.termCount(); ++k) {
                        steps.setCount(k);
                        COMPARE_MATRIX(steps.term(), outerTerm(p.A, p.B, k - 1));
                        COMPARE_MATRIX_TOL(steps.partialSum(), outerPartialSum(p.A, p.B, k), 1e-12);
                    }
                    COMPARE_MATRIX_TOL(steps.partialSum(), p.P, 1e-9);
                    QVERIFY(steps.remainingError() <
                            1e-9 * std::max(1.0, p.P.cwiseAbs().maxCoeff()));
                    steps.setCount(1); // a jump back recomputes
                    COMPARE_MATRIX(steps.partialSum(), outerTerm(p.A, p.B, 0));
                }
    }

    void columnLayoutShowsTheTransposes_data() { testsupport::addInterpretationCases(); }
    void columnLayoutShowsTheTransposes() {
        QFETCH(AttentionInputs, inputs);
        for (Product product : {Product::Scores, Product::Output}) {
            const InterpretedProduct r = productOf(inputs, Layout::Rows, product);
            const InterpretedProduct c = productOf(inputs, Layout::Columns, product);
            COMPARE_MATRIX(c.P, Matrix(r.P.transpose()));
            COMPARE_MATRIX(c.A, Matrix(r.B.transpose()));
            COMPARE_MATRIX(c.B, Matrix(r.A.transpose()));
            QCOMPARE(c.rowLabels, r.colLabels);
            QCOMPARE(c.colLabels, r.rowLabels);
            QCOMPARE(c.termLabels, r.termLabels);
            QCOMPARE(c.rowNoun, r.colNoun);
            // Each layout names its own matrices (the stage table's): the same P, A and B
            // swapped.
            QCOMPARE(c.pName, r.pName);
            QCOMPARE(QSet<QString>({c.aName, c.bName}).size(), 2);
            // The row view of one layout is the column view of the other.
            for (int j : sample(r.cols())) {
                const InterpretationTerms a = columnTerms(r, j), b = rowTerms(c, j);
                COMPARE_MATRIX(a.scaled, b.scaled);
                COMPARE_MATRIX(a.vectors, b.vectors);
                QCOMPARE(a.coefficientsAreWeights, b.coefficientsAreWeights);
                QCOMPARE(a.elementLabels, b.elementLabels);
            }
            for (int i : sample(r.rows())) {
                const InterpretationTerms a = rowTerms(r, i), b = columnTerms(c, i);
                COMPARE_MATRIX(a.scaled, b.scaled);
                QCOMPARE(a.coefficientsAreWeights, b.coefficientsAreWeights);
                for (int j : sample(r.cols()))
                    COMPARE_MATRIX(dotTerms(r, i, j).scaled, dotTerms(c, j, i).scaled);
            }
            for (int k = 0; k < r.termCount(); ++k)
                COMPARE_MATRIX(outerTerm(c.A, c.B, k), Matrix(outerTerm(r.A, r.B, k).transpose()));
            for (InterpretationMode mode :
                 {InterpretationMode::Dot, InterpretationMode::Row, InterpretationMode::Column,
                  InterpretationMode::Outer}) {
                QVERIFY(!layoutNote(r, mode).isEmpty());
                QVERIFY(layoutNote(c, mode).startsWith("Column layout"));
            }
        }
    }

    void namesAndFormulasInEachLayout_data() {
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("product");
        QTest::addColumn<QString>("formula");
        QTest::addColumn<QString>("rowNoun");
        QTest::addColumn<QString>("colNoun");
        QTest::addColumn<QString>("termNoun");
        QTest::newRow("rows scores") << int(Layout::Rows) << int(Product::Scores) << "scores = Q·Kᵀ"
                                     << "query"
                                     << "key"
                                     << "d_k index";
        QTest::newRow("rows output") << int(Layout::Rows) << int(Product::Output) << "output = A·V"
                                     << "query"
                                     << "feature"
                                     << "key";
        QTest::newRow("columns scores")
            << int(Layout::Columns) << int(Product::Scores) << "scores = Kᵀ·Q"
            << "key"
            << "query"
            << "d_k index";
        QTest::newRow("columns output")
            << int(Layout::Columns) << int(Product::Output) << "output = V·A"
            << "feature"
            << "query"
            << "key";
    }
    void namesAndFormulasInEachLayout() {
        QFETCH(int, layout);
        QFETCH(int, product);
        QFETCH(QString, formula);
        QFETCH(QString, rowNoun);
        QFETCH(QString, colNoun);
        QFETCH(QString, termNoun);
        const InterpretedProduct p = productOf(workedExample(), Layout(layout), Product(product));
        QCOMPARE(p.formula(), formula);
        QCOMPARE(p.rowNoun, rowNoun);
        QCOMPARE(p.colNoun, colNoun);
        QCOMPARE(p.termNoun, termNoun);
        // The worked example: output row 0 = 3.9492 7.8588 3.9577 (a column in the column layout).
        if (Product(product) == Product::Output) {
            const InterpretationTerms t =
                Layout(layout) == Layout::Rows ? rowTerms(p, 0) : columnTerms(p, 0);
            QVERIFY(t.coefficientsAreWeights);
            QVERIFY((t.coefficients.array() >= 0).all());
            QVERIFY(testsupport::close(t.coefficients.sum(), 1.0, 1e-12));
            QVERIFY(testsupport::close(t.sum(0), 3.9492, 1e-4));
            QVERIFY(testsupport::close(t.sum(1), 7.8588, 1e-4));
            QVERIFY(testsupport::close(t.sum(2), 3.9577, 1e-4));
            const InterpretationTerms other =
                Layout(layout) == Layout::Rows ? columnTerms(p, 0) : rowTerms(p, 0);
            QVERIFY(!other.coefficientsAreWeights);
            // A cell of A·V: a row of the weights (coloured 0…1) times a column of V.
            QCOMPARE(dotTerms(p, 0, 0).coefficientsAreWeights, Layout(layout) == Layout::Rows);
            QVERIFY(convexityNote(t).contains("convex combination"));
            QVERIFY(convexityNote(other).isEmpty());
            if (Layout(layout) == Layout::Rows) {
                QVERIFY2(convexityNote(t).endsWith("of the rows of V."),
                         qPrintable(convexityNote(t)));
                QVERIFY(convexityNote(dotTerms(p, 0, 1)).endsWith("of the entries V[k,\u00a01]."));
            }
        } else {
            QVERIFY(!rowTerms(p, 0).coefficientsAreWeights);
            QVERIFY(!columnTerms(p, 0).coefficientsAreWeights);
        }
        QVERIFY(dotTerms(p, p.rows(), 0).isEmpty()); // out of range: nothing, no throw
        QVERIFY(rowTerms(p, -1).isEmpty());
        QVERIFY(columnTerms(p, p.cols()).isEmpty());
    }

    void stageClicksPickTheMatchingIndices_data() {
        QTest::addColumn<int>("stage");
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("col");
        QTest::addColumn<int>("product");
        QTest::addColumn<int>("query"); // -1 = not determined by the click
        QTest::addColumn<int>("other");
        QTest::addColumn<int>("term");
        const int R = int(Layout::Rows), C = int(Layout::Columns);
        const int S = int(Product::Scores), O = int(Product::Output);
        QTest::newRow("Q rows") << int(Stage::Q) << R << 2 << 1 << S << 2 << -1 << 1;
        QTest::newRow("K rows") << int(Stage::K) << R << 3 << 0 << S << -1 << 3 << 0;
        QTest::newRow("scores rows") << int(Stage::Scores) << R << 1 << 3 << S << 1 << 3 << -1;
        QTest::newRow("logits rows") << int(Stage::Logits) << R << 0 << 2 << S << 0 << 2 << -1;
        QTest::newRow("weights rows") << int(Stage::Weights) << R << 1 << 3 << O << 1 << -1 << 3;
        QTest::newRow("V rows") << int(Stage::V) << R << 2 << 1 << O << -1 << 1 << 2;
        QTest::newRow("output rows") << int(Stage::HeadOutput) << R << 3 << 2 << O << 3 << 2 << -1;
        // Column layout: the same cells, transposed.
        QTest::newRow("Q columns") << int(Stage::Q) << C << 1 << 2 << S << 2 << -1 << 1;
        QTest::newRow("K columns") << int(Stage::K) << C << 0 << 3 << S << -1 << 3 << 0;
        QTest::newRow("scores columns") << int(Stage::Scores) << C << 3 << 1 << S << 1 << 3 << -1;
        QTest::newRow("weights columns") << int(Stage::Weights) << C << 3 << 1 << O << 1 << -1 << 3;
        QTest::newRow("V columns") << int(Stage::V) << C << 1 << 2 << O << -1 << 1 << 2;
        QTest::newRow("output columns")
            << int(Stage::HeadOutput) << C << 2 << 3 << O << 3 << 2 << -1;
    }
    void stageClicksPickTheMatchingIndices() {
        QFETCH(int, stage);
        QFETCH(int, layout);
        QFETCH(int, row);
        QFETCH(int, col);
        QFETCH(int, product);
        QFETCH(int, query);
        QFETCH(int, other);
        QFETCH(int, term);
        const StagePick pick = pickFromStage(Stage(stage), row, col, Layout(layout));
        QVERIFY(pick.product);
        QCOMPARE(int(*pick.product), product);
        QCOMPARE(pick.query.value_or(-1), query);
        QCOMPARE(pick.other.value_or(-1), other);
        QCOMPARE(pick.term.value_or(-1), term);
        QVERIFY(!pickFromStage(Stage::Concat, 0, 0, Layout::Rows).product);
    }

    void namesAreTheStageTables_data() {
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("product");
        QTest::addColumn<int>("mode");
        for (Layout layout : {Layout::Rows, Layout::Columns})
            for (Product product : {Product::Scores, Product::Output})
                for (InterpretationMode mode :
                     {InterpretationMode::Dot, InterpretationMode::Row, InterpretationMode::Column,
                      InterpretationMode::Outer})
                    QTest::newRow(qPrintable(QString("%1 %2 %3")
                                                 .arg(layout == Layout::Rows ? "rows" : "columns")
                                                 .arg(productExpression(product, layout))
                                                 .arg(interpretationModeName(mode))))
                        << int(layout) << int(product) << int(mode);
    }
    void namesAreTheStageTables() {
        // What Interpretations calls A, B and P in a layout is what that layout's heatmaps
        // are titled (the stage table): the column layout's Q is Wqᵀ·Xᵀ, its scores KᵀQ, its
        // output V·softmax↓(…) — no primes, no names of the other layout.
        QFETCH(int, layout);
        QFETCH(int, product);
        QFETCH(int, mode);
        const Layout l = Layout(layout);
        const AttentionInputs in = workedExample();
        const InterpretedProduct p = productOf(in, l, Product(product));
        const FormulaContext fc = formulaContext(in);
        // P is its stage's name; its product is written in the stage's title.
        QCOMPARE(p.pName, QString::fromLatin1(stageInfo(p.pSource.stage).name));
        const QString title = stageFormula(p.pSource.stage, l, fc);
        if (Product(product) == Product::Scores)
            QCOMPARE(title, p.pName + " " + QString(p.aName + p.bName));
        else
            QVERIFY2(l == Layout::Rows ? title.endsWith("\u00b7" + p.bName)
                                       : title.startsWith(p.pName + " " + p.aName + "\u00b7"),
                     qPrintable(title));
        // A and B are the symbols their heatmaps define ("Q = Wqᵀ·Xᵀ"), transposed when the
        // heatmap draws them transposed (Kᵀ is drawn as K); the weights are A.
        for (const auto &[name, source] :
             {std::pair{p.aName, p.aSource}, std::pair{p.bName, p.bSource}}) {
            const QString symbol = source.stage == Stage::Weights
                                       ? weightsSymbol()
                                       : stageFormula(source.stage, l, fc).section(" = ", 0, 0);
            QCOMPARE(name, source.transposed ? transposed(symbol) : symbol);
        }
        // The reading's texts use exactly these names.
        QString texts;
        if (InterpretationMode(mode) == InterpretationMode::Outer) {
            texts = p.formula() + layoutNote(p, InterpretationMode::Outer);
        } else {
            const InterpretationTerms t =
                InterpretationMode(mode) == InterpretationMode::Dot   ? dotTerms(p, 1, 1)
                : InterpretationMode(mode) == InterpretationMode::Row ? rowTerms(p, 1)
                                                                      : columnTerms(p, 1);
            texts = t.title + t.coefHeader + t.vectorHeader + t.scaledHeader + t.targetLabel +
                    layoutNote(p, InterpretationMode(mode));
            QVERIFY2(t.title.startsWith(
                         p.pName +
                         (InterpretationMode(mode) == InterpretationMode::Dot ? "[" : QString())) ||
                         t.title.contains(" of " + p.pName),
                     qPrintable(t.title));
            QVERIFY2(t.vectorHeader.contains(InterpretationMode(mode) == InterpretationMode::Column
                                                 ? p.aName
                                                 : p.bName),
                     qPrintable(t.vectorHeader));
        }
        QVERIFY2(!texts.contains(QChar(0x2032)), qPrintable(texts));
        QVERIFY2(texts.contains(p.formula()) || texts.contains(p.aName), qPrintable(texts));
    }
};

QTEST_MAIN(TestInterpretationReadings)
#include "test_interpretation_readings.moc"
