// SPDX-License-Identifier: GPL-3.0-or-later
// What the Interpretations view shows a class: each reading outlines exactly the operands it
// uses on the main heatmaps (rows of B for the row view, columns of A for the column view, …) in
// both layouts; the outer products open at their first term and Play runs through all of them;
// at 1280×800 and 1600×1000 every number of the outer products is written and no header or
// label is cut.

#include "document/Document.h"
#include "document/Presets.h"
#include "headreadings/InterpretationTerms.h"
#include "heatmap/HeatmapView.h"
#include "interpretations/InterpretationsView.h"
#include "interpretations/OuterProductWidget.h"
#include "interpretations/TermAnimator.h"
#include "interpretations/TermsWidget.h"
#include "support/InterpretationSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/WindowAssembler.h"
#include "workbench/StagesView.h"

#include <QDir>
#include <QDockWidget>
#include <QMainWindow>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::range;

namespace {

InterpretationsView *openView(WindowAssembler &wb) {
    wb.window().findChild<QDockWidget *>("interpretationsDock")->show();
    return &wb.interpretations();
}

// What a heatmap outlines, in words: "row 2", "col 1", "cell 2,1", "rows" (every row), "cols".
QString outline(const HeatmapView *v) {
    const int rows = int(v->values().rows()), cols = int(v->values().cols());
    const QList<int> columns = v->highlightedColumns();
    if (!v->highlightedRows().isEmpty())
        return v->highlightedRows() == range(rows) && columns.isEmpty() && v->selectedRow() < 0
                   ? "rows"
                   : "rows?";
    if (v->selectedRow() >= 0)
        return columns.isEmpty()     ? QString("row %1").arg(v->selectedRow())
               : columns.size() == 1 ? QString("cell %1,%2").arg(v->selectedRow()).arg(columns[0])
                                     : "row+cols?";
    if (columns == range(cols) && cols > 1)
        return "cols";
    return columns.size() == 1 ? QString("col %1").arg(columns[0]) : QString("none");
}

const char *const kModeNames[] = {"dot", "row", "column", "outer"};

} // namespace

