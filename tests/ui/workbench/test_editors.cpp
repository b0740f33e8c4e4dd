// SPDX-License-Identifier: GPL-3.0-or-later
// The editing widgets driven like a user would: typing into cells, the wheel, keys, the
// clipboard, the controls panel, and the panels following the document (undo included).

#include "Notation.h"
#include "document/Document.h"
#include "document/MatrixTableModel.h"
#include "document/NumberFormat.h"
#include "document/TokenListModel.h"
#include "workbench/CompactTableView.h"
#include "workbench/ControlsPanel.h"
#include "workbench/InputsPanel.h"
#include "workbench/MatrixEditor.h"
#include "workbench/TokenEditor.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QTableView>
#include <QToolTip>
#include <QUndoStack>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

const MatrixId kX{attn::Stage::X, 0};

QPoint cellCenter(QTableView *view, int row, int col) {
    return view->visualRect(view->model()->index(row, col)).center();
}

void wheel(QTableView *view, int row, int col, int delta,
           Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    const QPoint pos = cellCenter(view, row, col);
    QWheelEvent event(pos, view->viewport()->mapToGlobal(pos), QPoint(), QPoint(0, delta),
                      Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &event);
}

// The open cell editor (closed ones linger hidden until deferred deletion).
QLineEdit *openCellEditor(QTableView *view) {
    for (QLineEdit *edit : view->viewport()->findChildren<QLineEdit *>())
        if (edit->isVisible())
            return edit;
    return nullptr;
}

// Opens the cell editor the way a double-click does and types into it.
void typeIntoCell(QTableView *view, int row, int col, const QString &text) {
    const QModelIndex index = view->model()->index(row, col);
    view->setCurrentIndex(index);
    view->edit(index);
    QLineEdit *editor = openCellEditor(view);
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits in a queued call
}

// Shows a widget at its size hint: a 4×4 matrix must then fit without scroll bars.
bool showAtSizeHint(QWidget *widget) {
    widget->show();
    if (!QTest::qWaitForWindowExposed(widget))
        return false;
    widget->resize(widget->sizeHint());
    QCoreApplication::processEvents();
    return true;
}

// Types into a spin box and presses Enter (keyboard tracking is off: Enter applies).
void typeIntoSpinBox(QSpinBox *spin, const QString &text) {
    spin->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

} // namespace

class TestEditors : public QObject {
    Q_OBJECT
private slots:
    void compactNumbers_data();
    void compactNumbers();
    void parseBlocks_data();
    void parseBlocks();
    void typingANumberEditsTheDocument();
    void typingAnyKeyStartsEditing();
    void typingTextShowsMessage();
    void refusalsShowAtTheCell();
    void wheelNudges();
    void altArrowsNudgePlainArrowsMove();
    void copyAndPaste();
    void pasteRefusals();
    void titleFollowsShape();
    void tokenEditor();
    void controlsResizeAndFollowUndo();
    void controlsRefuseTooLarge();
    void controlsOptions();
    void inputsPanelShowsSections();
    void screenshots();
};

void TestEditors::compactNumbers_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("integer") << 3.0 << "3";
    QTest::newRow("third") << 1.0 / 3 << "0.3333";
    QTest::newRow("negative") << -0.25 << "-0.25";
    QTest::newRow("tiny negative") << -0.00004 << "-4e-05";
    QTest::newRow("4 significant digits") << -0.00004999 << "-4.999e-05";
    QTest::newRow("almost zero") << 0.00005 << "0.0001";
    QTest::newRow("large") << 123456.789 << "123456.789";
    QTest::newRow("huge") << 1e15 << "1e+15";
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("-0") << -0.0 << "0";
}

void TestEditors::compactNumbers() {
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(attn::notation::editor(value), text);
    QCOMPARE(parseNumber(attn::notation::exact(value)).value_or(-1), value); // exact round trip
}

