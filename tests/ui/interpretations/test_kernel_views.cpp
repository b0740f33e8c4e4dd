// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel readings in the window: the tiled product and the online softmax in the
// Interpretations explorer (animated, outlined on the heatmaps), the controls of the sliding
// window, ALiBi and shared keys/values (edits through the Document, undoable, a group's Wk
// edited once), the mask-and-bias panel and decoding with a KV cache.

#include "Masks.h"
#include "document/Document.h"
#include "heatmap/HeatmapView.h"
#include "insights/DecodingView.h"
#include "insights/HeadOverview.h"
#include "insights/MaskBiasView.h"
#include "interpretations/InterpretationsView.h"
#include "interpretations/KernelReadingControls.h"
#include "interpretations/OnlineSoftmaxWidget.h"
#include "interpretations/TermAnimator.h"
#include "interpretations/TiledProductWidget.h"
#include "kernels/KvCache.h"
#include "support/KernelSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"
#include "workbench/KernelOptionsControls.h"
#include "workbench/StagesView.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QJsonObject>
#include <QLabel>
#include <QMainWindow>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

void showDock(WindowAssembler &wb, const char *name) {
    auto *dock = wb.window().findChild<QDockWidget *>(name);
    QVERIFY2(dock, name);
    dock->show();
    dock->raise();
}

// With ATTNVIZ_KERNEL_SHOTS=<directory>, the panels are saved there as PNGs to look at.
void shot(QWidget *widget, const QString &name) {
    const QString dir = qEnvironmentVariable("ATTNVIZ_KERNEL_SHOTS");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents();
    QVERIFY(widget->grab().save(dir + "/" + name + ".png"));
}

// Two heads of the worked example's sizes, different weights.
AttentionInputs twoHeadInputs() {
    AttentionInputs in = testsupport::randomKernelInputs(
        7, testsupport::KernelShape{5, 5, 4, 3, 3, 2, false, false, 0.0, -1});
    std::mt19937 rng(3);
    in.Wo = testsupport::randomMatrix(rng, 6, 4);
    return in;
}

} // namespace

class TestKernelViews : public QObject {
    Q_OBJECT

private slots:
    void tiledReadingWalksTheTiles() {
        WindowAssembler wb;
        showDock(wb, "interpretationsDock");
        wb.window().show();
        testsupport::settle(wb);
        InterpretationsView *view = &wb.interpretations();
        view->setProduct(Product::Scores);
        view->setMode(InterpretationMode::Tiled);
        KernelReadingControls *sizes = view->kernelControls();
        QVERIFY(sizes->isVisible());
        sizes->tileSpinBox(0)->setValue(3);
        sizes->tileSpinBox(1)->setValue(2);
        sizes->tileSpinBox(2)->setValue(2);
        const InterpretedProduct &p = *view->currentProduct();
        const TileSize size{3, 2, 2};
        // 4×4 scores in 3×2 tiles (2×2 of them), d_k = 3 in inner blocks of 2: 8 steps.
        QCOMPARE(view->animator()->count(), 8);
        view->animator()->showFirst();
        TiledProductWidget *tiled = view->tiledWidget();
        QCOMPARE(tiled->partialSum().cwiseAbs().maxCoeff(), 0.0);
        StagesView &stages = wb.stages();
        for (int step = 1; step <= 8; ++step) {
            view->animator()->stepForward();
            if (step == 3) {
                shot(view, "tiled_view");
                shot(stages.view(Stage::Scores), "tiled_scores_heatmap");
                shot(stages.view(Stage::K), "tiled_k_heatmap");
            }
            COMPARE_MATRIX_TOL(tiled->partialSum(), tiledPartialSum(p.A, p.B, size, step), 1e-12);
            const TiledStep s = tiledStep(p.A, p.B, size, step - 1);
            const QRect tile(int(s.colFirst), int(s.rowFirst), int(s.colCount), int(s.rowCount));
            QCOMPARE(tiled->currentBlocks().p, tile);
            QCOMPARE(stages.view(Stage::Scores)->highlightedBlock(), tile);
            QCOMPARE(stages.view(Stage::Q)->highlightedBlock(),
                     QRect(int(s.innerFirst), int(s.rowFirst), int(s.innerCount), int(s.rowCount)));
            // B = Kᵀ is drawn as K: the block is transposed there.
            QCOMPARE(stages.view(Stage::K)->highlightedBlock(),
                     QRect(int(s.innerFirst), int(s.colFirst), int(s.innerCount), int(s.colCount)));
        }
        COMPARE_MATRIX_TOL(tiled->partialSum(), p.P, 1e-12);
        QVERIFY(tiled->caption().contains("every tile done"));
        // Another reading takes the tile outlines away.
        view->setMode(InterpretationMode::Row);
        QVERIFY(stages.view(Stage::Scores)->highlightedBlock().isEmpty());
        QCOMPARE(view->animator()->count(), p.termCount());
    }

