// SPDX-License-Identifier: GPL-3.0-or-later
// Model weights in the window: the import dialog's list of a checkpoint's tensors (filter, dtype,
// shape, the ones that cannot be imported greyed), its slice field and transpose, and the helper
// that fills Wq, Wk, Wv of every head from a fused GPT-2 tensor or three BERT tensors in one
// undo step.

#include "document/Document.h"
#include "import/HeadWeightsDialog.h"
#include "import/ImportDialog.h"
#include "io/Npy.h"
#include "support/IoSupport.h"
#include "support/SafetensorsSupport.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

void writeFile(const QString &fileName, const QByteArray &bytes) {
    QFile file(fileName);
    QVERIFY2(file.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(fileName));
    QCOMPARE(file.write(bytes), bytes.size());
}

// out × in = 8 × 8, each value telling its place: (i, j) → which + i/8 + j/64.
attn::Matrix linear(double which) {
    attn::Matrix m(8, 8);
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j)
            m(i, j) = which + i / 8.0 + j / 64.0;
    return m;
}

} // namespace

class TestImportWeights : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString gpt2() {
        const QString file = m_dir.filePath("gpt2.safetensors");
        writeFile(
            file,
            safetensors(
                {{"h.0.attn.c_attn.bias", "F32", {24}, f32Bytes(std::vector<float>(24, 0.25f))},
                 {"h.0.attn.c_attn.weight", "F32", {8, 24}, f32Matrix(fusedAttention(8))},
                 {"h.0.mlp.c_fc.weight", "F32", {8, 32}, f32Bytes(std::vector<float>(256, 1.0f))},
                 {"wpe", "F32", {2, 2, 2}, f32Bytes(std::vector<float>(8))}}));
        return file;
    }

    QString bert() {
        const QString file = m_dir.filePath("bert.safetensors");
        const QString prefix = "encoder.layer.0.attention.self.";
        writeFile(file,
                  safetensors({{prefix + "key.weight", "F32", {8, 8}, f32Matrix(linear(2))},
                               {prefix + "query.weight", "F32", {8, 8}, f32Matrix(linear(1))},
                               {prefix + "value.weight", "F32", {8, 8}, f32Matrix(linear(3))}}));
        return file;
    }

