// SPDX-License-Identifier: GPL-3.0-or-later
// HeatmapView: what it displays, its colour ranges, masks, tooltips, clicks (row 0 at the top),
// keyboard and selection, index ticks apart, a panel's own number text (how it draws:
// test_heatmap_render). Runs offscreen.
#include "heatmap/CellText.h"
#include "heatmap/ColorScale.h"
#include "heatmap/HeatmapImage.h"
#include "heatmap/HeatmapView.h"
#include "support/HeatmapSupport.h"

#include <QHelpEvent>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <qcustomplot.h>

#include <cmath>
#include <limits>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

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
    void indicesNeverOverlap_data();
    void indicesNeverOverlap();
    void numberFormatWritesTheCells();
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

void TestHeatmap::indicesNeverOverlap_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("pointSize");
    // A small multiple of the Heads panel, in presentation mode's larger type; and a large one.
    QTest::newRow("small multiple") << QSize(230, 160) << 16.0;
    QTest::newRow("small, normal type") << QSize(160, 140) << 9.0;
    QTest::newRow("large") << QSize(700, 600) << 9.0;
}

void TestHeatmap::indicesNeverOverlap() {
    QFETCH(QSize, size);
    QFETCH(double, pointSize);
    HeatmapView view;
    QFont font = view.font();
    font.setPointSizeF(pointSize);
    view.setFont(font);
    attn::Matrix m = attn::Matrix::Constant(11, 11, 0.5);
    view.setData(m, {}, {}, ScaleKind::Unit); // no names: indices on both axes
    view.renderImage(size);
    view.renderImage(size); // the tick spacing follows the first layout
    for (QCPAxis *axis : {view.plot()->xAxis, view.plot()->yAxis}) {
        const QVector<double> ticks = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        QVERIFY(ticks.size() >= 2);
        const QFontMetricsF fm(axis->tickLabelFont());
        const bool across = axis->orientation() == Qt::Horizontal;
        for (int i = 1; i < ticks.size(); ++i) {
            const double gap =
                std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1]));
            const double needed =
                across ? (fm.horizontalAdvance(labels[i]) + fm.horizontalAdvance(labels[i - 1])) / 2
                       : fm.height() * 0.9;
            QVERIFY2(gap >= needed, qPrintable(QString("%1 and %2: %3 px apart, %4 needed")
                                                   .arg(labels[i - 1], labels[i])
                                                   .arg(gap)
                                                   .arg(needed)));
        }
    }
}

void TestHeatmap::numberFormatWritesTheCells() {
    HeatmapView view;
    attn::Matrix m(1, 2);
    m << 3.9e-15, 0.25;
    view.setData(m, {}, {}, ScaleKind::Unit);
    // Weights read with fixed decimals by default, never an exponent.
    QCOMPARE(view.cellText(0, 0), QString("0.000"));
    view.setNumberFormat([](double v) { return QString::number(v, 'f', 2); });
    QCOMPARE(view.cellText(0, 0), QString("0.00"));
    QCOMPARE(view.cellText(0, 1), QString("0.25"));
    // The tooltip says how small it is, without an exponent a class would misread.
    QVERIFY(view.toolTipText(0, 0).contains(QString::fromUtf8("\u2264 0.0001")));
    QVERIFY(!view.toolTipText(0, 0).contains(QString::fromUtf8("e\u2212")));
    view.setNumberFormat({});
    QCOMPARE(view.cellText(0, 0), QString("0.000"));
    // Other matrices keep their significant digits, and a tiny value reads as its bound.
    view.setData(m, {}, {}, ScaleKind::Diverging);
    QCOMPARE(view.cellText(0, 0), QString::fromUtf8("\u22640.0001"));
}

QTEST_MAIN(TestHeatmap)
#include "test_heatmap.moc"
