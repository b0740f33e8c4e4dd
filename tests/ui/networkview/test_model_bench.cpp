// SPDX-License-Identifier: GPL-3.0-or-later
// The engineer's bench in the model window (issue 42): the top prediction's direct logit
// attribution is the core's attributeLogit, cell for cell; steering by two texts is one undo step
// whose run is the core's and whose undo gives the plain run back bit for bit; Continue appends
// the model's greedy token and shows the longer text's run (grown with the KV cache:
// test_model_kv_cache checks its numbers), Continue 10 writes ten, and Stop ends it.

#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "comparison/ComparisonView.h"
#include "heatmap/HeatmapView.h"
#include "network/NetworkComparison.h"
#include "network/NetworkInterventions.h"
#include "network/NetworkRunner.h"
#include "network/RunReadings.h"
#include "network/TextContinuation.h"
#include "networkreadings/LogitAttribution.h"
#include "networkview/NetworkController.h"
#include "networkview/NetworkView.h"
#include "overview/LayerHeadGrid.h"
#include "overview/PredictionsView.h"
#include "readings/AttributionView.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/Generation.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::Harness;
using namespace testsupport;

namespace {

const QString kBenchText = QStringLiteral("the cat sat on the mat");

// The ids of a text, as the folder's tokenizer reads it.
std::vector<std::int64_t> benchIds(const QString &folder, const QString &text) {
    std::vector<std::int64_t> ids;
    for (const attn::Token &t : attn::loadTokenizer(folder)->encode(text))
        ids.push_back(t.id);
    return ids;
}

} // namespace

class TestModelBench : public QObject {
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

