// SPDX-License-Identifier: GPL-3.0-or-later
// MatrixTableModel: the editors' view of a matrix of the Document (display, edit, refusals).

#include "Attention.h"
#include "document/Document.h"
#include "document/MatrixTableModel.h"
#include "document/Presets.h"
#include "document/TokenListModel.h"
#include "support/TestSupport.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

const MatrixId kX{attn::Stage::X, 0};
const MatrixId kWq0{attn::Stage::Wq, 0};

} // namespace

class TestTableModels : public QObject {
    Q_OBJECT
private slots:
    void tableModelData();
    void tableModelSetData();
    void tableModelPassesTester();
    void longLabelsAreElided();
};

void TestTableModels::tableModelData() {
    Document doc;
    QVERIFY(doc.setCell(kX, 0, 1, 1.0 / 3));
    MatrixTableModel model(&doc, kX);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), 4);
    QCOMPARE(model.data(model.index(0, 1)).toString(), QStringLiteral("0.3333"));
    QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("1"));
    QCOMPARE(model.data(model.index(0, 1), Qt::EditRole).toDouble(), 1.0 / 3);
    QCOMPARE(model.headerData(2, Qt::Vertical).toString(), QStringLiteral("t2"));
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("2"));
    QVERIFY(doc.setToken(2, "sat"));
    QCOMPARE(model.headerData(2, Qt::Vertical).toString(), QStringLiteral("sat"));
    MatrixTableModel wq(&doc, kWq0);
    QCOMPARE(wq.headerData(1, Qt::Vertical).toString(), QStringLiteral("1"));
}

void TestTableModels::tableModelSetData() {
    Document doc;
    MatrixTableModel model(&doc, kX);
    QSignalSpy refused(&model, &MatrixTableModel::editRefused);
    QSignalSpy dataChanged(&model, &QAbstractItemModel::dataChanged);
    QVERIFY(model.setData(model.index(1, 1), QStringLiteral(" 2.5 ")));
    QCOMPARE(doc.inputs().X(1, 1), 2.5);
    QCOMPARE(dataChanged.count(), 1);
    QCOMPARE(dataChanged.last().at(0).toModelIndex(), model.index(1, 1));
    QVERIFY(model.setData(model.index(1, 1), QStringLiteral("\u22121e3"))); // Unicode minus
    QCOMPARE(doc.inputs().X(1, 1), -1000.0);
    QVERIFY(model.setData(model.index(1, 1), 0.5)); // a double works too
    QCOMPARE(doc.inputs().X(1, 1), 0.5);

    for (const QString &text :
         {QStringLiteral("abc"), QStringLiteral(""), QStringLiteral("nan"), QStringLiteral("inf"),
          QStringLiteral("1e308"), QStringLiteral("1,2,3")}) {
        QVERIFY2(!model.setData(model.index(0, 0), text), qPrintable(text));
        QCOMPARE(doc.inputs().X(0, 0), 1.0);
    }
    QCOMPARE(refused.count(), 6);
    QCOMPARE(refused.at(0).at(0).toString(),
             QStringLiteral("\u201cabc\u201d is not a number \u2014 the cell keeps 1"));
    QVERIFY(refused.at(4).at(0).toString().contains("too large"));
    QCOMPARE(doc.undoStack()->count(), 3);

    // The user's locale is accepted after the C locale.
    const QLocale previous;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QVERIFY(model.setData(model.index(0, 0), QStringLiteral("2,25")));
    QLocale::setDefault(previous);
    QCOMPARE(doc.inputs().X(0, 0), 2.25);
}

void TestTableModels::tableModelPassesTester() {
    Document doc;
    MatrixTableModel x(&doc, kX);
    MatrixTableModel wq(&doc, kWq0);
    MatrixTableModel wo(&doc, {attn::Stage::Wo, 0});
    MatrixTableModel context(&doc, {attn::Stage::Context, 0});
    using Mode = QAbstractItemModelTester::FailureReportingMode;
    QAbstractItemModelTester t1(&x, Mode::QtTest), t2(&wq, Mode::QtTest), t3(&wo, Mode::QtTest),
        t4(&context, Mode::QtTest);
    QCOMPARE(wo.rowCount(), 0);

    QVERIFY(doc.setCell(kX, 0, 0, 5));
    QVERIFY(doc.setDimension(Dimension::Tokens, 7));
    QCOMPARE(x.rowCount(), 7);
    QVERIFY(doc.setDimension(Dimension::Embedding, 2));
    QCOMPARE(x.columnCount(), 2);
    QCOMPARE(wq.rowCount(), 2);
    QVERIFY(doc.setDimension(Dimension::Heads, 3));
    QCOMPARE(wo.rowCount(), 9);
    QVERIFY(doc.setDimension(Dimension::KeyDim, 1));
    doc.selection().setCurrentHead(2);
    QCOMPARE(wq.matrixId().head, 2);
    QCOMPARE(wq.columnCount(), 1);
    doc.setCrossAttention(true);
    QCOMPARE(context.rowCount(), 7);
    QVERIFY(doc.replaceInputs(randomExample(), "random"));
    QCOMPARE(x.columnCount(), 8);
    while (doc.undoStack()->canUndo())
        doc.undoStack()->undo();
    QCOMPARE(x.rowCount(), 4);
    QCOMPARE(x.data(x.index(0, 0)).toString(), QStringLiteral("1"));
    QCOMPARE(wo.rowCount(), 0);
    QCOMPARE(context.rowCount(), 0);
    while (doc.undoStack()->canRedo())
        doc.undoStack()->redo();
    QCOMPARE(x.rowCount(), 6);
}

// A label of up to 256 characters is drawn cut to 24 with "…" in the header and the token
// strip; the editor and the tooltips have all of it.
void TestTableModels::longLabelsAreElided() {
    Document doc;
    const QString label = QString(200, 'w') + "end";
    QVERIFY(doc.setToken(1, label));
    MatrixTableModel x(&doc, MatrixId{attn::Stage::X, 0});
    const QString header = x.headerData(1, Qt::Vertical, Qt::DisplayRole).toString();
    QCOMPARE(header.size(), qsizetype(24));
    QVERIFY(header.endsWith(QChar(0x2026)));
    QVERIFY(x.headerData(1, Qt::Vertical, Qt::ToolTipRole).toString().endsWith(label));
    TokenListModel tokens(&doc, false);
    const QModelIndex cell = tokens.index(0, 1);
    QCOMPARE(tokens.data(cell, Qt::DisplayRole).toString(), header);
    QCOMPARE(tokens.data(cell, Qt::EditRole).toString(), label);
    QVERIFY(tokens.data(cell, Qt::ToolTipRole).toString().contains(label));
}

QTEST_MAIN(TestTableModels)
#include "test_table_models.moc"
