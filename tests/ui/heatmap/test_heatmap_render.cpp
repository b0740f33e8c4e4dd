// SPDX-License-Identifier: GPL-3.0-or-later
// How the heatmap draws: colours, hatching, outlines, labels, cell numbers, downscaling.

#include "Notation.h"
#include "heatmap/CellText.h"
#include "heatmap/ColorScale.h"
#include "heatmap/HeatmapImage.h"
#include "heatmap/HeatmapPlot.h"
#include "heatmap/HeatmapView.h"
#include "support/HeatmapSupport.h"

#include <QHelpEvent>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

class TestHeatmapRender : public QObject {
    Q_OBJECT
private slots:
    void renderedMaskedCellIsGreyHatch();
    void renderedHighWeightIsTopColor();
    void renderedSelectedRowHasOutline();
    void divergingZeroIsNeutral();
    void colorMapsChangeCells();
    void labelsShownAsTickLabels();
    void manyRowsFallBackToIndices();
    void numbersOnlyWhenReadable();
    void formatCellValue_data();
    void formatCellValue();
    void contrastingText();
    void downscaleKeepsThinDiagonal();
    void downscaleExcludesOnlyFullyMaskedPixels();
    void wideCellsKeepTheirReduction_data();
    void wideCellsKeepTheirReduction();
    void largeMatrixRedrawsQuickly();
    void editRedrawsTheCellsAlone();
    void heatmapOutOfViewReplotsWhenScrolledIn();
    void resizedHeatmapsReplotInLaterTurns();
};

void TestHeatmapRender::renderedMaskedCellIsGreyHatch() {
    HeatmapView view;
    const attn::Mask mask = causal(4);
    attn::Matrix logits = weights4();
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j)
            logits(i, j) = -kInf;
    view.setData(logits, kTokens, kTokens, ScaleKind::Sequential, &mask);
    const QImage image = view.renderImage(QSize(400, 400));
    const QRectF cell = view.cellRect(0, 3);
    // Every pixel of the masked cell is grey (light base and darker hatch lines), both occur.
    int light = 0, dark = 0;
    for (int yy = qCeil(cell.top()) + 2; yy < cell.bottom() - 2; ++yy) {
        for (int xx = qCeil(cell.left()) + 2; xx < cell.right() - 2; ++xx) {
            const QRgb p = image.pixel(xx, yy);
            QVERIFY2(channelSpread(p) <= 12, qPrintable(QString::number(p, 16)));
            (qGray(p) > 200 ? light : dark)++;
        }
    }
    QVERIFY(light > 0);
    QVERIFY(dark > 0);
}

void TestHeatmapRender::renderedHighWeightIsTopColor() {
    HeatmapView view;
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit); // (3,3) = 1.0
    const QImage image = view.renderImage(QSize(400, 400));
    const ColorLut viridis(ColorMapId::Viridis);
    QCOMPARE(image.pixel(nearCorner(view.cellRect(3, 3))), viridis.highest());
    QCOMPARE(image.pixel(nearCorner(view.cellRect(3, 0))), viridis.lowest()); // 0.0
    QCOMPARE(QColor(viridis.highest()), QColor("#fde725")); // the published top of viridis
}

void TestHeatmapRender::renderedSelectedRowHasOutline() {
    HeatmapView view;
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    const QImage before = view.renderImage(QSize(400, 400));
    const QRectF row = view.cellRect(2, 1);
    // Just above the row's top edge: the outline sits outside the row it marks.
    const QPoint probe(qRound(row.center().x()), qRound(row.top()) - 2);
    QVERIFY(colorDistance(before.pixel(probe), qRgb(0, 0, 0)) > 100);
    view.setSelectedRow(2);
    const QImage after = view.renderImage(QSize(400, 400));
    QCOMPARE(after.pixel(probe), qRgb(0, 0, 0));
    // Both edges of the row, across the whole width.
    QCOMPARE(after.pixel(qRound(view.cellRect(2, 3).center().x()), qRound(row.bottom()) + 1),
             qRgb(0, 0, 0));
    // The row itself stays visible (its centre keeps the cell colour).
    QCOMPARE(after.pixel(nearCorner(row)), before.pixel(nearCorner(row)));
}