void TestEditors::parseBlocks_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rows"); // 0 = refused
    QTest::addColumn<int>("cols");
    QTest::addColumn<double>("last");
    QTest::addColumn<QString>("error");
    QTest::newRow("tabs") << "1\t2\n3\t4" << 2 << 2 << 4.0 << "";
    QTest::newRow("CRLF and trailing line") << "1\t2\r\n3\t4.5\r\n" << 2 << 2 << 4.5 << "";
    QTest::newRow("commas") << "1, 2, 3" << 1 << 3 << 3.0 << "";
    QTest::newRow("spaces") << "  1  -2\n 3e2 4 " << 2 << 2 << 4.0 << "";
    QTest::newRow("semicolons") << "1;2\n3;4" << 2 << 2 << 4.0 << "";
    QTest::newRow("single") << "7" << 1 << 1 << 7.0 << "";
    QTest::newRow("ragged") << "1\t2\n3" << 0 << 0 << 0.0 << "row 2 has 1";
    QTest::newRow("word") << "1\tx\n3\t4" << 0 << 0 << 0.0 << "\u201cx\u201d (row 1, column 2";
    QTest::newRow("nan") << "nan" << 0 << 0 << 0.0 << "not a finite";
    QTest::newRow("huge") << "1e300" << 0 << 0 << 0.0 << "too large";
    QTest::newRow("empty") << "\n  \n" << 0 << 0 << 0.0 << "no numbers";
    QTest::newRow("decimal commas") << "1,5;2,5" << 1 << 2 << 2.5 << "";
    QTest::newRow("unicode minus") << "1\t\u22122" << 1 << 2 << -2.0 << "";
    QTest::newRow("blank line inside") << "1 2\n\n3 4" << 2 << 2 << 4.0 << "";
    QTest::newRow("unclosed quote") << "1,\"2" << 0 << 0 << 0.0 << "line 1, column 2";
}

void TestEditors::parseBlocks() {
    QFETCH(QString, text);
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(double, last);
    QFETCH(QString, error);
    QString message;
    const std::optional<attn::Matrix> block = parseBlock(text, &message);
    if (rows == 0) {
        QVERIFY(!block);
        QVERIFY2(message.contains(error), qPrintable(message));
        return;
    }
    QVERIFY2(block, qPrintable(message));
    QCOMPARE(block->rows(), rows);
    QCOMPARE(block->cols(), cols);
    QCOMPARE((*block)(rows - 1, cols - 1), last);
}

void TestEditors::typingANumberEditsTheDocument() {
    Document doc;
    MatrixEditor editor(&doc, kX);
    QVERIFY(showAtSizeHint(&editor));
    typeIntoCell(editor.view(), 1, 2, QStringLiteral("2.5"));
    QCOMPARE(doc.inputs().X(1, 2), 2.5);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(editor.view()->model()->index(1, 2).data().toString(), QStringLiteral("2.5"));
    doc.undoStack()->undo();
    QCOMPARE(editor.view()->model()->index(1, 2).data().toString(), QStringLiteral("1"));
}

void TestEditors::typingAnyKeyStartsEditing() {
    Document doc;
    MatrixEditor editor(&doc, kX);
    QVERIFY(showAtSizeHint(&editor));
    editor.view()->setCurrentIndex(editor.model()->index(3, 3));
    QTest::keyClick(editor.view(), Qt::Key_7); // spreadsheet-style: typing replaces the cell
    QLineEdit *cellEditor = openCellEditor(editor.view());
    QVERIFY(cellEditor);
    QCOMPARE(cellEditor->text(), QStringLiteral("7"));
    QTest::keyClick(cellEditor, Qt::Key_Return);
    QCoreApplication::processEvents();
    QCOMPARE(doc.inputs().X(3, 3), 7.0);
}

void TestEditors::typingTextShowsMessage() {
    Document doc;
    MatrixEditor editor(&doc, kX);
    QVERIFY(showAtSizeHint(&editor));
    typeIntoCell(editor.view(), 0, 0, QStringLiteral("abc"));
    QCOMPARE(editor.message(),
             QStringLiteral("\u201cabc\u201d is not a number \u2014 the cell keeps 1"));
    QVERIFY(doc.inputs() == attn::workedExample());
    QCOMPARE(doc.undoStack()->count(), 0);
    typeIntoCell(editor.view(), 0, 0, QStringLiteral("1e400"));
    QVERIFY(editor.message().contains("1e400"));
    typeIntoCell(editor.view(), 0, 0, QStringLiteral("-3"));
    QCOMPARE(doc.inputs().X(0, 0), -3.0);
    QCOMPARE(editor.message(), QString()); // a good edit hides it
}

