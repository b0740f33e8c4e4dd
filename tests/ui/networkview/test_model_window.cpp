// SPDX-License-Identifier: GPL-3.0-or-later
// A real model in the window: a checkpoint folder opened (menu, drop, session), the text typed
// and run in the background (coalesced), every head drawn from the run's own weights, the
// predictions, a head and a layer taken apart into the workbench (a document of its own) and back.

#include "checkpoint/Checkpoint.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "network/NetworkRunner.h"
#include "networkview/NetworkFeatures.h"
#include "networkview/NetworkView.h"
#include "overview/HeadPopup.h"
#include "overview/LayerHeadGrid.h"
#include "overview/PredictionsView.h"
#include "overview/TokenStrip.h"
#include "readings/CircuitsView.h"
#include "session/SessionController.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"
#include "transformer/TakeApart.h"
#include "window/FileDrops.h"

#include <QDockWidget>
#include <QDropEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::Harness;
using namespace testsupport;

class TestModelWindow : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_gpt2, m_bert;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_gpt2 = m_dir.filePath("gpt2-tiny");
        m_bert = m_dir.filePath("bert-tiny");
        QVERIFY(testsupport::writeGpt2Folder(m_gpt2));
        QVERIFY(testsupport::writeBertFolder(m_bert));
    }
    void init() { testsupport::resetState(); }

    void overviewShowsEveryHeadOfTheRun() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        const QString text = QStringLiteral("the cat sat on the mat");
        openAndRun(h, m_gpt2, text);
        const Expected e = expected(m_gpt2, text);
        NetworkView &view = h.workbench.model().view();
        QVERIFY(h.workbench.model().isModelShown());
        QVERIFY(view.isVisible());

        // The tokens as pieces, a marker where each word begins.
        QCOMPARE(tokensOf(view)->pieces(), attn::displayLabels(e.tokens));
        // The first "the" has no space before it, so no merge makes it one piece: "·t" "he".
        QCOMPARE(tokensOf(view)->pieces().mid(0, 2),
                 QStringList({QStringLiteral("\u00b7t"), QStringLiteral("he")}));
        QVERIFY(tokensOf(view)->pieces().contains(QStringLiteral("\u00b7cat")));

        // One heatmap per head and layer, drawn from the run's numbers.
        LayerHeadGrid *grid = gridOf(view);
        QCOMPARE(grid->layers(), 2);
        QCOMPARE(grid->heads(), 4);
        QCOMPARE(grid->headCount(), 8);
        for (int l = 0; l < 2; ++l)
            for (int hd = 0; hd < 4; ++hd) {
                const attn::Matrix &w =
                    e.run->layers[std::size_t(l)].heads[std::size_t(hd)].weights;
                QCOMPARE(grid->weights(l, hd), w);
                QVERIFY(!grid->headRect(l, hd).isEmpty());
                // The picture is of those numbers: the strongest key of the last query is
                // drawn in the colour of its weight, the future keys of the first as masked.
                const Eigen::Index n = w.rows();
                Eigen::Index best = 0;
                w.row(n - 1).maxCoeff(&best);
                QCOMPARE(grid->imageColor(l, hd, int(n - 1), int(best)),
                         ColorLut().at(lutIndex(w(n - 1, best), ValueRange{0.0, 1.0})));
                QVERIFY(grid->imageColor(l, hd, 0, 1) != grid->imageColor(l, hd, 0, 0));
            }

        // The predictions after the last token are topPredictions of the last position.
        PredictionsView *p = predictionsOf(view);
        QCOMPARE(p->positions(), std::vector<std::int64_t>{std::int64_t(e.tokens.size()) - 1});
        QVERIFY(
            samePredictions(p->predictions().at(0),
                            attn::topPredictions(*e.run, std::int64_t(e.tokens.size()) - 1, 5)));
        QCOMPARE(int(p->predictions().at(0).size()), PredictionsView::kTop);

        // Hovering a head enlarges it, with the token names.
        QTest::mouseMove(grid, grid->headRect(1, 2).center());
        QTRY_VERIFY(popupOf(view)->isVisible());
        // Never over the head the pointer is on, and the pointer passes through it anyway: a
        // popup that took the hover from the grid hid itself at once (one teacher saw no
        // enlarged head at all).
        QVERIFY(popupOf(view)->windowFlags().testFlag(Qt::WindowTransparentForInput));
        QVERIFY(!popupOf(view)->geometry().intersects(
            QRect(grid->mapToGlobal(grid->headRect(1, 2).topLeft()), grid->headRect(1, 2).size())));
        QCOMPARE(popupOf(view)->layer(), 1);
        QCOMPARE(popupOf(view)->head(), 2);
        QCOMPARE(popupOf(view)->heatmap()->rowLabels(), attn::displayLabels(e.tokens));
        QCOMPARE(popupOf(view)->heatmap()->values(), e.run->layers[1].heads[2].weights);
        // It takes no clicks itself: its last line says where a click and the menu lead.
        QVERIFY(popupOf(view)->hint()->isVisible());
        QVERIFY2(popupOf(view)->hint()->text().contains("Circuits of head 2"),
                 qPrintable(popupOf(view)->hint()->text()));
        QVERIFY(popupOf(view)->hint()->geometry().bottom() < popupOf(view)->height());
        QVERIFY(popupOf(view)->heatmap()->geometry().bottom() <
                popupOf(view)->hint()->geometry().top());
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            const QString dir = qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS");
            QTest::qWait(300); // the heatmap's replot, queued for a turn of its own
            popupOf(view)->grab().save(dir + "/popup.png");
            h.window.grab().save(dir + "/window.png");
        }
        QTest::mouseMove(grid, QPoint(1, 1));
        QTRY_VERIFY(!popupOf(view)->isVisible());
    }

    void bertPredictsAtEachMask() {
        Harness h;
        const QString text = QStringLiteral("the cat [MASK] on the [MASK] .");
        openAndRun(h, m_bert, text);
        const Expected e = expected(m_bert, text);
        NetworkView &view = h.workbench.model().view();
        QCOMPARE(tokensOf(view)->pieces().first(), QStringLiteral("[CLS]"));
        const std::vector<std::int64_t> masks = PredictionsView::maskPositions(e.tokens);
        QCOMPARE(masks, (std::vector<std::int64_t>{3, 6}));
        QCOMPARE(predictionsOf(view)->positions(), masks);
        for (std::size_t k = 0; k < masks.size(); ++k)
            QVERIFY(samePredictions(predictionsOf(view)->predictions()[k],
                                    attn::topPredictions(*e.run, masks[k], 5)));
        // "##" continuations join their word: "playing" is "·play" "ing".
        view.textEdit()->setText(QStringLiteral("the cat is playing"));
        QVERIFY(h.workbench.model().runner().waitUntilIdle());
        QVERIFY(tokensOf(view)->pieces().contains(QStringLiteral("\u00b7play")));
        QVERIFY(tokensOf(view)->pieces().contains(QStringLiteral("ing")));
    }

    void typingIsCoalescedAndStaleRunsDropped() {
        Harness h;
        openAndRun(h, m_gpt2, QStringLiteral("the"));
        NetworkRunner &runner = h.workbench.model().runner();
        QSignalSpy started(&runner, &NetworkRunner::runStarted);
        QSignalSpy finished(&runner, &NetworkRunner::runFinished);
        const QString text = QStringLiteral("the cat sat on the mat and the dog sat on it");
        // A keystroke per character, all in one turn of the event loop: one run.
        for (qsizetype i = 1; i <= text.size(); ++i)
            h.workbench.model().view().textEdit()->setText(text.left(i));
        QVERIFY(runner.waitUntilIdle());
        QCOMPARE(started.size(), 1);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(runner.outcome().text, text);

        // A text typed while a run is going: that run's result is dropped, the newest runs.
        started.clear();
        finished.clear();
        runner.setText(QStringLiteral("the cat"));
        QTRY_COMPARE(started.size(), 1);
        // On a loaded machine the tiny model's run may already have finished (and been shown)
        // while the test waited for it to start; then both finish. Otherwise the first run's
        // result, arriving after the newer text, is dropped.
        const bool firstShown = finished.size() == 1;
        runner.setText(QStringLiteral("the dog"));
        QVERIFY(runner.waitUntilIdle());
        QCOMPARE(finished.size(), firstShown ? 2 : 1);
        QCOMPARE(runner.outcome().text, QStringLiteral("the dog"));
        QCOMPARE(started.size(), 2);
        // The progress bar is only for a run that is going.
        QVERIFY(!progressOf(h.workbench.model().view())->isVisible());
    }

    void headTakenApartIsItsOwnDocumentAndLinksBack() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        const QString text = QStringLiteral("the cat sat on the mat");
        openAndRun(h, m_gpt2, text);
        const Expected e = expected(m_gpt2, text);
        NetworkController &model = h.workbench.model();
        Document &doc = *h.doc();
        const attn::AttentionInputs before = doc.inputs();

        // A click on the head takes it apart.
        LayerHeadGrid *grid = gridOf(model.view());
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->headRect(1, 2).center());
        const auto checkpoint = attn::Checkpoint::open(m_gpt2);
        const attn::AttentionInputs head =
            attn::takeApart(*checkpoint, *e.run, labels(e.tokens), 1, 2);
        QVERIFY(doc.inputs() == head);
        // A document of its own, named after the head (Document::replaceDocument).
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(h.window.windowTitle().startsWith(QStringLiteral("gpt2-tiny: layer 1, head 2")));
        QCOMPARE(grid->chosenLayer(), 1);
        QCOMPARE(grid->chosenHead(), 2);
        // The workbench computes the model's weights from them.
        h.workbench.recomputer().recomputeNow();
        QVERIFY(testsupport::firstDifference(
                    h.workbench.recomputer().result()->heads[0].weights(),
                    e.run->layers[1].heads[2].weights,
                    [](double a, double b) { return testsupport::close(a, b, 1e-9); })
                    .isEmpty());

        // The workbench shows, with a link back to the model.
        QVERIFY(!model.isModelShown());
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            QTest::qWait(500);
            h.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/taken.png");
        }
        QVERIFY(model.backButton()->isVisible());
        QTest::mouseClick(model.backButton(), Qt::LeftButton);
        QVERIFY(model.isModelShown());
        QVERIFY(!model.backButton()->isVisible());
        QCOMPARE(gridOf(model.view())->headCount(), 8); // the model as it was
        QTest::mouseClick(model.view().findChild<QPushButton *>("backToWorkbenchButton"),
                          Qt::LeftButton);
        QVERIFY(!model.isModelShown());

        // Undo does not bring the document before back under the head's name.
        QVERIFY(!doc.undoStack()->canUndo());
        QVERIFY(doc.inputs() != before);

        // The whole layer: every head.
        QString error;
        QVERIFY2(model.takeApart(0, -1, &error), qPrintable(error));
        QVERIFY(doc.inputs() == attn::takeApart(*checkpoint, *e.run, labels(e.tokens), 0, -1));
        QCOMPARE(doc.headCount(), 4);
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(h.window.windowTitle().startsWith(QStringLiteral("gpt2-tiny: layer 0")));
        QCOMPARE(doc.selection().currentHead(), 2); // the head chosen before
    }

    void tooLargeLayerOffersTheHead() {
        // gpt2-tiny read as 32 heads of one dimension: more heads than the workbench holds.
        const QString folder = m_dir.filePath("gpt2-32-heads");
        QVERIFY(testsupport::writeGpt2Folder(folder));
        QFile config(QDir(folder).filePath("config.json"));
        QVERIFY(config.open(QIODevice::ReadOnly));
        QJsonObject json = QJsonDocument::fromJson(config.readAll()).object();
        config.close();
        json["n_head"] = 32;
        QVERIFY(testsupport::writeText(config.fileName(), QJsonDocument(json).toJson()));

        Harness h;
        openAndRun(h, folder, QStringLiteral("the cat"));
        NetworkController &model = h.workbench.model();
        const std::string why = attn::layerTooLarge(model.runner().checkpoint()->config(), 2);
        QVERIFY(!why.empty());
        QStringList asked;
        bool answer = false;
        model.setAskTakeHead([&](const QString &question) {
            asked << question;
            return answer;
        });
        gridOf(model.view())->choose(1, 5);
        const attn::AttentionInputs before = h.doc()->inputs();
        QString error;
        QVERIFY(!model.takeApart(1, -1, &error)); // declined: nothing changes, the reason said
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked[0].contains(QString::fromStdString(why)), qPrintable(asked[0]));
        QVERIFY2(error.contains(QString::fromStdString(why)), qPrintable(error));
        QVERIFY(h.doc()->inputs() == before);
        answer = true; // accepted: the chosen head instead
        QVERIFY2(model.takeApart(1, -1, &error), qPrintable(error));
        QCOMPARE(h.doc()->headCount(), 1);
        QVERIFY(h.doc()->inputs() ==
                attn::takeApart(*model.runner().checkpoint(), *model.runner().outcome().run,
                                labels(model.runner().outcome().tokens), 1, 5));
    }

    void badFolderChangesNothing() {
        Harness h;
        openAndRun(h, m_gpt2, QStringLiteral("the cat"));
        NetworkController &model = h.workbench.model();
        const attn::AttentionInputs before = h.doc()->inputs();
        const int steps = h.doc()->undoStack()->index();
        const attn::RunPtr run = model.runner().outcome().run;

        QTemporaryDir empty;
        QString error;
        QVERIFY(!model.openFolderNow(empty.path(), &error));
        QVERIFY2(error.contains("config.json"), qPrintable(error));
        QVERIFY(!error.contains('\n'));
        QVERIFY(h.doc()->inputs() == before);
        QCOMPARE(h.doc()->undoStack()->count(), steps);
        QCOMPARE(model.runner().folder(), QDir(m_gpt2).absolutePath());
        QCOMPARE(model.runner().outcome().run, run);

        QVERIFY(h.doc()->inputs() == before);
    }

    // The title names what the window shows: the model while it has the whole window, the
    // document again when the workbench comes back.
    void titleNamesTheModelWhileItIsShown() {
        Harness h;
        NetworkController &model = h.workbench.model();
        const QString before = h.window.windowTitle();
        QVERIFY(model.openFolderNow(m_gpt2));
        model.showModel(true);
        QVERIFY(model.isModelShown());
        QVERIFY2(h.window.windowTitle().startsWith(QFileInfo(m_gpt2).fileName() + " (GPT-2)"),
                 qPrintable(h.window.windowTitle()));
        model.showModel(false);
        QCOMPARE(h.window.windowTitle(), before);
    }

    // A model without any tokenizer file opens all the same: its text box takes token ids, and
    // says so; words are refused in one line.
    void modelWithoutTokenizerTakesIds() {
        Harness h;
        NetworkController &model = h.workbench.model();
        const QString noTokenizer = m_dir.filePath("no-tokenizer");
        QVERIFY(testsupport::copyModelFiles("gpt2-tiny", noTokenizer));
        QSignalSpy opened(&model.runner(), &NetworkRunner::opened);
        model.openFolder(noTokenizer); // as the menu and a drop do: on a worker
        QTRY_COMPARE(opened.size(), 1);
        QVERIFY2(model.view().textEdit()->placeholderText().contains("token ids"),
                 qPrintable(model.view().textEdit()->placeholderText()));
        model.view().textEdit()->setText(QStringLiteral("246, 64 123"));
        QVERIFY(model.runner().waitUntilIdle());
        QVERIFY(model.runner().outcome().run);
        QCOMPARE(model.runner().outcome().run->ids, (std::vector<std::int64_t>{246, 64, 123}));
        QCOMPARE(model.runner().outcome().tokens[1].display, QStringLiteral("64"));
        model.view().textEdit()->setText(QStringLiteral("the mat"));
        QVERIFY(model.runner().waitUntilIdle());
        const QString message = messageOf(model.view())->text();
        QVERIFY2(message.contains("not a token id"), qPrintable(message));
        QVERIFY(!message.contains('\n'));
    }

    void droppedFolderOpens() {
        Harness h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        auto mime = std::make_unique<QMimeData>();
        mime->setUrls({QUrl::fromLocalFile(m_gpt2)});
        QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, mime.get(), Qt::LeftButton,
                              Qt::NoModifier);
        QCoreApplication::sendEvent(&h.window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(200, 200), Qt::CopyAction, mime.get(), Qt::LeftButton,
                        Qt::NoModifier);
        QCoreApplication::sendEvent(&h.window, &drop);
        QVERIFY(drop.isAccepted());
        NetworkController &model = h.workbench.model();
        QTRY_VERIFY(model.runner().isOpen());
        QTRY_VERIFY(model.isModelShown());
        model.view().textEdit()->setText(QStringLiteral("the mat"));
        QVERIFY(model.runner().waitUntilIdle());
        QCOMPARE(gridOf(model.view())->headCount(), 8);
    }

    void sessionsRememberTheModel() {
        const QString file = m_dir.filePath("with-model.attnviz");
        const QString text = QStringLiteral("the cat sat on the mat");
        attn::AttentionInputs taken;
        {
            Harness h;
            openAndRun(h, m_gpt2, text);
            QVERIFY(h.workbench.model().takeApart(1, 3));
            taken = h.doc()->inputs();
            QVERIFY(h.session->saveTo(file));
            QVERIFY(h.session->waitForSaves());
        }
        // A top-level "model" member, as attnviz-cli model session writes it.
        const QJsonObject root = testsupport::readJsonObject(file);
        QVERIFY(!root["view"].toObject().contains("model"));
        const QJsonObject saved = root["model"].toObject();
        QCOMPARE(saved["folder"].toString(), QDir(m_gpt2).absolutePath());
        QCOMPARE(saved["text"].toString(), text);
        QCOMPARE(saved["layer"].toInt(), 1);
        QCOMPARE(saved["head"].toInt(), 3);
        {
            Harness h;
            QString error;
            QVERIFY2(h.session->loadFile(file, &error), qPrintable(error));
            QVERIFY(h.doc()->inputs() == taken);
            NetworkController &model = h.workbench.model();
            QCOMPARE(model.runner().folder(), QDir(m_gpt2).absolutePath());
            QCOMPARE(model.view().textEdit()->text(), text);
            QVERIFY(model.runner().waitUntilIdle());
            QCOMPARE(model.runner().outcome().text, text);
            QCOMPARE(gridOf(model.view())->chosenLayer(), 1);
            QCOMPARE(gridOf(model.view())->chosenHead(), 3);
            QCOMPARE(model.networkDocument().text(), text);
            QCOMPARE(model.networkDocument().chosenLayer(), 1);
            QCOMPARE(model.networkDocument().chosenHead(), 3);
            QVERIFY(!model.isModelShown()); // the session's document is what opens
            QVERIFY(model.backButton()->isVisibleTo(&h.window));
            // Still the head taken apart: its edits can go back, its circuits be read.
            QVERIFY(model.sendBackButton()->isVisibleTo(&h.window));
            QVERIFY(model.circuitsButton()->isVisibleTo(&h.window));
            QVERIFY(model.sendHeadBack());
            QCOMPARE(model.state()["layer"].toInt(), 1);
            QCOMPARE(model.state()["head"].toInt(), 3);
        }
        // The folder gone: the document opens all the same, and the window says so.
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray bytes = f.readAll();
        f.close();
        bytes.replace(QDir(m_gpt2).absolutePath().toUtf8(), m_dir.filePath("gone").toUtf8());
        const QString moved = m_dir.filePath("moved.attnviz");
        QVERIFY(testsupport::writeText(moved, bytes));
        {
            Harness h;
            QString error;
            QVERIFY2(h.session->loadFile(moved, &error), qPrintable(error));
            QVERIFY(h.doc()->inputs() == taken);
            NetworkController &model = h.workbench.model();
            QVERIFY(!model.runner().isOpen());
            const QString said = h.window.statusBar()->currentMessage();
            QVERIFY2(said.contains(m_dir.filePath("gone")) && said.contains("not there"),
                     qPrintable(said));
        }
        // A session attnviz-cli wrote opens with its model, as the window's own do.
        const QString cli = m_dir.filePath("cli.attnviz");
        QProcess run;
        run.start(QStringLiteral(ATTNVIZ_CLI_PATH), {"model", "session", m_gpt2, "--text", text,
                                                     "--layer", "1", "--head", "2", "--out", cli});
        QVERIFY(run.waitForFinished(60000));
        QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
        {
            Harness h;
            QString error;
            QVERIFY2(h.session->loadFile(cli, &error), qPrintable(error));
            NetworkController &model = h.workbench.model();
            QCOMPARE(model.runner().folder(), QDir(m_gpt2).absolutePath());
            QCOMPARE(model.view().textEdit()->text(), text);
            QVERIFY(model.runner().waitUntilIdle());
            QCOMPARE(gridOf(model.view())->chosenLayer(), 1);
            QCOMPARE(gridOf(model.view())->chosenHead(), 2);
            QCOMPARE(model.networkDocument().chosenLayer(), 1);
            QCOMPARE(model.networkDocument().chosenHead(), 2);
            // The same numbers as the window's own; the CLI labels the tokens its own way.
            attn::AttentionInputs same =
                attn::takeApart(*model.runner().checkpoint(), *model.runner().outcome().run,
                                labels(model.runner().outcome().tokens), 1, 2);
            same.tokens = h.doc()->inputs().tokens;
            QVERIFY(h.doc()->inputs() == same);
            QVERIFY(model.circuitsButton()->isVisibleTo(&h.window));
            QVERIFY(model.showEditedCircuits());
            QVERIFY(model.view().circuits()->waitUntilIdle());
            QVERIFY(model.view().circuits()->result());
        }
        // A session without a model has no "model" key.
        {
            Harness h;
            QVERIFY(!h.session->sessionBytes().contains("\"model\""));
        }
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_model_window");
    QApplication app(argc, argv);
    TestModelWindow test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_model_window.moc"