void TestHeatmapRender::divergingZeroIsNeutral() {
    attn::Matrix m(1, 3);
    m << -2.0, 0.0, 2.0;
    HeatmapView view;
    view.setData(m, {}, {}, ScaleKind::Diverging);
    QCOMPARE(view.activeMap(), ColorMapId::RdBu);
    QVERIFY(colorDistance(view.cellColor(0, 1), qRgb(0xf7, 0xf7, 0xf7)) <= 6);
    QCOMPARE(QColor(view.cellColor(0, 0)), QColor("#67001f")); // RdBu as published: low = red
    QCOMPARE(QColor(view.cellColor(0, 2)), QColor("#053061"));
}

void TestHeatmapRender::colorMapsChangeCells() {
    HeatmapView view;
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    const QRgb viridisTop = view.cellColor(3, 3);
    view.setColorMaps(ColorMapId::Magma, ColorMapId::PuOr);
    QCOMPARE(view.activeMap(), ColorMapId::Magma);
    QVERIFY(view.cellColor(3, 3) != viridisTop);
    QCOMPARE(QColor(view.cellColor(3, 3)), QColor("#fcfdbf"));
    const QImage image = view.renderImage(QSize(400, 400));
    QCOMPARE(image.pixel(nearCorner(view.cellRect(3, 3))), view.cellColor(3, 3));
    QCOMPARE(sequentialMaps().size() + divergingMaps().size(), 8);
    for (ColorMapId id : divergingMaps())
        QVERIFY(isDivergingMap(id));
    QCOMPARE(colorMapName(ColorMapId::BrBG), QString("BrBG"));
}

void TestHeatmapRender::labelsShownAsTickLabels() {
    HeatmapView view;
    view.setAxisTitles("query", "key");
    view.setData(weights4(), kTokens, {"The", "cat", "sat", "down"}, ScaleKind::Unit);
    view.renderImage(QSize(400, 400));
    QCOMPARE(view.plot()->yAxis->tickVectorLabels(), QVector<QString>({"t0", "t1", "t2", "t3"}));
    QCOMPARE(view.plot()->xAxis->tickVectorLabels(),
             QVector<QString>({"The", "cat", "sat", "down"}));
    QCOMPARE(view.plot()->yAxis->label(), QString("query"));
    QCOMPARE(view.plot()->xAxis->label(), QString("key"));
    QCOMPARE(view.plot()->xAxis->tickLabelRotation(), 0.0);
    // Long names that do not fit side by side are turned upright, not dropped.
    QStringList words;
    for (int i = 0; i < 12; ++i)
        words << QString("token_number_%1").arg(i);
    attn::Matrix m = attn::Matrix::Constant(12, 12, 0.1);
    view.setData(m, words, words, ScaleKind::Unit);
    view.renderImage(QSize(500, 500));
    QCOMPARE(view.plot()->xAxis->tickVectorLabels().size(), 12);
    QVERIFY(view.plot()->xAxis->tickVectorLabels()[0].startsWith("token_number"));
    QCOMPARE(std::abs(view.plot()->xAxis->tickLabelRotation()), 90.0);
}

void TestHeatmapRender::manyRowsFallBackToIndices() {
    HeatmapView view;
    QStringList names;
    for (int i = 0; i < 300; ++i)
        names << QString("tok%1").arg(i);
    view.setData(attn::Matrix::Constant(300, 300, 0.5), names, names, ScaleKind::Unit);
    view.renderImage(QSize(400, 400));
    const QVector<QString> labels = view.plot()->yAxis->tickVectorLabels();
    QVERIFY(!labels.isEmpty());
    QVERIFY(labels.size() < 30);
    for (const QString &label : labels) {
        bool isNumber = false;
        label.toInt(&isNumber);
        QVERIFY2(isNumber, qPrintable(label));
    }
}

void TestHeatmapRender::numbersOnlyWhenReadable() {
    HeatmapView view;
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.renderImage(QSize(400, 400));
    QVERIFY(view.numbersShown());
    view.setData(attn::Matrix::Constant(64, 64, 0.5), {}, {}, ScaleKind::Unit);
    view.renderImage(QSize(400, 400));
    QVERIFY(!view.numbersShown());
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.renderImage(QSize(140, 110)); // 4×4 squeezed below readable cells
    QVERIFY(!view.numbersShown());
}

