// SPDX-License-Identifier: GPL-3.0-or-later
// The scores, logits and weights heatmaps are never derived whole: DerivedStageSource draws a
// large one from block extrema (attn::StageExtrema), built on a worker and kept in step with
// token edits. Each pixel must still show exactly the reduction of the cells it covers (the
// maximum of the weights, the value farthest from 0 of scores and logits), masked blocks
// hatched, in both layouts and after edits; zoomed in, numbers and tooltips are the cells' own.
#include "Notation.h"
#include "document/Document.h"
#include "heatmap/HeatmapView.h"
#include "heatmap/HeatmapZoom.h"
#include "support/HeatmapSupport.h"
#include "support/TestSupport.h"
#include "support/WorkbenchSupport.h"
#include "workbench/DerivedStageSource.h"
#include "workbench/StagesView.h"

#include <QMainWindow>
#include <QScrollArea>
#include <QTest>
#include <qcustomplot.h>

#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;
using attn::Stage;
using Derived = attn::HeadResult::Derived;

namespace {

attn::Matrix randomMatrix(int rows, int cols, unsigned seed, double scale = 1.0) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0.0, scale);
    attn::Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = g(rng);
    return m;
}

// n tokens with sharp (peaked) weights, so the per-pixel maxima differ from pixel to pixel.
attn::AttentionInputs largeInputs(int n, bool causal) {
    attn::AttentionInputs in;
    in.tokens = attn::defaultTokens(n);
    in.X = randomMatrix(n, 8, 1);
    in.heads.push_back(
        {randomMatrix(8, 4, 2, 1.5), randomMatrix(8, 4, 3, 1.5), randomMatrix(8, 4, 4)});
    in.options.causal = causal;
    return in;
}

// What a pixel must show, from the whole stage: queries split as renderCells splits them
// (overlapping spans), keys in the source's blocks (one per pixel); the reduction as the colour
// bar states it. Returns the colour or the excluded colour.
QImage expectedImage(const attn::HeadResult &h, Derived stage, bool transposed, QSize target,
                     const CellSource &style) {
    const attn::Matrix all = h.derive(stage);
    const int n = int(all.rows()), m = int(all.cols());
    const int queryPixels = transposed ? target.width() : target.height();
    const int keyPixels = transposed ? target.height() : target.width();
    QImage out(target, QImage::Format_RGB32);
    for (int p = 0; p < queryPixels; ++p) {
        const int a = p * n / queryPixels;
        const int b =
            std::clamp((p + 1) * n / queryPixels + ((p + 1) * n % queryPixels != 0), a + 1, n);
        for (int k = 0; k < keyPixels; ++k) {
            const int k0 = k * m / keyPixels, k1 = (k + 1) * m / keyPixels;
            double hi = -INFINITY, lo = INFINITY;
            for (int q = a; q < b; ++q)
                for (int j = k0; j < k1; ++j) {
                    const bool masked = stage != Derived::Scores && h.mask && (*h.mask)(q, j);
                    if (masked)
                        continue;
                    hi = std::max(hi, all(q, j));
                    lo = std::min(lo, all(q, j));
                }
            const double shown =
                style.reduction == CellReduction::LargestMagnitude && -lo > hi ? lo : hi;
            const QRgb color =
                hi < lo ? style.excludedColor : style.lut->at(lutIndex(shown, style.range));
            out.setPixel(transposed ? p : k, transposed ? k : p, color);
        }
    }
    return out;
}

// Pixels whose colours differ by more than one step of the table (a weight computed as
// exp(max − shift − ln sum) instead of exp(max − shift)/sum may round across a step).
int differingPixels(const QImage &a, const QImage &b) {
    int count = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            count += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                         std::abs(qBlue(p) - qBlue(q)) >
                     24;
        }
    return count;
}

} // namespace

class TestStageHeatmaps : public QObject {
    Q_OBJECT
private slots:
    void pixelsAreTheReductionOfTheirCells_data();
    void pixelsAreTheReductionOfTheirCells();
    void zoomedInShowsTheCellsThemselves();
    void anEditRelayoutsNothingAndReachesTheScreen();
    void aHiddenStageShowsItsRangeWhenShown();
};

