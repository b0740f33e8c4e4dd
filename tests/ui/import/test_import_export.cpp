// SPDX-License-Identifier: GPL-3.0-or-later
// Import into the document (ImportPlan, ImportDialog) and matrix export from the GUI (files,
// clipboard, the heatmap and editor context menus).

#include "document/Document.h"
#include "document/ImportPlan.h"
#include "document/Recomputer.h"
#include "figures/FigureFeatures.h"
#include "figures/MatrixExportMenu.h"
#include "heatmap/HeatmapView.h"
#include "import/ImportDialog.h"
#include "shell/Shell.h"
#include "support/IoSupport.h"
#include "window/WindowAssembler.h"
#include "workbench/ControlsPanel.h"
#include "workbench/InputsPanel.h"
#include "workbench/MatrixEditor.h"
#include "workbench/StagesView.h"

#include <QApplication>
#include <QClipboard>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::fixture;

namespace {

QString writeTemp(const QTemporaryDir &dir, const QString &name, const attn::Matrix &m,
                  attn::ExportFormat format = attn::ExportFormat::Csv) {
    const QString path = dir.filePath(name);
    const QString error = attn::writeFileAtomically(path, attn::exportMatrix(m, format));
    return error.isEmpty() ? path : QString();
}

attn::Matrix sequence(Eigen::Index rows, Eigen::Index cols, double start) {
    attn::Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = start + 0.5 * double(i);
    return m;
}

QAction *findAction(QMenu *menu, const QString &textStart) {
    for (QAction *a : menu->actions()) {
        if (a->text().startsWith(textStart))
            return a;
        if (a->menu())
            if (QAction *inner = findAction(a->menu(), textStart))
                return inner;
    }
    return nullptr;
}

QStringList actionTexts(QMenu *menu) {
    QStringList out;
    for (QAction *a : menu->actions())
        out << a->text();
    return out;
}

} // namespace

class TestImportExport : public QObject {
    Q_OBJECT
private slots:
    void goodFilesPlan_data();
    void goodFilesPlan();
    void badFilesChangeNothing_data();
    void badFilesChangeNothing();
    void fittingImportIsOneUndoStep();
    void mismatchSaysWhatDiffers();
    void resizeIsOneUndoStep();
    void ctrlZUndoesResizeAndImport();
    void resizeOfWeightsChangesSharedDimension();
    void woRowsMustBeAMultipleOfHeads();
    void missingTargetIsRefused();
    void stalePlanIsRefused();
    void dialogPreviewAndNpzChooser();
    void dialogResizeOffer();
    void dialogShowsCoreMessageForBadFile();
    void clipboardGetsCoreText_data();
    void clipboardGetsCoreText();
    void savedFileHasCoreBytes();
    void heatmapMenuExportsWhatIsShown();
    void editorMenuOffersImportAndExport();
    void fileMenuEntries();
};

void TestImportExport::goodFilesPlan_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("array");
    QTest::addColumn<QString>("descriptionPart");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("npy float64") << "f8_c.npy"
                                 << ""
                                 << "float64" << 3 << 4;
    QTest::newRow("npy big-endian fortran") << "f4_fortran_be.npy"
                                            << ""
                                            << "float32" << 3 << 4;
    QTest::newRow("tsv") << "tab.tsv"
                         << ""
                         << "tab" << 3 << 4;
    QTest::newRow("csv with header") << "savetxt_header.csv"
                                     << ""
                                     << "" << 3 << 4;
    QTest::newRow("npz named array") << "savez.npz"
                                     << "P"
                                     << "'P'" << 2 << 3;
    QTest::newRow("npz first array") << "savez.npz"
                                     << ""
                                     << "'X'" << 3 << 4;
    QTest::newRow("npz compressed") << "savez_compressed.npz"
                                    << "X"
                                    << "deflated" << 3 << 4;
}

void TestImportExport::goodFilesPlan() {
    QFETCH(QString, file);
    QFETCH(QString, array);
    QFETCH(QString, descriptionPart);
    QFETCH(int, rows);
    QFETCH(int, cols);
    Document doc;
    const ImportPlan plan = planImport(doc, {attn::Stage::X, 0}, fixture(file), array);
    QVERIFY2(plan.ok(), qPrintable(plan.error));
    QCOMPARE(plan.read.matrix.rows(), rows);
    QCOMPARE(plan.read.matrix.cols(), cols);
    QVERIFY2(plan.read.description.contains(descriptionPart), qPrintable(plan.read.description));
    QCOMPARE(plan.fits, rows == 4 && cols == 4);
    QCOMPARE(plan.targetName, QString("X"));
    QVERIFY(plan.targetShape.startsWith(QString("4\u00d74")));
    QVERIFY(!plan.fits && plan.canResize());
}

