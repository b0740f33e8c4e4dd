// SPDX-License-Identifier: GPL-3.0-or-later
// The layout at classroom sizes: at 1280×800 a real sentence's weights are readable (cells of
// 24 pixels with their numbers, token names on both axes) with the selected row's combination
// beside them; several heads keep their names (all at once); the cell decimals; figures without
// outlines.

#include "document/Dimension.h"
#include "document/Document.h"
#include "figures/FigureExport.h"
#include "heatmap/HeatmapView.h"
#include "insights/HeadOverview.h"
#include "insights/HeadsFocus.h"
#include "lesson/LessonPanel.h"
#include "session/SessionController.h"
#include "support/SessionSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/CompactDocks.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"
#include "workbench/CombinationView.h"
#include "workbench/InputsPanel.h"
#include "workbench/MatrixEditor.h"
#include "workbench/StagesView.h"

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QJsonObject>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QTableView>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using attn::Stage;

namespace {

const QString kFourHeads =
    QStringLiteral(ATTNVIZ_SOURCE_DIR "/tests/data/sessions/four-heads-11-tokens.attnviz");
const QString kCoreference =
    QStringLiteral(ATTNVIZ_SOURCE_DIR "/resources/presets/coreference.json");

// Shows the window at this size and lets the layout settle (the stages view arranges itself
// after each resize, then every heatmap replots).
void showAt(WindowAssembler &wb, QSize size) {
    testsupport::showWindowAt(wb, size);
    for (HeatmapView *v : wb.stages().visibleViews())
        v->plot()->replot();
    QCoreApplication::processEvents();
}

// The part of the window a user sees of `widget`: inside the central scroll area's viewport.
bool fullyVisible(QMainWindow &w, QWidget *widget) {
    auto *scroll = qobject_cast<QScrollArea *>(w.centralWidget());
    if (!scroll)
        return false;
    const QRect viewport(scroll->viewport()->mapTo(&w, QPoint()), scroll->viewport()->size());
    const QRect shown(widget->mapTo(&w, QPoint()), widget->size());
    return widget->isVisible() && w.rect().contains(shown) && viewport.contains(shown);
}

QStringList tokensOf(const Document &doc) {
    QStringList out;
    for (const std::string &t : doc.inputs().tokens)
        out << QString::fromStdString(t);
    return out;
}

} // namespace

class TestLayout : public QObject {
    Q_OBJECT

private slots:
    void init() { testsupport::resetState(); }