void TestStageHeatmaps::pixelsAreTheReductionOfTheirCells_data() {
    QTest::addColumn<int>("stage");
    QTest::addColumn<bool>("transposed");
    QTest::addColumn<bool>("causal");
    for (bool transposed : {false, true})
        for (auto [stage, name] :
             {std::pair{Derived::Scores, "scores"}, std::pair{Derived::Logits, "logits"},
              std::pair{Derived::Weights, "weights"}})
            QTest::addRow("%s, %s, causal", name, transposed ? "columns" : "rows")
                << int(stage) << transposed << true;
    QTest::addRow("weights, rows, unmasked") << int(Derived::Weights) << false << false;
}

void TestStageHeatmaps::pixelsAreTheReductionOfTheirCells() {
    QFETCH(int, stage);
    QFETCH(bool, transposed);
    QFETCH(bool, causal);
    const Derived derived = Derived(stage);
    const int n = 800; // 640,000 cells: more than kDirectCells, drawn from the table
    QVERIFY(qint64(n) * n > DerivedStageSource::kDirectCells);
    attn::AttentionInputs in = largeInputs(n, causal);
    auto result = std::make_shared<const attn::AttentionResult>(attn::compute(in));
    auto tables = std::make_shared<StageTables>(derived == Derived::Scores
                                                    ? attn::StageExtrema::Quantity::Scores
                                                    : attn::StageExtrema::Quantity::Logits);
    const ScaleKind kind = derived == Derived::Weights ? ScaleKind::Unit : ScaleKind::Diverging;
    const ColorLut lut(derived == Derived::Weights ? ColorMapId::Viridis : ColorMapId::RdBu);
    const QSize target(301, 277); // uneven: blocks and spans of different lengths
    const QRect cells(0, 0, n, n);
    for (int round = 0; round < 3; ++round) {
        DerivedStageSource source(result, 0, derived, transposed, tables);
        CellSource style;
        style.lut = &lut;
        style.reduction =
            kind == ScaleKind::Diverging ? CellReduction::LargestMagnitude : CellReduction::Max;
        std::optional<CellImages> images;
        bool readyCalled = false;
        auto draw = [&] {
            style.range = source.rangeNow(kind);
            images = source.render(cells, target, style, [&] { readyCalled = true; });
        };
        draw();
        if (round == 0) { // the first draw builds the table on a worker
            QVERIFY(!images);
            QTRY_VERIFY(readyCalled);
            draw();
        }
        // After an edit of a token the tables are brought up to date at once, no worker.
        QVERIFY2(images.has_value(), "drawn without waiting");
        QCOMPARE(images->colors.size(), target);
        const QImage expected = expectedImage(result->heads[0], derived, transposed, target, style);
        QImage shown = images->colors.convertToFormat(QImage::Format_RGB32);
        if (!images->excluded.isNull()) // hatched pixels: compare as the excluded colour
            for (int y = 0; y < shown.height(); ++y)
                for (int x = 0; x < shown.width(); ++x)
                    if (images->excluded.pixelColor(x, y).alpha() > 0)
                        shown.setPixel(x, y, style.excludedColor);
        QCOMPARE(differingPixels(shown, expected), 0);
        // The next round: a token edit (one row of X), as the Recomputer publishes it.
        in.X.row(37 + 100 * round) = randomMatrix(1, 8, 50u + unsigned(round), 3.0);
        result = std::make_shared<const attn::AttentionResult>(
            attn::recomputeRows(in, *result, 37 + 100 * round, 37 + 100 * round));
    }
}

void TestStageHeatmaps::zoomedInShowsTheCellsThemselves() {
    WindowAssembler wb;
    wb.window().resize(1280, 800);
    wb.window().show();
    Document &doc = wb.document();
    const int n = 1024;
    QString error;
    QVERIFY2(doc.replaceInputs(largeInputs(n, true), "test", &error), qPrintable(error));
    settle(wb);
    HeatmapView *weights = wb.stages().view(Stage::Weights);
    QTRY_VERIFY(!weights->isColoring());
    QCOMPARE(weights->rows(), n);
    // Zoomed into eight cells a side near the end: numbers, and each one its cell's weight.
    weights->zoom()->setWindow(QRectF(900 - 0.5, 1000 - 0.5, 8, 8));
    weights->plot()->replot();
    QTRY_VERIFY(!weights->isColoring());
    QVERIFY(weights->numbersShown());
    const attn::HeadResult &h = wb.recomputer().snapshot().result->heads[0];
    for (auto [row, col] : {std::pair{1000, 900}, std::pair{1003, 905}, std::pair{1007, 907}}) {
        QCOMPARE(weights->cellText(row, col), attn::notation::weight(h.weights(row, col)));
        QVERIFY(!weights->toolTipText(row, col).isEmpty());
    }
    // A masked (causal) cell is hatched and says so.
    QVERIFY(weights->isCellMasked(1000, 1001));
    QCOMPARE(weights->cellColor(1000, 1001), QColor(0xe0, 0xe0, 0xe0).rgb());
    // Its whole matrix is still there for export, the derived stage itself.
    COMPARE_MATRIX(weights->values(), h.weights());
}

