// SPDX-License-Identifier: GPL-3.0-or-later
// The Heads panel at a classroom's sizes (issue 28): with "All heads at once" (the code path of
// attnviz --focus heads) 4 heads of an 11-token sentence fit side by side in 1280×800 with their
// token names and fixed-decimal weights, 12 heads become small multiples that all show without
// overlapping; docked, the panel shows every head it can with its caption whole, floated to full
// screen every head's numbers; a click on a row selects that query everywhere. Checked from the
// widgets' geometry. With ATTNVIZ_HEADS_SHOTS=DIR the windows are saved as PNGs to look at.

#include "Initializer.h"
#include "Notation.h"
#include "Stage.h"
#include "document/Document.h"
#include "heatmap/HeatmapView.h"
#include "insights/HeadOverview.h"
#include "insights/HeadsFocus.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"
#include "workbench/StagesView.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QRegularExpression>
#include <QScrollArea>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

// A teacher's own sentence: `n` words, `heads` heads of random weights (sharp enough for weights
// of 1e−10 and less), causal.
AttentionInputs sentence(int n, int heads) {
    static const char *words[] = {"the", "quick", "brown", "fox",     "jumps", "over",
                                  "the", "lazy",  "dog",   "because", "it",    "was"};
    AttentionInputs in = randomExample(11, n, 8, 4, 4);
    in.tokens.clear();
    for (int i = 0; i < n; ++i)
        in.tokens.push_back(words[i % 12]);
    in.heads.clear();
    for (int h = 0; h < heads; ++h) {
        HeadWeights w = randomExample(quint32(100 + h), n, 8, 4, 4).heads.front();
        w.Wq *= 3;
        in.heads.push_back(w);
    }
    in.options.causal = true;
    return in;
}

QStringList tokensOf(const AttentionInputs &in) {
    QStringList out;
    for (const std::string &t : in.tokens)
        out << QString::fromStdString(t);
    return out;
}

void load(WindowAssembler &wb, const AttentionInputs &in) {
    QString error;
    QVERIFY2(wb.document().replaceInputs(in, "test", &error), qPrintable(error));
    wb.recomputer().recomputeNow();
}

// Shows the window at `size` and lets the docks, the heads' grid and the heatmaps settle.
void showAt(WindowAssembler &wb, QSize size) {
    testsupport::showWindowAt(wb, size);
    HeadOverview *overview = wb.insights().heads;
    overview->refreshNow();
    QCoreApplication::processEvents();
    for (int h = 0; h < overview->headCount(); ++h)
        overview->heatmap(h)->plot()->replot();
}

void saveShot(WindowAssembler &wb, const QString &name) {
    const QString dir = qEnvironmentVariable("ATTNVIZ_HEADS_SHOTS");
    if (!dir.isEmpty())
        wb.window().grab().save(QDir(dir).filePath(name + ".png"));
}

// The rectangle of `widget` in window coordinates.
QRect inWindow(QMainWindow &w, const QWidget *widget) {
    return QRect(widget->mapTo(&w, QPoint()), widget->size());
}

// Wholly on screen: inside the window, inside the panel's scroll area viewport, nothing of it
// clipped away.
bool fullyVisible(QMainWindow &w, QWidget *widget) {
    auto *scroll =
        qobject_cast<QScrollArea *>(w.findChild<QDockWidget *>("headOverviewDock")->widget());
    if (!scroll || !widget->isVisible())
        return false;
    const QRect viewport = inWindow(w, scroll->viewport());
    const QRect shown = inWindow(w, widget);
    return w.rect().contains(shown) && viewport.contains(shown) &&
           widget->visibleRegion().boundingRect() == widget->rect();
}

} // namespace

class TestHeadOverview : public QObject {
    Q_OBJECT

private slots:
    void init() { testsupport::resetState(); }