void TestImportExport::badFilesChangeNothing_data() {
    QTest::addColumn<QString>("file");
    for (const char *name : {"bad_crc.npz", "object.npy", "nan.npy", "inf.npy", "encrypted.npz",
                             "empty.npy", "three_d.npy", "str.npy", "complex.npy", "no_arrays.npz",
                             "bomb.npz", "semicolon_decimal_comma.csv", "does_not_exist.csv"}) {
        if (QString(name) == "semicolon_decimal_comma.csv")
            continue; // readable (decimal commas are understood): not a bad file
        QTest::newRow(name) << QString(name);
    }
}

void TestImportExport::badFilesChangeNothing() {
    QFETCH(QString, file);
    Document doc;
    const attn::AttentionInputs before = doc.inputs();
    const ImportPlan plan = planImport(doc, {attn::Stage::X, 0}, fixture(file));
    QVERIFY(!plan.ok());
    // The core's own message, unchanged.
    QCOMPARE(plan.error, attn::importMatrix(fixture(file)).error);
    QVERIFY(!plan.canImport() && !plan.canResize());
    QString error;
    QVERIFY(!applyImport(doc, plan, true, &error));
    QCOMPARE(error, plan.error);
    QVERIFY(doc.inputs() == before);
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestImportExport::fittingImportIsOneUndoStep() {
    QTemporaryDir dir;
    Document doc;
    const attn::AttentionInputs before = doc.inputs();
    const attn::Matrix m = sequence(4, 4, -3.0);
    const QString file = writeTemp(dir, "x.csv", m);
    const ImportPlan plan = planImport(doc, {attn::Stage::X, 0}, file);
    QVERIFY2(plan.canImport(), qPrintable(plan.error + plan.mismatch));
    QVERIFY(plan.changes.empty());
    QString error;
    QVERIFY2(applyImport(doc, plan, false, &error), qPrintable(error));
    QCOMPARE(doc.matrix({attn::Stage::X, 0}), m);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->undoText(), QString("Import X from x.csv"));
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == before);
}

void TestImportExport::mismatchSaysWhatDiffers() {
    Document doc;                                                                      // X is 4×4
    const ImportPlan plan = planImport(doc, {attn::Stage::X, 0}, fixture("f8_c.npy")); // 3×4
    QVERIFY(plan.ok());
    QVERIFY(!plan.fits);
    QCOMPARE(plan.mismatch, QString("The file has 3\u00d74 but X is 4\u00d74: 3 rows, not 4 (n)."));
    QCOMPARE(int(plan.changes.size()), 1);
    QCOMPARE(plan.changes[0].dimension, Dimension::Tokens);
    QCOMPARE(plan.changes[0].from, 4);
    QCOMPARE(plan.changes[0].to, 3);
    QVERIFY2(plan.resizeSummary.startsWith("n 4 \u2192 3"), qPrintable(plan.resizeSummary));
    QVERIFY(plan.canResize());
    // Without the resize nothing happens.
    const attn::AttentionInputs before = doc.inputs();
    QString error;
    QVERIFY(!applyImport(doc, plan, false, &error));
    QCOMPARE(error, plan.mismatch);
    QVERIFY(doc.inputs() == before);
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestImportExport::resizeIsOneUndoStep() {
    QTemporaryDir dir;
    Document doc; // X 4×4 → 5×3: n 4 → 5, p 4 → 3, both in one step
    const attn::AttentionInputs before = doc.inputs();
    const attn::Matrix m = sequence(5, 3, 1.0);
    const ImportPlan plan =
        planImport(doc, {attn::Stage::X, 0}, writeTemp(dir, "x53.npy", m, attn::ExportFormat::Npy));
    QVERIFY(plan.canResize());
    QCOMPARE(int(plan.changes.size()), 2);
    QVERIFY(plan.mismatch.contains("5 rows, not 4 (n)"));
    QVERIFY(plan.mismatch.contains("3 columns, not 4 (p)"));
    QVERIFY(plan.resizeSummary.contains("p 4 \u2192 3 (resizes X, Wq, Wk, Wv)"));
    QString error;
    QVERIFY2(applyImport(doc, plan, true, &error), qPrintable(error));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.matrix({attn::Stage::X, 0}), m);
    QCOMPARE(doc.dimension(Dimension::Tokens), 5);
    QCOMPARE(doc.dimension(Dimension::Embedding), 3);
    QCOMPARE(doc.matrix({attn::Stage::Wq, 0}).rows(), 3);
    QCOMPARE(int(doc.inputs().tokens.size()), 5);
    // The recomputation accepts the resized inputs.
    Recomputer recomputer(&doc);
    recomputer.recomputeNow();
    QVERIFY2(recomputer.error().isEmpty(), qPrintable(recomputer.error()));
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == before);
    doc.undoStack()->redo();
    QCOMPARE(doc.matrix({attn::Stage::X, 0}), m);
}