void TestHeatmapRender::formatCellValue_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    const QString minus(QChar(0x2212));
    QTest::newRow("small weight") << 0.0452 << "0.0452";
    QTest::newRow("three digits") << 3.9492 << "3.95";
    QTest::newRow("hundreds") << 123.456 << "123";
    QTest::newRow("four decimals at most") << 0.000123 << "0.0001";
    QTest::newRow("negative") << -0.25 << minus + "0.250";
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("one") << 1.0 << "1.00";
    QTest::newRow("tiny") << 1e-6 << QString::fromUtf8("≤0.0001");
    QTest::newRow("huge") << 123456.0 << "123456";
    QTest::newRow("minus infinity") << -kInf << minus + QChar(0x221E);
    QTest::newRow("nan") << std::nan("") << "NaN";
}

void TestHeatmapRender::formatCellValue() {
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(attn::notation::cell(value), text);
}

void TestHeatmapRender::contrastingText() {
    QCOMPARE(contrastingTextColor(QColor("#fde725")), QColor(Qt::black)); // viridis top
    QCOMPARE(contrastingTextColor(QColor("#440154")), QColor(Qt::white)); // viridis bottom
    QCOMPARE(contrastingTextColor(QColor("#f7f7f7")), QColor(Qt::black)); // diverging middle
    QCOMPARE(contrastingTextColor(QColor("#053061")), QColor(Qt::white));
}

void TestHeatmapRender::downscaleKeepsThinDiagonal() {
    // 1024 cells onto 256 pixels: sampling would drop 3 of 4 diagonal cells, averaging would
    // dilute them to a quarter; the maximum keeps every diagonal pixel at full weight.
    const int n = 1024;
    const attn::Matrix identity = attn::Matrix::Identity(n, n);
    const ColorLut lut(ColorMapId::Viridis);
    CellSource source{identity.data(),
                      n,
                      n,
                      nullptr,
                      displayRange(identity, ScaleKind::Unit),
                      &lut,
                      HeatmapData::kExcludedColor};
    const CellImages images = renderCells(source, QSize(256, 256));
    QCOMPARE(images.colors.size(), QSize(256, 256));
    QVERIFY(images.excluded.isNull());
    for (int i = 0; i < 256; ++i) {
        QCOMPARE(images.colors.pixel(i, i), lut.highest());
        QCOMPARE(images.colors.pixel((i + 128) % 256, i), lut.lowest());
    }
}

void TestHeatmapRender::downscaleExcludesOnlyFullyMaskedPixels() {
    const int n = 512;
    const attn::Matrix values = attn::Matrix::Constant(n, n, 1.0);
    const attn::Mask mask = causal(n);
    const HeatmapData::RowMajorMask rowMajor = mask;
    const ColorLut lut(ColorMapId::Viridis);
    CellSource source{values.data(),
                      n,
                      n,
                      rowMajor.data(),
                      displayRange(values, ScaleKind::Unit, &mask),
                      &lut,
                      HeatmapData::kExcludedColor};
    const CellImages images = renderCells(source, QSize(128, 128));
    QVERIFY(!images.excluded.isNull());
    QCOMPARE(images.colors.pixel(100, 10), HeatmapData::kExcludedColor); // above the diagonal
    QCOMPARE(qAlpha(images.excluded.pixel(100, 10)), 255);
    QCOMPARE(images.colors.pixel(10, 100), lut.highest()); // below: unmasked mean 1.0
    QCOMPARE(images.colors.pixel(50, 50), lut.highest());  // on it: mixed, still coloured
}

void TestHeatmapRender::wideCellsKeepTheirReduction_data() {
    QTest::addColumn<bool>("magnitude");
    QTest::addColumn<QSize>("target");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("max, 10x4") << false << QSize(10, 4) << 13 << 3;
    QTest::newRow("farthest from 0, 10x4") << true << QSize(10, 4) << 13 << 3;
    QTest::newRow("max, 3x5 (one pixel per column)") << false << QSize(3, 5) << 13 << 3;
    QTest::newRow("farthest from 0, 11x6") << true << QSize(11, 6) << 13 << 3;
    // Q at 4,096 tokens: the lines of pixels are shared between threads.
    QTest::newRow("farthest from 0, 4096x64 on 301x467") << true << QSize(301, 467) << 4096 << 64;
}

