// SPDX-License-Identifier: GPL-3.0-or-later
// Long texts in the model view (issue 41): past the full run's cap the window runs compact,
// draws every head from block maxima read layer by layer (the same pictures the weights give),
// lists every head in a sortable table, finds a token's positions, cancels, and replaces the
// overview by the message when a text is past what it can run.

#include "Limits.h"
#include "checkpoint/Checkpoint.h"
#include "document/Document.h"
#include "network/NetworkComparison.h"
#include "network/RunOverview.h"
#include "network/RunReadings.h"
#include "networkreadings/HeadOverview.h"
#include "networkreadings/RunDifference.h"
#include "overview/HeadSummaryModel.h"
#include "support/ModelWindowSupport.h"
#include "support/RandomLlamaSupport.h"
#include "transformer/Forward.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

constexpr int kHeads = 8;

QString idsText(const std::vector<std::int64_t> &ids) {
    QStringList parts;
    for (std::int64_t id : ids)
        parts << QString::number(id);
    return parts.join(QStringLiteral(", "));
}

// Every pixel of every thumbnail.
std::vector<QRgb> thumbnails(const LayerHeadGrid &grid) {
    std::vector<QRgb> out;
    for (int l = 0; l < grid.layers(); ++l)
        for (int h = 0; h < grid.heads(); ++h)
            for (int r = 0; r < LayerHeadGrid::kMaxImageCells; ++r)
                for (int c = 0; c < LayerHeadGrid::kMaxImageCells; ++c)
                    out.push_back(grid.imageColor(l, h, r, c));
    return out;
}

bool near(double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || std::abs(a - b) <= 1e-12;
}

// Runs `text` and waits for the run and the overview's layers.
void runAndRead(NetworkController &model, const QString &text) {
    model.view().textEdit()->setText(text);
    QVERIFY(model.runner().waitUntilIdle(120000));
    QVERIFY(model.view().overview().waitUntilIdle(120000));
}

} // namespace