void TestStageHeatmaps::anEditRelayoutsNothingAndReachesTheScreen() {
    // A cell edit of X: nothing on screen asks for a new layout (a label's new text, a panel
    // set to the same values, the combination panel), and what the heatmaps paint shows the
    // new values.
    WindowAssembler wb;
    QMainWindow &w = wb.window();
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Document &doc = wb.document();
    QString error;
    QVERIFY2(doc.replaceInputs(largeInputs(64, false), "test", &error), qPrintable(error));
    settle(wb);
    const double x = doc.inputs().X(0, 0);
    doc.setCell(MatrixId{Stage::X, 0}, 0, 0, x + 0.1); // the first timing sizes its label
    settle(wb);
    QTest::qWait(50);
    struct LayoutCounter : QObject {
        int requests = 0; // of widgets on screen (hidden panels may still take their first)
        bool eventFilter(QObject *receiver, QEvent *event) override {
            const auto *widget = qobject_cast<QWidget *>(receiver);
            requests += event->type() == QEvent::LayoutRequest && widget && widget->isVisible();
            return false;
        }
    } layouts;
    HeatmapView *q = wb.stages().view(Stage::Q);
    const QPoint probe = q->cellRect(0, 1).center().toPoint();
    const QRgb before = q->cellColor(0, 1);
    QCOMPARE(q->plot()->grab().toImage().pixel(probe), before);
    qApp->installEventFilter(&layouts);
    doc.setCell(MatrixId{Stage::X, 0}, 0, 0, x + 0.6);
    settle(wb);
    QVERIFY(q->cellColor(0, 1) != before);
    QTRY_COMPARE(q->plot()->grab().toImage().pixel(probe), q->cellColor(0, 1));
    QTest::qWait(50);
    qApp->removeEventFilter(&layouts);
    QCOMPARE(layouts.requests, 0);
}

void TestStageHeatmaps::aHiddenStageShowsItsRangeWhenShown() {
    // A heatmap nobody sees does not keep its extrema in step with edits; shown again, its
    // colour bar spans the current logits (±their largest magnitude), not the old ones.
    WindowAssembler wb;
    QMainWindow &w = wb.window();
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Document &doc = wb.document();
    QString error;
    QVERIFY2(doc.replaceInputs(largeInputs(900, false), "test", &error), qPrintable(error));
    HeatmapView *logits = wb.stages().view(Stage::Logits);
    logits->show();
    settle(wb);
    QScrollArea *area = nullptr;
    for (QWidget *p = logits->parentWidget(); p && !area; p = p->parentWidget())
        area = qobject_cast<QScrollArea *>(p);
    QVERIFY(area);
    area->ensureWidgetVisible(logits, 0, 0);
    QTRY_VERIFY(!logits->plot()->visibleRegion().isEmpty());
    settle(wb);
    logits->hide();
    // Token 3 made far larger: its logits (row and column) outgrow every other.
    for (int c = 0; c < 8; ++c)
        doc.setCell(MatrixId{Stage::X, 0}, 3, c, 6.0 + c);
    settle(wb);
    logits->show();
    settle(wb);
    area->ensureWidgetVisible(logits, 0, 0);
    QTRY_VERIFY(!logits->plot()->visibleRegion().isEmpty());
    const attn::HeadResult &h = wb.recomputer().snapshot().result->heads[0];
    const double maxAbs = h.derive(Derived::Logits).cwiseAbs().maxCoeff();
    QTRY_VERIFY2(std::abs(colorScaleOf(*logits)->dataRange().upper - maxAbs) <= 1e-9 * maxAbs,
                 qPrintable(QString("colour bar to %1, logits to %2")
                                .arg(colorScaleOf(*logits)->dataRange().upper)
                                .arg(maxAbs)));
    QCOMPARE(colorScaleOf(*logits)->dataRange().lower, -colorScaleOf(*logits)->dataRange().upper);
}

QTEST_MAIN(TestStageHeatmaps)
#include "test_stage_heatmaps.moc"
