// The Interpretations view: every reading of P = A·B adds up to P on the reference cases and
// on random ones, in both layouts; the column layout shows the row layout's transposes; the
// view follows and drives the main window's selection and outlines; the keyboard plays it.

#include "Attention.h"
#include "Decomposition.h"
#include "Document.h"
#include "HeatmapView.h"
#include "InterpretationHighlights.h"
#include "InterpretationTerms.h"
#include "InterpretationsView.h"
#include "OuterProductWidget.h"
#include "Presets.h"
#include "Recomputer.h"
#include "Session.h"
#include "StagesView.h"
#include "TermAnimator.h"
#include "TermsWidget.h"
#include "TestSupport.h"
#include "Workbench.h"
#include "WorkbenchSupport.h"

#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QMainWindow>
#include <QSpinBox>

using namespace attn;
using attn::Stage;
using Layout = attn::Layout;

Q_DECLARE_METATYPE(attn::AttentionInputs)

namespace {

QStringList tokens(const std::vector<std::string> &t) {
    QStringList out;
    for (const std::string &s : t)
        out << QString::fromStdString(s);
    return out;
}

InterpretedProduct productOf(const AttentionInputs &inputs, Layout layout, Product product,
                             int head = 0) {
    const AttentionResult r = compute(inputs); // results are in rows; the layout is the view's
    return interpretProduct(r, layout, head, product, tokens(inputs.tokens),
                            tokens(inputs.sourceTokens()));
}

// Every index when there are few, otherwise a spread of them (first, last, some between).
QList<int> sample(int count) {
    QList<int> out;
    const int step = count <= 12 ? 1 : count / 7;
    for (int i = 0; i < count; i += step)
        out << i;
    if (!out.contains(count - 1) && count > 0)
        out << count - 1;
    return out;
}

InterpretationsView *viewOf(Workbench &wb) {
    // The window starts with its explorer docks closed; these tests use the open panel.
    if (auto *dock = wb.window().findChild<QDockWidget *>("interpretationsDock"))
        dock->show();
    return &wb.interpretations();
}

QList<int> range(int count) {
    QList<int> out;
    for (int i = 0; i < count; ++i)
        out << i;
    return out;
}

} // namespace

class TestInterpretations : public QObject {
    Q_OBJECT

private:
    void addCases() {
        QTest::addColumn<AttentionInputs>("inputs");
        for (const QString &file : testsupport::referenceFiles())
            QTest::newRow(qPrintable(QFileInfo(file).baseName())) << loadSessionFile(file).inputs;
        // Random cases, including rectangular, causal, multi-head and cross-attention ones.
        for (quint32 seed : {1u, 2u, 3u}) {
            AttentionInputs in = randomExample(seed, 5 + int(seed), 6, 2 + int(seed), 3);
            if (seed == 2)
                in.options.causal = true;
            QTest::newRow(qPrintable(QString("random %1").arg(seed))) << in;
        }
    }

private slots:
    void everyReadingSumsToTheProduct_data() { addCases(); }
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

    void columnLayoutShowsTheTransposes_data() { addCases(); }
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
            QVERIFY(c.pName.endsWith(QChar(0x2032)) && !r.pName.endsWith(QChar(0x2032)));
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
            << int(Layout::Columns) << int(Product::Scores) << "scores′ = K′ᵀ·Q′"
            << "key"
            << "query"
            << "d_k index";
        QTest::newRow("columns output")
            << int(Layout::Columns) << int(Product::Output) << "output′ = V′·A′"
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

