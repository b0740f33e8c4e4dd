// SPDX-License-Identifier: GPL-3.0-or-later
// Two sentences compared in the model window (issue 27's A/B): the "Compare with…" box runs B
// beside A, the per-head difference and both predictions are the core's, a head of A patched
// from B says how much of B's prediction it restores (attn::restoredFraction), every head
// patched colours the map, other lengths say why there is nothing to compare, and a session
// keeps B's text.

#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "comparison/ComparisonView.h"
#include "heatmap/HeatmapView.h"
#include "network/NetworkComparison.h"
#include "network/NetworkInterventions.h"
#include "networkreadings/RunComparison.h"
#include "networkreadings/RunDifference.h"
#include "networkview/NetworkController.h"
#include "networkview/NetworkView.h"
#include "overview/LayerDeltaView.h"
#include "overview/LayerHeadGrid.h"
#include "overview/PredictionsView.h"
#include "readings/CircuitsView.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"
#include "window/Presentation.h"

#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

#include <cmath>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::Harness;
using namespace testsupport;

namespace {

const QString kA = QStringLiteral("the cat sat on the mat");
const QString kB = QStringLiteral("the dog sat on the mat");

} // namespace

class TestModelComparison : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_gpt2;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_gpt2 = m_dir.filePath("gpt2-tiny");
        QVERIFY(testsupport::writeGpt2Folder(m_gpt2));
    }
    void init() { testsupport::resetState(); }

    // The quantization lens (issue 40): File › Compare with another file… runs the same text
    // through a Q4_K_M GGUF beside its F16: the per-head map, JS divergence, KL and top-1 are the
    // core's compareRuns; identical files give zeros; a file of another model is refused.
    void twoFilesOfOneModel() {
        const QString dir = QStringLiteral(ATTNVIZ_SOURCE_DIR "/tests/data/reference-gguf/");
        const QString f16 = dir + "llama-gqa/model-F16.gguf",
                      q4 = dir + "llama-gqa/model-Q4_K_M.gguf";
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, f16, QStringLiteral("1, 15043, 3186, 29991, 450, 12"));
        NetworkController &model = h.workbench.model();
        NetworkView &view = model.view();
        ComparisonView *c = view.comparisonView();
        NetworkComparison &comparison = view.comparison();
        QVERIFY(model.compareFileAction()->isEnabled());
        model.compareWithFile(q4);
        QTRY_VERIFY(comparison.comparable());
        QVERIFY(comparison.waitUntilIdle());
        QTRY_VERIFY(comparison.files());
        QCOMPARE(view.tabs()->currentWidget(), c);
        QVERIFY(comparison.comparesFiles());
        QCOMPARE(comparison.runB()->ids, comparison.runA()->ids);

        const auto fileA = attn::Checkpoint::open(f16), fileB = attn::Checkpoint::open(q4);
        const attn::RunPtr a = attn::runModel(*fileA, comparison.runA()->ids);
        const attn::RunPtr b = attn::runModel(*fileB, comparison.runA()->ids);
        const attn::RunComparison expectedFiles = attn::compareRuns(*a, *b);
        const attn::RunComparison &shown = *comparison.files();
        QCOMPARE(shown.finalKl, expectedFiles.finalKl);
        QVERIFY(shown.finalKl > 0); // Q4_K_M moves the predictions
        QVERIFY2(c->status()->text().contains("two files of one model"),
                 qPrintable(c->status()->text()));
        QVERIFY(c->gridA()->run() && c->gridB()->run());
        QVERIFY(c->findChild<QLabel *>("comparisonTitleB")->text().contains("Q4_K_M"));
        c->perHeadBox()->setCurrentIndex(2); // JS divergence per head
        HeatmapView *map = c->perHead();
        QCOMPARE(map->rows(), int(expectedFiles.layers.size()));
        double largest = 0;
        for (int l = 0; l < map->rows(); ++l)
            for (int hd = 0; hd < map->cols(); ++hd) {
                QCOMPARE(map->value(l, hd),
                         expectedFiles.layers[std::size_t(l)].heads[std::size_t(hd)].jsDivergence);
                largest = std::max(largest, map->value(l, hd));
            }
        QVERIFY(largest > 0);
        const QString tip = map->toolTipText(1, 0);
        QVERIFY2(tip.contains("JS divergence") && tip.contains("<table>"), qPrintable(tip));
        // With ATTNVIZ_MODEL_SHOTS=<directory>, the tab is saved there to look at.
        if (const QString out = qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS"); !out.isEmpty()) {
            QTest::qWait(50);
            QVERIFY(h.window.grab().save(out + "/files_f16_q4km.png"));
        }

        // A new text: B follows A.
        const std::vector<std::int64_t> before = comparison.runA()->ids;
        view.textEdit()->setText(QStringLiteral("Hello world"));
        QVERIFY(model.runner().waitUntilIdle());
        QTRY_VERIFY(comparison.comparable() && comparison.runA()->ids != before &&
                    comparison.runB()->ids == comparison.runA()->ids);

        // The same file twice: zeros everywhere.
        model.compareWithFile(f16);
        QTRY_VERIFY(comparison.comparable() && comparison.files());
        QVERIFY(comparison.waitUntilIdle());
        QTRY_VERIFY(comparison.files());
        QCOMPARE(comparison.files()->finalKl, 0.0);
        QCOMPARE(comparison.files()->top1Agreement, 1.0);
        for (const attn::LayerComparison &l : comparison.files()->layers) {
            QCOMPARE(l.residualRelDiff, 0.0);
            for (const attn::HeadComparison &hc : l.heads)
                QCOMPARE(hc.maxAbsWeightDiff, 0.0);
        }

        // Another model is refused in one line, and B is A's model again.
        QSignalSpy failed(&comparison, &NetworkComparison::failed);
        model.compareWithFile(dir + "qwen2-bias/model-BF16.gguf");
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY2(failed.first().first().toString().contains("not a file of the model in A"),
                 qPrintable(failed.first().first().toString()));
        QVERIFY(!comparison.comparesFiles());
    }

    void bothRunsSideBySideWithTheirDifference() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, kA);
        NetworkView &view = h.workbench.model().view();
        ComparisonView *c = view.comparisonView();
        NetworkComparison &comparison = view.comparison();
        QVERIFY(!comparison.isActive());
        QVERIFY(c->status()->text().contains("Compare with"));
        view.compareEdit()->setText(kB);
        QCOMPARE(view.tabs()->currentWidget(), c);
        QVERIFY(!predictionsOf(view)->isVisible()); // the tab's own table has both
        QVERIFY(comparison.waitUntilIdle());

        const Expected a = expected(m_gpt2, kA), b = expected(m_gpt2, kB);
        QCOMPARE(a.tokens.size(), b.tokens.size());
        QVERIFY(comparison.comparable());
        QCOMPARE(c->gridA()->run()->ids, a.run->ids);
        QCOMPARE(c->gridB()->run()->ids, b.run->ids);
        QCOMPARE(c->gridB()->headCount(), c->gridA()->headCount());
        QVERIFY(c->status()->text().contains(QString::number(a.tokens.size()) + " tokens each"));

        // Per head: max |w_B − w_A|, as the core reads it.
        const std::int64_t last = std::int64_t(a.tokens.size()) - 1;
        const attn::RunDifference d = attn::runDifference(*a.run, *b.run, last, 5);
        QVERIFY(comparison.difference());
        HeatmapView *map = c->perHead();
        QCOMPARE(map->rows(), int(d.weights.size()));
        QCOMPARE(map->cols(), int(d.weights[0].size()));
        double largest = 0;
        for (int l = 0; l < map->rows(); ++l)
            for (int hd = 0; hd < map->cols(); ++hd) {
                QCOMPARE(map->value(l, hd), d.weights[std::size_t(l)][std::size_t(hd)]);
                largest = std::max(largest, map->value(l, hd));
            }
        QVERIFY(largest > 0); // "cat" and "dog" do change the weights
        QCOMPARE(map->rowLabels().front(), QString("L0"));

        // Both predictions, in one table: A's top token with its probabilities in A and B.
        QTreeWidget *predictions = c->predictions();
        QVERIFY(predictions->topLevelItemCount() >= 5);
        const auto topA = attn::topPredictions(*a.run, last, 1).front();
        QCOMPARE(predictions->topLevelItem(0)->text(1),
                 attn::notation::weight(topA.probability, 3));
        bool seen = false;
        for (const attn::PredictionChange &p : d.predictions)
            if (p.id == topA.id) {
                QCOMPARE(predictions->topLevelItem(0)->text(2), attn::notation::weight(p.after, 3));
                seen = true;
            }
        QVERIFY(seen);

        // How far B's residual stream is from A's after each layer, on one scale.
        LayerDeltaView *residual = c->residual();
        QVERIFY(residual->isVisible());
        QCOMPARE(residual->changes().size(), a.run->layers.size());
        for (std::size_t l = 0; l < a.run->layers.size(); ++l) {
            const attn::Matrix &ha = a.run->layers[l].hidden, &hb = b.run->layers[l].hidden;
            QVERIFY(std::abs(residual->changes()[l] - (hb - ha).norm() / ha.norm()) <=
                    1e-12 * residual->changes()[l]);
            QVERIFY(residual->changes()[l] > 0);
        }
        QVERIFY(residual->title().contains("B is from A"));
        QVERIFY(residual->layerText(0).contains("B's residual stream"));

        // Right-click a head of A › Patch: what it restores, as restoredFraction says.
        const int layer = 1, head = 0;
        const QRect thumb = c->gridA()->headRect(layer, head);
        QVERIFY(!thumb.isEmpty());
        QCOMPARE(c->gridA()->headAt(thumb.center()), std::make_pair(layer, head));
        bool found = false;
        QTimer::singleShot(50, [&found] {
            if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
                for (QAction *action : menu->actions())
                    if (action->text().startsWith("Patch head 0 of layer 1 from B")) {
                        found = true;
                        action->trigger();
                    }
                menu->close();
            }
        });
        QContextMenuEvent event(QContextMenuEvent::Mouse, thumb.center(),
                                c->gridA()->mapToGlobal(thumb.center()));
        QApplication::sendEvent(c->gridA(), &event);
        QVERIFY(found);
        QVERIFY(comparison.waitUntilIdle());
        QVERIFY(comparison.lastPatch());
        const auto checkpoint = attn::Checkpoint::open(m_gpt2);
        attn::Interventions patch;
        patch.edits.push_back(attn::Intervention::patchHead(layer, head));
        patch.source = b.run;
        const attn::RunPtr patched = attn::runModel(*checkpoint, a.run->ids, patch);
        const double fraction = attn::restoredFraction(*a.run, *patched, *b.run, last);
        QCOMPARE(comparison.lastPatch()->fraction, fraction);
        QCOMPARE(comparison.lastPatch()->layer, layer);
        QVERIFY2(c->patchResult()->text().contains(QString::number(fraction * 100, 'f', 0) + " %"),
                 qPrintable(c->patchResult()->text()));

        // Every head patched: the map shows what each restores.
        QVERIFY(c->patchAllButton()->isEnabled());
        QTest::mouseClick(c->patchAllButton(), Qt::LeftButton);
        QVERIFY(comparison.waitUntilIdle());
        QCOMPARE(c->perHeadBox()->currentIndex(), int(ComparisonView::PerHead::Restored));
        QCOMPARE(int(comparison.allPatches().size()), int(checkpoint->config().layers));
        QCOMPARE(map->value(layer, head), fraction);
        // The last layer's residual is all of B's prediction there: patching every head of the
        // last layer is not, but the numbers are finite where A and B differ.
        QVERIFY(std::isfinite(map->value(0, 0)));
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            QTest::qWait(300);
            h.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/comparison.png");
        }

        // Back on the heads: the predictions beside them again.
        view.tabs()->setCurrentIndex(0);
        QVERIFY(predictionsOf(view)->isVisible());
        view.tabs()->setCurrentWidget(c);

        // The session keeps B; a new window reads it back.
        const QJsonObject state = h.workbench.model().state();
        QCOMPARE(state.value("compare").toString(), kB);
        Harness h2;
        h2.workbench.model().loadState(state);
        QCOMPARE(h2.workbench.model().view().compareEdit()->text(), kB);
        QCOMPARE(h2.workbench.model().networkDocument().compareText(), kB);
        QVERIFY(h2.workbench.model().runner().waitUntilIdle());
        QVERIFY(h2.workbench.model().view().comparison().waitUntilIdle());
        QVERIFY(h2.workbench.model().view().comparison().comparable());
    }

    // "What changed, per layer" keeps the same five lines for 2, 12 or 48 layers (a line per
    // layer took the predictions' room at 12), each layer a column of its own inside the view,
    // its height the change on one scale, and hovering it says the percentage.
    void layerDeltaStaysCompact() {
        const auto runs = [](int layers) {
            auto a = std::make_shared<attn::Run>(), b = std::make_shared<attn::Run>();
            for (int l = 0; l < layers; ++l) {
                attn::LayerRun r;
                r.hidden = attn::Matrix::Constant(3, 4, 1.0);
                a->layers.push_back(r);
                r.hidden(0, 0) += 0.1 * l; // grows with the layer
                b->layers.push_back(r);
            }
            return std::pair<attn::RunPtr, attn::RunPtr>(b, a);
        };
        for (const double point : {9.0, 20.0}) { // the window's type, presentation mode's
            LayerDeltaView view;
            QFont f = view.font();
            f.setPointSizeF(point);
            view.setFont(f);
            view.resize(view.fontMetrics().averageCharWidth() * 30, 100);
            const auto [two, twoBase] = runs(2);
            view.setRuns(two, twoBase);
            const int height = view.sizeHint().height();
            QVERIFY(height > 0);
            for (int layers : {12, 48}) {
                const auto [run, base] = runs(layers);
                view.setRuns(run, base);
                view.resize(view.width(), view.sizeHint().height());
                QCOMPARE(view.sizeHint().height(), height);
                QVERIFY(height <= 5 * (view.fontMetrics().height() + 4));
                for (int l = 0; l < layers; ++l) {
                    const QRect r = view.barRect(l);
                    QVERIFY(!r.isEmpty());
                    QVERIFY(r.left() >= 0 && r.right() < view.width());
                    if (l > 0)
                        QVERIFY(r.left() > view.barRect(l - 1).right());
                    QCOMPARE(view.layerAt(r.center()), l);
                }
                QCOMPARE(view.layerText(layers - 1),
                         QString("After layer %1 the residual stream moved by %2 %")
                             .arg(layers - 1)
                             .arg(view.changes().back() * 100, 0, 'f', 1));
                // The picture: the last layer's column (the largest change) filled to the top.
                const QImage image = view.grab().toImage();
                const QRect last = view.barRect(layers - 1);
                QCOMPARE(image.pixelColor(last.center().x(), last.top() + 1),
                         QColor(0xd5, 0x5e, 0x00));
            }
        }
    }

    // Screenshots for a look at readability (issue 27: a 12 × 12-head model, 11 tokens, at
    // 1280×800 and in presentation mode at 1024×768): ATTNVIZ_SHOT_MODEL names a model folder,
    // ATTNVIZ_MODEL_SHOTS where the pictures go. Skipped without them (no model of that size is
    // kept in tests/data).
    void screenshotsOfALargerModel() {
        const QString folder = qEnvironmentVariable("ATTNVIZ_SHOT_MODEL"),
                      out = qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS");
        if (folder.isEmpty() || out.isEmpty())
            QSKIP("set ATTNVIZ_SHOT_MODEL and ATTNVIZ_MODEL_SHOTS for the screenshots");
        for (const bool presentation : {false, true}) {
            Harness h;
            h.workbench.presentation().setActive(presentation);
            h.window.resize(presentation ? QSize(1024, 768) : QSize(1280, 800));
            h.window.show();
            openAndRun(h, folder, "The quick brown fox jumps over the lazy dog near the river");
            NetworkView &view = h.workbench.model().view();
            const QString suffix = presentation ? "-presentation" : "";
            h.workbench.model().interventions().ablate(3, 4, attn::Intervention::Kind::Zero, 0);
            h.workbench.model().interventions().ablate(5, 1, attn::Intervention::Kind::Mean, 0);
            QVERIFY(h.workbench.model().runner().waitUntilIdle());
            QTest::qWait(300);
            h.window.grab().save(out + "/delta" + suffix + ".png");
            h.workbench.model().interventions().clear();
            QVERIFY(h.workbench.model().runner().waitUntilIdle());
            view.compareEdit()->setText(
                "The quick brown cat jumps over the lazy dog near the lake");
            QVERIFY(view.comparison().waitUntilIdle());
            view.comparison().patch(2, 3);
            QVERIFY(view.comparison().waitUntilIdle());
            QTest::qWait(300);
            h.window.grab().save(out + "/ab" + suffix + ".png");
            QTest::mouseClick(view.comparisonView()->patchAllButton(), Qt::LeftButton);
            QVERIFY(view.comparison().waitUntilIdle(120000));
            QTest::qWait(300);
            h.window.grab().save(out + "/ab-patched" + suffix + ".png");
            view.showCircuits(4, 2);
            QVERIFY(view.circuits()->waitUntilIdle());
            QTest::qWait(300);
            h.window.grab().save(out + "/circuits" + suffix + ".png");
        }
    }

    // Both overviews show every head of a 12 × 12-head model without a sideways scroll: side by
    // side beside the map at 1280 × 800, and in presentation mode at 1024 × 768 over the whole
    // width with the map and the predictions under them (as it was, 3 or 4 heads a row showed).
    void overviewsFitTwelveHeads() {
        auto twelve = std::make_shared<attn::Run>();
        const int n = 11;
        for (int l = 0; l < 12; ++l) {
            attn::LayerRun layer;
            for (int hd = 0; hd < 12; ++hd) {
                attn::HeadRun head;
                head.weights = attn::Matrix::Constant(n, n, 1.0 / n);
                layer.heads.push_back(head);
            }
            twelve->layers.push_back(layer);
        }
        for (const bool presentation : {false, true}) {
            Harness h;
            h.workbench.presentation().setActive(presentation);
            h.window.setWindowState(Qt::WindowNoState);
            h.window.resize(presentation ? QSize(1024, 768) : QSize(1280, 800));
            h.window.show();
            openAndRun(h, m_gpt2, kA);
            NetworkView &view = h.workbench.model().view();
            view.compareEdit()->setText(kB);
            QVERIFY(view.comparison().waitUntilIdle());
            ComparisonView *c = view.comparisonView();
            QTest::qWait(50);
            QCOMPARE(c->stacked(), presentation);
            // What each overview's scroll area shows, filled with a 12 × 12-head run.
            QWidget *viewport = c->gridA()->parentWidget();
            QVERIFY(viewport);
            LayerHeadGrid grid;
            grid.setFont(c->gridA()->font());
            grid.setMinimumCell(c->gridA()->minimumCell());
            grid.setRun(twelve, true);
            grid.resize(viewport->width(), grid.heightForWidth(viewport->width()));
            grid.show(); // its resize event sizes the thumbnails
            QVERIFY(QTest::qWaitForWindowExposed(&grid));
            QVERIFY2(grid.minimumSizeHint().width() <= viewport->width(),
                     qPrintable(QString("%1 px wanted, %2 shown")
                                    .arg(grid.minimumSizeHint().width())
                                    .arg(viewport->width())));
            QVERIFY(grid.headRect(0, 11).right() < viewport->width());
            QVERIFY(grid.cellSize() >= ComparisonView::kMinimumCell);
            if (presentation) // the whole width: thumbnails a projector shows
                QVERIFY2(grid.cellSize() >= 28, qPrintable(QString::number(grid.cellSize())));
        }
    }

    // Patch each position (issue 42): a positions × layers map of what patching the residual
    // stream after each layer at one position restores, each cell the core's restoredFraction;
    // the last layer at the last position is all of B (its row is what the prediction reads),
    // the last layer at any earlier position nothing (no later layer carries it there).
    void patchEachPosition() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, kA);
        NetworkView &view = h.workbench.model().view();
        ComparisonView *c = view.comparisonView();
        NetworkComparison &comparison = view.comparison();
        view.compareEdit()->setText(kB);
        QVERIFY(comparison.waitUntilIdle());
        QVERIFY(comparison.comparable());
        QVERIFY(c->patchPositionsButton()->isEnabled());
        QTest::mouseClick(c->patchPositionsButton(), Qt::LeftButton);
        QCOMPARE(c->perHeadBox()->currentData().toInt(), int(ComparisonView::PerHead::Positions));
        QVERIFY(comparison.waitUntilIdle());
        QVERIFY(!c->cancelButton()->isVisible());

        const Expected a = expected(m_gpt2, kA), b = expected(m_gpt2, kB);
        const auto checkpoint = attn::Checkpoint::open(m_gpt2);
        const int n = int(a.run->ids.size()), layers = int(checkpoint->config().layers);
        HeatmapView *map = c->perHead();
        QCOMPARE(map->rows(), n);
        QCOMPARE(map->cols(), layers);
        QCOMPARE(map->value(n - 1, layers - 1), 1.0);
        for (int p = 0; p + 1 < n; ++p)
            QCOMPARE(map->value(p, layers - 1), 0.0);
        // A cell in the middle: the core's measure of the same one-position patch.
        const int position = 1, layer = 0;
        attn::Interventions patch;
        patch.edits.push_back(attn::Intervention::patchResidual(layer, position));
        patch.source = b.run;
        const attn::RunPtr patched = attn::runModel(*checkpoint, a.run->ids, patch);
        QCOMPARE(map->value(position, layer),
                 attn::restoredFraction(*a.run, *patched, *b.run, std::int64_t(n) - 1));
        // The tokens on the position axis, B's beside A's where they differ ("cat → dog").
        QCOMPARE(map->rowLabels().size(), n);
        QCOMPARE(map->rowLabels().filter("→").size(), 1);
        QVERIFY2(map->rowLabels().contains("·cat → ·dog"), qPrintable(map->rowLabels().join('|')));
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            QTest::qWait(300);
            h.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/positions.png");
        }

        // Cancel stops it: no map, and nothing busy.
        view.compareEdit()->setText("the dog sat on the rug");
        QVERIFY(comparison.waitUntilIdle());
        QVERIFY(comparison.positionPatches().empty()); // a new pair of runs forgets the map
        comparison.patchPositions();
        QTest::mouseClick(c->cancelButton(), Qt::LeftButton);
        QVERIFY(comparison.waitUntilIdle());
        QVERIFY(comparison.positionPatches().empty());

        // Other lengths: the map's place says why.
        view.compareEdit()->setText("the dog");
        QVERIFY(comparison.waitUntilIdle());
        QVERIFY(!c->patchPositionsButton()->isEnabled());
        QCOMPARE(map->rows(), 0);
        QVERIFY2(map->title().contains("as many tokens"), qPrintable(map->title()));
    }

    // B of another length: both overviews, no per-head difference nor patching, and why.
    void otherLengthsSayWhy() {
        Harness h;
        openAndRun(h, m_gpt2, kA);
        NetworkView &view = h.workbench.model().view();
        view.compareEdit()->setText("the dog");
        QVERIFY(view.comparison().waitUntilIdle());
        ComparisonView *c = view.comparisonView();
        QVERIFY(!view.comparison().comparable());
        QVERIFY(c->gridB()->run());
        QVERIFY2(c->status()->text().contains("as many tokens"), qPrintable(c->status()->text()));
        QVERIFY(!c->patchAllButton()->isEnabled());
        QCOMPARE(c->perHead()->rows(), 0);
        QVERIFY(c->predictions()->topLevelItemCount() >= 5); // the predictions of both still
        view.compareEdit()->clear();
        QVERIFY(view.comparison().waitUntilIdle());
        QVERIFY(!view.comparison().isActive());
        QVERIFY(!c->gridB()->run());
        QVERIFY(!h.workbench.model().state().contains("compare"));
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_model_comparison");
    QApplication app(argc, argv);
    TestModelComparison test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_model_comparison.moc"
