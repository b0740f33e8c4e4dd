// SPDX-License-Identifier: GPL-3.0-or-later
// The circuits of a head in the model window (issue 27): the heads' context menu opens the
// Circuits tab on the head, which shows W_QK and W_OV as heatmaps, their singular values, W_OV's
// eigenvalues, the copying score and the token pairs, all as the core reads them; a d = 2048
// head is read on a worker with the bar showing and the window never frozen, and Cancel stops it.

#include "Attention.h"
#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "networkreadings/AttentionRollout.h"
#include "networkreadings/HeadCircuits.h"
#include "networkreadings/ValueWeightedNorms.h"
#include "networkview/NetworkFeatures.h"
#include "networkview/NetworkView.h"
#include "overview/LayerHeadGrid.h"
#include "overview/PredictionsView.h"
#include "readings/CircuitsView.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"
#include "support/StallMeter.h"
#include "support/TestSupport.h"
#include "transformer/TakeApart.h"
#include "workbench/StagesView.h"

#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <qcustomplot.h>

#include <functional>
#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::Harness;
using namespace testsupport;

namespace {

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ATTNVIZ_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ATTNVIZ_SANITIZED 1
#endif
// Before the circuits were read on a worker, a d = 2048 head held the GUI thread for seconds;
// optimized, the window's target is test_responsiveness's 50 ms; under the sanitizers or
// unoptimized only a freeze fails.
#if defined(ATTNVIZ_SANITIZED) || !defined(__OPTIMIZE__) || !defined(NDEBUG)
constexpr double kLimitMs = 1500;
#else
constexpr double kLimitMs = 150;
#endif

// Runs the event loop until `done`, at most `ms`, sleeping while there is nothing to do.
bool runUntil(const std::function<bool()> &done, int ms) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms) {
        QEventLoop loop;
        QTimer::singleShot(5, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return done();
}

std::shared_ptr<attn::HeadProjections> randomHead(int d, int headDim, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0 / std::sqrt(double(d)));
    auto fill = [&](int rows, int cols) {
        attn::Matrix m(rows, cols);
        for (Eigen::Index i = 0; i < m.size(); ++i)
            m.data()[i] = normal(rng);
        return m;
    };
    auto head = std::make_shared<attn::HeadProjections>();
    head->qkv.Wq = fill(d, headDim);
    head->qkv.Wk = fill(d, headDim);
    head->qkv.Wv = fill(d, headDim);
    head->Wo = fill(headDim, d);
    return head;
}

} // namespace

class TestModelCircuits : public QObject {
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

