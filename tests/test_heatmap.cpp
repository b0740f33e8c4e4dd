// HeatmapView: what it displays, its colour ranges, masks, tooltips, clicks (row 0 at the top),
// keyboard, tick labels and the rendered pixels. Runs offscreen.
#include "CellText.h"
#include "ColorScale.h"
#include "HeatmapImage.h"
#include "HeatmapView.h"

#include <QHelpEvent>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <qcustomplot.h>

#include <cmath>
#include <limits>

namespace {

const double kInf = std::numeric_limits<double>::infinity();
const QStringList kTokens = {"t0", "t1", "t2", "t3"};

attn::Matrix weights4() {
    attn::Matrix m(4, 4);
    m << 0.03, 0.96, 0.0009, 0.0091,    //
        0.0055, 0.9935, 0.0001, 0.0009, //
        0.0871, 0.877, 0.0086, 0.0273,  //
        0.0, 0.0, 0.0, 1.0;
    return m;
}

attn::Mask causal(int n) {
    attn::Mask mask = attn::Mask::Constant(n, n, false);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            mask(i, j) = true;
    return mask;
}

int channelSpread(QRgb c) {
    return std::max({qRed(c), qGreen(c), qBlue(c)}) - std::min({qRed(c), qGreen(c), qBlue(c)});
}

int colorDistance(QRgb a, QRgb b) {
    return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
           std::abs(qBlue(a) - qBlue(b));
}

// A point inside a cell but away from its centre (the number) and its edges (separators).
QPoint nearCorner(const QRectF &cell) {
    return (cell.topLeft() + QPointF(cell.width() * 0.15, cell.height() * 0.15)).toPoint();
}

QCPColorScale *colorScaleOf(const HeatmapView &view) {
    return view.plot()->findChild<QCPColorScale *>();
}

} // namespace

class TestHeatmap : public QObject {
    Q_OBJECT
private slots:
    void valuesAreWhatWasSet();
    void unitScaleIsFixed();
    void divergingScaleIsSymmetric_data();
    void divergingScaleIsSymmetric();
    void sequentialScaleSpansData_data();
    void sequentialScaleSpansData();
    void maskedCellsAreExcludedFromRange();
    void nonFiniteCellsAreExcluded();
    void badMaskIsIgnored();
    void emptyDataDrawsWithoutCrash();
    void tooltipsComeFromProvider();
    void defaultTooltipNamesCell();
    void tooltipEventShowsText();
    void clickEmitsCell_data();
    void clickEmitsCell();
    void clickOutsideCellsEmitsNothing();
    void hoverEmitsCellAndLeave();
    void titleIsShownAndElided();
    void keyboardMovesSelectedRow();
    void selectedRowIsClamped();
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
    void largeMatrixRedrawsQuickly();
};

void TestHeatmap::valuesAreWhatWasSet() {
    HeatmapView view;
    const attn::Matrix m = weights4();
    view.setData(m, kTokens, kTokens, ScaleKind::Unit);
    QCOMPARE(view.values(), m);
    attn::Matrix moved = m * 2.0;
    const attn::Matrix expected = moved;
    view.setData(std::move(moved), {}, {}, ScaleKind::Sequential);
    QCOMPARE(view.values(), expected);
    // Missing labels become indices.
    QCOMPARE(view.rowLabels(), QStringList({"0", "1", "2", "3"}));
}

void TestHeatmap::unitScaleIsFixed() {
    HeatmapView view;
    attn::Matrix m = attn::Matrix::Constant(3, 3, 0.2);
    m(1, 1) = 0.5;
    view.setData(m, {}, {}, ScaleKind::Unit);
    QCOMPARE(view.colorRange().lower, 0.0);
    QCOMPARE(view.colorRange().upper, 1.0);
    QCOMPARE(colorScaleOf(view)->dataRange(), QCPRange(0.0, 1.0));
}

void TestHeatmap::divergingScaleIsSymmetric_data() {
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::addColumn<double>("bound");
    QTest::newRow("positive dominates") << -1.0 << 3.0 << 3.0;
    QTest::newRow("negative dominates") << -4.5 << 0.5 << 4.5;
    QTest::newRow("all zero") << 0.0 << 0.0 << 1.0;
    QTest::newRow("only negative") << -2.0 << -1.0 << 2.0;
}

void TestHeatmap::divergingScaleIsSymmetric() {
    QFETCH(double, low);
    QFETCH(double, high);
    QFETCH(double, bound);
    attn::Matrix m(2, 2);
    m << low, high, (low + high) / 2, low;
    HeatmapView view;
    view.setData(m, {}, {}, ScaleKind::Diverging);
    QCOMPARE(view.colorRange().lower, -bound);
    QCOMPARE(view.colorRange().upper, bound);
    QCOMPARE(colorScaleOf(view)->dataRange(), QCPRange(-bound, bound));
}