    // Issue 28: "With 4 heads × 11 tokens, the class must see all four heads side by side, with
    // token names and numbers, at 1280×800."
    void fourHeadsWithNamesAndNumbers() {
        WindowAssembler wb;
        const AttentionInputs in = sentence(11, 4);
        load(wb, in);
        wb.insights().allHeads->setActive(true); // attnviz --focus heads
        showAt(wb, QSize(1280, 800));
        saveShot(wb, "heads-4x11-1280x800");
        QMainWindow &w = wb.window();
        HeadOverview *overview = wb.insights().heads;
        QCOMPARE(overview->headCount(), 4);
        const QStringList tokens = tokensOf(in);
        // A weight reads with fixed decimals: never "3.9e−15", however small it is.
        const QRegularExpression fixed(QStringLiteral("^[01]\\.\\d{2,3}$"));
        for (int h = 0; h < 4; ++h) {
            HeatmapView *v = overview->heatmap(h);
            QVERIFY2(fullyVisible(w, v->plot()), qPrintable(QString("head %1").arg(h)));
            QCOMPARE(v->tickNames(Qt::Vertical), tokens);
            // Issue 39: the cells are square (wider only for their numbers), so the keys'
            // names, wider than a cell, give way to indices (the tooltips name them) rather
            // than stand upright and flatten the cells.
            QVERIFY(v->tickNames(Qt::Horizontal).isEmpty() ||
                    v->tickNames(Qt::Horizontal) == tokens);
            QVERIFY2(v->numbersShown(), qPrintable(QString("head %1").arg(h)));
            QVERIFY(v->numberPointSize() >= 9.0);
            for (int r = 0; r < v->rows(); ++r)
                for (int c = 0; c < v->cols(); ++c)
                    if (!v->isCellMasked(r, c))
                        QVERIFY2(fixed.match(v->cellText(r, c)).hasMatch(),
                                 qPrintable(v->cellText(r, c)));
            // The cells themselves lie inside the heatmap's widget.
            QVERIFY(QRectF(v->plot()->rect()).contains(v->cellRect(10, 10)));
            QVERIFY(QRectF(v->plot()->rect()).contains(v->cellRect(0, 0)));
        }
        // Side by side: no head covers another.
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b)
                QVERIFY(!inWindow(w, overview->heatmap(a))
                             .intersects(inWindow(w, overview->heatmap(b))));
        // Leaving gives the stages and the inputs their room back; the panel, hidden before,
        // is hidden again.
        wb.insights().allHeads->setActive(false);
        showAt(wb, QSize(1280, 800));
        QVERIFY(w.centralWidget()->isVisible());
        QVERIFY(w.findChild<QDockWidget *>("inputsDock")->isVisible());
        QVERIFY(w.findChild<QDockWidget *>("headOverviewDock")->isHidden());
        QVERIFY(!wb.insights().allHeads->action()->isChecked());
    }

    // "With 12 heads, it sees a grid of small multiples with names on hover."
    void twelveHeadsAsSmallMultiples() {
        WindowAssembler wb;
        const AttentionInputs in = sentence(11, 12);
        load(wb, in);
        wb.insights().allHeads->setActive(true);
        showAt(wb, QSize(1280, 800));
        saveShot(wb, "heads-12x11-1280x800");
        QMainWindow &w = wb.window();
        HeadOverview *overview = wb.insights().heads;
        QCOMPARE(overview->headCount(), 12);
        for (int a = 0; a < 12; ++a) {
            HeatmapView *v = overview->heatmap(a);
            QVERIFY2(fullyVisible(w, v->plot()), qPrintable(QString("head %1").arg(a)));
            for (int b = a + 1; b < 12; ++b)
                QVERIFY(!inWindow(w, v).intersects(inWindow(w, overview->heatmap(b))));
        }
        QVERIFY(overview->isSmallMultiples());
        QVERIFY(overview->columns() > 1);
        // The names, and the precise weight, on hover.
        HeatmapView *last = overview->heatmap(11);
        const QString tip = last->toolTipText(9, 3);
        QVERIFY2(tip.contains("because") && tip.contains("fox") && tip.contains("11"),
                 qPrintable(tip));
        QVERIFY2(tip.contains(notation::precise(last->value(9, 3))), qPrintable(tip));
    }

    // Presentation mode at 1024×768 (attnviz --focus heads --presentation): every head on
    // screen, none over another.
    void fourHeadsInPresentationMode() {
        WindowAssembler wb;
        load(wb, sentence(11, 4));
        wb.insights().allHeads->setActive(true);
        wb.presentation().setActive(true);
        wb.window().setWindowState(wb.window().windowState() & ~Qt::WindowFullScreen);
        showAt(wb, QSize(1024, 768));
        saveShot(wb, "heads-4x11-presentation-1024x768");
        HeadOverview *overview = wb.insights().heads;
        for (int h = 0; h < 4; ++h)
            QVERIFY2(fullyVisible(wb.window(), overview->heatmap(h)->plot()),
                     qPrintable(QString("head %1").arg(h)));
        wb.presentation().setActive(false);
    }

    // "Docked, it shows one head, with its header clipped": docked as View › Insights › Show
    // Heads puts it, beside the stages, it shows every head it can, its caption whole, and the
    // main weights keep their token names.
    void dockedPanelShowsTheHeadsThatFit() {
        WindowAssembler wb;
        const AttentionInputs in = sentence(11, 4);
        load(wb, in);
        QDockWidget *dock = wb.window().findChild<QDockWidget *>("headOverviewDock");
        dock->show();
        dock->raise();
        showAt(wb, QSize(1280, 800));
        saveShot(wb, "heads-docked-1280x800");
        QMainWindow &w = wb.window();
        HeadOverview *overview = wb.insights().heads;
        auto *scroll = qobject_cast<QScrollArea *>(dock->widget());
        QVERIFY(scroll);
        const QRect viewport = inWindow(w, scroll->viewport());
        auto *caption = overview->findChild<QLabel *>("headOverviewCaption");
        QVERIFY(caption);
        QVERIFY2(viewport.contains(inWindow(w, caption)),
                 qPrintable(QString("caption %1 px wide in a %2 px panel")
                                .arg(caption->width())
                                .arg(viewport.width())));
        for (int h = 0; h < 4; ++h)
            QVERIFY2(fullyVisible(w, overview->heatmap(h)->plot()),
                     qPrintable(QString("head %1").arg(h)));
        // Never sideways.
        QCOMPARE(overview->width(), scroll->viewport()->width());
        HeatmapView *weights = wb.stages().view(Stage::Weights);
        weights->plot()->replot();
        QCOMPARE(weights->tickNames(Qt::Horizontal), tokensOf(in));

        // All heads at once and back: the panel as wide as it was beside the stages.
        const int docked = dock->width();
        wb.insights().allHeads->action()->trigger();
        showAt(wb, QSize(1280, 800));
        QVERIFY(dock->width() > 1000);
        QVERIFY(!w.centralWidget()->isVisible());
        wb.insights().allHeads->action()->trigger();
        showAt(wb, QSize(1280, 800));
        QVERIFY(w.centralWidget()->isVisible());
        QVERIFY2(std::abs(dock->width() - docked) <= 8,
                 qPrintable(QString("%1 then %2").arg(docked).arg(dock->width())));

        // Narrower, taller: the heads re-lay themselves out in fewer columns.
        const int wide = overview->columns();
        w.resizeDocks({dock}, {260}, Qt::Horizontal);
        showAt(wb, QSize(1280, 800));
        QVERIFY2(overview->columns() < wide || wide == 1,
                 qPrintable(QString("%1 then %2 columns").arg(wide).arg(overview->columns())));
        QCOMPARE(overview->width(), scroll->viewport()->width());
        QVERIFY(viewport.contains(inWindow(w, caption)) || caption->width() <= 260);
    }

    // Issue 39: "The all-heads view (docked) draws 4 heads of 11 tokens as wide, flat strips:
    // 44 × 14 px cells, no numbers, and the query axis numbered 0, 2, 4 instead of words."
    // Docked as View › Insights › Show Heads puts it, at a laptop's and a projector's size, for
    // sentences of 4, 11 and 24 tokens and 1 to 4 heads, docked beside the stages and with All
    // heads at once: every head's cells are square (wider only for the numbers they carry),
    // cells with room for two decimals carry them (the cell layer's rule), and those heads have
    // their token names, whole, on both axes.
    void dockedHeadsHaveSquareCellsAndNumbers_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("heads");
        QTest::addColumn<bool>("allAtOnce");
        for (const bool allAtOnce : {false, true})
            for (const bool presentation : {false, true})
                for (const int tokens : {4, 11, 24})
                    for (const int heads : {1, 2, 3, 4}) {
                        const QSize size = presentation ? QSize(1024, 768) : QSize(1280, 800);
                        QTest::addRow("%s-%dx%d%s-%dtok-%dh", allAtOnce ? "all" : "docked",
                                      size.width(), size.height(),
                                      presentation ? "-presentation" : "", tokens, heads)
                            << size << presentation << tokens << heads << allAtOnce;
                    }
    }
    void dockedHeadsHaveSquareCellsAndNumbers() {
        QFETCH(QSize, size);
        QFETCH(bool, presentation);
        QFETCH(int, tokens);
        QFETCH(int, heads);
        QFETCH(bool, allAtOnce);
        WindowAssembler wb;
        const AttentionInputs in = sentence(tokens, heads);
        load(wb, in);
        if (allAtOnce) // View › Insights › All heads at once: the docked panel has the window
            wb.insights().allHeads->setActive(true);
        if (presentation)
            wb.presentation().setActive(true);
        wb.window().setWindowState(wb.window().windowState() & ~Qt::WindowFullScreen);
        QDockWidget *dock = wb.window().findChild<QDockWidget *>("headOverviewDock");
        dock->show();
        dock->raise();
        showAt(wb, size);
        saveShot(wb, QString("heads-%6-%1x%2%3-%4tok-%5h")
                         .arg(size.width())
                         .arg(size.height())
                         .arg(presentation ? "-presentation" : "")
                         .arg(tokens)
                         .arg(heads)
                         .arg(allAtOnce ? "all" : "docked"));
        HeadOverview *overview = wb.insights().heads;
        QCOMPARE(overview->headCount(), heads);
        const QStringList names = tokensOf(in);
        for (int h = 0; h < heads; ++h) {
            HeatmapView *v = overview->heatmap(h);
            const QString which = QString("head %1").arg(h);
            // All at once, every head is in view; docked, the panel may scroll down to some.
            if (allAtOnce)
                QVERIFY2(fullyVisible(wb.window(), v->plot()), qPrintable(which));
            const QRectF cell = v->cellRect(0, 0);
            const double side = std::min(cell.width(), cell.height());
            const QString cells = QString("%1: cells %2 × %3 px")
                                      .arg(which)
                                      .arg(cell.width(), 0, 'f', 1)
                                      .arg(cell.height(), 0, 'f', 1);
            const double slack = std::max(1.5, 0.06 * side);
            // Never taller than wide; wider than high only for the numbers they carry: no flat,
            // blank strips (44 × 14 px) nor tall ones.
            QVERIFY2(cell.height() <= cell.width() + slack, qPrintable(cells));
            if (cell.width() > cell.height() + slack)
                QVERIFY2(v->numbersShown(), qPrintable(cells + ", wider than high, no numbers"));
            // The whole matrix inside its heatmap.
            QVERIFY(QRectF(v->plot()->rect()).contains(v->cellRect(tokens - 1, tokens - 1)));
            // Two decimals ("0.25") at the smallest number size (9 pt) need 33 px across.
            if (cell.width() >= 34 && cell.height() >= 24) {
                QVERIFY2(v->numbersShown(), qPrintable(cells + " without numbers"));
                QCOMPARE(v->tickNames(Qt::Vertical), names);
            }
            // Names are whole or give way to indices, never cut.
            for (const Qt::Orientation o : {Qt::Vertical, Qt::Horizontal})
                QVERIFY(v->tickNames(o).isEmpty() || v->tickNames(o) == names);
            qInfo("%s, numbers %s, rows %s, columns %s", qPrintable(cells),
                  v->numbersShown() ? "yes" : "no",
                  v->tickNames(Qt::Vertical).isEmpty() ? "indices" : "names",
                  v->tickNames(Qt::Horizontal).isEmpty() ? "indices" : "names");
        }
        wb.insights().allHeads->setActive(false);
        wb.presentation().setActive(false);
    }

    // "Floated to full screen, it shows four heads without a number in any cell."
    void floatedFullScreenShowsTheNumbers() {
        WindowAssembler wb;
        load(wb, sentence(11, 4));
        QDockWidget *dock = wb.window().findChild<QDockWidget *>("headOverviewDock");
        dock->show();
        showAt(wb, QSize(1280, 800));
        dock->setFloating(true);
        dock->resize(1280, 780);
        showAt(wb, QSize(1280, 800));
        HeadOverview *overview = wb.insights().heads;
        for (int h = 0; h < 4; ++h) {
            HeatmapView *v = overview->heatmap(h);
            QVERIFY2(v->numbersShown(), qPrintable(QString("head %1").arg(h)));
            QVERIFY(!v->cellText(10, 0).contains('e'));
        }
    }

    // "Clicking a row there outlines one row while the main view stays on another": a click
    // selects that query in the document, so every head and the stages outline the same one.
    void clickingARowSelectsItsQuery_data() {
        QTest::addColumn<bool>("rows");
        QTest::newRow("rows") << true;
        QTest::newRow("columns") << false;
    }
    void clickingARowSelectsItsQuery() {
        QFETCH(bool, rows);
        WindowAssembler wb;
        load(wb, sentence(11, 4));
        wb.document().selection().setLayout(rows ? Layout::Rows : Layout::Columns);
        wb.document().selection().setSelectedRow(0);
        wb.insights().allHeads->setActive(true);
        showAt(wb, QSize(1280, 800));
        HeadOverview *overview = wb.insights().heads;
        HeatmapView *second = overview->heatmap(1);
        // Query 5 (its row, or in the column layout its column), key 2.
        const QPoint cell = second->cellRect(rows ? 5 : 2, rows ? 2 : 5).center().toPoint();
        QTest::mouseClick(second->plot(), Qt::LeftButton, {}, cell);
        QCoreApplication::processEvents();
        QCOMPARE(wb.document().selection().selectedRow(), 5);
        QCOMPARE(wb.document().selection().currentHead(), 1);
        for (int h = 0; h < overview->headCount(); ++h) {
            HeatmapView *v = overview->heatmap(h);
            QCOMPARE(v->selectedRow(), rows ? 5 : -1);
            QCOMPARE(v->highlightedColumns(), rows ? QList<int>{} : QList<int>{5});
        }
        wb.insights().allHeads->setActive(false);
        showAt(wb, QSize(1280, 800));
        HeatmapView *weights = wb.stages().view(Stage::Weights);
        QCOMPARE(weights->selectedRow(), rows ? 5 : -1);
        QCOMPARE(weights->highlightedColumns(), rows ? QList<int>{} : QList<int>{5});
    }
};

int main(int argc, char **argv) {
    // Settings and recovery files of the test's own (resetState empties them).
    testsupport::isolate("test_head_overview");
    QApplication app(argc, argv);
    TestHeadOverview test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_head_overview.moc"