namespace {

// The tooltip bubble on screen, if any.
QWidget *bubble() {
    for (QWidget *w : QApplication::topLevelWidgets())
        if (w->inherits("QTipLabel") && w->isVisible())
            return w;
    return nullptr;
}

} // namespace

// A refusal is said whole in a bubble at the edited cell (the label under the table may be out
// of view), and signalled for the status bar; "1e400" is too large, not "not a number".
void TestEditors::refusalsShowAtTheCell() {
    Document doc;
    InputsPanel panel(&doc);
    QVERIFY(showAtSizeHint(&panel));
    MatrixEditor *editor = panel.xEditor();
    QSignalSpy status(&panel, &InputsPanel::refused);
    QTableView *view = editor->view();
    typeIntoCell(view, 2, 1, QStringLiteral("abc"));
    QCOMPARE(status.count(), 1);
    QCOMPARE(status.last().value(0).toString(), editor->message());
    QTRY_VERIFY(QToolTip::isVisible()); // shown once the cell's editor has closed
    QCOMPARE(QToolTip::text(), editor->message());
    QWidget *tip = bubble();
    QVERIFY(tip);
    // Beside the cell: just below it, starting within its width.
    const QRect cell(
        view->viewport()->mapToGlobal(view->visualRect(view->model()->index(2, 1)).topLeft()),
        view->visualRect(view->model()->index(2, 1)).size());
    const QRect at = tip->geometry();
    QVERIFY2(at.top() >= cell.top() && at.top() <= cell.bottom() + 40 &&
                 at.left() >= cell.left() - 10 && at.left() <= cell.right(),
             qPrintable(QString("bubble at %1,%2, cell %3,%4 %5x%6")
                            .arg(at.left())
                            .arg(at.top())
                            .arg(cell.left())
                            .arg(cell.top())
                            .arg(cell.width())
                            .arg(cell.height())));

    typeIntoCell(view, 0, 0, QStringLiteral("1e400"));
    QCOMPARE(editor->message(), QStringLiteral("\u201c1e400\u201d is too large (values must lie "
                                               "within \u00b11e15) \u2014 the cell keeps 1"));
    QTRY_COMPARE(QToolTip::text(), editor->message());
    typeIntoCell(view, 0, 0, QStringLiteral("nan"));
    QVERIFY2(editor->message().contains("not a finite number"), qPrintable(editor->message()));
    QTRY_COMPARE(QToolTip::text(), editor->message()); // whole, not cut off
    QCOMPARE(status.count(), 3);

    // Token names too; a good edit takes the bubble away.
    QTableView *tokens = panel.tokenEditor()->view();
    tokens->setCurrentIndex(tokens->model()->index(0, 0));
    tokens->edit(tokens->currentIndex());
    QLineEdit *name = openCellEditor(tokens);
    QVERIFY(name);
    name->clear(); // an empty name is refused
    QTest::keyClick(name, Qt::Key_Return);
    QCoreApplication::processEvents();
    QCOMPARE(status.count(), 4);
    QTRY_COMPARE(QToolTip::text(), panel.tokenEditor()->message());
    typeIntoCell(view, 0, 0, QStringLiteral("1e-400")); // a number, too small for a double: 0
    QCOMPARE(doc.inputs().X(0, 0), 0.0);
    QCoreApplication::processEvents();
    QVERIFY(!QToolTip::isVisible());
    QCOMPARE(editor->message(), QString());
}

void TestEditors::wheelNudges() {
    Document doc;
    MatrixEditor editor(&doc, kX);
    QVERIFY(showAtSizeHint(&editor));
    wheel(editor.view(), 1, 1, 120);
    QCOMPARE(doc.inputs().X(1, 1), 2.1);
    wheel(editor.view(), 1, 1, 120);
    wheel(editor.view(), 1, 1, -120, Qt::ShiftModifier);
    QCOMPARE(doc.inputs().X(1, 1), 2.19);
    QCOMPARE(doc.undoStack()->count(), 1); // one nudge sequence on one cell = one step
    wheel(editor.view(), 2, 0, 60);        // half a notch (touchpad): nothing yet
    QCOMPARE(doc.inputs().X(2, 0), 0.0);
    wheel(editor.view(), 2, 0, 60);
    QCOMPARE(doc.inputs().X(2, 0), 0.1);
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == attn::workedExample());
}