void TestHeatmap::sequentialScaleSpansData_data() {
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    QTest::newRow("spread") << -2.0 << 7.5;
    QTest::newRow("constant") << 3.0 << 3.0;
    QTest::newRow("constant zero") << 0.0 << 0.0;
}

void TestHeatmap::sequentialScaleSpansData() {
    QFETCH(double, a);
    QFETCH(double, b);
    attn::Matrix m(1, 3);
    m << a, b, (a + b) / 2;
    HeatmapView view;
    view.setData(m, {}, {}, ScaleKind::Sequential);
    const ValueRange r = view.colorRange();
    QVERIFY(r.upper > r.lower); // never a zero-width range (no division by zero)
    if (a != b) {
        QCOMPARE(r.lower, std::min(a, b));
        QCOMPARE(r.upper, std::max(a, b));
    } else {
        QVERIFY(r.lower < a && a < r.upper);
    }
    for (int c = 0; c < 3; ++c)
        QVERIFY(view.cellColor(0, c) != 0);
}

void TestHeatmap::maskedCellsAreExcludedFromRange() {
    // Logits with a causal mask: −∞ above the diagonal; one masked cell holds a huge value.
    attn::Matrix logits(3, 3);
    logits << 1.0, -kInf, 1e9, //
        2.0, -1.0, -kInf,      //
        0.5, 3.0, 0.0;
    const attn::Mask mask = causal(3);
    HeatmapView view;
    view.setData(logits, kTokens.mid(0, 3), kTokens.mid(0, 3), ScaleKind::Sequential, &mask);
    QCOMPARE(view.colorRange().lower, -1.0);
    QCOMPARE(view.colorRange().upper, 3.0);
    QCOMPARE(view.colorRange().excluded, qsizetype(3));
    QCOMPARE(view.cellColor(0, 1), HeatmapData::kExcludedColor);
    QCOMPARE(view.cellColor(0, 2), HeatmapData::kExcludedColor);
    view.setData(logits, {}, {}, ScaleKind::Diverging, &mask);
    QCOMPARE(view.colorRange().upper, 3.0);
}

void TestHeatmap::nonFiniteCellsAreExcluded() {
    attn::Matrix m(2, 2);
    m << 1.0, std::nan(""), kInf, 2.0;
    HeatmapView view;
    view.setData(m, {}, {}, ScaleKind::Sequential);
    QCOMPARE(view.colorRange().lower, 1.0);
    QCOMPARE(view.colorRange().upper, 2.0);
    QCOMPARE(view.cellColor(0, 1), HeatmapData::kExcludedColor);
    QCOMPARE(view.cellColor(1, 0), HeatmapData::kExcludedColor);
    QVERIFY(!view.renderImage(QSize(300, 300)).isNull());
}

void TestHeatmap::badMaskIsIgnored() {
    const attn::Mask wrong = causal(3);
    HeatmapView view;
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("mask is 3x3 but the matrix is 4x4"));
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit, &wrong);
    QCOMPARE(view.colorRange().excluded, qsizetype(0));
    QVERIFY(view.cellColor(0, 1) != HeatmapData::kExcludedColor);
}

void TestHeatmap::emptyDataDrawsWithoutCrash() {
    HeatmapView view;
    view.setTitle("empty");
    view.setData(attn::Matrix(0, 0), {}, {}, ScaleKind::Sequential);
    QCOMPARE(view.values().size(), Eigen::Index(0));
    QVERIFY(!view.renderImage(QSize(200, 150)).isNull());
    QCOMPARE(view.cellAt(QPointF(100, 75)), std::make_pair(-1, -1));
    QCOMPARE(view.toolTipText(0, 0), QString());
    view.setSelectedRow(0);
    QCOMPARE(view.selectedRow(), -1);
}

void TestHeatmap::tooltipsComeFromProvider() {
    HeatmapView view;
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.setTooltipProvider([](int r, int c) { return QString("cell %1/%2").arg(r).arg(c); });
    QCOMPARE(view.toolTipText(2, 3), QString("cell 2/3"));
    QCOMPARE(view.toolTipText(4, 0), QString()); // outside: no text, provider not asked
}

void TestHeatmap::defaultTooltipNamesCell() {
    HeatmapView view;
    const attn::Mask mask = causal(4);
    view.setData(weights4(), kTokens, {"k0", "k1", "k2", "k3"}, ScaleKind::Unit, &mask);
    QCOMPARE(view.toolTipText(1, 0), QString("t1, k0: 0.0055"));
    QVERIFY(view.toolTipText(0, 3).startsWith("t0, k3: masked"));
}