    // Attribute the top prediction: a layers × (heads, attention bias, MLP) map of the core's
    // numbers, the logit and the sum of its parts stated, the caveats shown.
    void attributionIsTheCores() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, kBenchText);
        NetworkView &view = h.workbench.model().view();
        QVERIFY(view.attributeButton()->isEnabled());
        QTest::mouseClick(view.attributeButton(), Qt::LeftButton);
        QCOMPARE(view.tabs()->currentWidget(), view.attribution());
        QVERIFY(view.readings().waitUntilIdle());

        const attn::RunPtr run = h.workbench.model().runner().outcome().run;
        const auto checkpoint = attn::Checkpoint::open(m_gpt2);
        const Eigen::Index last = run->logits.rows() - 1;
        Eigen::Index top = 0;
        run->logits.row(last).maxCoeff(&top);
        const attn::LogitAttribution a = attn::attributeLogit(*checkpoint, *run, top, last);
        AttributionView *v = view.attribution();
        QVERIFY(v->attribution());
        HeatmapView *map = v->map();
        const int layers = int(a.layers.size()), heads = int(a.layers[0].heads.size());
        QCOMPARE(map->rows(), layers);
        QCOMPARE(map->cols(), heads + 2);
        QCOMPARE(map->colLabels().back(), QString("MLP"));
        for (int l = 0; l < layers; ++l) {
            for (int hd = 0; hd < heads; ++hd)
                QCOMPARE(map->value(l, hd), a.layers[std::size_t(l)].heads[std::size_t(hd)]);
            QCOMPARE(map->value(l, heads), a.layers[std::size_t(l)].attentionBias);
            QCOMPARE(map->value(l, heads + 1), a.layers[std::size_t(l)].mlp);
        }
        const QString summary = v->summary()->text();
        QVERIFY2(summary.contains(attn::notation::precise(a.logit)) &&
                     summary.contains(attn::notation::precise(a.sum)) &&
                     summary.contains(attn::notation::number(a.embeddings, 4)),
                 qPrintable(summary));
        QVERIFY(!summary.contains("differ by")); // no steering: the parts are the logit
        QVERIFY(!a.caveats.empty());
        QVERIFY2(v->caveats()->text().contains(
                     QString::fromStdString(a.caveats.front()).left(20).toHtmlEscaped()),
                 qPrintable(v->caveats()->text()));
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            QTest::qWait(300);
            h.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/attribution.png");
        }

        // A new text: attributed again, for its own top prediction.
        view.textEdit()->setText(kBenchText + " and");
        QVERIFY(h.workbench.model().runner().waitUntilIdle());
        QVERIFY(view.readings().waitUntilIdle());
        QCOMPARE(v->attribution()->position,
                 std::int64_t(h.workbench.model().runner().outcome().run->ids.size()) - 1);
    }

    // Steering by the difference of two texts (ActAdd): asked in a dialog from the heads'
    // context menu, one undo step, the core's steered run, the predictions before and after;
    // undo gives the plain run back bit for bit.
    void steeringIsOneUndoStep() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, kBenchText);
        NetworkController &model = h.workbench.model();
        NetworkView &view = model.view();
        NetworkRunner &runner = model.runner();
        const attn::RunPtr plain = runner.outcome().run;
        QUndoStack *undo = h.doc()->undoStack();
        const int steps = undo->count();

        const int layer = 1;
        const double scale = 3;
        bool asked = false;
        QTimer::singleShot(0, [&asked] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            if (!dialog || dialog->objectName() != "steerDialog")
                return;
            asked = true;
            dialog->findChild<QLineEdit *>("steerTextA")->setText("the cat");
            dialog->findChild<QLineEdit *>("steerTextB")->setText("on the mat");
            dialog->accept();
        });
        // The dialog starts at the layer asked for and a scale of 4.
        view.askSteering(layer);
        QVERIFY(asked);
        QVERIFY(model.interventions().waitUntilIdle());
        QVERIFY(runner.waitUntilIdle());
        QCOMPARE(undo->count(), steps + 1);

        const auto checkpoint = attn::Checkpoint::open(m_gpt2);
        const auto end = [&](const QString &text) {
            return attn::Matrix(attn::runModel(*checkpoint, benchIds(m_gpt2, text))
                                    ->layers[std::size_t(layer)]
                                    .hidden.bottomRows(1));
        };
        attn::Interventions steered;
        steered.edits.push_back(
            attn::Intervention::steer(layer, (end("the cat") - end("on the mat")) * 4.0));
        QCOMPARE(runner.outcome().run->logits,
                 attn::runModel(*checkpoint, plain->ids, steered)->logits);
        QVERIFY(runner.outcome().run->logits != plain->logits);
        QCOMPARE(runner.outcome().baseline->logits, plain->logits);
        QVERIFY(runner.outcome().note.isEmpty());        // a steering vector fits any text
        QCOMPARE(predictionsOf(view)->columnCount(), 3); // before and after, as for ablations
        QVERIFY(restoreAllOf(view)->isVisible());
        for (int l = 0; l < gridOf(view)->layers(); ++l)
            for (int hd = 0; hd < gridOf(view)->heads(); ++hd)
                QVERIFY(gridOf(view)->markOf(l, hd).isEmpty()); // no head is edited

        // Beside an ablation, and by another scale straight from the interventions.
        QVERIFY(model.interventions().ablate(0, 1, attn::Intervention::Kind::Zero));
        model.interventions().steerByTexts(0, "the cat", "the mat", scale);
        QVERIFY(model.interventions().waitUntilIdle());
        QVERIFY(runner.waitUntilIdle());
        QCOMPARE(undo->count(), steps + 3);
        QCOMPARE(int(runner.interventions().edits.size()), 3);

        // Undo, step by step, to the plain run, bit for bit.
        undo->undo();
        undo->undo();
        QVERIFY(runner.waitUntilIdle());
        QCOMPARE(runner.outcome().run->logits,
                 attn::runModel(*checkpoint, plain->ids, steered)->logits);
        undo->undo();
        QVERIFY(runner.waitUntilIdle());
        QVERIFY(runner.interventions().empty());
        QCOMPARE(runner.outcome().run->logits, plain->logits);
        QCOMPARE(runner.outcome().run->layers.back().hidden, plain->layers.back().hidden);
        QCOMPARE(predictionsOf(view)->columnCount(), 2);

        // An empty text is refused, in one line, and nothing is pushed.
        QSignalSpy failed(&model.interventions(), &NetworkInterventions::failed);
        model.interventions().steerByTexts(0, QString(), "the mat", 1);
        QVERIFY(model.interventions().waitUntilIdle());
        QCOMPARE(failed.count(), 1);
        QCOMPARE(undo->count(), steps + 3); // the undone steps, still there to redo
        QCOMPARE(undo->index(), steps);
    }

    // Continue ▸ appends the greedy token (the first largest logit after the last token) and
    // shows the longer text's run; Continue 10 writes ten, one per step; Stop ends it between
    // tokens.
    void continueAppendsTheGreedyToken() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, kBenchText);
        NetworkController &model = h.workbench.model();
        NetworkView &view = model.view();
        NetworkRunner &runner = model.runner();
        const attn::RunPtr before = runner.outcome().run;
        Eigen::Index next = 0;
        before->logits.row(before->logits.rows() - 1).maxCoeff(&next);
        const auto tokenizer = attn::loadTokenizer(m_gpt2);
        std::vector<int> ids(before->ids.begin(), before->ids.end());
        const QString was = tokenizer->decode(ids);
        ids.push_back(int(next));
        const QString piece = tokenizer->decode(ids).mid(was.size());

        QVERIFY(view.continueButton()->isEnabled());
        QTest::mouseClick(view.continueButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle());
        QCOMPARE(view.textEdit()->text(), kBenchText + piece);
        QCOMPARE(runner.outcome().text, kBenchText + piece);
        std::vector<std::int64_t> longer = before->ids;
        longer.push_back(std::int64_t(next));
        QCOMPARE(runner.outcome().run->ids, longer);
        // The overview grew a row: every head's weights are one token longer.
        QCOMPARE(gridOf(view)->weights(0, 0).rows(), Eigen::Index(longer.size()));

        // Stop after the first token: the text keeps it, nothing more is written.
        QSignalSpy steps(&view.continuation(), &TextContinuation::progress);
        QSignalSpy failed(&view.continuation(), &TextContinuation::failed);
        auto stopper = connect(&view.continuation(), &TextContinuation::progress, this,
                               [&view](int done, int) {
                                   if (done == 1) // Stop
                                       QTest::mouseClick(view.continueTenButton(), Qt::LeftButton);
                               });
        QTest::mouseClick(view.continueTenButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle());
        disconnect(stopper);
        QVERIFY(!view.continuation().isActive());
        QCOMPARE(steps.count(), 2); // (0, 10), (1, 10)
        QCOMPARE(runner.outcome().text, view.textEdit()->text());
        QCOMPARE(runner.outcome().run->ids.size(), longer.size() + 1);

        // Continue 10: the tokens attn::generate writes greedily (with its KV cache), one per
        // run, until ten are written or one cannot be written as text (this tiny model's
        // vocabulary is larger than its tokenizer's, and has bytes of characters), which is
        // said.
        steps.clear();
        const std::vector<std::int64_t> from = runner.outcome().run->ids;
        attn::GenerationOptions options;
        options.tokens = 10;
        const attn::Generation greedy =
            attn::generate(*attn::Checkpoint::open(m_gpt2), from, {}, options);
        QTest::mouseClick(view.continueTenButton(), Qt::LeftButton);
        QVERIFY(view.continuation().isActive());
        QVERIFY(view.continueTenButton()->text().startsWith("Stop"));
        QVERIFY(!view.continueButton()->isEnabled());
        QVERIFY(view.continuation().waitUntilIdle());
        QCOMPARE(view.continueTenButton()->text(), QString("Continue 10"));
        const int written = steps.count() - 1; // (0, 10), then a step per token
        QVERIFY(written >= 1);
        std::vector<std::int64_t> expectedIds = from;
        for (int i = 0; i < written; ++i)
            expectedIds.push_back(greedy.tokens[std::size_t(i)].id);
        QCOMPARE(runner.outcome().run->ids, expectedIds);
        QCOMPARE(runner.outcome().text, view.textEdit()->text());
        if (written < 10) {
            QCOMPARE(failed.count(), 1);
            const QString why = failed.first().first().toString();
            QVERIFY2(why.contains(QString::number(greedy.tokens[std::size_t(written)].id)),
                     qPrintable(why));
        } else {
            QCOMPARE(failed.count(), 0);
        }
    }

    // Screenshots for a look (1280 × 800): the A/B tab with the positions × layers patching
    // map of the indirect-object sentences, and the attribution map. ATTNVIZ_SHOT_MODEL names
    // a model (a folder or a .gguf file), ATTNVIZ_MODEL_SHOTS where the pictures go.
    void screenshotsOfTheBench() {
        const QString model = qEnvironmentVariable("ATTNVIZ_SHOT_MODEL"),
                      out = qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS");
        if (model.isEmpty() || out.isEmpty())
            QSKIP("set ATTNVIZ_SHOT_MODEL and ATTNVIZ_MODEL_SHOTS for the screenshots");
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, model, "When Mary and John went to the store, John gave a drink to");
        NetworkView &view = h.workbench.model().view();
        view.compareEdit()->setText("When Mary and John went to the store, Mary gave a drink to");
        QVERIFY(view.comparison().waitUntilIdle());
        QTest::mouseClick(view.comparisonView()->patchPositionsButton(), Qt::LeftButton);
        QVERIFY(view.comparison().waitUntilIdle(600000));
        QTest::qWait(300);
        QVERIFY(h.window.grab().save(out + "/bench-positions.png"));
        view.showTab(NetworkView::Tab::Attribution); // the A/B tab hides the button
        QVERIFY(view.readings().waitUntilIdle());
        QTest::qWait(300);
        QVERIFY(h.window.grab().save(out + "/bench-attribution.png"));
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_model_bench");
    QApplication app(argc, argv);
    TestModelBench test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_model_bench.moc"
