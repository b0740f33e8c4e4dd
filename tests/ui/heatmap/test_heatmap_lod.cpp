// SPDX-License-Identifier: GPL-3.0-or-later
// Heatmaps larger than their pixels: the level-of-detail reduction keeps the extremes (the
// maximum of a probability, the value farthest from 0 of a signed stage) and says so beside the
// colour bar; zooming and panning (wheel, drag, keys) down to readable cells, where clicks,
// masking clicks and tooltips address the right cell at every zoom, in both layouts.
#include "Notation.h"
#include "document/Document.h"
#include "heatmap/HeatmapImage.h"
#include "heatmap/HeatmapView.h"
#include "heatmap/HeatmapZoom.h"
#include "support/HeatmapSupport.h"
#include "support/WorkbenchSupport.h"
#include "workbench/StagesView.h"

#include <QMainWindow>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <qcustomplot.h>

#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;
using attn::Stage;

namespace {

attn::Matrix randomMatrix(int rows, int cols, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    attn::Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = u(rng);
    return m;
}

QStringList names(int n) {
    QStringList out;
    for (int i = 0; i < n; ++i)
        out << QStringLiteral("tok%1").arg(i);
    return out;
}

// A shown view with an n×n matrix, laid out.
void showMatrix(HeatmapView &view, int n, ScaleKind kind = ScaleKind::Unit) {
    view.resize(520, 520);
    view.setData(randomMatrix(n, n, 11), names(n), names(n), kind);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
}

// Whether the heatmap on screen shows the cell's own colour at (or a pixel beside, as the
// image is placed at a fractional position) the cell's place: several cells share a pixel.
bool showsNear(HeatmapView &view, int row, int col) {
    const QImage image = view.plot()->grab().toImage();
    const QPoint at = view.cellRect(row, col).center().toPoint();
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (image.pixel(at + QPoint(dx, dy)) == view.cellColor(row, col))
                return true;
    return false;
}

} // namespace

class TestHeatmapLod : public QObject {
    Q_OBJECT
private slots:
    void reductionKeepsTheExtreme_data();
    void reductionKeepsTheExtreme();
    void blockIsDrawnFromItsCells();
    void captionStatesTheReduction();
    void zoomedClickHitsTheCell_data();
    void zoomedClickHitsTheCell();
    void wheelZoomsAroundTheCursor();
    void dragPansWithoutClicking();
    void keysAndButtonReset();
    void namesAndNumbersReturnWhenZoomedIn();
    void editKeepsTheZoomNewShapeResetsIt();
    void largeSharedMatrixIsColouredOffTheGuiThread();
    void zoomedLogitClickMasksTheRightCell_data();
    void zoomedLogitClickMasksTheRightCell();
};

void TestHeatmapLod::reductionKeepsTheExtreme_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("pixels");
    QTest::addColumn<int>("kind");
    QTest::addColumn<double>("background");
    QTest::addColumn<QPoint>("first"); // x = column, y = row
    QTest::addColumn<double>("firstValue");
    QTest::addColumn<QPoint>("second"); // a neighbour in the same pixel
    QTest::addColumn<double>("secondValue");
    QTest::addColumn<double>("shown");
    const int unit = int(ScaleKind::Unit), diverging = int(ScaleKind::Diverging);
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("weights: one strong link among 2048² in 256 px")
        << 2048 << 256 << unit << 1e-4 << QPoint(1500, 700) << 0.9 << QPoint(1501, 701) << 0.2
        << 0.9;
    QTest::newRow("weights: 3×3 cells a pixel (uneven spans)")
        << 1000 << 333 << unit << 0.0 << QPoint(998, 2) << 0.7 << QPoint(997, 1) << 0.1 << 0.7;
    QTest::newRow("scores: a strong negative beats a weaker positive")
        << 1024 << 128 << diverging << 0.1 << QPoint(10, 10) << -3.0 << QPoint(11, 11) << 2.0
        << -3.0;
    QTest::newRow("scores: a strong positive beats a weaker negative")
        << 1024 << 128 << diverging << -0.1 << QPoint(10, 10) << 3.0 << QPoint(11, 11) << -2.0
        << 3.0;
    QTest::newRow("logits: a masked −∞ is left out, not the extreme")
        << 512 << 64 << diverging << 0.0 << QPoint(40, 40) << -inf << QPoint(41, 41) << 1.5 << 1.5;
    QTest::newRow("sequential: the maximum")
        << 600 << 100 << int(ScaleKind::Sequential) << 2.0 << QPoint(300, 300) << 9.0
        << QPoint(301, 300) << 1.0 << 9.0;
}