void TestHeatmap::tooltipEventShowsText() {
    HeatmapView view;
    view.resize(400, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.setTooltipProvider([](int r, int c) { return QString("provided %1 %2").arg(r).arg(c); });
    view.plot()->replot();
    const QPoint pos = view.cellRect(3, 1).center().toPoint();
    QHelpEvent help(QEvent::ToolTip, pos, view.plot()->mapToGlobal(pos));
    QApplication::sendEvent(view.plot(), &help);
    QTRY_COMPARE(QToolTip::text(), QString("provided 3 1"));
    QToolTip::hideText();
}

void TestHeatmap::clickEmitsCell_data() {
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<int>("modifiers");
    QTest::newRow("top left") << 0 << 0 << int(Qt::NoModifier);
    QTest::newRow("top right") << 0 << 2 << int(Qt::NoModifier);
    QTest::newRow("bottom left, ctrl") << 3 << 0 << int(Qt::ControlModifier);
    QTest::newRow("middle, shift") << 2 << 1 << int(Qt::ShiftModifier);
}

void TestHeatmap::clickEmitsCell() {
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(int, modifiers);
    HeatmapView view;
    view.resize(420, 380);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    attn::Matrix q(4, 3);
    q << 2, 1, 3, 3, 2, 4, 2, 1, 1, 1, 1, 2;
    view.setData(q, kTokens, {"q0", "q1", "q2"}, ScaleKind::Diverging);
    view.plot()->replot();
    QSignalSpy cells(&view, &HeatmapView::cellClicked);
    QSignalSpy rows(&view, &HeatmapView::rowClicked);
    // The click position comes from the axes: the row's pixel y, the column's pixel x.
    const QCPAxis *x = view.plot()->xAxis;
    const QCPAxis *y = view.plot()->yAxis;
    const QPoint pos(qRound(x->coordToPixel(col)), qRound(y->coordToPixel(row)));
    // Row 0 at the top, like a written matrix.
    QVERIFY(y->coordToPixel(0) < y->coordToPixel(3));
    QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::KeyboardModifiers(modifiers), pos);
    QCOMPARE(cells.size(), 1);
    QCOMPARE(cells[0][0].toInt(), row);
    QCOMPARE(cells[0][1].toInt(), col);
    QCOMPARE(cells[0][2].value<Qt::KeyboardModifiers>(), Qt::KeyboardModifiers(modifiers));
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows[0][0].toInt(), row);
    QCOMPARE(view.selectedRow(), row);
}

void TestHeatmap::clickOutsideCellsEmitsNothing() {
    HeatmapView view;
    view.resize(400, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.plot()->replot();
    QSignalSpy cells(&view, &HeatmapView::cellClicked);
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, QPoint(3, 3)); // the title corner
    const QRectF last = view.cellRect(3, 3);
    QTest::mouseClick(view.plot(), Qt::LeftButton, {},
                      QPoint(qRound(last.right() + 4), qRound(last.center().y()))); // beside
    QCOMPARE(cells.size(), 0);
}

void TestHeatmap::hoverEmitsCellAndLeave() {
    HeatmapView view;
    view.resize(400, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.plot()->replot();
    QSignalSpy hovered(&view, &HeatmapView::cellHovered);
    QTest::mouseMove(view.plot(), view.cellRect(1, 2).center().toPoint());
    QTRY_COMPARE(hovered.size(), 1);
    QCOMPARE(hovered[0][0].toInt(), 1);
    QCOMPARE(hovered[0][1].toInt(), 2);
    QEvent leave(QEvent::Leave);
    QApplication::sendEvent(view.plot(), &leave);
    QCOMPARE(hovered.size(), 2);
    QCOMPARE(hovered[1][0].toInt(), -1);
    QCOMPARE(hovered[1][1].toInt(), -1);
}

void TestHeatmap::titleIsShownAndElided() {
    HeatmapView view;
    const QString title = QString::fromUtf8("softmax(QKᵀ/√3) — 4×4");
    view.setTitle(title);
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.renderImage(QSize(400, 400));
    auto *element = view.plot()->findChild<QCPTextElement *>();
    QVERIFY(element);
    QCOMPARE(element->text(), title);
    QCOMPARE(view.title(), title);
    // Too long for the width: cut with an ellipsis, never wider than the plot.
    view.setTitle(title.repeated(6));
    view.renderImage(QSize(300, 300));
    QVERIFY(element->text().endsWith(QChar(0x2026)));
    QVERIFY(QFontMetrics(element->font()).horizontalAdvance(element->text()) <= 300);
}

void TestHeatmap::keyboardMovesSelectedRow() {
    HeatmapView view;
    view.resize(300, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.focusPolicy() & Qt::TabFocus);
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.setFocus();
    QSignalSpy rows(&view, &HeatmapView::rowClicked);
    QTest::keyClick(&view, Qt::Key_Down); // none selected: the first row
    QCOMPARE(view.selectedRow(), 0);
    QTest::keyClick(&view, Qt::Key_Down);
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.selectedRow(), 2);
    QTest::keyClick(&view, Qt::Key_Up);
    QCOMPARE(view.selectedRow(), 1);
    QTest::keyClick(&view, Qt::Key_End);
    QTest::keyClick(&view, Qt::Key_Down); // stays on the last row, no signal
    QCOMPARE(view.selectedRow(), 3);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows.last()[0].toInt(), 3);
}