void TestImportExport::ctrlZUndoesResizeAndImport() {
    // In the window, as a user does it: the focus in a size spin box (n was just typed), File ›
    // Import, Resize and import, then Ctrl+Z and Ctrl+Shift+Z where the focus returns.
    QTemporaryDir dir;
    WindowAssembler bench;
    QMainWindow &window = bench.window();
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QSpinBox *tokens = bench.controls().dimensionSpinBox(Dimension::Tokens);
    tokens->setFocus();
    const QString file = writeTemp(dir, "x53.npy", sequence(5, 3, 1.0), attn::ExportFormat::Npy);
    ImportDialog dialog(&bench.document(), {attn::Stage::X, 0}, file, &window);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::mouseClick(dialog.resizeButton(), Qt::LeftButton);
    QVERIFY(dialog.isHidden());
    QCOMPARE(bench.document().dimension(Dimension::Tokens), 5);
    // The window manager gives the window back its activation (offscreen, the test does).
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTRY_COMPARE(QApplication::focusWidget(), tokens);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(bench.document().dimension(Dimension::Tokens), 4);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(bench.document().dimension(Dimension::Tokens), 5);
}

void TestImportExport::resizeOfWeightsChangesSharedDimension() {
    QTemporaryDir dir;
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Heads, 2));
    doc.selection().setCurrentHead(1);
    const int steps = doc.undoStack()->count();
    // Wq of head 1 is 4×3; a 4×5 file changes d_k of every head.
    const attn::Matrix m = sequence(4, 5, -1.0);
    const ImportPlan plan = planImport(doc, {attn::Stage::Wq, 1}, writeTemp(dir, "wq.csv", m));
    QCOMPARE(plan.targetName, QString("Wq of head 1"));
    QVERIFY(plan.canResize());
    QCOMPARE(plan.changes[0].dimension, Dimension::KeyDim);
    QVERIFY(plan.resizeSummary.contains("Wq, Wk of every head"));
    QVERIFY(applyImport(doc, plan, true));
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(doc.matrix({attn::Stage::Wq, 1}), m);
    QCOMPARE(doc.matrix({attn::Stage::Wk, 0}).cols(), 5);
}

void TestImportExport::woRowsMustBeAMultipleOfHeads() {
    QTemporaryDir dir;
    Document doc;
    QVERIFY(doc.setDimension(Dimension::Heads, 2)); // Wo is (2·3)×4
    QCOMPARE(doc.matrix({attn::Stage::Wo, 0}).rows(), 6);
    const ImportPlan odd =
        planImport(doc, {attn::Stage::Wo, 0}, writeTemp(dir, "wo7.csv", sequence(7, 4, 0)));
    QVERIFY(odd.ok());
    QVERIFY(!odd.canResize());
    QVERIFY2(odd.resizeProblem.contains("not a multiple of 2"), qPrintable(odd.resizeProblem));
    const ImportPlan even =
        planImport(doc, {attn::Stage::Wo, 0}, writeTemp(dir, "wo8.csv", sequence(8, 2, 0)));
    QVERIFY(even.canResize());
    QVERIFY(applyImport(doc, even, true));
    QCOMPARE(doc.dimension(Dimension::ValueDim), 4);
    QCOMPARE(doc.dimension(Dimension::OutputDim), 2);
    QCOMPARE(doc.matrix({attn::Stage::Wo, 0}), sequence(8, 2, 0));
}