void TestHeatmapLod::reductionKeepsTheExtreme() {
    QFETCH(int, n);
    QFETCH(int, pixels);
    QFETCH(int, kind);
    QFETCH(double, background);
    QFETCH(QPoint, first);
    QFETCH(double, firstValue);
    QFETCH(QPoint, second);
    QFETCH(double, secondValue);
    QFETCH(double, shown);
    attn::Matrix m = attn::Matrix::Constant(n, n, background);
    m(first.y(), first.x()) = firstValue;
    m(second.y(), second.x()) = secondValue;
    const auto scale = ScaleKind(kind);
    HeatmapData data;
    data.values = std::move(m);
    data.kind = scale;
    data.range = displayRange(data.values, scale);
    data.lut = ColorLut(scale == ScaleKind::Diverging ? ColorMapId::RdBu : ColorMapId::Viridis);
    const CellImages images = renderCells(data.source(), QSize(pixels, pixels));
    QCOMPARE(images.colors.size(), QSize(pixels, pixels));
    const QPoint pixel(first.x() * pixels / n, first.y() * pixels / n);
    QCOMPARE(QPoint(second.x() * pixels / n, second.y() * pixels / n), pixel);
    QCOMPARE(images.colors.pixel(pixel), data.lut.at(lutIndex(shown, data.range)));
    // Elsewhere the background, so the extreme is not everywhere.
    const QPoint far((pixel.x() + pixels / 2) % pixels, (pixel.y() + pixels / 2) % pixels);
    QCOMPARE(images.colors.pixel(far), data.lut.at(lutIndex(background, data.range)));
}

void TestHeatmapLod::blockIsDrawnFromItsCells() {
    const attn::Matrix m = randomMatrix(300, 200, 5);
    HeatmapData data;
    data.values = m;
    data.range = displayRange(data.values, ScaleKind::Unit);
    const QRect cells(37, 120, 90, 61); // x = column
    HeatmapData copy;
    copy.values = m.block(cells.y(), cells.x(), cells.height(), cells.width());
    copy.range = data.range;
    for (QSize size : {QSize(45, 30), QSize(270, 183)}) {
        const QImage viaBlock = renderCells(data.source().block(cells), size).colors;
        const QImage viaCopy = renderCells(copy.source(), size).colors;
        QCOMPARE(viaBlock, viaCopy);
    }
}

void TestHeatmapLod::captionStatesTheReduction() {
    HeatmapView view;
    showMatrix(view, 2048);
    const QString caption = view.reductionCaption();
    QVERIFY2(caption.startsWith("pixel = max of \u2264"), qPrintable(caption));
    QCOMPARE(view.plot()->findChild<QCPColorScale *>()->label(), caption);
    view.setData(randomMatrix(2048, 2048, 3), {}, {}, ScaleKind::Diverging);
    view.plot()->replot();
    QVERIFY2(view.reductionCaption().contains("farthest from 0"),
             qPrintable(view.reductionCaption()));
    // Zoomed in to 40×40 cells in ~400 pixels: a cell is several pixels, nothing is reduced.
    view.zoom()->setWindow(QRectF(99.5, 99.5, 40, 40));
    view.plot()->replot();
    QCOMPARE(view.reductionCaption(), QString());
    // The owner's label stays, the caption follows it.
    view.setColorScaleLabel("after \u2212 before");
    view.zoom()->reset();
    view.plot()->replot();
    QVERIFY(view.plot()->findChild<QCPColorScale *>()->label().startsWith(
        "after \u2212 before \u2014 pixel = "));
}

void TestHeatmapLod::zoomedClickHitsTheCell_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<QRectF>("window"); // in cells (x = columns), edges at ±0.5
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::newRow("whole 8×8") << 8 << QRectF() << 5 << 2;
    QTest::newRow("64: rows 10–19, columns 30–39") << 64 << QRectF(29.5, 9.5, 10, 10) << 13 << 37;
    QTest::newRow("64: a wide window, first and last visible cells")
        << 64 << QRectF(0.5, 40.5, 30, 6) << 41 << 30;
    QTest::newRow("4096: the far corner, 6×6 cells")
        << 4096 << QRectF(4089.5, 4089.5, 6, 6) << 4094 << 4090;
    QTest::newRow("1024: half-cells cut at the edges")
        << 1024 << QRectF(500.25, 200.75, 12.5, 9.5) << 205 << 512;
}