    void onlineReadingWalksTheKeyBlocks_data() {
        QTest::addColumn<int>("layout");
        QTest::newRow("rows") << int(Layout::Rows);
        QTest::newRow("columns") << int(Layout::Columns);
    }
    void onlineReadingWalksTheKeyBlocks() {
        QFETCH(int, layout);
        WindowAssembler wb;
        showDock(wb, "interpretationsDock");
        wb.window().show();
        Document &doc = wb.document();
        doc.selection().setLayout(Layout(layout));
        doc.setCausal(true);
        testsupport::settle(wb);
        InterpretationsView *view = &wb.interpretations();
        view->setMode(InterpretationMode::Online);
        view->kernelControls()->blockSpinBox()->setValue(3);
        doc.selection().setSelectedRow(3);
        QCOMPARE(view->animator()->count(), 2); // 4 keys in blocks of 3
        OnlineSoftmaxWidget *online = view->onlineWidget();
        const AttentionResult &r = *wb.recomputer().snapshot().result;
        COMPARE_MATRIX_TOL(Matrix(online->walk().output), Matrix(r.heads[0].output.row(3)), 1e-12);
        view->animator()->showFirst();
        QCOMPARE(online->table()->rowCount(), 0);
        view->animator()->stepForward();
        QCOMPARE(online->table()->rowCount(), 1);
        const QRect block = Layout(layout) == Layout::Rows ? QRect(0, 3, 3, 1) : QRect(3, 0, 1, 3);
        QCOMPARE(wb.stages().view(Stage::Weights)->highlightedBlock(), block);
        view->animator()->showAll();
        QCOMPARE(online->table()->rowCount(), 3); // two blocks and the division by ℓ
        QVERIFY2(online->checkText().contains("\u2713"), qPrintable(online->checkText()));
        const QString plain = Layout(layout) == Layout::Rows ? "softmax(\u2026)\u00b7V row"
                                                             : "V\u00b7softmax(\u2026) column";
        QVERIFY2(online->checkText().contains(plain), qPrintable(online->checkText()));
        // Every row as a fused kernel: 2 × 2 blocks of 3, the same output, 3·3 + 3·3 + 2·3
        // numbers held (tile, accumulator, m and ℓ) where the plain path holds 4·4 weights.
        const QString all = online->allRowsText();
        QVERIFY2(all.contains("2 query blocks \u00d7 2 key blocks") && all.contains("\u2713") &&
                     all.contains("holds 24 numbers") && all.contains("(16 numbers)"),
                 qPrintable(all));
        shot(view, QString("online_view_%1").arg(QTest::currentDataTag()));
    }