void TestImportExport::missingTargetIsRefused() {
    Document doc; // self-attention, one head: no context, no Wo
    for (attn::Stage kind : {attn::Stage::Context, attn::Stage::Wo}) {
        const ImportPlan plan = planImport(doc, {kind, 0}, fixture("f8_c.npy"));
        QVERIFY(!plan.ok());
        QVERIFY2(plan.error.startsWith("there is no"), qPrintable(plan.error));
        QVERIFY(!applyImport(doc, plan, true));
    }
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestImportExport::stalePlanIsRefused() {
    QTemporaryDir dir;
    Document doc;
    const ImportPlan plan =
        planImport(doc, {attn::Stage::X, 0}, writeTemp(dir, "x.csv", sequence(4, 4, 0)));
    QVERIFY(plan.canImport());
    QVERIFY(doc.setDimension(Dimension::Tokens, 6)); // the document moved on
    const attn::AttentionInputs before = doc.inputs();
    QString error;
    QVERIFY(!applyImport(doc, plan, false, &error));
    QVERIFY2(error.contains("is now 6\u00d74"), qPrintable(error));
    QVERIFY(doc.inputs() == before);
}

void TestImportExport::dialogPreviewAndNpzChooser() {
    Document doc;
    ImportDialog dialog(&doc, {attn::Stage::X, 0}, fixture("listing.npz"));
    QTreeWidget *arrays = dialog.arrayList();
    QVERIFY(!arrays->isHidden());
    QCOMPARE(arrays->topLevelItemCount(), 4); // good, cube, cplx, vec
    QCOMPARE(arrays->currentItem()->text(0), QString("good"));
    QVERIFY(dialog.plan().ok());
    QCOMPARE(dialog.plan().read.arrayName, QString("good"));
    // The arrays that cannot be read are listed, with why, but cannot be chosen.
    QCOMPARE(arrays->topLevelItem(1)->text(0), QString("cube"));
    QVERIFY(!(arrays->topLevelItem(1)->flags() & Qt::ItemIsEnabled));
    QVERIFY(!arrays->topLevelItem(1)->toolTip(0).isEmpty());
    // Preview: the first rows of the 3×4 array, exactly as many as there are.
    QCOMPARE(dialog.preview()->rowCount(), 3);
    QCOMPARE(dialog.preview()->columnCount(), 4);
    QCOMPARE(dialog.preview()->item(0, 0)->text(), QString("\u22121.38"));
    dialog.chooseArray("vec");
    QCOMPARE(dialog.plan().read.arrayName, QString("vec"));
    QCOMPARE(dialog.preview()->rowCount(), 1);
    QVERIFY(!dialog.plan().read.notes.isEmpty()); // a 1-D array read as a row
    QVERIFY(dialog.statusText().contains("1\u00d74 but X is 4\u00d74"));
}

void TestImportExport::dialogResizeOffer() {
    QTemporaryDir dir;
    Document doc;
    const attn::Matrix m = sequence(12, 4, 0.0); // more rows than the preview shows
    ImportDialog dialog(&doc, {attn::Stage::X, 0}, writeTemp(dir, "x12.tsv", m));
    QCOMPARE(dialog.preview()->rowCount(), ImportDialog::kPreviewRows + 1); // + "…"
    QCOMPARE(dialog.preview()->item(ImportDialog::kPreviewRows, 0)->text(), QString("\u2026"));
    QVERIFY(!dialog.importButton()->isEnabled());
    QVERIFY(dialog.resizeButton()->isEnabled());
    QVERIFY(dialog.statusText().contains("n 4 \u2192 12"));
    QVERIFY(dialog.importNow(true));
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.matrix({attn::Stage::X, 0}), m);
}

void TestImportExport::dialogShowsCoreMessageForBadFile() {
    Document doc;
    ImportDialog dialog(&doc, {attn::Stage::X, 0}, fixture("bad_crc.npz"));
    QVERIFY(!dialog.plan().ok());
    QVERIFY(dialog.statusText().contains(dialog.plan().error));
    QVERIFY(!dialog.importButton()->isEnabled());
    QVERIFY(!dialog.resizeButton()->isEnabled());
    QVERIFY(!dialog.importNow(false));
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestImportExport::clipboardGetsCoreText_data() {
    QTest::addColumn<int>("format");
    QTest::newRow("csv") << int(attn::ExportFormat::Csv);
    QTest::newRow("latex") << int(attn::ExportFormat::Latex);
    QTest::newRow("numpy") << int(attn::ExportFormat::NumpyLiteral);
}

void TestImportExport::clipboardGetsCoreText() {
    QFETCH(int, format);
    const auto f = attn::ExportFormat(format);
    attn::Matrix m = sequence(3, 2, -1.25);
    m(1, 1) = -std::numeric_limits<double>::infinity(); // a masked logit
    QApplication::clipboard()->clear();
    QVERIFY(copyMatrixToClipboard(m, f));
    QCOMPARE(QApplication::clipboard()->text(), QString::fromUtf8(attn::exportMatrix(m, f)));
}

void TestImportExport::savedFileHasCoreBytes() {
    QTemporaryDir dir;
    const attn::Matrix m = sequence(2, 5, 0.1);
    QString error;
    QVERIFY(!copyMatrixToClipboard(m, attn::ExportFormat::Npy, &error));
    QVERIFY(error.contains("binary"));
    const QString path = dir.filePath("m.npy");
    QCOMPARE(saveMatrixFile(m, attn::ExportFormat::Npy, path), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), attn::exportMatrix(m, attn::ExportFormat::Npy));
    // An impossible path: the core's message, nothing written.
    const QString bad = dir.filePath("missing/dir/m.csv");
    QVERIFY(saveMatrixFile(m, attn::ExportFormat::Csv, bad).startsWith(bad));
    QVERIFY(!QFile::exists(bad));
}

