// SPDX-License-Identifier: GPL-3.0-or-later
// The bias editor of the Inputs panel: hidden without biases; with them, the current head's bq,
// bk, bv and bo as rows; an edit is one undo step that changes the computation, a grouped head's
// bk edits the whole group, and a refused entry says why and leaves the document as it was.

#include "Attention.h"
#include "document/Document.h"
#include "workbench/BiasEditor.h"
#include "workbench/InputsPanel.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

// Two heads of one key/value group, each with every bias, and Wo with bo.
attn::AttentionInputs biasedInputs() {
    attn::AttentionInputs in = attn::workedExample();
    in.heads.push_back(in.heads.front());
    for (attn::HeadWeights &w : in.heads) {
        w.bq = attn::Matrix::Constant(1, w.Wq.cols(), 0.5);
        w.bk = attn::Matrix::Constant(1, w.Wk.cols(), -0.25);
        w.bv = attn::Matrix::Constant(1, w.Wv.cols(), 1.0);
        w.kvGroup = 0;
    }
    in.Wo = attn::Matrix::Identity(2 * in.heads[0].Wv.cols(), 2); // p_out 2 < d_k 3
    in.bo = attn::Matrix::Constant(1, 2, 2.0);
    return in;
}

QStringList rowNames(QTableWidget *table) {
    QStringList names;
    for (int r = 0; r < table->rowCount(); ++r)
        names << table->verticalHeaderItem(r)->text();
    return names;
}

} // namespace

class TestBiasEditor : public QObject {
    Q_OBJECT

private slots:
    void hiddenWithoutBiases() {
        Document doc;
        InputsPanel panel(&doc);
        QVERIFY(panel.biasEditor()->isHidden());
    }

    void editsAreUndoableAndCompute() {
        Document doc;
        InputsPanel panel(&doc);
        QString error;
        QVERIFY2(doc.replaceInputs(biasedInputs(), "biased", &error), qPrintable(error));
        BiasEditor *editor = panel.biasEditor();
        QVERIFY(!editor->isHidden());
        QTableWidget *table = editor->table();
        QCOMPARE(rowNames(table), (QStringList{"bq", "bk", "bv", "bo"}));
        QCOMPARE(table->item(0, 0)->text(), QString("0.5"));
        const int before = doc.undoStack()->count();
        QSignalSpy refusals(editor, &BiasEditor::refused);

        // bq[1] of head 0: one undo step, and the computation adds it.
        table->item(0, 1)->setText("3");
        QCOMPARE(doc.inputs().heads[0].bq(0, 1), 3.0);
        QCOMPARE(doc.inputs().heads[1].bq(0, 1), 0.5);
        QCOMPARE(doc.undoStack()->count(), before + 1);
        const attn::AttentionResult r = attn::compute(doc.inputs());
        attn::Matrix q = doc.inputs().X * doc.inputs().heads[0].Wq;
        q.rowwise() += doc.inputs().heads[0].bq.row(0);
        QVERIFY((r.heads[0].Q - q).cwiseAbs().maxCoeff() < 1e-12);

        // bk of a key/value group: both heads change.
        table->item(1, 0)->setText("-1.5");
        QCOMPARE(doc.inputs().heads[0].bk(0, 0), -1.5);
        QCOMPARE(doc.inputs().heads[1].bk(0, 0), -1.5);
        // bo beyond its 2 columns cannot be edited; inside them it can.
        QCOMPARE(table->columnCount(), 3);
        QVERIFY(!(table->item(3, 2)->flags() & Qt::ItemIsEditable));
        table->item(3, 1)->setText("7");
        QCOMPARE(doc.inputs().bo(0, 1), 7.0);
        QCOMPARE(doc.undoStack()->count(), before + 3);

        // A refused entry: the message, the document unchanged, its number shown again.
        table->item(2, 0)->setText("abc");
        QCOMPARE(refusals.count(), 1);
        QVERIFY2(refusals.first().first().toString().contains("not a number"),
                 qPrintable(refusals.first().first().toString()));
        QCOMPARE(doc.inputs().heads[0].bv(0, 0), 1.0);
        QCOMPARE(table->item(2, 0)->text(), QString("1"));
        table->item(2, 0)->setText("1e400");
        QVERIFY(refusals.last().first().toString().contains("too large"));
        QCOMPARE(doc.undoStack()->count(), before + 3);

        doc.undoStack()->undo();
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.inputs().heads[0].bq(0, 1), 0.5);
        QCOMPARE(table->item(0, 1)->text(), QString("0.5"));
    }

    void followsTheCurrentHead() {
        Document doc;
        InputsPanel panel(&doc);
        attn::AttentionInputs in = biasedInputs();
        in.heads[1].bq(0, 0) = 9.0;
        QString error;
        QVERIFY2(doc.replaceInputs(in, "biased", &error), qPrintable(error));
        QTableWidget *table = panel.biasEditor()->table();
        QCOMPARE(table->item(0, 0)->text(), QString("0.5"));
        doc.selection().setCurrentHead(1);
        QCOMPARE(table->item(0, 0)->text(), QString("9"));
        table->item(0, 0)->setText("4");
        QCOMPARE(doc.inputs().heads[1].bq(0, 0), 4.0);
        QCOMPARE(doc.inputs().heads[0].bq(0, 0), 0.5);
    }
};

QTEST_MAIN(TestBiasEditor)
#include "test_bias_editor.moc"