void TestHeatmapLod::zoomedClickHitsTheCell() {
    QFETCH(int, n);
    QFETCH(QRectF, window);
    QFETCH(int, row);
    QFETCH(int, col);
    HeatmapView view;
    showMatrix(view, n);
    if (!window.isNull())
        view.zoom()->setWindow(window);
    view.plot()->replot();
    QCOMPARE(view.zoom()->isZoomed(), !window.isNull());
    const QRectF rect = view.cellRect(row, col);
    const QPoint at = rect.center().toPoint();
    QVERIFY2(view.plot()->axisRect()->rect().contains(at), "the cell is in view");
    QCOMPARE(view.cellAt(rect.center()), std::make_pair(row, col));
    QVERIFY(
        view.toolTipText(row, col).startsWith(QStringLiteral("tok%1, tok%2: ").arg(row).arg(col)));
    QSignalSpy clicked(&view, &HeatmapView::cellClicked);
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, at);
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked[0][0].toInt(), row);
    QCOMPARE(clicked[0][1].toInt(), col);
    QCOMPARE(view.selectedRow(), row);
    // Near the cell's corners (inside it) the same cell; its neighbours beyond them.
    // (QCustomPlot maps a vertical range onto the pixels from the axis rect's top − 1: the
    // probes stay 1.5 px inside the cell.)
    QCOMPARE(view.cellAt(rect.topLeft() + QPointF(1.5, 1.5)), std::make_pair(row, col));
    QCOMPARE(view.cellAt(rect.bottomRight() - QPointF(1.5, 1.5)), std::make_pair(row, col));
    if (view.zoom()->window().contains(QPointF(col + 1, row + 1)))
        QCOMPARE(view.cellAt(rect.bottomRight() + QPointF(1.5, 1.5)),
                 std::make_pair(row + 1, col + 1));
}

void TestHeatmapLod::wheelZoomsAroundTheCursor() {
    HeatmapView view;
    showMatrix(view, 256);
    const QPoint at = view.cellRect(60, 200).center().toPoint();
    const auto under = view.cellAt(at);
    for (int notch = 0; notch < 16; ++notch) {
        QWheelEvent wheel(at, view.plot()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view.plot(), &wheel);
        view.plot()->replot();
        QCOMPARE(view.cellAt(at), under); // the cell under the cursor stays there
    }
    QVERIFY(view.zoom()->isZoomed());
    QVERIFY(view.zoom()->window().width() < 256 / 10.0);
    QVERIFY(view.numbersShown());
    // Out again, past the whole matrix: stops there.
    for (int notch = 0; notch < 40; ++notch) {
        QWheelEvent wheel(at, view.plot()->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view.plot(), &wheel);
    }
    QVERIFY(!view.zoom()->isZoomed());
    QCOMPARE(view.zoom()->window(), QRectF(-0.5, -0.5, 256, 256));
}

void TestHeatmapLod::dragPansWithoutClicking() {
    HeatmapView view;
    showMatrix(view, 128);
    view.zoom()->setWindow(QRectF(49.5, 49.5, 16, 16));
    view.plot()->replot();
    const QRect area = view.plot()->axisRect()->rect();
    QSignalSpy clicked(&view, &HeatmapView::cellClicked);
    const QPoint from = area.center();
    const QPoint to = from + QPoint(area.width() / 4, -area.height() / 8);
    QTest::mousePress(view.plot(), Qt::LeftButton, {}, from);
    QTest::mouseMove(view.plot(), from + QPoint(10, 0)); // past the drag distance
    QTest::mouseMove(view.plot(), to);
    QTest::mouseRelease(view.plot(), Qt::LeftButton, {}, to);
    QCOMPARE(clicked.size(), 0);
    // The cells followed the pointer: a quarter of the width to the right shows 4 columns
    // further left, an eighth of the height up shows 2 rows further down.
    const QRectF w = view.zoom()->window();
    QVERIFY2(std::abs(w.left() - 45.5) < 0.2 && std::abs(w.top() - 51.5) < 0.2,
             qPrintable(QString("%1 %2").arg(w.left()).arg(w.top())));
    QCOMPARE(w.size(), QSizeF(16, 16));
}

void TestHeatmapLod::keysAndButtonReset() {
    HeatmapView view;
    showMatrix(view, 100);
    view.setFocus();
    QToolButton *button = view.zoom()->resetButton();
    QVERIFY(!button->isVisible());
    QTest::keyClick(&view, Qt::Key_Plus);
    QVERIFY(view.zoom()->isZoomed());
    QVERIFY(button->isVisible());
    QVERIFY(view.resetZoomAction()->isEnabled());
    QTest::keyClick(&view, Qt::Key_Plus);
    const double zoomedWidth = view.zoom()->window().width();
    QTest::keyClick(&view, Qt::Key_Minus);
    QVERIFY(view.zoom()->window().width() > zoomedWidth);
    QTest::keyClick(&view, Qt::Key_0);
    QVERIFY(!view.zoom()->isZoomed());
    QVERIFY(!button->isVisible());
    QVERIFY(!view.resetZoomAction()->isEnabled());
    // The button resets too; Home still selects the first row (not a zoom key).
    view.zoom()->setWindow(QRectF(9.5, 9.5, 5, 5));
    QVERIFY(button->isVisible());
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(!view.zoom()->isZoomed());
    QTest::keyClick(&view, Qt::Key_Home);
    QCOMPARE(view.selectedRow(), 0);
}