void TestHeatmapRender::wideCellsKeepTheirReduction() {
    // Fewer columns than pixels, more rows (Q, K, V: 64 columns, thousands of rows): each
    // column's colour is found once per line, but a pixel straddling two columns still shows
    // the reduction over both, and a fully masked one is excluded.
    QFETCH(bool, magnitude);
    QFETCH(QSize, target);
    QFETCH(int, rows);
    QFETCH(int, cols);
    attn::Matrix values(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            values(r, c) = std::sin(1.7 * r + 2.3 * c + 0.4) * (1 + r % 4);
    attn::Mask mask = attn::Mask::Constant(rows, cols, false);
    for (int r = 0; r < rows; ++r)
        mask(r, 1) = true;                                     // one column masked throughout
    mask.block(rows / 2, 0, rows / 4, cols).setConstant(true); // and a band of rows
    const HeatmapData::RowMajorMask rowMajor = mask;
    const ColorLut lut(ColorMapId::RdBu);
    const ValueRange range = displayRange(values, ScaleKind::Diverging, &mask);
    CellSource source{
        values.data(), rows, cols, rowMajor.data(), range, &lut, HeatmapData::kExcludedColor};
    source.reduction = magnitude ? CellReduction::LargestMagnitude : CellReduction::Max;
    const CellImages images = renderCells(source, target);
    QCOMPARE(images.colors.size(), target);
    // Pixel i of t covers the cells [⌊i·n/t⌋, ⌈(i + 1)·n/t⌉).
    auto span = [](int i, int n, int t) {
        return std::pair{int(qint64(i) * n / t), int((qint64(i + 1) * n + t - 1) / t)};
    };
    for (int ty = 0; ty < target.height(); ++ty) {
        for (int tx = 0; tx < target.width(); ++tx) {
            const auto [r0, r1] = span(ty, rows, target.height());
            const auto [c0, c1] = span(tx, cols, target.width());
            double shown = 0;
            bool any = false;
            for (int r = r0; r < r1; ++r)
                for (int c = c0; c < c1; ++c) {
                    if (mask(r, c))
                        continue;
                    const double v = values(r, c);
                    const bool better = magnitude ? std::abs(v) > std::abs(shown) : v > shown;
                    if (!any || better)
                        shown = v;
                    any = true;
                }
            const QRgb expected =
                any ? lut.at(lutIndex(shown, range)) : HeatmapData::kExcludedColor;
            QVERIFY2(images.colors.pixel(tx, ty) == expected,
                     qPrintable(QString("pixel %1, %2").arg(tx).arg(ty)));
            QCOMPARE(!images.excluded.isNull() && qAlpha(images.excluded.pixel(tx, ty)) == 255,
                     !any);
        }
    }
}

void TestHeatmapRender::largeMatrixRedrawsQuickly() {
    // Loose bound (CI machines are busy): catches a return to per-cell plot items, which cost
    // tens of milliseconds here. Typical figures are printed for the record.
    HeatmapView view;
    view.resize(400, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int n : {256, 1024}) {
        attn::Matrix m = attn::Matrix::Random(n, n).cwiseAbs();
        qint64 best = std::numeric_limits<qint64>::max();
        for (int k = 0; k < 5; ++k) {
            m(0, 0) = k * 0.01;
            QElapsedTimer timer;
            timer.start();
            view.setData(m, {}, {}, ScaleKind::Unit);
            view.plot()->replot();
            best = std::min(best, timer.nsecsElapsed());
        }
        qInfo("n = %d: setData + replot %.2f ms (fill %.2f, replot %.2f)", n, best / 1e6,
              view.lastFillNanoseconds() / 1e6, view.lastReplotNanoseconds() / 1e6);
        QVERIFY2(best < 60'000'000, qPrintable(QString::number(best / 1e6) + " ms"));
    }
}

void TestHeatmapRender::editRedrawsTheCellsAlone() {
    // An edit (same shape, names and colour range) redraws the cells' buffered layer alone: no
    // layout, no tick labels. What the widget paints shows the new colour at once. A value that
    // moves the colour range replots everything: the colour bar follows it.
    HeatmapView view;
    view.resize(400, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    attn::Matrix m = weights4(); // spans [0, 1]
    QSignalSpy replots(view.plot(), &QCustomPlot::beforeReplot);
    view.setData(m, kTokens, kTokens, ScaleKind::Sequential);
    QTRY_VERIFY(replots.count() > 0);
    const QPoint probe = nearCorner(view.cellRect(2, 2));
    const QRgb before = view.cellColor(2, 2);
    QCOMPARE(view.plot()->grab().toImage().pixel(probe), before);
    replots.clear();
    m(2, 2) = 0.5;
    view.setData(m, kTokens, kTokens, ScaleKind::Sequential);
    QVERIFY(view.cellColor(2, 2) != before);
    QTRY_COMPARE(view.plot()->grab().toImage().pixel(probe), view.cellColor(2, 2));
    QTest::qWait(20); // nothing else pending
    QCOMPARE(replots.count(), 0);
    QCOMPARE(colorScaleOf(view)->dataRange().upper, 1.0);

    m(2, 2) = 2.0; // a new maximum: the colour bar's range and ticks change
    view.setData(m, kTokens, kTokens, ScaleKind::Sequential);
    QTRY_VERIFY(replots.count() > 0);
    QCOMPARE(colorScaleOf(view)->dataRange().upper, 2.0);
    QCOMPARE(view.plot()->grab().toImage().pixel(probe), ColorLut(ColorMapId::Viridis).highest());
}

void TestHeatmapRender::heatmapOutOfViewReplotsWhenScrolledIn() {
    // A heatmap scrolled out of view is not replotted for new values (nobody would see it); it
    // is replotted when it is painted again, before the paint shows it.
    QScrollArea area;
    area.resize(440, 300);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    auto *top = new HeatmapView;
    auto *bottom = new HeatmapView;
    for (HeatmapView *v : {top, bottom}) {
        v->setMinimumSize(400, 400);
        layout->addWidget(v);
    }
    area.setWidget(content);
    attn::Matrix m = weights4();
    top->setData(m, kTokens, kTokens, ScaleKind::Unit);
    bottom->setData(m, kTokens, kTokens, ScaleKind::Unit);
    area.show();
    QVERIFY(QTest::qWaitForWindowExposed(&area));
    QTest::qWait(20);
    QVERIFY(bottom->plot()->visibleRegion().isEmpty());
    QSignalSpy replots(bottom->plot(), &QCustomPlot::beforeReplot);
    m(2, 2) = 0.5;
    bottom->setData(m, kTokens, kTokens, ScaleKind::Unit);
    QTest::qWait(20);
    QCOMPARE(replots.count(), 0);
    area.ensureWidgetVisible(bottom, 0, 0);
    QTRY_VERIFY(replots.count() > 0);
    QCOMPARE(bottom->plot()->grab().toImage().pixel(nearCorner(bottom->cellRect(2, 2))),
             bottom->cellColor(2, 2));
}

void TestHeatmapRender::resizedHeatmapsReplotInLaterTurns() {
    // A relayout resizes every heatmap at once: none replots inside the resize (QCustomPlot's
    // way, which held the GUI thread for all of them); each replots in a later turn of the
    // event loop, at its new size, and a geometry asked for meanwhile is the new one.
    QWidget window;
    auto *layout = new QVBoxLayout(&window);
    QList<HeatmapView *> views;
    const attn::Matrix m = weights4();
    for (int i = 0; i < 3; ++i) {
        views.append(new HeatmapView);
        views.back()->setData(m, kTokens, kTokens, ScaleKind::Unit);
        layout->addWidget(views.back());
    }
    window.resize(400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(std::none_of(views.cbegin(), views.cend(), [](HeatmapView *v) {
        return static_cast<HeatmapPlot *>(v->plot())->isResizePending();
    }));
    QSignalSpy replots(views[0]->plot(), &QCustomPlot::beforeReplot);
    const QRectF before = views[0]->cellRect(0, 0);
    window.resize(600, 900);
    for (HeatmapView *v : std::as_const(views))
        QVERIFY(static_cast<HeatmapPlot *>(v->plot())->isResizePending());
    QCOMPARE(replots.count(), 0);
    // Asked for, the geometry is laid out at the new size first.
    QVERIFY(views[0]->cellRect(0, 0).width() > before.width());
    QCOMPARE(replots.count(), 1);
    QTRY_VERIFY(std::none_of(views.cbegin(), views.cend(), [](HeatmapView *v) {
        return static_cast<HeatmapPlot *>(v->plot())->isResizePending();
    }));
    for (HeatmapView *v : std::as_const(views))
        QCOMPARE(v->plot()->grab().toImage().pixel(nearCorner(v->cellRect(3, 3))),
                 v->cellColor(3, 3));
}

QTEST_MAIN(TestHeatmapRender)
#include "test_heatmap_render.moc"