private slots:
    // A file over a few MB is read on a worker thread: the dialog says so and offers nothing
    // to import until the plan has arrived; a newer choice drops an older read.
    void largeFileIsReadOffTheGuiThread() {
        const QString file = m_dir.filePath("large.safetensors");
        const attn::Matrix wq = linear(5).topLeftCorner(4, 3);
        writeFile(
            file,
            safetensors(
                {{"big", "F32", {1024, 1200}, f32Bytes(std::vector<float>(1024 * 1200, 0.5f))},
                 {"wq", "F32", {4, 3}, f32Matrix(wq)}}));
        QVERIFY(QFileInfo(file).size() > ImportDialog::kQuickReadBytes);
        Document doc; // Wq is 4 × 3
        ImportDialog dialog(&doc, {attn::Stage::Wq, 0}, file);
        QVERIFY(dialog.isReading());
        QVERIFY(dialog.statusText().startsWith("Reading large.safetensors"));
        QVERIFY(!dialog.importButton()->isEnabled() && !dialog.resizeButton()->isEnabled());
        QVERIFY(!dialog.importNow(false));
        QTRY_VERIFY(!dialog.isReading());
        QCOMPARE(dialog.plan().read.arrayName, QString("big"));
        QCOMPARE(dialog.plan().read.matrix.rows(), Eigen::Index(1024));
        QVERIFY(dialog.resizeButton()->isEnabled()); // 1024 × 1200 does not fit 4 × 3

        dialog.chooseArray("big");
        dialog.chooseArray("wq"); // before the first read is back
        QTRY_VERIFY(!dialog.isReading());
        QCOMPARE(dialog.plan().read.arrayName, QString("wq"));
        QVERIFY2(dialog.plan().canImport(), qPrintable(dialog.statusText()));
        QVERIFY(dialog.importNow(false));
        COMPARE_MATRIX(doc.matrix({attn::Stage::Wq, 0}), wq);
    }

    void dialogListsTensors() {
        Document doc;
        ImportDialog dialog(&doc, {attn::Stage::Wq, 0}, gpt2());
        QTreeWidget *list = dialog.arrayList();
        QVERIFY(!list->isHidden());
        QCOMPARE(list->topLevelItemCount(), 4);
        const QTreeWidgetItem *fused = list->topLevelItem(1);
        QCOMPARE(fused->text(0), QString("h.0.attn.c_attn.weight"));
        QCOMPARE(fused->text(1), QString("F32"));
        QCOMPARE(fused->text(2), QString("8\u00d724"));
        QVERIFY(!(list->topLevelItem(3)->flags() & Qt::ItemIsEnabled)); // 3-D
        QVERIFY(list->topLevelItem(3)->toolTip(0).contains("3-D"));
        // The first matrix is chosen, not the 1-D bias before it.
        QCOMPARE(dialog.plan().read.arrayName, QString("h.0.attn.c_attn.weight"));
        dialog.chooseArray("h.0.attn.c_attn.bias");
        QVERIFY(dialog.plan().read.notes.join(' ').contains("one row"));

        dialog.setFilter("c_attn");
        QVERIFY(!list->topLevelItem(0)->isHidden());
        QVERIFY(!list->topLevelItem(1)->isHidden());
        QVERIFY(list->topLevelItem(2)->isHidden());
        QVERIFY(list->topLevelItem(3)->isHidden());
        QCOMPARE(dialog.filterBox()->text(), QString("c_attn"));
    }

    void dialogSlicesAndTransposes() {
        Document doc; // the worked example: Wq is p × d_k = 4 × 3
        ImportDialog dialog(&doc, {attn::Stage::Wq, 0}, gpt2());
        dialog.chooseArray("h.0.attn.c_attn.weight");
        dialog.setSlice("[0:4, 8:11]");
        QVERIFY2(dialog.plan().canImport(), qPrintable(dialog.statusText()));
        const attn::Matrix fused = fusedAttention(8);
        COMPARE_BITS(dialog.plan().read.matrix, attn::Matrix(fused.block(0, 8, 4, 3)));
        QVERIFY(dialog.plan().read.description.contains("slice [0:4, 8:11]"));
        dialog.setSlice("[0:3, 8:12]"); // 3 × 4, transposed 4 × 3
        QVERIFY(!dialog.plan().fits);
        dialog.setTransposed(true);
        QVERIFY(dialog.transposeBox()->isChecked());
        QVERIFY(dialog.plan().canImport());
        dialog.setSlice("[:, 0:99]");
        QVERIFY(!dialog.plan().ok());
        QVERIFY2(dialog.statusText().contains("reaches beyond 0:24"),
                 qPrintable(dialog.statusText()));
        QVERIFY(!dialog.importButton()->isEnabled());
        dialog.setSlice("[0:3, 8:12]");
        QVERIFY(dialog.importNow(false));
        COMPARE_BITS(doc.matrix({attn::Stage::Wq, 0}),
                     attn::Matrix(fused.block(0, 8, 3, 4).transpose()));
        QVERIFY(doc.undoStack()->undoText().contains("h.0.attn.c_attn.weight[0:3, 8:12]"));
    }

    void fusedFillsEveryHead() {
        Document doc;
        const attn::AttentionInputs before = doc.inputs();
        HeadWeightsDialog dialog(&doc, gpt2());
        QVERIFY(dialog.fusedButton()->isChecked());
        QCOMPARE(dialog.tensorBox(0)->currentText(), QString("h.0.attn.c_attn.weight"));
        QVERIFY(!dialog.transposeBox()->isChecked());
        QCOMPARE(dialog.tensorBox(0)->count(), 2); // the 2-D float tensors
        dialog.headsBox()->setValue(2);
        QVERIFY2(dialog.summaryText().contains("H 1 \u2192 2, p 4 \u2192 8, d_k 3 \u2192 4"),
                 qPrintable(dialog.summaryText()));
        const int steps = doc.undoStack()->count();
        QVERIFY(dialog.fillNow());
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        const attn::Matrix fused = fusedAttention(8);
        QCOMPARE(doc.headCount(), 2);
        for (int h = 0; h < 2; ++h) {
            COMPARE_BITS(doc.matrix({attn::Stage::Wq, h}),
                         attn::Matrix(fused.middleCols(4 * h, 4)));
            COMPARE_BITS(doc.matrix({attn::Stage::Wk, h}),
                         attn::Matrix(fused.middleCols(8 + 4 * h, 4)));
            COMPARE_BITS(doc.matrix({attn::Stage::Wv, h}),
                         attn::Matrix(fused.middleCols(16 + 4 * h, 4)));
        }
        QCOMPARE(doc.matrix({attn::Stage::X, 0}).cols(), 8);
        doc.undoStack()->undo();
        QVERIFY(doc.inputs() == before);
    }

    void separateTensorsTransposed() {
        Document doc;
        HeadWeightsDialog dialog(&doc, bert());
        QVERIFY(dialog.separateButton()->isChecked());
        QVERIFY(dialog.transposeBox()->isChecked());
        QVERIFY(dialog.tensorBox(1)->currentText().endsWith("query.weight"));
        QVERIFY(dialog.tensorBox(3)->currentText().endsWith("value.weight"));
        dialog.headsBox()->setValue(4);
        QVERIFY(dialog.fillNow());
        QCOMPARE(doc.headCount(), 4);
        for (int h = 0; h < 4; ++h) {
            COMPARE_BITS(doc.matrix({attn::Stage::Wq, h}),
                         attn::Matrix(linear(1).transpose().middleCols(2 * h, 2)));
            COMPARE_BITS(doc.matrix({attn::Stage::Wv, h}),
                         attn::Matrix(linear(3).transpose().middleCols(2 * h, 2)));
        }
    }

    void refusals() {
        Document doc;
        HeadWeightsDialog dialog(&doc, gpt2());
        dialog.headsBox()->setValue(3); // 8 is not a multiple of 3
        QVERIFY(!dialog.fillButton()->isEnabled());
        QVERIFY(dialog.summaryText().contains("cannot be shared by 3 heads"));
        dialog.headsBox()->setValue(2);
        dialog.tensorBox(0)->setCurrentText("h.0.mlp.c_fc.weight"); // 8 × 32, not 8 × 24
        QVERIFY(!dialog.fillButton()->isEnabled());
        QVERIFY2(dialog.summaryText().contains("8\u00d732"), qPrintable(dialog.summaryText()));
        QVERIFY(doc.setCrossAttention(true));
        const attn::AttentionInputs before = doc.inputs();
        HeadWeightSource source = dialog.source();
        source.fusedTensor = "h.0.attn.c_attn.weight";
        QString error;
        QVERIFY(!fillHeadWeights(doc, source, &error));
        QVERIFY(error.contains("cross-attention"));
        QVERIFY(doc.inputs() == before);
    }

    // A checkpoint's Wq can be within every single limit (p = 1024, d_k = 1024) while the
    // inputs it would make are not (four heads' Wq, Wk, Wv of 1024 × 1024 are 12 Mi numbers):
    // the plan refuses the resize before a matrix of the new shape is built.
    void resizeChecksTheWholeShape() {
        Document doc;
        QVERIFY(doc.setDimension(Dimension::Heads, 4));
        const QString file = m_dir.filePath("wq1024.npy");
        writeFile(file, attn::npyFromMatrix(attn::Matrix::Constant(1024, 1024, 0.01)));
        const attn::AttentionInputs before = doc.inputs();
        const ImportPlan plan = planImport(doc, {attn::Stage::Wq, 0}, file);
        QVERIFY(plan.ok());
        QCOMPARE(plan.changes.size(), size_t(2)); // p and d_k, each within its own limit
        QVERIFY(!plan.canResize());
        QVERIFY2(plan.resizeProblem.contains("at most 8388608 numbers"),
                 qPrintable(plan.resizeProblem));
        QString error;
        QVERIFY(!applyImport(doc, plan, true, &error));
        QVERIFY2(error.contains("at most 8388608 numbers"), qPrintable(error));
        QVERIFY(doc.inputs() == before);
    }
};

QTEST_MAIN(TestImportWeights)
#include "test_import_weights.moc"