void TestHeatmapLod::namesAndNumbersReturnWhenZoomedIn() {
    HeatmapView view;
    showMatrix(view, 1024);
    QVERIFY(!view.numbersShown());
    QVERIFY(view.tickNames(Qt::Vertical).isEmpty()); // 1024 names in 400 px: indices
    view.zoom()->setWindow(QRectF(599.5, 9.5, 6, 6));
    view.plot()->replot();
    QVERIFY(view.numbersShown());
    QCOMPARE(view.tickNames(Qt::Vertical), names(16).mid(10, 6));
    QCOMPARE(view.tickNames(Qt::Horizontal), names(606).mid(600, 6));
    QCOMPARE(view.cellText(12, 602), attn::notation::cell(view.values()(12, 602)));
}

void TestHeatmapLod::editKeepsTheZoomNewShapeResetsIt() {
    HeatmapView view;
    showMatrix(view, 64);
    const QRectF window(19.5, 29.5, 8, 8);
    view.zoom()->setWindow(window);
    view.setData(randomMatrix(64, 64, 99), names(64), names(64), ScaleKind::Unit); // an edit
    QCOMPARE(view.zoom()->window(), window);
    view.setData(randomMatrix(65, 64, 99), names(65), names(64), ScaleKind::Unit); // a new shape
    QVERIFY(!view.zoom()->isZoomed());
}

void TestHeatmapLod::largeSharedMatrixIsColouredOffTheGuiThread() {
    HeatmapView view;
    view.resize(420, 420);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int n = 1600; // 2.56 M cells: above HeatmapCellLayer::kAsyncCells
    auto m = std::make_shared<attn::Matrix>(attn::Matrix::Constant(n, n, -0.5));
    (*m)(800, 30) = 4.0; // the range and the reduction's extreme
    view.setData(std::shared_ptr<const attn::Matrix>(m), {}, {}, ScaleKind::Diverging);
    view.plot()->replot();
    QVERIFY(view.isColoring());
    QTRY_VERIFY(!view.isColoring());
    QCOMPARE(view.colorRange().upper, 4.0);
    QCOMPARE(view.colorRange().lower, -4.0);
    QTRY_VERIFY(showsNear(view, 800, 30));
    // A new size colours again, and the new image replaces the stretched old one.
    view.resize(300, 300);
    QTRY_VERIFY(!view.isColoring());
    QTRY_VERIFY(showsNear(view, 800, 30));
}

void TestHeatmapLod::zoomedLogitClickMasksTheRightCell_data() {
    QTest::addColumn<bool>("columns");
    QTest::newRow("row layout") << false;
    QTest::newRow("column layout") << true;
}

void TestHeatmapLod::zoomedLogitClickMasksTheRightCell() {
    QFETCH(bool, columns);
    WindowAssembler wb;
    wb.window().resize(1280, 800);
    wb.window().show();
    Document &doc = wb.document();
    const int n = 96;
    attn::AttentionInputs in;
    in.tokens = attn::defaultTokens(n);
    in.X = randomMatrix(n, 8, 1);
    in.heads.push_back({randomMatrix(8, 4, 2), randomMatrix(8, 4, 3), randomMatrix(8, 4, 4)});
    QString error;
    QVERIFY2(doc.replaceInputs(in, "test", &error), qPrintable(error));
    doc.selection().setLayout(columns ? attn::Layout::Columns : attn::Layout::Rows);
    settle(wb);
    HeatmapView *logits = wb.stages().view(Stage::Logits);
    logits->plot()->replot();
    const int query = 70, key = 23;
    // Drawn cell: (query, key) in rows; keys down and queries across in the column layout.
    const int row = columns ? key : query, col = columns ? query : key;
    logits->zoom()->setWindow(QRectF(col - 3.5, row - 2.5, 8, 6));
    logits->plot()->replot();
    const QPoint at = logits->cellRect(row, col).center().toPoint();
    QCOMPARE(logits->cellAt(at), std::make_pair(row, col));
    auto masked = [&doc](int q, int k) {
        const attn::Mask &mask = doc.inputs().mask; // 0×0 = none
        return mask.size() > 0 && mask(q, k);
    };
    QVERIFY(!masked(query, key));
    QTest::mouseClick(logits->plot(), Qt::LeftButton, {}, at);
    settle(wb);
    QVERIFY(masked(query, key));
    QVERIFY(!masked(key, query));
    QCOMPARE(doc.selection().selectedRow(), query);
    // The recomputed logits keep the zoom and show the masked cell where it was clicked.
    QVERIFY(logits->zoom()->isZoomed());
    QVERIFY(logits->isCellMasked(row, col));
}

QTEST_MAIN(TestHeatmapLod)
#include "test_heatmap_lod.moc"
