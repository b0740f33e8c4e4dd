// SPDX-License-Identifier: GPL-3.0-or-later
// The model writes with its KV cache (issue 42): Continue ▸ and Continue 10 grow the run shown
// by one row per token (NetworkRunner::appendToken), and every number the model view shows —
// the run, the overview's weights, the head table, the predictions — is the whole run's of the
// longer text, to 1e-12; the overview marks the reused rows and the new one and the note says
// what was reused; ablations to zero, scales and steering apply as generate applies them, a
// mean ablation runs the text whole and says so; typing stops Continue 10. Steering lives in
// sessions, and a session's bad steering is left out in one line naming the file.

#include "checkpoint/Checkpoint.h"
#include "heatmap/HeatmapView.h"
#include "network/NetworkInterventions.h"
#include "network/NetworkRunner.h"
#include "network/RunOverview.h"
#include "network/TextContinuation.h"
#include "networkview/NetworkController.h"
#include "networkview/NetworkView.h"
#include "overview/HeadSummaryModel.h"
#include "overview/LayerHeadGrid.h"
#include "overview/PredictionsView.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "transformer/Forward.h"
#include "transformer/Generation.h"
#include "transformer/TakeApart.h"

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::Harness;
using namespace testsupport;

namespace {

// A reference model's ids as the window's text (these folders have no tokenizer: ids).
QString idText(const std::vector<std::int64_t> &ids) {
    QStringList parts;
    for (std::int64_t id : ids)
        parts << QString::number(id);
    return parts.join(QStringLiteral(", "));
}

// The largest relative difference between what two runs keep for the views: the logits, every
// layer's residual stream and every head's weights ("" when all agree to 1e-12).
QString runDifference(const attn::Run &a, const attn::Run &b) {
    if (a.ids != b.ids || a.layers.size() != b.layers.size())
        return QStringLiteral("ids or layers differ");
    if (const double e = relativeError(a.logits, b.logits); e > 1e-12)
        return QStringLiteral("logits: %1").arg(e);
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        if (const double e = relativeError(a.layers[l].hidden, b.layers[l].hidden); e > 1e-12)
            return QStringLiteral("layer %1 hidden: %2").arg(l).arg(e);
        for (std::size_t h = 0; h < a.layers[l].heads.size(); ++h)
            if (const double e =
                    relativeError(a.layers[l].heads[h].weights, b.layers[l].heads[h].weights);
                e > 1e-12)
                return QStringLiteral("layer %1 head %2 weights: %3").arg(l).arg(h).arg(e);
    }
    return {};
}

// Waits for the view's own readings (the overview's layers, the head table).
bool viewIdle(NetworkView &view) {
    QElapsedTimer clock;
    clock.start();
    while (view.isBusy()) {
        if (clock.elapsed() > 60000)
            return false;
        QTest::qWait(10);
    }
    return true;
}

// What two model views show agree: the head table's every cell and the predictions, to 1e-12.
QString viewDifference(NetworkView &a, NetworkView &b) {
    HeadSummaryModel &sa = a.headSummary(), &sb = b.headSummary();
    if (sa.rowCount() != sb.rowCount() || sa.rowCount() == 0)
        return QStringLiteral("the head tables have %1 and %2 rows")
            .arg(sa.rowCount())
            .arg(sb.rowCount());
    const int layers = gridOf(a)->layers(), heads = gridOf(a)->heads();
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            for (int c = 0; c < HeadSummaryModel::kColumns; ++c) {
                const auto column = HeadSummaryModel::Column(c);
                const double x = sa.value(l, h, column), y = sb.value(l, h, column);
                if (std::isnan(x) != std::isnan(y) ||
                    (!std::isnan(x) && std::abs(x - y) > 1e-12 * std::max(1.0, std::abs(y))))
                    return QStringLiteral("head table, layer %1 head %2 column %3: %4 and %5")
                        .arg(l)
                        .arg(h)
                        .arg(c)
                        .arg(x)
                        .arg(y);
            }
    const auto &pa = predictionsOf(a)->predictions(), &pb = predictionsOf(b)->predictions();
    if (pa.size() != pb.size() || pa.empty())
        return QStringLiteral("the predictions differ in length");
    for (std::size_t i = 0; i < pa.size(); ++i) {
        if (pa[i].size() != pb[i].size())
            return QStringLiteral("predictions %1").arg(i);
        for (std::size_t k = 0; k < pa[i].size(); ++k)
            if (pa[i][k].id != pb[i][k].id ||
                std::abs(pa[i][k].probability - pb[i][k].probability) > 1e-12)
                return QStringLiteral("prediction %1 of %2").arg(k).arg(i);
    }
    return {};
}

} // namespace

