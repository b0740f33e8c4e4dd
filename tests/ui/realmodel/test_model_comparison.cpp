// SPDX-License-Identifier: GPL-3.0-or-later
// Two sentences compared in the model window (issue 27's A/B): the "Compare with…" box runs B
// beside A, the per-head difference and both predictions are the core's, a head of A patched
// from B says how much of B's prediction it restores (attn::restoredFraction), every head
// patched colours the map, other lengths say why there is nothing to compare, and a session
// keeps B's text.

#include "Notation.h"
#include "analysis/RunDifference.h"
#include "checkpoint/Checkpoint.h"
#include "heatmap/HeatmapView.h"
#include "realmodel/ComparisonView.h"
#include "realmodel/LayerHeadGrid.h"
#include "realmodel/ModelComparison.h"
#include "realmodel/ModelView.h"
#include "support/ModelFolderSupport.h"
#include "support/ModelWindowSupport.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"

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

    void bothRunsSideBySideWithTheirDifference() {
        Harness h;
        h.window.resize(1280, 800);
        h.window.show();
        openAndRun(h, m_gpt2, kA);
        ModelView &view = h.workbench.model().view();
        ComparisonView *c = view.comparisonView();
        ModelComparison &comparison = view.comparison();
        QVERIFY(!comparison.isActive());
        QVERIFY(c->status()->text().contains("Compare with"));
        view.compareEdit()->setText(kB);
        QCOMPARE(view.tabs()->currentWidget(), c);
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

        // The session keeps B; a new window reads it back.
        const QJsonObject state = h.workbench.model().state();
        QCOMPARE(state.value("compare").toString(), kB);
        Harness h2;
        h2.workbench.model().loadState(state);
        QCOMPARE(h2.workbench.model().view().compareEdit()->text(), kB);
        QVERIFY(h2.workbench.model().runner().waitUntilIdle());
        QVERIFY(h2.workbench.model().view().comparison().waitUntilIdle());
        QVERIFY(h2.workbench.model().view().comparison().comparable());
    }

    // B of another length: both overviews, no per-head difference nor patching, and why.
    void otherLengthsSayWhy() {
        Harness h;
        openAndRun(h, m_gpt2, kA);
        ModelView &view = h.workbench.model().view();
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