void TestImportExport::heatmapMenuExportsWhatIsShown() {
    WindowAssembler bench;
    Document *doc = &bench.document();
    HeatmapView *weights = bench.stages().view(attn::Stage::Weights);
    const attn::Matrix rowWeights = bench.recomputer().result()->heads[0].weights();

    for (attn::Layout layout : {attn::Layout::Rows, attn::Layout::Columns}) {
        doc->selection().setLayout(layout);
        bench.recomputer().recomputeNow();
        QMenu menu;
        addHeatmapExportEntries(&menu, weights, "weights", *doc);
        QAction *figure = findAction(&menu, "Export &figure of softmax");
        QVERIFY2(figure, qPrintable(actionTexts(&menu).join(" | ")));
        QAction *matrixMenu = findAction(&menu, "Export the &matrix 4\u00d74 (as shown");
        QVERIFY(matrixMenu && matrixMenu->menu());
        // The menu says how the numbers are laid out.
        QVERIFY(matrixMenu->text().contains(layout == attn::Layout::Rows ? "row layout"
                                                                         : "column layout"));
        QApplication::clipboard()->clear();
        QAction *copy = findAction(matrixMenu->menu(), "Copy as CSV");
        QVERIFY(copy);
        copy->trigger();
        // Exactly the numbers drawn: the result's (always in rows), transposed in the column
        // layout.
        const attn::Matrix &result = bench.recomputer().result()->heads[0].weights();
        const attn::Matrix shown =
            layout == attn::Layout::Rows ? result : attn::Matrix(result.transpose());
        QCOMPARE(QApplication::clipboard()->text(), attn::matrixToCsv(shown));
        QVERIFY(shown.isApprox(layout == attn::Layout::Rows ? rowWeights
                                                            : attn::Matrix(rowWeights.transpose()),
                               1e-12));
    }
}

void TestImportExport::editorMenuOffersImportAndExport() {
    WindowAssembler bench;
    QMainWindow &window = bench.window();
    window.show();
    MatrixEditor *editor = bench.inputs().xEditor();
    QStringList texts;
    // The context menu is modal: read it once it is open, then close it.
    QTimer::singleShot(50, [&texts] {
        if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
            texts = actionTexts(menu);
            menu->close();
        }
    });
    emit editor->view()->customContextMenuRequested(QPoint(5, 5));
    QVERIFY2(texts.contains("&Import X from a file\u2026"), qPrintable(texts.join(" | ")));
    QVERIFY(texts.contains("&Export X"));
    QVERIFY(texts.contains("Copy")); // the editor's own entries are still there
}

void TestImportExport::fileMenuEntries() {
    WindowAssembler bench;
    QMenu *file = bench.shell().menu(MenuId::File);
    const QStringList texts = actionTexts(file);
    QVERIFY(texts.contains("&Import matrix"));
    QVERIFY(texts.contains("E&xport matrix"));
    QVERIFY(texts.contains("Export figure of &window\u2026"));
    QVERIFY(texts.contains("Export &figure of"));
    QCOMPARE(texts.last(), QString("&Quit")); // Quit stays last
    // The import menu lists the inputs of the current state, with their shapes.
    auto *import = file->findChild<QMenu *>("importMatrixMenu");
    QVERIFY(import);
    emit import->aboutToShow();
    const QStringList inputs = actionTexts(import);
    // X, Wq, Wk, Wv (no context, no Wo), a separator, the checkpoint helper.
    QCOMPARE(inputs.size(), 6);
    QVERIFY(inputs.last().startsWith("Wq, Wk, Wv of &every head"));
    QVERIFY(inputs[0].startsWith("&X \u2014 4\u00d74"));
    auto *figures = file->findChild<QMenu *>("exportFigureMenu");
    emit figures->aboutToShow();
    QVERIFY(findAction(figures, "The &combination panel"));
    QVERIFY(findAction(figures, "softmax("));
}

QTEST_MAIN(TestImportExport)
#include "test_import_export.moc"