class TestModelKvCache : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void init() { testsupport::resetState(); }

    void continueGrowsTheRunByARow_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("gpt2-tiny") << QString("gpt2-tiny");
        QTest::newRow("llama-gqa-tiny") << QString("llama-gqa-tiny");
    }

    // Continue ▸: the cache is filled once with the text, the new token's row is computed and
    // the run shown is the whole run of the longer ids; Continue 10 reuses the cache.
    void continueGrowsTheRunByARow() {
        QFETCH(QString, model);
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        const std::vector<std::int64_t> prompt = referenceIds(model);
        openAndRun(h, modelDir(model), idText(prompt));
        NetworkController &controller = h.workbench.model();
        NetworkView &view = controller.view();
        NetworkRunner &runner = controller.runner();
        const auto checkpoint = runner.checkpoint();
        const auto n = std::int64_t(prompt.size());
        QVERIFY(!view.cacheNote()->isVisible());
        QCOMPARE(gridOf(view)->addedRows(), std::int64_t(0));
        const int undoSteps = h.doc()->undoStack()->count();

        QTest::mouseClick(view.continueButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle());
        const NetworkRunner::Outcome &o = runner.outcome();
        QCOMPARE(o.added, std::int64_t(1));
        QCOMPARE(o.reused, n);
        QCOMPARE(o.filled, n); // the first Continue fills the cache with the text
        QCOMPARE(std::int64_t(o.run->ids.size()), n + 1);
        QCOMPARE(o.run->ids.back(), attn::generate(*checkpoint, prompt, {}, {}).tokens[0].id);
        const QString d = runDifference(*o.run, *attn::runModel(*checkpoint, o.run->ids));
        QVERIFY2(d.isEmpty(), qPrintable(d));
        // The text in the document ends with the token, and reads as the grown run's ids.
        QCOMPARE(view.textEdit()->text(), idText(o.run->ids));
        QCOMPARE(controller.networkDocument().text(), idText(o.run->ids));
        QCOMPARE(runner.text(), o.text);
        // The overview grew a row, marked as the new one; the note says what was reused.
        QCOMPARE(gridOf(view)->weights(0, 0).rows(), Eigen::Index(n + 1));
        QCOMPARE(gridOf(view)->addedRows(), std::int64_t(1));
        QCOMPARE(gridOf(view)->reusedRows(), n);
        QVERIFY(view.cacheNote()->isVisible());
        QVERIFY2(view.cacheNote()->text().contains(QStringLiteral("%1 cached keys").arg(n)),
                 qPrintable(view.cacheNote()->text()));
        QVERIFY(view.cacheNote()->text().contains(QStringLiteral("filled once")));
        // The enlarged head outlines the new query's row and says so.
        QTest::mouseMove(gridOf(view), gridOf(view)->headRect(1, 0).center());
        QTRY_VERIFY(popupOf(view)->isVisible());
        QCOMPARE(popupOf(view)->heatmap()->selectedRow(), int(n));
        QVERIFY(popupOf(view)->hint()->text().contains(QStringLiteral("new query")));
        QTest::mouseMove(gridOf(view), QPoint(1, 1));

        // Continue 10: the cache goes on (nothing filled again), ten tokens, as generate
        // writes them greedily.
        QSignalSpy steps(&view.continuation(), &TextContinuation::progress);
        QTest::mouseClick(view.continueTenButton(), Qt::LeftButton);
        QVERIFY(view.continuation().isActive());
        // The bar beside the text counts the tokens, with its Cancel.
        QVERIFY(progressOf(view)->isVisible());
        QCOMPARE(progressOf(view)->maximum(), 10);
        QVERIFY(view.continuation().waitUntilIdle());
        QCOMPARE(steps.count(), 11);
        QVERIFY(!progressOf(view)->isVisible());
        attn::GenerationOptions ten;
        ten.tokens = 11;
        const attn::Generation greedy = attn::generate(*checkpoint, prompt, {}, ten);
        std::vector<std::int64_t> expected = prompt;
        for (const attn::GeneratedToken &t : greedy.tokens)
            expected.push_back(t.id);
        const NetworkRunner::Outcome &after = runner.outcome();
        QCOMPARE(after.run->ids, expected);
        QCOMPARE(after.filled, std::int64_t(0));
        QCOMPARE(after.reused, n + 10);
        QVERIFY(!view.cacheNote()->text().contains(QStringLiteral("filled once")));
        const QString d10 = runDifference(*after.run, *attn::runModel(*checkpoint, expected));
        QVERIFY2(d10.isEmpty(), qPrintable(d10));
        QCOMPARE(view.textEdit()->text(), idText(expected));
        QCOMPARE(h.doc()->undoStack()->count(), undoSteps); // writing is not an undo step

        // Every number the view shows is the whole run's: a second window typed the text.
        Harness whole;
        whole.window.resize(1280, 800);
        whole.window.show();
        openAndRun(whole, modelDir(model), idText(expected));
        NetworkView &wholeView = whole.workbench.model().view();
        QVERIFY(viewIdle(view));
        QVERIFY(viewIdle(wholeView));
        QCOMPARE(whole.workbench.model().runner().outcome().added, std::int64_t(0));
        QCOMPARE(gridOf(wholeView)->addedRows(), std::int64_t(0));
        const QString v = viewDifference(view, wholeView);
        QVERIFY2(v.isEmpty(), qPrintable(v));
        for (int l = 0; l < gridOf(view)->layers(); ++l)
            for (int hd = 0; hd < gridOf(view)->heads(); ++hd)
                QVERIFY(relativeError(gridOf(view)->weights(l, hd),
                                      gridOf(wholeView)->weights(l, hd)) <= 1e-12);

        // Typing a text is a whole run again, unmarked.
        view.textEdit()->setText(idText(prompt));
        QVERIFY(runner.waitUntilIdle());
        QCOMPARE(runner.outcome().added, std::int64_t(0));
        QCOMPARE(gridOf(view)->addedRows(), std::int64_t(0));
        QVERIFY(!view.cacheNote()->isVisible());
        QTest::mouseMove(gridOf(view), gridOf(view)->headRect(1, 0).center());
        QTRY_VERIFY(popupOf(view)->isVisible());
        QCOMPARE(popupOf(view)->heatmap()->selectedRow(), -1);
        QVERIFY(!popupOf(view)->hint()->text().contains(QStringLiteral("new query")));
    }

    // Ablations to zero and steering apply to the new rows (the plain run grows beside them);
    // a mean ablation depends on every position: the longer text runs whole, and the note
    // says why.
    void continueKeepsTheInterventions() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        const std::vector<std::int64_t> prompt = referenceIds("gpt2-tiny");
        openAndRun(h, modelDir("gpt2-tiny"), idText(prompt));
        NetworkController &controller = h.workbench.model();
        NetworkView &view = controller.view();
        NetworkRunner &runner = controller.runner();
        const auto checkpoint = runner.checkpoint();
        using Kind = attn::Intervention::Kind;
        QVERIFY(controller.interventions().ablate(1, 0, Kind::Zero));
        QVERIFY(controller.interventions().ablate(0, 1, Kind::Scale, 0.5));
        const auto d = Eigen::Index(checkpoint->config().dModel);
        QVERIFY(controller.interventions().steer(0, attn::Matrix::Constant(1, d, 0.5), "steer"));
        QVERIFY(runner.waitUntilIdle());
        const attn::Interventions edits = runner.interventions();

        QTest::mouseClick(view.continueTenButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle());
        const NetworkRunner::Outcome &o = runner.outcome();
        QCOMPARE(o.added, std::int64_t(1));
        attn::GenerationOptions ten;
        ten.tokens = 10;
        std::vector<std::int64_t> expected = prompt;
        for (const attn::GeneratedToken &t : attn::generate(*checkpoint, prompt, edits, ten).tokens)
            expected.push_back(t.id);
        QCOMPARE(o.run->ids, expected);
        QString diff = runDifference(*o.run, *attn::runModel(*checkpoint, expected, edits));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        diff = runDifference(*o.baseline, *attn::runModel(*checkpoint, expected));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));

        // A mean ablation: Continue runs the longer text whole and says why.
        QVERIFY(controller.interventions().ablate(1, 1, Kind::Mean));
        QVERIFY(runner.waitUntilIdle());
        QTest::mouseClick(view.continueButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle());
        QCOMPARE(runner.outcome().added, std::int64_t(0));
        QCOMPARE(runner.outcome().run->ids.size(), expected.size() + 1);
        QVERIFY(view.cacheNote()->isVisible());
        QVERIFY2(view.cacheNote()->text().startsWith(QStringLiteral("KV cache not used")),
                 qPrintable(view.cacheNote()->text()));
        QVERIFY(view.textEdit()->text().startsWith(idText(expected)));
    }

    // The head taken apart grows with the run: back in the model view, Continue takes it apart
    // again from the grown run (the new query's row chosen), the workbench's numbers those of
    // the longer text's head; once the head is edited in the workbench, it is left alone.
    void takenApartHeadGrows() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        const std::vector<std::int64_t> prompt = referenceIds("llama-gqa-tiny");
        openAndRun(h, modelDir("llama-gqa-tiny"), idText(prompt));
        NetworkController &controller = h.workbench.model();
        NetworkView &view = controller.view();
        const auto n = Eigen::Index(prompt.size());
        QSignalSpy named(h.doc(), &Document::replaced);
        QVERIFY(controller.takeApart(1, 2));
        QCOMPARE(h.doc()->inputs().X.rows(), n);
        QCOMPARE(named.count(), 1);
        const QString title = named.first().first().toString();
        controller.showModel(true);
        QTest::mouseClick(view.continueButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle());
        const attn::RunPtr grown = controller.runner().outcome().run;
        QCOMPARE(h.doc()->inputs().X.rows(), n + 1);
        QCOMPARE(h.doc()->selection().selectedRow(), int(n));
        QCOMPARE(named.count(), 2);
        QCOMPARE(named.last().first().toString(), title);
        QVERIFY(controller.isModelShown()); // the model view stays
        std::vector<std::string> labels(std::size_t(n + 1), "t");
        const attn::AttentionInputs expected =
            attn::takeApart(*controller.runner().checkpoint(), *grown, labels, 1, 2);
        QVERIFY(relativeError(h.doc()->inputs().X, expected.X) == 0);
        QVERIFY(relativeError(h.doc()->inputs().heads[0].Wq, expected.heads[0].Wq) == 0);

        // Edited in the workbench: Continue leaves the user's head as it is.
        QVERIFY(h.doc()->setCell({attn::Stage::X, 0}, 0, 0, 0.5));
        QTest::mouseClick(view.continueButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle());
        QCOMPARE(h.doc()->inputs().X.rows(), n + 1);
    }

    // Typing while Continue 10 writes stops it: the typed text runs whole.
    void typingStopsContinueTen() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        const std::vector<std::int64_t> prompt = referenceIds("llama-gqa-tiny");
        openAndRun(h, modelDir("llama-gqa-tiny"), idText(prompt));
        NetworkView &view = h.workbench.model().view();
        NetworkRunner &runner = h.workbench.model().runner();
        const QString typed = QStringLiteral("5, 6, 7");
        auto typer = connect(&view.continuation(), &TextContinuation::progress, this,
                             [&view, typed](int done, int) {
                                 if (done == 2)
                                     view.textEdit()->setText(typed);
                             });
        QTest::mouseClick(view.continueTenButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle());
        disconnect(typer);
        QVERIFY(!view.continuation().isActive());
        QCOMPARE(runner.outcome().text, typed);
        QCOMPARE(runner.outcome().run->ids, (std::vector<std::int64_t>{5, 6, 7}));
        QCOMPARE(runner.outcome().added, std::int64_t(0));
        QCOMPARE(view.continueTenButton()->text(), QString("Continue 10"));
        QVERIFY(!progressOf(view)->isVisible());
    }

    // A compact run (no head's weights kept) grows compact: its statistics and residual
    // stream are the whole compact run's.
    void compactRunGrowsCompact() {
        Harness h;
        const std::vector<std::int64_t> prompt = referenceIds("llama-gqa-tiny");
        NetworkController &controller = h.workbench.model();
        controller.runner().setKeep(attn::RunOptions::Keep::Compact);
        openAndRun(h, modelDir("llama-gqa-tiny"), idText(prompt));
        NetworkRunner &runner = controller.runner();
        QVERIFY(runner.outcome().run->compact);
        controller.view().continuation().start(3);
        QVERIFY(controller.view().continuation().waitUntilIdle());
        const attn::RunPtr run = runner.outcome().run;
        QVERIFY(run->compact);
        QCOMPARE(runner.outcome().added, std::int64_t(1));
        attn::RunOptions compact;
        compact.keep = attn::RunOptions::Keep::Compact;
        const attn::RunPtr whole = attn::runModel(*runner.checkpoint(), run->ids, {}, compact);
        QCOMPARE(run->logitsFirst, whole->logitsFirst);
        QVERIFY(relativeError(run->logits, whole->logits) <= 1e-12);
        QVERIFY(relativeError(run->final, whole->final) <= 1e-12);
        for (std::size_t l = 0; l < run->layers.size(); ++l) {
            QVERIFY(relativeError(run->layers[l].hidden, whole->layers[l].hidden) <= 1e-12);
            for (std::size_t hd = 0; hd < run->layers[l].heads.size(); ++hd)
                QVERIFY(relativeError(attn::Matrix(run->layers[l].heads[hd].rowSum),
                                      attn::Matrix(whole->layers[l].heads[hd].rowSum)) <= 1e-12);
        }
    }

    // Steering is saved with the session, the vector bit for bit, and steers the reopened run.
    void steeringLivesInSessions() {
        Harness h;
        const std::vector<std::int64_t> prompt = referenceIds("gpt2-tiny");
        openAndRun(h, modelDir("gpt2-tiny"), idText(prompt));
        NetworkController &controller = h.workbench.model();
        NetworkRunner &runner = controller.runner();
        const auto d = Eigen::Index(runner.checkpoint()->config().dModel);
        attn::Matrix vector(1, d);
        for (Eigen::Index i = 0; i < d; ++i)
            vector(0, i) = std::sin(double(i) + 0.1) / 3.0; // no short decimal
        QVERIFY(controller.interventions().ablate(0, 1, attn::Intervention::Kind::Zero));
        QVERIFY(controller.interventions().steer(1, vector, "steer"));
        QVERIFY(runner.waitUntilIdle());
        const attn::Matrix logits = runner.outcome().run->logits;
        const QString file = m_dir.filePath("steered.attnviz");
        QVERIFY(h.session->saveTo(file));
        QVERIFY(h.session->waitForSaves());

        Harness again;
        QString error;
        QVERIFY2(again.session->loadFile(file, &error), qPrintable(error));
        NetworkRunner &reopened = again.workbench.model().runner();
        QVERIFY(reopened.waitUntilIdle());
        const auto &edits = reopened.interventions().edits;
        QCOMPARE(int(edits.size()), 2);
        QCOMPARE(edits[1].kind, attn::Intervention::Kind::Steer);
        QCOMPARE(edits[1].layer, 1);
        QCOMPARE(edits[1].values, vector);
        QCOMPARE(reopened.outcome().run->logits, logits);
        // A session's state is no undo step; Restore every head takes the steering away too.
        QVERIFY(again.workbench.model().interventions().clear());
        QVERIFY(reopened.interventions().empty());
    }

    // A session's steering that does not fit (a layer the model lacks, a vector of another
    // length, a value that is not a number) is left out in one line naming the file; the
    // rest of the session opens.
    void badSteeringInASessionIsRefused_data() {
        QTest::addColumn<QJsonValue>("layer");
        QTest::addColumn<int>("length");
        QTest::addColumn<bool>("string");
        QTest::addColumn<QString>("why");
        QTest::newRow("no such layer") << QJsonValue(7) << -1 << false << "model has layers";
        QTest::newRow("negative layer") << QJsonValue(-1) << -1 << false << "model has layers";
        QTest::newRow("fractional layer") << QJsonValue(0.5) << -1 << false << "model has layers";
        QTest::newRow("layer as text") << QJsonValue("1") << -1 << false << "model has layers";
        QTest::newRow("short vector") << QJsonValue(1) << 3 << false << "not 3 numbers";
        QTest::newRow("no vector") << QJsonValue(1) << 0 << false << "not 0 numbers";
        QTest::newRow("a string in it") << QJsonValue(1) << -1 << true << "not finite numbers";
    }
    void badSteeringInASessionIsRefused() {
        QFETCH(QJsonValue, layer);
        QFETCH(int, length);
        QFETCH(bool, string);
        QFETCH(QString, why);
        Harness h;
        const std::vector<std::int64_t> prompt = referenceIds("gpt2-tiny");
        openAndRun(h, modelDir("gpt2-tiny"), idText(prompt));
        NetworkController &controller = h.workbench.model();
        const auto d = Eigen::Index(controller.runner().checkpoint()->config().dModel);
        QVERIFY(controller.interventions().ablate(0, 1, attn::Intervention::Kind::Zero));
        QVERIFY(controller.interventions().steer(1, attn::Matrix::Constant(1, d, 0.5), "s"));
        QVERIFY(controller.runner().waitUntilIdle());
        const QString file = m_dir.filePath("bad-steering.attnviz");
        QVERIFY(h.session->saveTo(file));
        QVERIFY(h.session->waitForSaves());
        // Spoil the steering entry in the file.
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonObject model = root.value("model").toObject();
        QJsonArray edits = model.value("interventions").toArray();
        QCOMPARE(edits.size(), 2);
        QJsonObject steer = edits[1].toObject();
        QCOMPARE(steer.value("kind").toString(), QString("steer"));
        steer["layer"] = layer;
        if (length >= 0) {
            QJsonArray shorter;
            for (int i = 0; i < length; ++i)
                shorter.append(0.5);
            steer["vector"] = shorter;
        }
        if (string) {
            QJsonArray vector = steer.value("vector").toArray();
            vector[2] = QStringLiteral("NaN");
            steer["vector"] = vector;
        }
        edits[1] = steer;
        model["interventions"] = edits;
        root["model"] = model;
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(root).toJson());
        f.close();

        Harness again;
        QString error;
        QVERIFY2(again.session->loadFile(file, &error), qPrintable(error));
        NetworkRunner &reopened = again.workbench.model().runner();
        QVERIFY(reopened.waitUntilIdle());
        // The ablation stays; the steering is left out, said in one line naming the file.
        QCOMPARE(int(reopened.interventions().edits.size()), 1);
        QCOMPARE(reopened.interventions().edits[0].kind, attn::Intervention::Kind::Zero);
        const QString message = again.window.statusBar()->currentMessage();
        QVERIFY2(message.startsWith(QStringLiteral("bad-steering.attnviz: ")), qPrintable(message));
        QVERIFY2(message.contains(why), qPrintable(message));
        QVERIFY(!message.contains(QLatin1Char('\n')));
    }

    // Screenshots for a look (1280 × 800) before and after Continue and Continue 10:
    // ATTNVIZ_SHOT_MODEL names a model folder, ATTNVIZ_MODEL_SHOTS where the pictures go.
    void screenshotsOfContinue() {
        const QString model = qEnvironmentVariable("ATTNVIZ_SHOT_MODEL"),
                      out = qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS");
        if (model.isEmpty() || out.isEmpty())
            QSKIP("set ATTNVIZ_SHOT_MODEL and ATTNVIZ_MODEL_SHOTS for the screenshots");
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, model,
                   qEnvironmentVariable("ATTNVIZ_SHOT_TEXT",
                                        "The capital of France is Paris. The capital "
                                        "of Germany is"));
        NetworkView &view = h.workbench.model().view();
        NetworkRunner &runner = h.workbench.model().runner();
        h.workbench.model().networkDocument().choose(0, 0);
        QVERIFY(viewIdle(view));
        QTest::qWait(300);
        QVERIFY(h.window.grab().save(out + "/continue-before.png"));
        // What each step cost on the worker: a whole run of the text, then each token's row.
        const QString text = runner.text();
        QSignalSpy finished(&runner, &NetworkRunner::runFinished);
        QTest::mouseClick(view.continueButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle(600000));
        QVERIFY(viewIdle(view));
        QTest::qWait(300);
        QVERIFY(h.window.grab().save(out + "/continue-one.png"));
        QTest::mouseClick(view.continueTenButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle(600000));
        QVERIFY(viewIdle(view));
        QTest::qWait(300);
        QVERIFY(h.window.grab().save(out + "/continue-ten.png"));
        QStringList steps;
        for (const QList<QVariant> &f : finished)
            steps << QString::number(f.first().toDouble(), 'f', 1);
        qInfo("KV cache steps (ms, the first fills the cache): %s", qPrintable(steps.join(", ")));
        // The same longer text run whole, for comparison.
        const QString written = runner.text();
        finished.clear();
        view.textEdit()->setText(text);
        QVERIFY(runner.waitUntilIdle(600000));
        view.textEdit()->setText(written);
        QVERIFY(runner.waitUntilIdle(600000));
        qInfo("whole run of the %lld tokens: %.1f ms", qlonglong(runner.outcome().tokens.size()),
              finished.last().first().toDouble());
        // The enlarged head over a grown run: back to the written text, Continue once more.
        QTest::mouseClick(view.continueButton(), Qt::LeftButton);
        QVERIFY(view.continuation().waitUntilIdle(600000));
        QVERIFY(viewIdle(view));
        LayerHeadGrid *grid = gridOf(view);
        const QRect cell = grid->headRect(0, 0);
        QTest::mouseMove(grid, cell.center());
        QTest::qWait(500);
        // The enlarged head is a window of its own (a tooltip's).
        QVERIFY(popupOf(view)->isVisible());
        QVERIFY(popupOf(view)->grab().save(out + "/continue-popup.png"));
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_model_kv_cache");
    QApplication app(argc, argv);
    TestModelKvCache test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_model_kv_cache.moc"