    void partsFollowTheModeAndTheAnimation() {
        const InterpretedProduct p = productOf(workedExample(), Layout::Rows, Product::Output);
        const int all = MatrixPart::kAll;
        InterpretationParts parts = interpretationParts(p, InterpretationMode::Row, 2, 0, 4);
        QCOMPARE(parts.a, (MatrixPart{true, 2, all}));
        QCOMPARE(parts.b, (MatrixPart{true, all, all}));
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

    void followsTheSelectionAndOutlinesTheHeatmaps() {
        Workbench wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        QVERIFY(view);
        w.show();
        testsupport::settle(wb);
        QVERIFY(view->isVisible());
        Document *doc = &wb.document();
        StagesView *stages = &wb.stages();

        // A selected query picks the row; the row view of A·V outlines row 2 of the weights,
        // all of V and row 2 of the output.
        view->setProduct(Product::Output);
        view->setMode(InterpretationMode::Row);
        doc->setSelectedRow(2);
        QCOMPARE(view->pickedRow(), 2);
        QVERIFY(view->termsWidget()->terms().title.startsWith("row 2 of output"));
        QCOMPARE(stages->view(Stage::Weights)->selectedRow(), 2);
        QCOMPARE(stages->view(Stage::V)->highlightedColumns(), range(3));
        QCOMPARE(stages->view(Stage::HeadOutput)->selectedRow(), 2);
        COMPARE_MATRIX_TOL(Matrix(view->termsWidget()->terms().target),
                           Matrix(stages->view(Stage::HeadOutput)->values().row(2)), 0);

        // Column view: every column of the weights, column 1 of V and of the output.
        view->setMode(InterpretationMode::Column);
        doc->setSelectedColumn(1);
        QCOMPARE(view->pickedColumn(), 1);
        QCOMPARE(stages->view(Stage::V)->highlightedColumns(), QList<int>{1});
        QCOMPARE(stages->view(Stage::V)->selectedRow(), -1);
        QCOMPARE(stages->view(Stage::HeadOutput)->highlightedColumns(), QList<int>{1});
        QCOMPARE(stages->view(Stage::Weights)->highlightedColumns(), range(4));

        // A click on a cell of Q switches to the scores and picks its row; the column stays.
        view->setMode(InterpretationMode::Dot);
        emit stages->view(Stage::Q)->cellClicked(3, 2, Qt::NoModifier);
        QCOMPARE(view->product(), Product::Scores);
        QCOMPARE(view->pickedRow(), 3);
        QCOMPARE(view->pickedColumn(), 1);
        QCOMPARE(doc->selectedColumn(), 1);
        QCOMPARE(stages->view(Stage::Q)->selectedRow(), 3);
        QCOMPARE(stages->view(Stage::K)->selectedRow(), 1); // key 1 is column 1 of Kᵀ
        QCOMPARE(stages->view(Stage::Scores)->selectedRow(), 3);
        QCOMPARE(stages->view(Stage::Scores)->highlightedColumns(), QList<int>{1});
        // The output's heatmaps are back to the plain selection.
        QCOMPARE(stages->view(Stage::V)->highlightedColumns(), QList<int>{});
        QCOMPARE(stages->view(Stage::Weights)->selectedRow(), 3);
        // A click on K picks the key; a click on V switches back to the output.
        emit stages->view(Stage::K)->cellClicked(0, 1, Qt::NoModifier);
        QCOMPARE(view->pickedColumn(), 0);
        QCOMPARE(view->pickedRow(), 3);
        emit stages->view(Stage::V)->cellClicked(2, 2, Qt::NoModifier);
        QCOMPARE(view->product(), Product::Output);
        QCOMPARE(view->pickedColumn(), 2);
        QCOMPARE(view->pickedRow(), 3);
        QCOMPARE(view->termsWidget()->terms().targetLabel, QString("output[3, 2]"));
        // In the outer-product view a click on the weights steps to that key's term.
        view->setMode(InterpretationMode::Outer);
        emit stages->view(Stage::Weights)->cellClicked(0, 1, Qt::NoModifier);
        QCOMPARE(view->animator()->position(), 2);
        QCOMPARE(view->outerWidget()->steps().termIndex(), 1);
        QCOMPARE(stages->view(Stage::Weights)->highlightedColumns(), QList<int>{1});
        QCOMPARE(stages->view(Stage::V)->selectedRow(), 1);

        // Picking in the view moves the selection everywhere.
        view->setMode(InterpretationMode::Row);
        view->findChild<QSpinBox *>("pickedRow")->setValue(1);
        QCOMPARE(doc->selectedRow(), 1);

        // A closed panel leaves no outlines behind.
        view->setMode(InterpretationMode::Column);
        QVERIFY(!stages->view(Stage::V)->highlightedColumns().isEmpty());
        w.findChild<QDockWidget *>("interpretationsDock")->close();
        QVERIFY(stages->view(Stage::V)->highlightedColumns().isEmpty());
        QCOMPARE(stages->view(Stage::Weights)->selectedRow(), 1);
    }

    void relaysItselfOutInTheColumnLayout() {
        Workbench wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        w.show();
        testsupport::settle(wb);
        Document *doc = &wb.document();
        StagesView *stages = &wb.stages();
        view->setProduct(Product::Output);
        view->setMode(InterpretationMode::Column);
        doc->setSelectedRow(2);
        doc->setLayout(Layout::Columns);
        testsupport::settle(wb);
        QCOMPARE(view->currentProduct()->layout, Layout::Columns);
        QCOMPARE(view->currentProduct()->formula(), QString("output′ = V′·A′"));
        // The query is a column of output′: column 2 is what the row view showed before.
        QCOMPARE(view->pickedColumn(), 2);
        const InterpretationTerms &t = view->termsWidget()->terms();
        QVERIFY(t.title.startsWith("column 2 of output′"));
        QVERIFY(t.coefficientsAreWeights);
        QVERIFY(view->noteText().contains("row view"));
        const InterpretedProduct rows = productOf(workedExample(), Layout::Rows, Product::Output);
        COMPARE_MATRIX_TOL(Matrix(t.target), Matrix(rows.P.row(2)), 1e-12);
        // Outlines on the heatmaps as drawn (V′ is d_v×m, weights′ m×n, output′ d_v×n).
        QCOMPARE(stages->view(Stage::V)->highlightedColumns(), range(4));
        QCOMPARE(stages->view(Stage::Weights)->highlightedColumns(), QList<int>{2});
        QCOMPARE(stages->view(Stage::HeadOutput)->highlightedColumns(), QList<int>{2});
        // Row view: a feature's row of output′ (the selected column of the document).
        view->setMode(InterpretationMode::Row);
        doc->setSelectedColumn(1);
        QCOMPARE(view->pickedRow(), 1);
        QVERIFY(view->termsWidget()->terms().title.startsWith("row 1 of output′"));
        QCOMPARE(stages->view(Stage::V)->selectedRow(), 1);
        QCOMPARE(view->findChild<QLabel *>("interpretationFormula")->text(), view->formulaText());
        // Clicks arrive as drawn: cell (3, 1) of scores′ is key 3, query 1.
        emit stages->view(Stage::Scores)->cellClicked(3, 1, Qt::NoModifier);
        QCOMPARE(view->product(), Product::Scores);
        QCOMPARE(doc->selectedRow(), 1);
        QCOMPARE(view->pickedRow(), 3);
        QCOMPARE(view->currentProduct()->formula(), QString("scores′ = K′ᵀ·Q′"));
        QCOMPARE(view->currentProduct()->rowLabels, view->currentProduct()->termCount() > 0
                                                        ? stages->view(Stage::Scores)->rowLabels()
                                                        : QStringList());
    }

    void keyboardPlaysTheTerms() {
        Workbench wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        w.show();
        testsupport::settle(wb);
        view->setFocus();
        view->setProduct(Product::Output);
        view->setMode(InterpretationMode::Row);
        TermAnimator *a = view->animator();
        QCOMPARE(a->position(), 4);
        QTest::keyClick(view, Qt::Key_Home);
        QCOMPARE(a->position(), 0);
        QCOMPARE(view->termsWidget()->revealed(), 0);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(a->position(), 1);
        QCOMPARE(view->termsWidget()->revealed(), 1);
        // Only the newest term is outlined while stepping: key 0's weight and row of V.
        QCOMPARE(wb.stages().view(Stage::V)->selectedRow(), 0);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(a->position(), 2);
        QTest::keyClick(view, Qt::Key_Left);
        QCOMPARE(a->position(), 1);
        QTest::keyClick(view, Qt::Key_Space);
        QVERIFY(a->isPlaying());
        QTest::keyClick(view, Qt::Key_Space);
        QVERIFY(!a->isPlaying());
        const int speed = a->speed();
        QTest::keyClick(view, Qt::Key_Plus);
        QCOMPARE(a->speed(), speed + 1);
        QTest::keyClick(view, Qt::Key_Minus);
        QCOMPARE(a->speed(), speed);
        QTest::keyClick(view, Qt::Key_End);
        QCOMPARE(a->position(), 4);
        QTest::keyClick(view, Qt::Key_4);
        QCOMPARE(view->mode(), InterpretationMode::Outer);
        QTest::keyClick(view, Qt::Key_Home);
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(view->outerWidget()->steps().count(), 1);
        QTest::keyClick(view, Qt::Key_1);
        QCOMPARE(view->mode(), InterpretationMode::Dot);
        QTest::keyClick(view, Qt::Key_P);
        QCOMPARE(view->product(), Product::Scores);
        QCOMPARE(a->count(), 3); // d_k terms
        wb.document().setSelectedRow(0);
        QTest::keyClick(view, Qt::Key_Down);
        QCOMPARE(wb.document().selectedRow(), 1);
        QTest::keyClick(view, Qt::Key_PageDown);
        QCOMPARE(view->pickedColumn(), wb.document().selectedColumn());
        // Playing at full speed reveals every term and stops.
        a->setSpeed(TermAnimator::kSpeedCount - 1);
        QTest::keyClick(view, Qt::Key_Space);
        QCOMPARE(a->position(), 0);
        QTRY_VERIFY(!a->isPlaying());
        QCOMPARE(view->termsWidget()->revealed(), 3);
        // The View menu action shows and focuses the panel.
        auto *action = w.findChild<QAction *>("showInterpretations");
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
        w.findChild<QDockWidget *>("interpretationsDock")->close();
        action->trigger();
        QVERIFY(view->isVisible());
    }

    void largeSizesStayResponsive_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("d");
        QTest::newRow("n=256, d=64") << 256 << 64;
        QTest::newRow("n=1024, d=64") << 1024 << 64;
    }
    void largeSizesStayResponsive() {
        QFETCH(int, n);
        QFETCH(int, d);
        Workbench wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        w.show();
        testsupport::settle(wb);
        QString error;
        QVERIFY2(wb.document().replaceInputs(randomExample(3, n, d, d, d), "large", &error),
                 qPrintable(error));
        testsupport::settle(wb);
        for (Product product : {Product::Scores, Product::Output})
            for (InterpretationMode mode :
                 {InterpretationMode::Dot, InterpretationMode::Row, InterpretationMode::Column,
                  InterpretationMode::Outer}) {
                QElapsedTimer timer;
                timer.start();
                view->setProduct(product);
                view->setMode(mode);
                const QImage first = view->grab().toImage();
                const qint64 switchMs = timer.restart();
                // Twenty steps, each drawn, as a played animation draws them.
                view->animator()->showFirst();
                for (int k = 0; k < 20; ++k) {
                    view->animator()->stepForward();
                    QVERIFY(!view->grab().isNull());
                }
                const qint64 stepMs = timer.restart() / 21;
                view->animator()->showAll();
                QVERIFY(!view->grab().isNull());
                const qint64 allMs = timer.elapsed();
                QVERIFY(!first.isNull());
                qInfo("%s %s: switch %lld ms, step %lld ms, show all %lld ms",
                      product == Product::Scores ? "scores" : "output",
                      qPrintable(interpretationModeName(mode)), switchMs, stepMs, allMs);
                // Generous bounds (a loaded CI machine); a frozen view takes seconds.
                QVERIFY2(
                    switchMs < 2000 && stepMs < 500 && allMs < 2000,
                    qPrintable(QString("%1 / %2 / %3 ms").arg(switchMs).arg(stepMs).arg(allMs)));
                if (mode != InterpretationMode::Outer)
                    QVERIFY(view->termsWidget()->lines().size() <= TermsWidget::kMaxShownTerms + 2);
            }
    }