    // The heads' context menu › Circuits: the tab on that head, every reading the core's.
    void contextMenuShowsTheHeadsCircuits() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, "the cat sat on the mat");
        NetworkView &view = h.workbench.model().view();
        LayerHeadGrid *grid = gridOf(view);
        const int layer = 1, head = 1;
        const QRect thumb = grid->headRect(layer, head);
        QVERIFY(!thumb.isEmpty());
        bool found = false;
        QTimer::singleShot(50, [&found] {
            if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
                for (QAction *a : menu->actions())
                    if (a->text().startsWith("Circuits of head")) {
                        found = true;
                        a->trigger();
                    }
                menu->close();
            }
        });
        QContextMenuEvent event(QContextMenuEvent::Mouse, thumb.center(),
                                grid->mapToGlobal(thumb.center()));
        QApplication::sendEvent(grid, &event);
        QVERIFY(found);
        CircuitsView *c = view.circuits();
        QCOMPARE(view.tabs()->currentWidget(), c);
        QVERIFY(!predictionsOf(view)->isVisible()); // the weights' readings: the width is theirs
        QCOMPARE(c->layer(), layer);
        QCOMPARE(c->head(), head);
        QVERIFY(c->waitUntilIdle());
        QVERIFY(!c->progress()->isVisible());
        const CircuitsView::Result *r = c->result();
        QVERIFY(r);
        QVERIFY2(r->error.isEmpty(), qPrintable(r->error));

        const auto checkpoint = attn::Checkpoint::open(m_gpt2);
        const attn::HeadCircuit expected = attn::headCircuit(*checkpoint, layer, head);
        const attn::Matrix qk = attn::qkCircuit(*checkpoint, layer, head);
        const attn::Matrix ov = attn::ovCircuit(*checkpoint, layer, head);
        const int d = int(checkpoint->config().dModel);
        QCOMPARE(c->qkView()->rows(), d);
        QCOMPARE(c->qkView()->cols(), d);
        QCOMPARE(c->ovView()->rows(), d);
        for (int i : {0, d / 2, d - 1})
            for (int j : {0, 3, d - 1}) {
                QCOMPARE(c->qkView()->value(i, j), qk(i, j));
                QCOMPARE(c->ovView()->value(i, j), ov(i, j));
            }
        QCOMPARE(c->qkView()->scaleKind(), ScaleKind::Diverging);

        // The spectra as plotted: one point per singular value and per eigenvalue.
        QCustomPlot *singular = c->singularPlot();
        QCOMPARE(singular->graph(0)->dataCount(), int(expected.qkSingular.size()));
        QCOMPARE(singular->graph(1)->dataCount(), int(expected.ovSingular.size()));
        QCOMPARE(singular->graph(0)->data()->at(0)->value, expected.qkSingular.front());
        QCOMPARE(singular->graph(1)->data()->at(0)->value, expected.ovSingular.front());
        QCustomPlot *eigen = c->eigenPlot();
        QCOMPARE(eigen->graph(0)->dataCount(), int(expected.ovEigenvalues.size()));
        // Every eigenvalue a point (re, im); the largest by modulus ringed.
        for (const std::complex<double> &v : expected.ovEigenvalues) {
            bool plotted = false;
            for (auto p = eigen->graph(0)->data()->constBegin();
                 p != eigen->graph(0)->data()->constEnd(); ++p)
                plotted = plotted || (p->key == v.real() && p->value == v.imag());
            QVERIFY(plotted);
        }
        QCOMPARE(eigen->graph(1)->dataCount(), int(CircuitsView::kRinged));
        bool ringed = false;
        for (auto p = eigen->graph(1)->data()->constBegin();
             p != eigen->graph(1)->data()->constEnd(); ++p)
            ringed = ringed || (p->key == expected.ovEigenvalues.front().real() &&
                                p->value == expected.ovEigenvalues.front().imag());
        QVERIFY(ringed);
        QVERIFY(eigen->toolTip().contains("largest first"));
        QVERIFY2(c->copyingLabel()->text().contains(attn::notation::number(expected.copying, 3)),
                 qPrintable(c->copyingLabel()->text()));
        QVERIFY(c->copyingLabel()->text().contains("copies"));

        // The token pairs, with their texts: gpt2-tiny's vocabulary of 300 is small enough.
        const auto qkPairs = attn::favouredQkPairs(*checkpoint, layer, head, CircuitsView::kPairs);
        const auto ovPairs = attn::favouredOvPairs(*checkpoint, layer, head, CircuitsView::kPairs);
        QCOMPARE(int(qkPairs.size()), CircuitsView::kPairs);
        QTableWidget *pairs = c->pairsTable();
        QVERIFY(pairs->isVisible());
        QCOMPARE(pairs->rowCount(), CircuitsView::kPairs);
        for (int i : {0, CircuitsView::kPairs - 1}) {
            const QString q = pairs->item(i, 0)->text(), o = pairs->item(i, 1)->text();
            QVERIFY2(q.startsWith(c->tokenText(qkPairs[std::size_t(i)].first) + " → " +
                                  c->tokenText(qkPairs[std::size_t(i)].second)),
                     qPrintable(q));
            QVERIFY2(o.startsWith(c->tokenText(ovPairs[std::size_t(i)].first) + " → " +
                                  c->tokenText(ovPairs[std::size_t(i)].second)),
                     qPrintable(o));
        }
        // A token's text, not its id, where the tokenizer knows it.
        QVERIFY(!c->tokenText(qkPairs[0].first).startsWith('#'));

        // The boxes pick another head.
        c->headBox()->setValue(0);
        QCOMPARE(c->head(), 0);
        QVERIFY(c->waitUntilIdle());
        QCOMPARE(c->qkView()->value(1, 2), attn::qkCircuit(*checkpoint, layer, 0)(1, 2));
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            QTest::qWait(300);
            h.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") + "/circuits.png");
        }
    }

    // A head taken apart: the workbench's weights heatmap shows the overview's three pictures
    // for it (value-weighted from the document as edited, rollout from the model's run), and a
    // weight on the sink key says in its tooltip what the sink's value writes.
    void workbenchWeightsShowTheModelPictures() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        const QString text = QStringLiteral("the cat sat on the mat");
        openAndRun(h, m_gpt2, text);
        NetworkController &model = h.workbench.model();
        const attn::RunPtr run = model.runner().outcome().run;
        const int n = int(run->ids.size()), layer = 1, head = 2;
        QVERIFY(!model.weightsPictureBox()->isVisibleTo(&h.window));
        QVERIFY(model.takeApart(layer, head));
        HeatmapView *weights = h.workbench.stages().view(attn::Stage::Weights);
        const auto drawn = [&] {
            return !h.workbench.recomputer().isBusy() && weights->rows() == n &&
                   h.doc()->inputs().X.rows() == n;
        };
        QTRY_VERIFY(drawn());
        QComboBox *box = model.weightsPictureBox();
        QVERIFY(box->isVisibleTo(&h.window));
        const auto checkpoint = attn::Checkpoint::open(m_gpt2);
        const attn::ValueWeightedHead expected =
            attn::valueWeightedHead(*checkpoint, *run, layer, head);
        const attn::Matrix &w = run->layers[layer].heads[head].weights;
        QVERIFY(relativeError(weights->values(), w) < 1e-9); // the weights, as before

        // The sink's tooltip: its weight, its value's norm and the others'.
        Eigen::Index sink = 0;
        w.colwise().mean().maxCoeff(&sink);
        const QString tip = weights->toolTipText(n - 1, int(sink));
        QVERIFY2(
            tip.contains(
                QString("Position %1 gets weight %2").arg(sink).arg(w(n - 1, sink), 0, 'f', 2)),
            qPrintable(tip));
        QVERIFY2(tip.contains(QString("‖v·Wo‖ = %1").arg(expected.valueNorms(sink), 0, 'f', 3)),
                 qPrintable(tip));
        if (sink != 1) // another key's tooltip has no such line
            QVERIFY(!weights->toolTipText(n - 1, 1).contains("gets weight"));

        box->setCurrentIndex(int(NetworkController::WeightsPicture::ValueWeighted));
        QTRY_VERIFY(weights->title().contains("value-weighted"));
        QVERIFY(relativeError(weights->values(), expected.norms) < 1e-9);
        QCOMPARE(weights->scaleKind(), ScaleKind::Sequential);

        box->setCurrentIndex(int(NetworkController::WeightsPicture::Rollout));
        QTRY_VERIFY(weights->title().contains("rollout"));
        QVERIFY(relativeError(weights->values(), attn::attentionRollout(*run, layer + 1)) < 1e-12);
        if (!qEnvironmentVariableIsEmpty("ATTNVIZ_MODEL_SHOTS")) {
            QTest::qWait(300);
            h.window.grab().save(qEnvironmentVariable("ATTNVIZ_MODEL_SHOTS") +
                                 "/workbench-rollout.png");
        }

        // An edit of the document: value-weighted follows the document, not the model.
        box->setCurrentIndex(int(NetworkController::WeightsPicture::ValueWeighted));
        QVERIFY(h.doc()->setCell({attn::Stage::Wv, 0}, 0, 0,
                                 h.doc()->inputs().heads[0].Wv(0, 0) + 3.0));
        QTRY_VERIFY(drawn() && relativeError(weights->values(), expected.norms) > 1e-6);
        QVERIFY(weights->title().contains("value-weighted"));
        // Back to the weights: the heatmap is the document's weights again.
        box->setCurrentIndex(int(NetworkController::WeightsPicture::Weights));
        QTRY_VERIFY(!weights->title().contains("value-weighted"));
        QVERIFY(relativeError(weights->values(),
                              attn::compute(h.doc()->inputs()).heads[0].weights()) < 1e-12);
    }

    // A head taken apart: "Its circuits ▸" shows W_QK and W_OV of the head as the workbench
    // holds it, first as the model's own, then with an edit of Wv, which W_OV and its spectrum
    // follow while W_QK stays.
    void editedHeadsCircuitsFollowTheEdit() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, "the cat sat on the mat");
        NetworkController &model = h.workbench.model();
        QString error;
        QVERIFY(!model.showEditedCircuits(&error)); // nothing taken apart yet
        QVERIFY(error.contains("take one apart"));
        const int layer = 1, head = 2;
        QVERIFY(model.takeApart(layer, head));
        QPushButton *button = model.circuitsButton();
        QVERIFY(button->isVisibleTo(&h.window));
        const auto checkpoint = attn::Checkpoint::open(m_gpt2);
        attn::HeadProjections own = attn::headProjections(*checkpoint, layer, head);

        QTest::mouseClick(button, Qt::LeftButton);
        NetworkView &view = model.view();
        CircuitsView *c = view.circuits();
        QVERIFY(model.isModelShown());
        QCOMPARE(view.tabs()->currentWidget(), c);
        QVERIFY(c->waitUntilIdle());
        QVERIFY(c->result() && c->result()->error.isEmpty());
        const QLabel *heading = c->findChild<QLabel *>("circuitHeading");
        QVERIFY(heading);
        QVERIFY2(heading->text().contains("Layer 1, head 2 from the workbench"),
                 qPrintable(heading->text()));
        const attn::HeadCircuit plain = attn::headCircuit(*checkpoint, layer, head);
        QCOMPARE(c->result()->circuit.ovSingular.size(), plain.ovSingular.size());
        for (std::size_t i = 0; i < plain.ovSingular.size(); ++i)
            QVERIFY(std::abs(c->result()->circuit.ovSingular[i] - plain.ovSingular[i]) <=
                    1e-12 * plain.ovSingular.front());
        const attn::Matrix ovPlain = attn::ovCircuit(*checkpoint, layer, head);
        QVERIFY(relativeError(*c->result()->ov, ovPlain) < 1e-12);

        // Edit a cell of Wv in the workbench: W_OV = Wv·Wo moves, W_QK does not.
        model.showModel(false);
        const double was = h.doc()->inputs().heads[0].Wv(0, 0);
        QVERIFY(h.doc()->setCell({attn::Stage::Wv, 0}, 0, 0, was + 2.5));
        own.qkv.Wv(0, 0) = was + 2.5;
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(c->waitUntilIdle());
        QVERIFY2(heading->text().contains("as edited"), qPrintable(heading->text()));
        const attn::HeadCircuit edited = attn::headCircuit(own);
        QVERIFY(relativeError(*c->result()->ov, attn::ovCircuit(own)) < 1e-12);
        QVERIFY(relativeError(*c->result()->ov, ovPlain) > 1e-6);
        QVERIFY(relativeError(*c->result()->qk, attn::qkCircuit(*checkpoint, layer, head)) < 1e-12);
        QVERIFY(std::abs(c->result()->circuit.copying - edited.copying) < 1e-9);
        QVERIFY(std::abs(edited.copying - plain.copying) > 1e-9);
        QVERIFY(c->copyingLabel()->text().contains(attn::notation::number(edited.copying, 3)));
    }

    // A d = 2048 head: two 4 M-cell products and the spectra, read while the event loop turns,
    // with the bar and Cancel showing; Cancel stops it and keeps what was shown.
    void largeHeadNeverFreezesTheWindow() {
        CircuitsView view;
        view.resize(1000, 640);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto head = randomHead(2048, 64, 7);
        StallMeter meter;
        view.showProjections(head, "random d = 2048 head");
        QVERIFY(view.isBusy());
        QVERIFY(view.progress()->isVisible());
        QVERIFY(view.cancelButton()->isVisible());
        QVERIFY(view.statusLabel()->text().contains("Reading"));
        QVERIFY(runUntil([&] { return !view.isBusy() && !view.qkView()->isColoring(); }, 120000));
        QVERIFY(view.result());
        QVERIFY2(view.result()->error.isEmpty(), qPrintable(view.result()->error));
        QCOMPARE(view.qkView()->rows(), 2048);
        QCOMPARE(view.ovView()->cols(), 2048);
        QCOMPARE(view.singularPlot()->graph(0)->dataCount(), 64);
        QCOMPARE(view.eigenPlot()->graph(0)->dataCount(), 64);
        QCOMPARE(view.pairsTable()->rowCount(), 0); // no model: no pairs, and it says why
        QVERIFY(!view.pairsTable()->isVisible());
        QVERIFY(view.statusLabel()->text().contains("no model's"));
        QVERIFY(!view.progress()->isVisible());
        const double stall = meter.longestOwn().ownMs;
        qInfo("d = 2048 head: longest GUI stall %.1f ms (own), %.1f ms (wall)", stall,
              meter.longestWall().wallMs);
        QVERIFY2(stall < kLimitMs,
                 qPrintable(QStringLiteral("the GUI thread stalled %1 ms").arg(stall, 0, 'f', 0)));

        // Another head, cancelled at once: not busy, the first head's circuits still shown.
        const double first = view.qkView()->value(5, 7);
        view.showProjections(randomHead(2048, 64, 8), "another");
        QVERIFY(view.isBusy());
        QTest::mouseClick(view.cancelButton(), Qt::LeftButton);
        QVERIFY(!view.isBusy());
        QVERIFY(!view.progress()->isVisible());
        QTest::qWait(50);
        QCOMPARE(view.qkView()->value(5, 7), first);
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_model_circuits");
    QApplication app(argc, argv);
    TestModelCircuits test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_model_circuits.moc"