void TestEditors::altArrowsNudgePlainArrowsMove() {
    Document doc;
    MatrixEditor editor(&doc, kX);
    QVERIFY(showAtSizeHint(&editor));
    QTableView *view = editor.view();
    view->setCurrentIndex(editor.model()->index(0, 0));
    QTest::keyClick(view, Qt::Key_Down);
    QCOMPARE(view->currentIndex(), editor.model()->index(1, 0));
    QVERIFY(doc.inputs() == attn::workedExample());
    QVERIFY(!view->verticalScrollBar()->isVisible());
    QVERIFY(!view->horizontalScrollBar()->isVisible());
    QTest::keyClick(view, Qt::Key_Up, Qt::AltModifier);
    QCOMPARE(doc.inputs().X(1, 0), 1.1);
    QTest::keyClick(view, Qt::Key_Down, Qt::AltModifier | Qt::ShiftModifier);
    QCOMPARE(doc.inputs().X(1, 0), 1.09);
    QCOMPARE(view->currentIndex(), editor.model()->index(1, 0));
    QCOMPARE(doc.undoStack()->count(), 1);
}

void TestEditors::copyAndPaste() {
    Document doc;
    MatrixEditor editor(&doc, kX);
    QVERIFY(showAtSizeHint(&editor));
    QTableView *view = editor.view();
    view->setCurrentIndex(editor.model()->index(0, 1));
    view->selectionModel()->select(
        QItemSelection(editor.model()->index(0, 1), editor.model()->index(1, 2)),
        QItemSelectionModel::ClearAndSelect);
    QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("1\t1\n2\t1"));

    QApplication::clipboard()->setText(QStringLiteral("1\t2\n3\t4"));
    view->selectionModel()->setCurrentIndex(editor.model()->index(2, 2),
                                            QItemSelectionModel::ClearAndSelect);
    QSignalSpy changed(&doc, &Document::changed);
    QTest::keyClick(view, Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.inputs().X(2, 2), 1.0);
    QCOMPARE(doc.inputs().X(2, 3), 2.0);
    QCOMPARE(doc.inputs().X(3, 2), 3.0);
    QCOMPARE(doc.inputs().X(3, 3), 4.0);
    doc.undoStack()->undo();
    QVERIFY(doc.inputs() == attn::workedExample());

    // One number onto a selected block fills the block.
    view->selectionModel()->setCurrentIndex(editor.model()->index(0, 0),
                                            QItemSelectionModel::ClearAndSelect);
    view->selectionModel()->select(
        QItemSelection(editor.model()->index(0, 0), editor.model()->index(1, 3)),
        QItemSelectionModel::Select);
    QVERIFY(editor.pasteText(QStringLiteral("0.5")));
    QCOMPARE(doc.inputs().X.topRows(2).sum(), 4.0);
    QCOMPARE(doc.undoStack()->count(), 1);
}