    void screenshots() {
        // Writes every mode of both products in both layouts when ATTNVIZ_SCREENSHOT_DIR is set.
        const QString dir = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_DIR");
        Workbench wb;
        QMainWindow &w = wb.window();
        InterpretationsView *view = viewOf(wb);
        w.resize(1900, 1100);
        w.show();
        testsupport::settle(wb);
        wb.document().setSelectedRow(1);
        wb.document().setSelectedColumn(2);
        for (Layout layout : {Layout::Rows, Layout::Columns}) {
            wb.document().setLayout(layout);
            testsupport::settle(wb);
            for (Product product : {Product::Scores, Product::Output})
                for (InterpretationMode mode :
                     {InterpretationMode::Dot, InterpretationMode::Row, InterpretationMode::Column,
                      InterpretationMode::Outer}) {
                    view->setProduct(product);
                    view->setMode(mode);
                    view->animator()->showAll();
                    QTest::qWait(30); // let the layouts settle, as they do between user actions
                    const QImage image = view->grab().toImage();
                    QVERIFY(!image.isNull());
                    if (dir.isEmpty())
                        continue;
                    const QString name = QString("%1-%2-%3.png")
                                             .arg(layout == Layout::Rows ? "rows" : "columns")
                                             .arg(product == Product::Scores ? "scores" : "output")
                                             .arg(int(mode) + 1);
                    QVERIFY(image.save(QDir(dir).filePath(name)));
                }
        }
        if (!dir.isEmpty()) {
            wb.document().setLayout(Layout::Rows);
            testsupport::settle(wb);
            view->setProduct(Product::Output);
            view->setMode(InterpretationMode::Row);
            view->animator()->showFirst();
            view->animator()->stepForward();
            view->animator()->stepForward();
            QVERIFY(view->grab().save(QDir(dir).filePath("rows-output-2-step2.png")));
            QTest::qWait(100); // the heatmaps replot on the next event-loop turns
            QVERIFY(w.grab().save(QDir(dir).filePath("window.png")));
            view->setMode(InterpretationMode::Outer);
            view->animator()->showFirst();
            view->animator()->stepForward();
            view->animator()->stepForward();
            QVERIFY(view->grab().save(QDir(dir).filePath("rows-output-4-step2.png")));
            wb.document().setLayout(Layout::Columns);
            testsupport::settle(wb);
            view->setProduct(Product::Output);
            view->setMode(InterpretationMode::Column);
            view->animator()->showFirst();
            view->animator()->stepForward();
            view->animator()->stepForward();
            QTest::qWait(100);
            QVERIFY(w.grab().save(QDir(dir).filePath("window-columns.png")));
            wb.document().setLayout(Layout::Rows);
            testsupport::settle(wb);
            // n = 256, d = 64: folded terms and dense strips.
            QVERIFY(wb.document().replaceInputs(randomExample(3, 256, 64, 64, 64), "large"));
            testsupport::settle(wb);
            const struct {
                Product product;
                InterpretationMode mode;
                int position;
                const char *name;
            } large[] = {
                {Product::Output, InterpretationMode::Row, 256, "large-output-2.png"},
                {Product::Output, InterpretationMode::Row, 40, "large-output-2-step40.png"},
                {Product::Scores, InterpretationMode::Column, 64, "large-scores-3.png"},
                {Product::Scores, InterpretationMode::Dot, 64, "large-scores-1.png"},
                {Product::Output, InterpretationMode::Outer, 100, "large-output-4-step100.png"},
            };
            for (const auto &shot : large) {
                view->setProduct(shot.product);
                view->setMode(shot.mode);
                view->animator()->setPosition(shot.position);
                QTest::qWait(30);
                QVERIFY(view->grab().save(QDir(dir).filePath(shot.name)));
            }
            QTest::qWait(100);
            QVERIFY(w.grab().save(QDir(dir).filePath("large-window.png")));
        }
    }
};

QTEST_MAIN(TestInterpretations)
#include "test_interpretations.moc"