void TestHeatmap::selectedRowIsClamped() {
    HeatmapView view;
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit);
    view.setSelectedRow(2);
    QCOMPARE(view.selectedRow(), 2);
    view.setSelectedRow(9);
    QCOMPARE(view.selectedRow(), -1);
    view.setSelectedRow(3);
    view.setData(attn::Matrix::Zero(2, 2), {}, {}, ScaleKind::Unit); // fewer rows
    QCOMPARE(view.selectedRow(), -1);
    view.setHighlightedColumns({1, 7});
    QCOMPARE(view.highlightedColumns(), QList<int>({1, 7}));
    QVERIFY(!view.renderImage(QSize(200, 200)).isNull()); // out-of-range column: not drawn
}

void TestHeatmap::renderedMaskedCellIsGreyHatch() {
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

void TestHeatmap::renderedHighWeightIsTopColor() {
    HeatmapView view;
    view.setData(weights4(), kTokens, kTokens, ScaleKind::Unit); // (3,3) = 1.0
    const QImage image = view.renderImage(QSize(400, 400));
    const ColorLut viridis(ColorMapId::Viridis);
    QCOMPARE(image.pixel(nearCorner(view.cellRect(3, 3))), viridis.highest());
    QCOMPARE(image.pixel(nearCorner(view.cellRect(3, 0))), viridis.lowest()); // 0.0
    QCOMPARE(QColor(viridis.highest()), QColor("#fde725")); // the published top of viridis
}

void TestHeatmap::renderedSelectedRowHasOutline() {
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

void TestHeatmap::divergingZeroIsNeutral() {
    attn::Matrix m(1, 3);
    m << -2.0, 0.0, 2.0;
    HeatmapView view;
    view.setData(m, {}, {}, ScaleKind::Diverging);
    QCOMPARE(view.activeMap(), ColorMapId::RdBu);
    QVERIFY(colorDistance(view.cellColor(0, 1), qRgb(0xf7, 0xf7, 0xf7)) <= 6);
    QCOMPARE(QColor(view.cellColor(0, 0)), QColor("#67001f")); // RdBu as published: low = red
    QCOMPARE(QColor(view.cellColor(0, 2)), QColor("#053061"));
}

void TestHeatmap::colorMapsChangeCells() {
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

void TestHeatmap::labelsShownAsTickLabels() {
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

void TestHeatmap::manyRowsFallBackToIndices() {
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

void TestHeatmap::numbersOnlyWhenReadable() {
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

void TestHeatmap::formatCellValue_data() {
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
    QTest::newRow("tiny") << 1e-6 << "1.0e" + minus + "6";
    QTest::newRow("huge") << 123456.0 << "1.2e5";
    QTest::newRow("minus infinity") << -kInf << minus + QChar(0x221E);
    QTest::newRow("nan") << std::nan("") << "NaN";
}

void TestHeatmap::formatCellValue() {
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(::formatCellValue(value), text);
}

void TestHeatmap::contrastingText() {
    QCOMPARE(contrastingTextColor(QColor("#fde725")), QColor(Qt::black)); // viridis top
    QCOMPARE(contrastingTextColor(QColor("#440154")), QColor(Qt::white)); // viridis bottom
    QCOMPARE(contrastingTextColor(QColor("#f7f7f7")), QColor(Qt::black)); // diverging middle
    QCOMPARE(contrastingTextColor(QColor("#053061")), QColor(Qt::white));
}

void TestHeatmap::downscaleKeepsThinDiagonal() {
    // 1024 cells onto 256 pixels: sampling would drop 3 of 4 diagonal cells; averaging keeps
    // every diagonal pixel at a quarter weight, clearly above the background.
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
        QCOMPARE(images.colors.pixel(i, i), lut.at(lutIndex(0.25, source.range)));
        QCOMPARE(images.colors.pixel((i + 128) % 256, i), lut.lowest());
    }
}

void TestHeatmap::downscaleExcludesOnlyFullyMaskedPixels() {
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

void TestHeatmap::largeMatrixRedrawsQuickly() {
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

QTEST_MAIN(TestHeatmap)
#include "test_heatmap.moc"