    void coreferenceIsReadableAtAProjectorsSize_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
    }
    void coreferenceIsReadableAtAProjectorsSize() {
        QFETCH(QSize, size);
        WindowAssembler wb;
        QString error;
        QVERIFY2(wb.session().loadFile(kCoreference, &error), qPrintable(error));
        showAt(wb, size);
        HeatmapView *weights = wb.stages().view(Stage::Weights);
        const QStringList tokens = tokensOf(wb.document());
        QCOMPARE(tokens.size(), 11);
        const QRectF cell = weights->cellRect(0, 0);
        QVERIFY2(cell.height() >= 24 && cell.width() >= 24,
                 qPrintable(QString("cells %1×%2 px").arg(cell.width()).arg(cell.height())));
        QCOMPARE(weights->tickNames(Qt::Vertical), tokens);
        QCOMPARE(weights->tickNames(Qt::Horizontal), tokens);
        QVERIFY(weights->numbersShown());
        QVERIFY2(weights->numberPointSize() >= 9.0,
                 qPrintable(QString::number(weights->numberPointSize())));
        QVERIFY(fullyVisible(wb.window(), weights));
        // The selected row ("it") and its combination, in view without scrolling.
        QCOMPARE(wb.combination().row(), wb.document().selection().selectedRow());
        QVERIFY(wb.combination().row() >= 0);
        QVERIFY2(fullyVisible(wb.window(), &wb.combination()), "the combination is cut off");
    }

    // A small projector in presentation mode: the weights, a little wider than the window at that
    // zoom, fit its width (numbers shrunk with the cells, still legible) rather than scroll
    // sideways with their colour bar cut.
    void presentationAt1024FitsTheWeightsToTheWidth() {
        WindowAssembler wb;
        QString error;
        QVERIFY2(wb.session().loadFile(kCoreference, &error), qPrintable(error));
        wb.presentation().setActive(true);
        showAt(wb, QSize(1024, 768));
        HeatmapView *weights = wb.stages().view(Stage::Weights);
        auto *scroll = qobject_cast<QScrollArea *>(wb.window().centralWidget());
        QVERIFY(scroll);
        const QRect shown(weights->mapTo(scroll->viewport(), QPoint()), weights->size());
        QVERIFY2(scroll->viewport()->rect().contains(shown),
                 qPrintable(QString("weights %1 px wide in a %2 px viewport")
                                .arg(weights->width())
                                .arg(scroll->viewport()->width())));
        QCOMPARE(weights->tickNames(Qt::Horizontal), tokensOf(wb.document()));
        QVERIFY(weights->numbersShown());
        QVERIFY2(weights->numberPointSize() >= 9.0,
                 qPrintable(QString::number(weights->numberPointSize())));
    }

    // The inputs keep the height given to them once the window has its size: the worked
    // example's X shows all its rows at 1600×1000 (it had been squeezed to its header).
    void inputTablesShowTheirRowsInAWideWindow() {
        WindowAssembler wb;
        showAt(wb, QSize(1600, 1000));
        QTableView *x = wb.inputs().xEditor()->view();
        const int rows = int(wb.document().inputs().X.rows());
        QVERIFY2(x->viewport()->height() >= rows * x->verticalHeader()->defaultSectionSize(),
                 qPrintable(
                     QString("X shows %1 px for %2 rows").arg(x->viewport()->height()).arg(rows)));
    }

    // A narrow window puts "Sizes and options" beside the inputs under the heatmaps; a wide one
    // in the left column; not once the user has placed the docks.
    void sizesAndOptionsMoveWithTheWidth() {
        WindowAssembler wb;
        auto *controls = wb.window().findChild<QDockWidget *>("controlsDock");
        showAt(wb, QSize(1280, 800));
        QVERIFY(wb.compactDocks().isCompact());
        QCOMPARE(wb.window().dockWidgetArea(controls), Qt::BottomDockWidgetArea);
        showAt(wb, QSize(1700, 1000));
        QVERIFY(!wb.compactDocks().isCompact());
        QCOMPARE(wb.window().dockWidgetArea(controls), Qt::LeftDockWidgetArea);
        wb.window().addDockWidget(Qt::RightDockWidgetArea, controls); // the user's choice
        QVERIFY(!wb.compactDocks().isAutomatic());
        showAt(wb, QSize(1280, 800));
        QCOMPARE(wb.window().dockWidgetArea(controls), Qt::RightDockWidgetArea);
    }

    // Names that cannot fit are not silently replaced by indices; enlarging brings them back.
    void namesThatCannotFitSaySoAndEnlarge() {
        WindowAssembler wb;
        QVERIFY(wb.document().setDimension(Dimension::Tokens, 40));
        showAt(wb, QSize(1280, 800));
        HeatmapView *scores = wb.stages().view(Stage::Scores);
        QVERIFY(scores->tickNames(Qt::Vertical).isEmpty()); // 40 rows in an overview's height
        QVERIFY2(scores->plot()->yAxis->label().contains("numbered"),
                 qPrintable(scores->plot()->yAxis->label()));
        emit scores->enlargeRequested();
        QCOMPARE(wb.stages().enlargedStage(), std::optional<Stage>(Stage::Scores));
        showAt(wb, QSize(1280, 800));
        QCOMPARE(scores->tickNames(Qt::Vertical).size(), 40);
        QVERIFY(!scores->plot()->yAxis->label().contains("enlarge"));
        emit scores->enlargeRequested(); // and back
        QCOMPARE(wb.stages().enlargedStage(), std::nullopt);
    }

    // A real double click (not the signal) enlarges any heatmap, the weights included: they lead
    // anyway, but enlarged they take the window's height with names for up to 64 cells.
    void doubleClickEnlargesAnyHeatmap() {
        WindowAssembler wb;
        QVERIFY(wb.document().setDimension(Dimension::Tokens, 40));
        showAt(wb, QSize(1280, 800));
        auto *scroll = qobject_cast<QScrollArea *>(wb.window().centralWidget());
        HeatmapView *weights = wb.stages().view(Stage::Weights);
        QVERIFY(weights->tickNames(Qt::Vertical).isEmpty()); // 40 rows: numbered
        const QRectF cell = weights->cellRect(20, 20);
        QTest::mouseDClick(weights->plot(), Qt::LeftButton, {}, cell.center().toPoint());
        QCOMPARE(wb.stages().enlargedStage(), std::optional<Stage>(Stage::Weights));
        showAt(wb, QSize(1280, 800));
        QVERIFY2(
            weights->height() >= scroll->viewport()->height() - 16,
            qPrintable(
                QString("%1 px in %2").arg(weights->height()).arg(scroll->viewport()->height())));
        QCOMPARE(weights->tickNames(Qt::Vertical).size(), 40);
        QTest::mouseDClick(weights->plot(), Qt::LeftButton, {},
                           weights->cellRect(20, 20).center().toPoint());
        QCOMPARE(wb.stages().enlargedStage(), std::nullopt);
        HeatmapView *q = wb.stages().view(Stage::Q);
        QTest::mouseDClick(q->plot(), Qt::LeftButton, {}, q->cellRect(0, 0).center().toPoint());
        QCOMPARE(wb.stages().enlargedStage(), std::optional<Stage>(Stage::Q));
    }

    // Several heads keep their token names: all at once (attnviz --focus heads), each head
    // names its tokens on both axes; docked beside the stages, where they are small multiples,
    // in their tooltips.
    void fourHeadsOfTwelveTokensKeepTheirNames() {
        WindowAssembler wb;
        QVERIFY(wb.document().setDimension(Dimension::Tokens, 12));
        QVERIFY(wb.document().setDimension(Dimension::Heads, 4));
        wb.insights().allHeads->setActive(true);
        showAt(wb, QSize(1280, 800));
        HeadOverview *overview = wb.insights().heads;
        QCOMPARE(overview->headCount(), 4);
        const QStringList tokens = tokensOf(wb.document());
        for (int h = 0; h < 4; ++h) {
            HeatmapView *v = overview->heatmap(h);
            v->plot()->replot();
            QCOMPARE(v->tickNames(Qt::Vertical), tokens);
            QCOMPARE(v->tickNames(Qt::Horizontal), tokens);
        }
        wb.insights().allHeads->setActive(false);
        wb.window().findChild<QDockWidget *>("headOverviewDock")->show();
        showAt(wb, QSize(1280, 800));
        for (int h = 0; h < 4; ++h)
            for (int q = 0; q < 12; ++q) {
                const QString tip = overview->heatmap(h)->toolTipText(q, 11 - q);
                QVERIFY2(tip.contains(tokens[q]) && tip.contains(tokens[11 - q]), qPrintable(tip));
            }
    }

    // A teacher's sequence that collapsed every heatmap until a restart: a 4-head session with
    // the Train panel docked, Train › Step, then Presets › Worked example (and back and forth).
    // Whatever layout state survives a document change is reset by it: the 4×4 weights have
    // readable rows with numbers and names, Q, K and V are no strips.
    void heatmapsSurviveTrainingAndPresetSwitches() {
        testsupport::Harness h;
        h.answer = SessionPrompts::Choice::Discard; // the trained weights are not kept
        WindowAssembler &wb = h.workbench;
        QString error;
        QVERIFY2(wb.session().loadFile(kFourHeads, &error), qPrintable(error));
        auto *train = wb.window().findChild<QDockWidget *>("trainDock");
        QVERIFY(train);
        train->show();
        showAt(wb, QSize(1280, 800));
        auto *step = train->findChild<QPushButton *>(QString(), Qt::FindChildrenRecursively);
        QPushButton *stepButton = nullptr;
        for (QPushButton *b : train->findChildren<QPushButton *>())
            if (b->text() == "Step")
                stepButton = b;
        QVERIFY(step && stepButton);
        auto preset = [&](const QString &prefix) {
            for (QAction *a : wb.window().findChildren<QAction *>())
                if (a->text().startsWith(prefix) && a->isEnabled())
                    return a;
            return static_cast<QAction *>(nullptr);
        };
        for (int round = 0; round < 3; ++round) {
            QTest::mouseClick(stepButton, Qt::LeftButton);
            testsupport::settle(wb);
            QTRY_VERIFY(!wb.recomputer().isBusy());
            QAction *worked = preset("Worked example");
            QVERIFY(worked);
            worked->trigger();
            showAt(wb, QSize(1280, 800));
            QCOMPARE(int(wb.document().inputs().X.rows()), 4);
            HeatmapView *weights = wb.stages().view(Stage::Weights);
            const QRectF cell = weights->cellRect(0, 0);
            QVERIFY2(
                cell.height() >= 24,
                qPrintable(
                    QString("round %1: weights rows %2 px high").arg(round).arg(cell.height())));
            QVERIFY(weights->numbersShown());
            QCOMPARE(weights->tickNames(Qt::Vertical), tokensOf(wb.document()));
            for (Stage s : {Stage::Q, Stage::K, Stage::V}) {
                HeatmapView *v = wb.stages().view(s);
                QVERIFY2(v->cellRect(0, 0).height() >= 24,
                         qPrintable(QString("round %1: %2 rows %3 px high")
                                        .arg(round)
                                        .arg(v->objectName())
                                        .arg(v->cellRect(0, 0).height())));
            }
            QAction *coreference = preset("Coreference");
            QVERIFY(coreference);
            coreference->trigger();
            showAt(wb, QSize(1280, 800));
            QVERIFY(wb.document().setDimension(Dimension::Heads, 4));
            testsupport::settle(wb);
        }
    }

    // The lesson beside the heatmaps in presentation mode: the heatmaps fit what the panel leaves
    // (all 11 columns of the weights, no sideways scrolling), and each step brings up the
    // matrices it talks about instead of leaving the faded weights in view.
    void lessonStepsShowTheirMatricesInWhatIsLeft() {
        WindowAssembler wb;
        QString error;
        QVERIFY2(wb.session().loadFile(kCoreference, &error), qPrintable(error));
        wb.presentation().setActive(true);
        wb.window().setWindowState(wb.window().windowState() & ~Qt::WindowFullScreen);
        showAt(wb, QSize(1280, 800));
        auto *scroll = qobject_cast<QScrollArea *>(wb.window().centralWidget());
        QVERIFY(scroll);
        for (int step = 0; step < 7; ++step) {
            wb.lesson().goTo(step);
            showAt(wb, QSize(1280, 800));
            QVERIFY(wb.lesson().isActive());
            const QList<Stage> emphasis = wb.stages().emphasis();
            for (HeatmapView *v : wb.stages().visibleViews()) {
                const QRect shown(v->mapTo(scroll->viewport(), QPoint()), v->size());
                QVERIFY2(shown.left() >= 0 && shown.right() <= scroll->viewport()->width(),
                         qPrintable(QString("step %1: %2 is %3 px wide in %4 px")
                                        .arg(step + 1)
                                        .arg(v->objectName())
                                        .arg(v->width())
                                        .arg(scroll->viewport()->width())));
            }
            if (emphasis.isEmpty())
                continue;
            HeatmapView *first = wb.stages().view(emphasis.first());
            const QRect shown(first->mapTo(scroll->viewport(), QPoint()), first->size());
            const QRect seen = shown & scroll->viewport()->rect();
            // Scrolled by the step itself, the title (the heatmap's top) is in view, not cut.
            QVERIFY2(shown.top() >= 0,
                     qPrintable(QString("step %1: %2's title %3 px above the view")
                                    .arg(step + 1)
                                    .arg(first->objectName())
                                    .arg(-shown.top())));
            QVERIFY2(seen.height() >= std::min(shown.height(), scroll->viewport()->height()) - 16,
                     qPrintable(QString("step %1: %2 shows %3 of %4 px")
                                    .arg(step + 1)
                                    .arg(first->objectName())
                                    .arg(seen.height())
                                    .arg(shown.height())));
        }
        HeatmapView *weights = wb.stages().view(Stage::Weights);
        QCOMPARE(weights->tickNames(Qt::Horizontal), tokensOf(wb.document()));
    }

    // View › Cell decimals: the article's four decimals in the heatmap itself, kept in the
    // session's view state.
    void decimalsChangeTheCellText() {
        WindowAssembler wb;
        showAt(wb, QSize(1280, 800));
        HeatmapView *output = wb.stages().view(Stage::HeadOutput);
        QCOMPARE(output->cellText(0, 0), QString("3.95"));
        auto *four = wb.window().findChild<QAction *>("cellDecimals4");
        QVERIFY(four);
        four->trigger();
        QCOMPARE(wb.stages().decimals(), 4);
        QCOMPARE(output->cellText(0, 0), QString("3.9492"));
        QCOMPARE(output->cellText(0, 1), QString("7.8588"));
        QCOMPARE(output->cellText(0, 2), QString("3.9577"));
        QCOMPARE(wb.viewState().save().value("decimals").toInt(), 4);
        showAt(wb, QSize(1280, 800));
        QVERIFY(output->numbersShown()); // the cells grew to hold them
        QVERIFY(output->numberPointSize() >= 9.0);
        wb.viewState().load(QJsonObject{{"decimals", "auto"}});
        QCOMPARE(output->cellText(0, 0), QString("3.95"));
        QVERIFY(wb.window().findChild<QAction *>("cellDecimalsAuto")->isChecked());
    }

    // Exported figures leave the selection outline out unless asked for.
    void figuresLeaveTheOutlineOutByDefault() {
        WindowAssembler wb;
        showAt(wb, QSize(1280, 800));
        HeatmapView *weights = wb.stages().view(Stage::Weights);
        auto figure = [&](int row, bool outline) {
            wb.document().selection().setSelectedRow(row);
            QCoreApplication::processEvents();
            FigureOptions options;
            options.selectionOutline = outline;
            QString error;
            QImage image;
            image.loadFromData(widgetFigureBytes(weights->plot(), options, &error), "PNG");
            return image;
        };
        const QImage plain = figure(-1, true);
        QVERIFY(!plain.isNull());
        QCOMPARE(figure(0, false), plain);
        QVERIFY(figure(0, true) != plain);
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_layout");
    QApplication app(argc, argv);
    TestLayout test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_layout.moc"