class TestInterpretationDisplay : public QObject {
    Q_OBJECT
private slots:
    void eachReadingOutlinesItsOperands_data() {
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("product");
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("a"); // on A's heatmap (as drawn), B's, P's
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("p");
        // Query 2 and column 1 selected. Rows: scores = Q·Kᵀ (Kᵀ drawn as K), output = A·V.
        // The outer products open at term 0.
        const struct {
            Layout layout;
            Product product;
            InterpretationMode mode;
            const char *a, *b, *p;
        } rows[] = {
            {Layout::Rows, Product::Scores, InterpretationMode::Dot, "row 2", "row 1", "cell 2,1"},
            {Layout::Rows, Product::Scores, InterpretationMode::Row, "row 2", "cols", "row 2"},
            {Layout::Rows, Product::Scores, InterpretationMode::Column, "cols", "row 1", "col 1"},
            {Layout::Rows, Product::Scores, InterpretationMode::Outer, "col 0", "col 0", "cols"},
            {Layout::Rows, Product::Output, InterpretationMode::Dot, "row 2", "col 1", "cell 2,1"},
            // The row view weights V's ROWS.
            {Layout::Rows, Product::Output, InterpretationMode::Row, "row 2", "rows", "row 2"},
            {Layout::Rows, Product::Output, InterpretationMode::Column, "cols", "col 1", "col 1"},
            {Layout::Rows, Product::Output, InterpretationMode::Outer, "col 0", "row 0", "cols"},
            // Columns: scores = Kᵀ·Q (Kᵀ drawn as K, d_k×m), output = V·A; P's row is key 1 /
            // feature 1, its column query 2.
            {Layout::Columns, Product::Scores, InterpretationMode::Dot, "col 1", "col 2",
             "cell 1,2"},
            {Layout::Columns, Product::Scores, InterpretationMode::Row, "col 1", "rows", "row 1"},
            {Layout::Columns, Product::Scores, InterpretationMode::Column, "rows", "col 2",
             "col 2"},
            {Layout::Columns, Product::Scores, InterpretationMode::Outer, "row 0", "row 0", "cols"},
            {Layout::Columns, Product::Output, InterpretationMode::Dot, "row 1", "col 2",
             "cell 1,2"},
            {Layout::Columns, Product::Output, InterpretationMode::Row, "row 1", "rows", "row 1"},
            {Layout::Columns, Product::Output, InterpretationMode::Column, "cols", "col 2",
             "col 2"},
            {Layout::Columns, Product::Output, InterpretationMode::Outer, "col 0", "row 0", "cols"},
        };
        for (const auto &r : rows)
            QTest::newRow(qPrintable(QString("%1 %2 %3")
                                         .arg(r.layout == Layout::Rows ? "rows" : "columns")
                                         .arg(r.product == Product::Scores ? "scores" : "output")
                                         .arg(kModeNames[int(r.mode)])))
                << int(r.layout) << int(r.product) << int(r.mode) << r.a << r.b << r.p;
    }
    void eachReadingOutlinesItsOperands() {
        QFETCH(int, layout);
        QFETCH(int, product);
        QFETCH(int, mode);
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QString, p);
        WindowAssembler wb;
        InterpretationsView *view = openView(wb);
        wb.window().show();
        testsupport::settle(wb);
        wb.document().selection().setLayout(Layout(layout));
        wb.document().selection().setSelectedRow(2);
        wb.document().selection().setSelectedColumn(1);
        testsupport::settle(wb);
        view->setProduct(Product(product));
        view->setMode(InterpretationMode(mode));
        const InterpretedProduct *current = view->currentProduct();
        QVERIFY(current);
        StagesView &stages = wb.stages();
        QCOMPARE(outline(stages.view(current->aSource.stage)), a);
        QCOMPARE(outline(stages.view(current->bSource.stage)), b);
        QCOMPARE(outline(stages.view(current->pSource.stage)), p);
    }

    void outerProductsOpenAtTheFirstTermAndPlayThemAll() {
        WindowAssembler wb;
        InterpretationsView *view = openView(wb);
        wb.window().show();
        testsupport::settle(wb);
        TermAnimator *a = view->animator();
        view->setProduct(Product::Output);
        view->setMode(InterpretationMode::Row);
        a->stepBack(); // the previous reading left half-way
        a->stepBack();
        view->setMode(InterpretationMode::Outer);
        QCOMPARE(a->position(), 1); // term 0 on screen, not "3 of 4"
        QCOMPARE(view->outerWidget()->steps().count(), 1);
        QCOMPARE(view->outerWidget()->steps().termIndex(), 0);
        a->setSpeed(TermAnimator::kSpeedCount - 1);
        a->play();
        QVERIFY(a->isPlaying());
        QTRY_VERIFY(!a->isPlaying());
        QCOMPARE(a->position(), a->count()); // every term, not one step
        QCOMPARE(view->outerWidget()->steps().count(), 4);
        QVERIFY(view->outerWidget()->steps().remainingError() < 1e-12);
        // At the end Play starts again from the empty sum and runs through all of them.
        a->play();
        QCOMPARE(a->position(), 0);
        QTRY_COMPARE(a->position(), a->count());
        // Reopening the panel and switching products start from the first term again.
        a->stepBack();
        view->setProduct(Product::Scores);
        QCOMPARE(a->position(), 1);
        auto *dock = wb.window().findChild<QDockWidget *>("interpretationsDock");
        a->showAll();
        dock->close();
        dock->show();
        QCOMPARE(a->position(), 1);
    }

    void everyNumberAndHeaderIsReadable_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("preset");
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)})
            for (const char *preset : {"Worked example", "Coreference"})
                QTest::newRow(qPrintable(
                    QString("%1x%2 %3").arg(size.width()).arg(size.height()).arg(preset)))
                    << size << QString(preset);
    }
    void everyNumberAndHeaderIsReadable() {
        QFETCH(QSize, size);
        QFETCH(QString, preset);
        WindowAssembler wb;
        InterpretationsView *view = openView(wb);
        wb.window().resize(size);
        wb.window().show();
        testsupport::settle(wb);
        bool found = false;
        for (const PresetEntry &entry : presetEntries())
            if (entry.name.startsWith(preset, Qt::CaseInsensitive)) {
                const std::optional<Preset> loaded = loadPreset(entry);
                QVERIFY(loaded);
                QVERIFY(wb.document().replaceInputs(loaded->inputs, loaded->name));
                found = true;
            }
        QVERIFY2(found, qPrintable(preset));
        wb.document().selection().setSelectedRow(1);
        wb.document().selection().setSelectedColumn(1);
        testsupport::settle(wb);
        const QString dir = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_DIR");
        for (Layout layout : {Layout::Rows, Layout::Columns}) {
            wb.document().selection().setLayout(layout);
            testsupport::settle(wb);
            for (Product product : {Product::Scores, Product::Output})
                for (int mode = 0; mode < 4; ++mode) {
                    view->setProduct(product);
                    view->setMode(InterpretationMode(mode));
                    QTest::qWait(20); // the scroll areas lay their contents out
                    const QImage image = view->grab().toImage();
                    const QString what = QString("%1 %2 %3")
                                             .arg(layout == Layout::Rows ? "rows" : "columns")
                                             .arg(product == Product::Scores ? "scores" : "output")
                                             .arg(kModeNames[mode]);
                    if (!dir.isEmpty())
                        image.save(QDir(dir).filePath(QString("interp-%1x%2-%3-%4.png")
                                                          .arg(size.width())
                                                          .arg(size.height())
                                                          .arg(preset.left(4), what)
                                                          .replace(' ', '-')));
                    if (mode == int(InterpretationMode::Outer)) {
                        QVERIFY2(view->outerWidget()->allNumbersShown(), qPrintable(what));
                        continue;
                    }
                    const TermsWidget *terms = view->termsWidget();
                    QVERIFY2(terms->clippedTexts().isEmpty(),
                             qPrintable(what + ": " + terms->clippedTexts().join(" | ")));
                    // An index never wraps: "output[1, 1]" keeps its comma and number together.
                    if (mode == int(InterpretationMode::Dot))
                        QVERIFY(terms->terms().targetLabel.contains(",\u00a0"));
                }
        }
    }
};

QTEST_MAIN(TestInterpretationDisplay)
#include "test_interpretation_display.moc"