    void windowAndAlibiControlsEditTheDocument() {
        WindowAssembler wb;
        wb.window().show();
        testsupport::settle(wb);
        Document &doc = wb.document();
        auto *controls = wb.window().findChild<KernelOptionsControls *>();
        QVERIFY(controls);
        controls->windowSpinBox()->setValue(1);
        QCOMPARE(doc.inputs().options.window, 1);
        QVERIFY(controls->windowSelfCheckBox()->isEnabled());
        controls->globalSpinBox()->setValue(1);
        QCOMPARE(doc.inputs().options.globalTokens, 1);
        controls->alibiCheckBox()->setChecked(true);
        QVERIFY(doc.inputs().options.alibi);
        QVERIFY(controls->slopeLabel()->text().contains("m = 0.0039")); // 2^−8 for one head
        testsupport::settle(wb);
        const AttentionResult &r = *wb.recomputer().snapshot().result;
        const Mask expected =
            slidingWindowMask(doc.inputs().options, 4, 4); // causal is off: the window alone
        QVERIFY((r.masked == expected).all());

        showDock(wb, "maskBiasDock");
        auto *maskBias = wb.window().findChild<MaskBiasView *>();
        QVERIFY(maskBias);
        maskBias->refreshNow();
        QVERIFY(maskBias->biasView()->isVisibleTo(maskBias));
        QCOMPARE(maskBias->biasView()->values()(1, 0), -1.0 / 256);
        QCOMPARE(maskBias->maskView()->values()(2, 0), 1.0); // token 0 is global
        QVERIFY(maskBias->captionText().contains("a sliding window of 1 key"));
        shot(wb.window().findChild<QDockWidget *>("maskBiasDock"), "mask_bias");
        shot(controls->parentWidget(), "controls");

        // Three options edits, three undo steps.
        doc.undoStack()->undo();
        QVERIFY(!doc.inputs().options.alibi);
        QVERIFY(!controls->alibiCheckBox()->isChecked());
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.inputs().options.window, 0);
        QCOMPARE(controls->windowSpinBox()->value(), 0);
    }

    // The newer families' options: a soft cap shows its own stage (with a hover that derives the
    // cell), the QK norm brings editable gains, RoPE turns part of d_k with llama3 scaling; each
    // edit is one undo step and the stages follow the core's computation.
    void familyOptionsEditTheDocument() {
        WindowAssembler wb;
        wb.window().show();
        Document &doc = wb.document();
        QVERIFY(doc.replaceInputs(twoHeadInputs(), "two heads"));
        testsupport::settle(wb);
        auto *controls = wb.window().findChild<KernelOptionsControls *>();
        QVERIFY(controls);
        auto *stages = wb.window().findChild<StagesView *>();
        QVERIFY(stages);
        QVERIFY(stages->view(Stage::Capped)->isHidden()); // no cap, no stage

        controls->softcapSpinBox()->setValue(0.5);
        QCOMPARE(doc.inputs().options.softcap, 0.5);
        controls->scaleDimSpinBox()->setValue(4);
        QCOMPARE(doc.inputs().options.scaleDim, 4.0);
        testsupport::settle(wb);
        QVERIFY(!stages->view(Stage::Capped)->isHidden());
        QVERIFY2(stages->view(Stage::Capped)->title().contains("0.5\u00b7tanh("),
                 qPrintable(stages->view(Stage::Capped)->title()));
        const AttentionResult &capped = *wb.recomputer().snapshot().result;
        const AttentionResult expected = compute(doc.inputs());
        COMPARE_MATRIX_TOL(capped.heads[0].weights(), expected.heads[0].weights(), 0);
        QVERIFY(capped.heads[0].logits().cwiseAbs().maxCoeff() <= 0.5);
        const QString hover = stages->tooltip(Stage::Capped, 1, 2);
        QVERIFY2(hover.contains("tanh") && hover.contains("\u00b10.5"), qPrintable(hover));

        controls->qkNormCheckBox()->setChecked(true);
        QVERIFY(doc.inputs().options.qkNorm);
        QCOMPARE(doc.inputs().heads[1].gq, Matrix::Ones(1, doc.inputs().heads[1].Wq.cols()));
        QVERIFY(doc.setBias(1, 'Q', 0, 2.0)); // a gain, edited like a bias
        QCOMPARE(doc.inputs().heads[1].gq(0, 0), 2.0);
        auto *gains = wb.window().findChild<QTableWidget *>("biasTable");
        QVERIFY(gains);
        doc.selection().setCurrentHead(1);
        QVERIFY(gains->verticalHeaderItem(0));
        QStringList rows;
        for (int r = 0; r < gains->rowCount(); ++r)
            rows << gains->verticalHeaderItem(r)->text();
        QVERIFY2(rows.contains("gq") && rows.contains("gk"), qPrintable(rows.join(",")));

        QVERIFY(doc.setDimension(Dimension::KeyDim, 4)); // RoPE turns pairs
        QCOMPARE(doc.inputs().heads[1].gq.cols(), 4);    // the gains follow d_k
        QVERIFY(doc.setPositioning(Positional::Rope, doc.inputs().options.rope));
        controls->rotaryDimsSpinBox()->setValue(2);
        QCOMPARE(doc.inputs().options.rope.rotaryDims, 2);
        controls->ropeScalingCombo()->setCurrentIndex(2);
        emit controls->ropeScalingCombo()->activated(2);
        QCOMPARE(doc.inputs().options.rope.scaling, RopeScaling::Llama3);
        testsupport::settle(wb);
        const AttentionResult &all = *wb.recomputer().snapshot().result;
        const AttentionResult again = compute(doc.inputs());
        COMPARE_MATRIX_TOL(all.heads[1].Q, again.heads[1].Q, 0);
        COMPARE_MATRIX_TOL(all.output(), again.output(), 0);
        shot(controls, "family_options");

        // Each edit one undo step: back to no cap, no norm, whole RoPE.
        for (int i = 0; i < 8; ++i)
            doc.undoStack()->undo();
        QCOMPARE(doc.inputs().options.softcap, 0.0);
        QVERIFY(!doc.inputs().options.qkNorm);
        QCOMPARE(doc.inputs().options.rope.rotaryDims, 0);
        testsupport::settle(wb);
        QVERIFY(stages->view(Stage::Capped)->isHidden());
    }

    void sharedKeysAndValuesAreEditedOnce() {
        WindowAssembler wb;
        wb.window().show();
        Document &doc = wb.document();
        QVERIFY(doc.replaceInputs(twoHeadInputs(), "two heads"));
        testsupport::settle(wb);
        QVERIFY(doc.setKvGroup(0, 0));
        QVERIFY(doc.setKvGroup(1, 0)); // head 1 joins: it takes head 0's Wk and Wv
        COMPARE_MATRIX_TOL(doc.inputs().heads[1].Wk, doc.inputs().heads[0].Wk, 0);
        // One edit of head 1's Wk is the group's.
        QVERIFY(doc.setCell(MatrixId{Stage::Wk, 1}, 0, 0, 7.5));
        QCOMPARE(doc.inputs().heads[0].Wk(0, 0), 7.5);
        doc.undoStack()->undo();
        COMPARE_MATRIX_TOL(doc.inputs().heads[1].Wk, doc.inputs().heads[0].Wk, 0);
        // A resize keeps the group's matrices shared.
        QVERIFY(doc.setDimension(Dimension::KeyDim, 4));
        COMPARE_MATRIX_TOL(doc.inputs().heads[1].Wk, doc.inputs().heads[0].Wk, 0);
        testsupport::settle(wb);
        const AttentionResult &r = *wb.recomputer().snapshot().result;
        COMPARE_MATRIX_TOL(r.heads[1].K, r.heads[0].K, 0);

        doc.selection().setCurrentHead(1);
        auto *controls = wb.window().findChild<KernelOptionsControls *>();
        QCOMPARE(controls->kvGroupSpinBox()->value(), 0);
        QCOMPARE(controls->sharingLabel()->text(), QString("heads 0, 1 share Wk and Wv"));
        showDock(wb, "headOverviewDock");
        auto *heads = wb.window().findChild<HeadOverview *>();
        heads->refreshNow();
        QVERIFY(heads->heatmap(1)->title().endsWith("\u00b7 group 0"));
        shot(heads, "head_overview_groups");
        // Leaving the group is one undo step away from sharing again.
        controls->kvGroupSpinBox()->setValue(-1);
        QCOMPARE(doc.inputs().heads[1].kvGroup, -1);
        doc.undoStack()->undo();
        QCOMPARE(doc.inputs().heads[1].kvGroup, 0);
    }

    // The reading, its product and the kernel sizes travel with a session's view state; a
    // hand-edited value out of range is ignored, not applied.
    void kernelSizesAreSavedWithTheSession() {
        WindowAssembler a;
        InterpretationsView &view = a.interpretations();
        view.setProduct(Product::Output);
        view.setMode(InterpretationMode::Online);
        view.kernelControls()->tileSpinBox(0)->setValue(3);
        view.kernelControls()->tileSpinBox(2)->setValue(2);
        view.kernelControls()->blockSpinBox()->setValue(3);
        QJsonObject saved = a.viewState().save().value("interpretations").toObject();
        QCOMPARE(saved.value("mode").toString(), QString("online"));
        QCOMPARE(saved.value("block").toInt(), 3);

        WindowAssembler b;
        b.viewState().load(QJsonObject{{"interpretations", saved}});
        InterpretationsView &restored = b.interpretations();
        QCOMPARE(restored.product(), Product::Output);
        QCOMPARE(restored.mode(), InterpretationMode::Online);
        QCOMPARE(restored.kernelControls()->tileSize().rows, Eigen::Index(3));
        QCOMPARE(restored.kernelControls()->tileSize().inner, Eigen::Index(2));
        QCOMPARE(restored.kernelControls()->keyBlock(), 3);

        saved["block"] = -5;
        saved["mode"] = "sideways";
        b.viewState().load(QJsonObject{{"interpretations", saved}});
        QCOMPARE(restored.mode(), InterpretationMode::Online);
        QCOMPARE(restored.kernelControls()->keyBlock(), 3);
    }

    // The kernel panels at the sizes a classroom uses: at 1280×800 and at 1024×768 in
    // presentation mode each panel, opened from the View menu, is on screen with room for its
    // content (no table squeezed to its header), and the online-softmax table shows every column.
    void kernelPanelsAtClassroomSizes_data() {
        QTest::addColumn<QString>("dock");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presentation");
        for (const char *dock : {"interpretationsDock", "maskBiasDock", "decodingDock"}) {
            QTest::addRow("%s 1280x800", dock) << QString(dock) << QSize(1280, 800) << false;
            QTest::addRow("%s presentation", dock) << QString(dock) << QSize(1024, 768) << true;
        }
    }
    void kernelPanelsAtClassroomSizes() {
        QFETCH(QString, dock);
        QFETCH(QSize, size);
        QFETCH(bool, presentation);
        WindowAssembler wb;
        wb.document().setCausal(true);
        wb.window().resize(size);
        wb.window().show();
        if (presentation) {
            wb.presentation().setActive(true);
            // As `attnviz --presentation --size`: the offscreen screen is smaller than a
            // projector, so leave full screen and take the projector's size.
            wb.window().setWindowState(wb.window().windowState() & ~Qt::WindowFullScreen);
            wb.window().resize(size);
        }
        showDock(wb, qPrintable(dock));
        InterpretationsView &view = wb.interpretations();
        view.setMode(InterpretationMode::Online);
        view.kernelControls()->blockSpinBox()->setValue(2);
        view.animator()->showAll();
        testsupport::settle(wb);
        shot(&wb.window(),
             QString("window_%1_%2").arg(dock, presentation ? "presentation" : "1280"));
        auto *panel = wb.window().findChild<QDockWidget *>(dock);
        QVERIFY(panel->isVisible());
        const QRect inWindow(panel->mapTo(&wb.window(), QPoint(0, 0)), panel->size());
        QVERIFY2(wb.window().rect().contains(inWindow), qPrintable(dock));
        QVERIFY2(
            panel->width() >= 300 && panel->height() >= 300,
            qPrintable(QString("%1 is %2×%3").arg(dock).arg(panel->width()).arg(panel->height())));
        if (dock == "interpretationsDock") {
            QTableWidget *table = view.onlineWidget()->table();
            QVERIFY(table->isVisible());
            const int last = table->columnCount() - 1;
            QVERIFY2(table->columnViewportPosition(last) < table->viewport()->width(),
                     "the acc column is off the table");
            QVERIFY(table->rowCount() == 3); // two key blocks of 2 and acc / ℓ
        }
    }

    void decodingEndsAtTheCausalResult() {
        WindowAssembler wb;
        wb.window().show();
        showDock(wb, "decodingDock");
        testsupport::settle(wb);
        auto *decoding = wb.window().findChild<DecodingView *>();
        QVERIFY(decoding);
        decoding->reset();
        QCOMPARE(decoding->decoded(), 0);
        for (int t = 1; t <= 4; ++t) {
            decoding->step();
            QCOMPARE(decoding->decoded(), t);
            QCOMPARE(decoding->keysView()->values().rows(), t);
            QCOMPARE(decoding->weightsView()->values().cols(), t);
        }
        const AttentionResult full = compute(causalInputs(wb.document().inputs()));
        COMPARE_MATRIX_TOL(decoding->state().outputs, full.heads[0].output, 1e-12);
        QVERIFY2(decoding->checkText().contains("\u2713"), qPrintable(decoding->checkText()));
        QVERIFY(decoding->costText().contains("This step: 60 multiply-adds"));
        QVERIFY(decoding->costText().contains("from scratch: 240"));
        shot(wb.window().findChild<QDockWidget *>("decodingDock"), "decoding");
        decoding->step(); // nothing more to decode
        QCOMPARE(decoding->decoded(), 4);
        decoding->reset();
        QCOMPARE(decoding->decoded(), 0);
        QVERIFY(decoding->costText().contains("empty"));
    }
};

QTEST_MAIN(TestKernelViews)
#include "test_kernel_views.moc"