void TestEditors::pasteRefusals() {
    Document doc;
    MatrixEditor editor(&doc, kX);
    editor.view()->setCurrentIndex(editor.model()->index(3, 3));
    QVERIFY(!editor.pasteText(QStringLiteral("1\t2\n3\t4")));
    QVERIFY2(editor.message().contains("does not fit"), qPrintable(editor.message()));
    QVERIFY(!editor.pasteText(QStringLiteral("1\tfoo")));
    QVERIFY2(editor.message().contains("\u201cfoo\u201d"), qPrintable(editor.message()));
    QVERIFY(doc.inputs() == attn::workedExample());
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestEditors::titleFollowsShape() {
    Document doc;
    MatrixEditor x(&doc, kX);
    MatrixEditor wk(&doc, {attn::Stage::Wk, 0});
    QCOMPARE(x.title(), QStringLiteral("X \u2014 tokens \u00d7 p (4\u00d74)"));
    QVERIFY(doc.setDimension(Dimension::Tokens, 6));
    QCOMPARE(x.title(), QStringLiteral("X \u2014 tokens \u00d7 p (6\u00d74)"));
    QVERIFY(doc.setDimension(Dimension::Heads, 2));
    doc.selection().setCurrentHead(1);
    QCOMPARE(wk.title(), QStringLiteral("Wk of head 1 \u2014 p \u00d7 d_k (4\u00d73)"));
    doc.undoStack()->undo();
    QCOMPARE(wk.title(), QStringLiteral("Wk \u2014 p \u00d7 d_k (4\u00d73)"));
}

void TestEditors::tokenEditor() {
    Document doc;
    TokenEditor editor(&doc, false);
    TokenListModel *model = editor.model();
    QCOMPARE(model->columnCount(), 4);
    QCOMPARE(model->index(0, 2).data().toString(), QStringLiteral("t2"));
    QVERIFY(model->setData(model->index(0, 2), QStringLiteral("sat")));
    QCOMPARE(doc.inputs().tokens[2], std::string("sat"));
    QVERIFY(!model->setData(model->index(0, 2), QStringLiteral("  ")));
    QVERIFY(editor.message().contains("empty"));
    QVERIFY(doc.setDimension(Dimension::Tokens, 5));
    QCOMPARE(model->columnCount(), 5);
    TokenEditor context(&doc, true);
    QCOMPARE(context.model()->columnCount(), 0);
    doc.setCrossAttention(true);
    QCOMPARE(context.model()->columnCount(), 5);
}

void TestEditors::controlsResizeAndFollowUndo() {
    Document doc;
    ControlsPanel panel(&doc);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSpinBox *n = panel.dimensionSpinBox(Dimension::Tokens);
    QCOMPARE(n->value(), 4);
    typeIntoSpinBox(n, QStringLiteral("6"));
    QCOMPARE(doc.dimension(Dimension::Tokens), 6);
    QCOMPARE(doc.undoStack()->count(), 1); // not "1" then "6": keyboard tracking is off
    doc.undoStack()->undo();
    QCOMPARE(n->value(), 4);
    QCOMPARE(doc.undoStack()->count(), 1); // following the undo did not push an edit

    QSpinBox *heads = panel.dimensionSpinBox(Dimension::Heads);
    QVERIFY(!panel.currentHeadSpinBox()->isEnabled());
    QVERIFY(!panel.dimensionSpinBox(Dimension::OutputDim)->isEnabled());
    QCOMPARE(panel.dimensionSpinBox(Dimension::OutputDim)->text(), QStringLiteral("none"));
    heads->setValue(3);
    QCOMPARE(doc.headCount(), 3);
    QVERIFY(panel.currentHeadSpinBox()->isEnabled());
    QCOMPARE(panel.currentHeadSpinBox()->maximum(), 2);
    QVERIFY(panel.dimensionSpinBox(Dimension::OutputDim)->isEnabled());
    QCOMPARE(panel.dimensionSpinBox(Dimension::OutputDim)->value(), 4);
    panel.currentHeadSpinBox()->setValue(2);
    QCOMPARE(doc.selection().currentHead(), 2);
    doc.undoStack()->undo();
    QCOMPARE(heads->value(), 1);
    QCOMPARE(panel.currentHeadSpinBox()->value(), 0);
}

void TestEditors::controlsRefuseTooLarge() {
    Document doc;
    ControlsPanel panel(&doc);
    // The spin boxes' ranges are the core's limits (core/Limits.h), the same as for files.
    QCOMPARE(panel.dimensionSpinBox(Dimension::Tokens)->maximum(), int(attn::kMaxTokens));
    QCOMPARE(panel.dimensionSpinBox(Dimension::KeyDim)->maximum(), int(attn::kMaxDimension));
    QCOMPARE(panel.dimensionSpinBox(Dimension::Heads)->maximum(), int(attn::kMaxHeads));
    QVERIFY(doc.setDimension(Dimension::Heads, 5));
    panel.dimensionSpinBox(Dimension::Tokens)->setValue(4000); // 4000² × 5 attention weights
    QCOMPARE(doc.dimension(Dimension::Tokens), 4);
    QCOMPARE(panel.dimensionSpinBox(Dimension::Tokens)->value(), 4);
    QVERIFY2(panel.message().contains("too large"), qPrintable(panel.message()));
    panel.dimensionSpinBox(Dimension::Tokens)->setValue(5);
    QCOMPARE(panel.message(), QString());
}

void TestEditors::controlsOptions() {
    Document doc;
    ControlsPanel panel(&doc);
    panel.scaleCheckBox()->click();
    QVERIFY(!doc.inputs().options.scale);
    QCOMPARE(panel.temperatureSlider()->value(), ControlsPanel::kSliderSteps / 2);
    QCOMPARE(ControlsPanel::temperatureAt(ControlsPanel::kSliderSteps / 2), 1.0);
    panel.temperatureSlider()->setValue(0);
    QCOMPARE(doc.inputs().options.temperature, 0.05);
    QCOMPARE(panel.temperatureLabel()->text(), QStringLiteral("0.05"));
    panel.temperatureSlider()->setValue(ControlsPanel::kSliderSteps);
    QCOMPARE(doc.inputs().options.temperature, 20.0);
    QCOMPARE(doc.undoStack()->count(), 2); // one slider movement, one step
    doc.undoStack()->undo();
    QCOMPARE(panel.temperatureSlider()->value(), ControlsPanel::kSliderSteps / 2);
    QCOMPARE(panel.temperatureLabel()->text(), QStringLiteral("1"));

    panel.causalCheckBox()->click();
    QVERIFY(doc.inputs().options.causal);
    QVERIFY(!panel.dimensionSpinBox(Dimension::ContextLength)->isEnabled());
    panel.crossAttentionCheckBox()->click();
    QVERIFY(doc.inputs().hasContext);
    QVERIFY(panel.dimensionSpinBox(Dimension::ContextLength)->isEnabled());
    QVERIFY(!panel.clearMaskButton()->isEnabled());
    QVERIFY(doc.toggleMask(1, 2));
    QVERIFY(panel.clearMaskButton()->isEnabled());
    panel.clearMaskButton()->click();
    QCOMPARE(doc.inputs().mask.size(), 0);
    doc.undoStack()->undo(); // mask back
    doc.undoStack()->undo(); // mask toggle
    doc.undoStack()->undo(); // cross-attention
    QVERIFY(!panel.crossAttentionCheckBox()->isChecked());
    QVERIFY(panel.causalCheckBox()->isChecked());
}

void TestEditors::inputsPanelShowsSections() {
    Document doc;
    InputsPanel panel(&doc);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(panel.xEditor()->isVisible());
    QVERIFY(panel.wvEditor()->isVisible());
    QVERIFY(!panel.woEditor()->isVisible());
    QVERIFY(!panel.contextEditor()->isVisible());
    doc.setCrossAttention(true);
    QVERIFY(panel.contextEditor()->isVisible());
    QVERIFY(panel.contextTokenEditor()->isVisible());
    QVERIFY(doc.setDimension(Dimension::Heads, 2));
    QVERIFY(panel.woEditor()->isVisible());
    doc.selection().setCurrentHead(1);
    QCOMPARE(panel.wqEditor()->model()->matrixId().head, 1);
    QVERIFY(panel.wqEditor()->title().startsWith("Wq of head 1"));
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(!panel.woEditor()->isVisible());
    QVERIFY(!panel.contextEditor()->isVisible());
}

// With ATTNVIZ_SCREENSHOT_DIR set, saves the panels as PNG for a look (not a check).
void TestEditors::screenshots() {
    const QString dir = qEnvironmentVariable("ATTNVIZ_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("set ATTNVIZ_SCREENSHOT_DIR to save screenshots");
    Document doc;
    InputsPanel inputs(&doc);
    ControlsPanel controls(&doc);
    QVERIFY(showAtSizeHint(&inputs));
    QVERIFY(showAtSizeHint(&controls));
    QVERIFY(inputs.grab().save(dir + "/inputs-worked.png"));
    QVERIFY(controls.grab().save(dir + "/controls-worked.png"));
    typeIntoCell(inputs.xEditor()->view(), 0, 0, QStringLiteral("abc"));
    doc.setCrossAttention(true);
    QVERIFY(doc.setDimension(Dimension::Heads, 2));
    QVERIFY(doc.setDimension(Dimension::Tokens, 6));
    doc.selection().setCurrentHead(1);
    QVERIFY(doc.toggleMask(0, 1));
    QCoreApplication::processEvents();
    inputs.resize(inputs.sizeHint());
    controls.resize(controls.sizeHint());
    QCoreApplication::processEvents();
    QVERIFY(inputs.grab().save(dir + "/inputs-full.png"));
    QVERIFY(controls.grab().save(dir + "/controls-full.png"));
}

QTEST_MAIN(TestEditors)
#include "test_editors.moc"
