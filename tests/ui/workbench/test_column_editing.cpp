// SPDX-License-Identifier: GPL-3.0-or-later
// The input tables in the article's column layout: they show Xᵀ (tokens as columns), Wqᵀ, …,
// and every way of editing them (typing, paste, nudges, copy, undo) reaches the same document
// cell, one undo step each; switching the layout keeps the current cell.

#include "document/Document.h"
#include "document/MatrixTableModel.h"
#include "document/NumberFormat.h"
#include "workbench/MatrixEditor.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using attn::Layout;
using attn::Stage;

class TestColumnEditing : public QObject {
    Q_OBJECT
private slots:
    void tablesShowTheTranspose_data() {
        QTest::addColumn<int>("stage");
        QTest::addColumn<QString>("title");
        QTest::newRow("X") << int(Stage::X) << "X\u1d40 \u2014 p \u00d7 tokens (4\u00d74)";
        QTest::newRow("Wq") << int(Stage::Wq) << "Wq\u1d40 \u2014 d_k \u00d7 p (3\u00d74)";
        QTest::newRow("Wv") << int(Stage::Wv) << "Wv\u1d40 \u2014 d_v \u00d7 p (3\u00d74)";
    }
    void tablesShowTheTranspose() {
        QFETCH(int, stage);
        QFETCH(QString, title);
        Document doc;
        doc.selection().setLayout(Layout::Columns);
        const MatrixId id{Stage(stage), 0};
        MatrixEditor editor(&doc, id);
        QAbstractItemModelTester tester(editor.model());
        const attn::Matrix &m = doc.matrix(id);
        MatrixTableModel *model = editor.model();
        QCOMPARE(model->rowCount(), int(m.cols()));
        QCOMPARE(model->columnCount(), int(m.rows()));
        QCOMPARE(editor.title(), title);
        for (int r = 0; r < model->rowCount(); ++r)
            for (int c = 0; c < model->columnCount(); ++c)
                QCOMPARE(model->index(r, c).data(Qt::EditRole).toDouble(), m(c, r));
        if (Stage(stage) == Stage::X) { // tokens name the columns
            QCOMPARE(model->headerData(1, Qt::Horizontal).toString(),
                     QString::fromStdString(doc.inputs().tokens[1]));
            QCOMPARE(model->headerData(1, Qt::Vertical).toString(), QString("1"));
        }
        // Back in the row layout: the matrix as it is.
        doc.selection().setLayout(Layout::Rows);
        QCOMPARE(model->rowCount(), int(m.rows()));
        QCOMPARE(model->index(1, 2).data(Qt::EditRole).toDouble(), m(1, 2));
        QVERIFY(!editor.title().contains(QChar(0x1d40)));
    }

    void everyEditReachesTheDocumentCell() {
        Document doc;
        doc.selection().setLayout(Layout::Columns);
        const MatrixId x{Stage::X, 0};
        MatrixEditor editor(&doc, x);
        QTableView *view = editor.view();
        MatrixTableModel *model = editor.model();
        QUndoStack *undo = doc.undoStack();
        const attn::Matrix before = doc.matrix(x);

        // Typing into table cell (2, 1) edits X(1, 2): token 1's feature 2.
        QVERIFY(model->setData(model->index(2, 1), QString("7.5")));
        QCOMPARE(doc.matrix(x)(1, 2), 7.5);
        QCOMPARE(undo->index(), 1);
        QVERIFY(model->index(2, 1).data(Qt::ToolTipRole).toString().contains("X[1][2]"));
        undo->undo();
        QCOMPARE(doc.matrix(x)(1, 2), before(1, 2));

        // A 2×2 block pasted at table cell (0, 1) lands transposed, as one undo step.
        view->setCurrentIndex(model->index(0, 1));
        QVERIFY(editor.pasteText("1\t2\n3\t4"));
        QCOMPARE(doc.matrix(x)(1, 0), 1.0);
        QCOMPARE(doc.matrix(x)(2, 0), 2.0);
        QCOMPARE(doc.matrix(x)(1, 1), 3.0);
        QCOMPARE(doc.matrix(x)(2, 1), 4.0);
        QCOMPARE(model->index(0, 2).data(Qt::EditRole).toDouble(), 2.0);
        QCOMPARE(undo->index(), 1); // one step (the typed one was undone)
        undo->undo();
        QCOMPARE(doc.matrix(x), before);

        // Copy gives the block as the table shows it.
        view->selectionModel()->select(QItemSelection(model->index(0, 1), model->index(1, 2)),
                                       QItemSelectionModel::ClearAndSelect);
        QVERIFY(editor.copySelection());
        const std::optional<attn::Matrix> copied =
            parseBlock(QApplication::clipboard()->text(), nullptr);
        QVERIFY(copied);
        QCOMPARE(*copied, attn::Matrix(before.block(1, 0, 2, 2).transpose()));

        // Alt+Up nudges the current cell's document cell; Alt+Down undoes it by hand.
        view->clearSelection();
        view->setCurrentIndex(model->index(2, 3));
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(doc.matrix(x)(3, 2), before(3, 2) + MatrixEditor::kStep);
        undo->undo();
        QCOMPARE(doc.matrix(x), before);
    }

    void switchingTheLayoutKeepsTheCurrentCell() {
        Document doc;
        const MatrixId x{Stage::X, 0};
        MatrixEditor editor(&doc, x);
        QTableView *view = editor.view();
        view->setCurrentIndex(editor.model()->index(3, 1)); // token 3, feature 1
        doc.selection().setLayout(Layout::Columns);
        QCOMPARE(view->currentIndex().row(), 1);
        QCOMPARE(view->currentIndex().column(), 3);
        doc.selection().setLayout(Layout::Rows);
        QCOMPARE(view->currentIndex().row(), 3);
        QCOMPARE(view->currentIndex().column(), 1);
        // A token count change in the column layout adds a column.
        doc.selection().setLayout(Layout::Columns);
        QString error;
        QVERIFY2(doc.setDimension(Dimension::Tokens, 5, &error), qPrintable(error));
        QCOMPARE(editor.model()->columnCount(), 5);
        QCOMPARE(editor.model()->rowCount(), 4);
        QVERIFY(editor.title().contains("(4\u00d75)"));
    }
};

QTEST_MAIN(TestColumnEditing)
#include "test_column_editing.moc"