class TestModelLong : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        RandomLlamaShape shape;
        shape.heads = kHeads; // so that 3,000 tokens are past the full run's cap
        shape.headDim = 32 / kHeads;
        writeRandomLlamaFolder(m_dir.path(), shape);
    }

    // At a length where both fit, a compact run's thumbnails are the full run's pixel for
    // pixel, and the table's numbers are each head's summary computed from its weights.
    void compactThumbnailsEqualTheWeights() {
        Harness h;
        NetworkController &model = h.workbench.model();
        QString error;
        QVERIFY2(model.openFolderNow(m_dir.path(), &error), qPrintable(error));
        model.showModel(true);
        const std::vector<std::int64_t> ids = repeatingIds(300, 64);
        model.runner().setKeep(attn::RunOptions::Keep::Compact);
        runAndRead(model, idsText(ids));
        QVERIFY(model.runner().outcome().run->compact);
        const LayerHeadGrid &grid = *gridOf(model.view());
        QCOMPARE(model.view().overview().layersRead(), 2);
        const std::vector<QRgb> compact = thumbnails(grid);
        model.runner().setKeep(attn::RunOptions::Keep::Everything);
        QVERIFY(model.runner().waitUntilIdle(120000));
        QVERIFY(model.view().overview().waitUntilIdle(120000));
        const attn::RunPtr full = model.runner().outcome().run;
        QVERIFY(full && !full->compact);
        QVERIFY(compact == thumbnails(grid));
        // The table: every head's row, each number the direct computation's.
        const HeadSummaryModel &table = model.view().headSummary();
        QCOMPARE(table.rowCount(), 2 * kHeads);
        for (int l = 0; l < 2; ++l)
            for (int head = 0; head < kHeads; ++head) {
                const attn::Matrix &w =
                    full->layers[std::size_t(l)].heads[std::size_t(head)].weights;
                const attn::HeadScores s = attn::headScores(w, ids);
                double entropy = 0, lookBack = 0;
                for (Eigen::Index i = 0; i < w.rows(); ++i)
                    for (Eigen::Index j = 0; j <= i; ++j)
                        if (w(i, j) > 0) {
                            entropy -= w(i, j) * std::log(w(i, j));
                            lookBack += w(i, j) * double(i - j);
                        }
                using C = HeadSummaryModel::Column;
                QVERIFY(near(table.value(l, head, C::SinkMass), s.firstToken));
                QVERIFY(near(table.value(l, head, C::PreviousToken), s.previousToken));
                QVERIFY(near(table.value(l, head, C::Induction), s.induction));
                QVERIFY(near(table.value(l, head, C::Duplicate), s.duplicateToken));
                QVERIFY(near(table.value(l, head, C::Entropy), entropy / double(w.rows())));
                QVERIFY(near(table.value(l, head, C::LookBack), lookBack / double(w.rows())));
            }
        // Sorted by a column, highest first; a click on a row chooses its head.
        auto *view = model.view().findChild<QTableView *>("headSummaryTable");
        QVERIFY(view);
        view->sortByColumn(HeadSummaryModel::SinkMass, Qt::DescendingOrder);
        const QAbstractItemModel *sorted = view->model();
        double before = 2;
        for (int r = 0; r < sorted->rowCount(); ++r) {
            const double v = sorted->index(r, HeadSummaryModel::SinkMass)
                                 .data(HeadSummaryModel::kSortRole)
                                 .toDouble();
            QVERIFY(v <= before);
            before = v;
        }
        const QModelIndex top = sorted->index(0, 0);
        emit view->clicked(top);
        QCOMPARE(model.networkDocument().chosenLayer(),
                 top.data(HeadSummaryModel::kLayerRole).toInt());
        QCOMPARE(model.networkDocument().chosenHead(),
                 top.data(HeadSummaryModel::kHeadRole).toInt());
    }

    // 3,000 tokens: past the full run's cap, the window runs compact, draws every head, and a
    // head still comes apart in the workbench; a found token's positions are lit, and the one
    // chosen is the workbench's row.
    // The microscope's pictures of a compact run (value-weighted attention and rollout) are
    // read layer by layer as block maxima, and draw the full run's thumbnails pixel for pixel;
    // Cancel stops a reading, which is read again when the picture is chosen again.
    void compactReadingsDrawTheFullPictures() {
        Harness h;
        NetworkController &model = h.workbench.model();
        QString error;
        QVERIFY2(model.openFolderNow(m_dir.path(), &error), qPrintable(error));
        model.showModel(true);
        auto *box = model.view().findChild<QComboBox *>("headPictureBox");
        QVERIFY(box);
        RunReadings &readings = model.view().readings();
        QSignalSpy progress(&readings, &RunReadings::progress);
        const std::vector<std::int64_t> ids = repeatingIds(300, 64);
        const auto read = [&](LayerHeadGrid::Picture picture) {
            box->setCurrentIndex(box->findData(int(picture)));
            QVERIFY(readings.waitUntilIdle(120000));
        };
        model.runner().setKeep(attn::RunOptions::Keep::Compact);
        runAndRead(model, idsText(ids));
        QVERIFY(model.runner().outcome().run->compact);
        const LayerHeadGrid &grid = *gridOf(model.view());
        read(LayerHeadGrid::Picture::ValueWeighted);
        QVERIFY2(readings.has(RunReadings::Kind::ValueWeighted),
                 qPrintable(readings.error(RunReadings::Kind::ValueWeighted)));
        QVERIFY(readings.blockMaxima());
        QCOMPARE((*readings.norms())[1][0].norms.rows(), Eigen::Index(RunOverview::kCells));
        QCOMPARE(progress.count(), 2); // one a layer
        const std::vector<QRgb> compactNorms = thumbnails(grid);
        read(LayerHeadGrid::Picture::Rollout);
        QVERIFY(readings.has(RunReadings::Kind::Rollout));
        QCOMPARE(progress.count(), 4);
        const std::vector<QRgb> compactRollout = thumbnails(grid);

        model.runner().setKeep(attn::RunOptions::Keep::Everything);
        QVERIFY(model.runner().waitUntilIdle(120000));
        QVERIFY(!model.runner().outcome().run->compact);
        read(LayerHeadGrid::Picture::Rollout);
        QVERIFY(compactRollout == thumbnails(grid));
        read(LayerHeadGrid::Picture::ValueWeighted);
        QVERIFY(!readings.blockMaxima());
        QVERIFY(compactNorms == thumbnails(grid));

        // Cancel: nothing read, no error, the note says so; chosen again, it is read.
        model.runner().setKeep(attn::RunOptions::Keep::Compact);
        runAndRead(model, idsText(repeatingIds(2000, 64)));
        box->setCurrentIndex(box->findData(int(LayerHeadGrid::Picture::Rollout)));
        auto *cancel = model.view().findChild<QPushButton *>("readingCancelButton");
        QVERIFY(cancel && readings.isReading(RunReadings::Kind::Rollout));
        QVERIFY(!cancel->isHidden());
        cancel->click();
        QVERIFY(readings.waitUntilIdle(120000));
        QVERIFY(!readings.has(RunReadings::Kind::Rollout));
        QVERIFY(readings.error(RunReadings::Kind::Rollout).isEmpty());
        QVERIFY(cancel->isHidden());
        auto *note = model.view().findChild<QLabel *>("headPictureNote");
        QVERIFY(note && note->text().contains("not read"));
        box->setCurrentIndex(box->findData(int(LayerHeadGrid::Picture::Weights)));
        read(LayerHeadGrid::Picture::Rollout);
        QVERIFY(readings.has(RunReadings::Kind::Rollout));
    }

    // The A/B tab on long texts: compact runs compared a layer at a time, each head's largest
    // weight change and each head's patch as the full runs give them.
    void compactRunsCompare() {
        Harness h;
        NetworkController &model = h.workbench.model();
        QString error;
        QVERIFY2(model.openFolderNow(m_dir.path(), &error), qPrintable(error));
        model.showModel(true);
        NetworkView &view = model.view();
        NetworkComparison &comparison = view.comparison();
        const std::vector<std::int64_t> a = repeatingIds(300, 64);
        std::vector<std::int64_t> b = a;
        b[150] = (b[150] + 1) % 64;
        model.runner().setKeep(attn::RunOptions::Keep::Compact);
        comparison.b().setKeep(attn::RunOptions::Keep::Compact);
        runAndRead(model, idsText(a));
        view.compareEdit()->setText(idsText(b));
        QVERIFY(comparison.waitUntilIdle(120000));
        QVERIFY(comparison.runA()->compact && comparison.runB()->compact);
        QVERIFY(comparison.comparable());
        QVERIFY(comparison.difference());
        const auto checkpoint = attn::Checkpoint::open(m_dir.path());
        const attn::RunDifference expected = attn::runDifference(
            *attn::runModel(*checkpoint, a), *attn::runModel(*checkpoint, b), 299, 5);
        const attn::RunDifference &actual = *comparison.difference();
        double moved = 0;
        for (std::size_t l = 0; l < expected.weights.size(); ++l)
            for (std::size_t hd = 0; hd < expected.weights[l].size(); ++hd) {
                QVERIFY(near(actual.weights[l][hd], expected.weights[l][hd]));
                moved = std::max(moved, expected.weights[l][hd]);
            }
        QVERIFY(moved > 0);
        // Patching every head: each a compact run of A with one head of B's (its layer
        // recomputed), the same fractions as full runs give.
        comparison.patchAll();
        QVERIFY(comparison.waitUntilIdle(300000));
        const std::vector<std::vector<double>> &all = comparison.allPatches();
        QCOMPARE(all.size(), std::size_t(2));
        const attn::RunPtr fullA = attn::runModel(*checkpoint, a);
        const attn::RunPtr fullB = attn::runModel(*checkpoint, b);
        int restoring = 0; // heads whose patch moves A's prediction: the test reads numbers
        for (int l = 0; l < 2; ++l)
            for (int hd = 0; hd < kHeads; ++hd) {
                attn::Interventions patch;
                patch.edits.push_back(attn::Intervention::patchHead(l, hd));
                patch.source = fullB;
                const attn::RunPtr patched = attn::runModel(*checkpoint, a, patch);
                const double want = attn::restoredFraction(*fullA, *patched, *fullB, 299);
                const double got = all[std::size_t(l)][std::size_t(hd)];
                QVERIFY2((std::isnan(want) && std::isnan(got)) || std::abs(want - got) <= 1e-9,
                         qPrintable(QString("%1:%2: %3 and %4").arg(l).arg(hd).arg(got).arg(want)));
                restoring += std::isfinite(got) && std::abs(got) > 1e-6;
            }
        QVERIFY(restoring > 0);
    }

    void aLongTextIsBrowsable() {
        Harness h;
        NetworkController &model = h.workbench.model();
        QString error;
        QVERIFY2(model.openFolderNow(m_dir.path(), &error), qPrintable(error));
        model.showModel(true);
        const std::vector<std::int64_t> ids = repeatingIds(3000, 64);
        QVERIFY(attn::runValues(model.runner().checkpoint()->config(), 3000) > attn::kMaxRunValues);
        runAndRead(model, idsText(ids));
        QVERIFY2(model.runner().error().isEmpty(), qPrintable(model.runner().error()));
        const attn::RunPtr run = model.runner().outcome().run;
        QVERIFY(run && run->compact);
        QCOMPARE(model.view().overview().layersRead(), 2);
        const LayerHeadGrid &grid = *gridOf(model.view());
        QCOMPARE(grid.shown(1, 3).rows(), Eigen::Index(RunOverview::kCells));
        // The diagonal's blocks hold weight: none of them is the masked background.
        const QRgb masked = grid.imageColor(1, 3, 0, 255);
        for (int b = 0; b < 256; b += 51)
            QVERIFY(grid.imageColor(1, 3, b, b) != masked);
        // Find: id 5's positions lit.
        auto *find = model.view().findChild<QLineEdit *>("findTokenEdit");
        QVERIFY(find);
        find->setText(QStringLiteral("5"));
        std::vector<std::int64_t> fives;
        for (std::size_t i = 0; i < ids.size(); ++i)
            if (ids[i] == 5)
                fives.push_back(std::int64_t(i));
        QVERIFY(!fives.empty());
        QCOMPARE(grid.foundPositions(), fives);
        // A head apart, then a found position chosen: the workbench's row.
        QVERIFY2(model.takeApart(1, 2, &error), qPrintable(error));
        QCOMPARE(h.doc()->inputs().X.rows(), Eigen::Index(3000));
        auto *found = model.view().findChild<QComboBox *>("foundPositionsBox");
        QVERIFY(found && found->count() > 1);
        emit found->activated(1);
        QCOMPARE(h.doc()->selection().selectedRow(), int(fives[1]));
        // The predictions of the last position (the one a compact run keeps).
        QVERIFY(predictionsOf(model.view())->topLevelItemCount() > 0);
    }

    // Past what the model can run, the message replaces the overview: nothing of the text
    // before stays as if it were current.
    void pastTheCapTheMessageReplacesTheOverview() {
        Harness h;
        NetworkController &model = h.workbench.model();
        QString error;
        QVERIFY2(model.openFolderNow(m_dir.path(), &error), qPrintable(error));
        model.showModel(true);
        runAndRead(model, idsText(repeatingIds(50, 64)));
        QCOMPARE(gridOf(model.view())->layers(), 2);
        runAndRead(model, idsText(repeatingIds(4100, 64))); // 4,096 positions
        QVERIFY(!model.runner().error().isEmpty());
        QVERIFY(!model.runner().outcome().run);
        QCOMPARE(gridOf(model.view())->layers(), 0);
        QCOMPARE(model.view().headSummary().rowCount(), 0);
        QVERIFY(!messageOf(model.view())->isHidden());
        QVERIFY(messageOf(model.view())->text().contains(QStringLiteral("4096")) ||
                messageOf(model.view())->text().contains(QStringLiteral("4,096")));
    }

    // Cancel stops a run (the outcome is empty and says so), a newer text supersedes a
    // running one, and the overview's reading stops and resumes.
    void cancel() {
        Harness h;
        NetworkController &model = h.workbench.model();
        QString error;
        QVERIFY2(model.openFolderNow(m_dir.path(), &error), qPrintable(error));
        model.showModel(true);
        NetworkRunner &runner = model.runner();
        const auto once =
            connect(&runner, &NetworkRunner::runStarted, &runner, [&runner] { runner.cancel(); });
        runAndRead(model, idsText(repeatingIds(2000, 64)));
        disconnect(once);
        QVERIFY(!runner.outcome().run);
        QVERIFY(runner.error().contains(QStringLiteral("cancelled")));
        // A newer text while one runs: only the newest is published.
        model.view().textEdit()->setText(idsText(repeatingIds(3000, 64)));
        QTRY_VERIFY(runner.isBusy());
        runAndRead(model, idsText(repeatingIds(20, 64)));
        QVERIFY(runner.outcome().run);
        QCOMPARE(runner.outcome().run->ids.size(), std::size_t(20));
        // The overview: cancelled, then resumed to every layer.
        RunOverview &overview = model.view().overview();
        overview.setRun(runner.checkpoint(), nullptr);
        overview.setRun(runner.checkpoint(), runner.outcome().run);
        overview.cancel();
        QVERIFY(overview.waitUntilIdle());
        QVERIFY(overview.wasCancelled());
        QVERIFY(overview.layersRead() < 2);
        overview.resume();
        QVERIFY(overview.waitUntilIdle());
        QCOMPARE(overview.layersRead(), 2);
    }
};

QTEST_MAIN(TestModelLong)
#include "test_model_long.moc"
