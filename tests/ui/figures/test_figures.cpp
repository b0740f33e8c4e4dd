// SPDX-License-Identifier: GPL-3.0-or-later
// Figures of any widget (FigureExport): PNG at a scale, SVG and PDF, the heatmaps vector.

#include "document/Document.h"
#include "document/Recomputer.h"
#include "figures/FigureExport.h"
#include "figures/FigureFeatures.h"
#include "figures/FigureMenu.h"
#include "heatmap/HeatmapCellLayer.h"
#include "heatmap/HeatmapView.h"
#include "support/FigureSupport.h"
#include "support/SessionSupport.h"
#include "window/WindowAssembler.h"
#include "workbench/CombinationView.h"
#include "workbench/StagesView.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>
#include <QtTest>

#include <functional>
#include <memory>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

// A 4×4 matrix of weights with distinct, known values.
attn::Matrix knownWeights() {
    attn::Matrix m(4, 4);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            m(r, c) = (r * 4 + c) / 15.0;
    return m;
}

QByteArray figureBytes(QWidget *widget, FigureFormat format, double scale = 1.0) {
    FigureOptions options;
    options.format = format;
    options.scale = scale;
    QString error;
    const QByteArray bytes = widgetFigureBytes(widget, options, &error);
    if (!error.isEmpty())
        qWarning("%s", qPrintable(error));
    return bytes;
}

QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestFigures : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void pngScaleMultipliesPixels_data();
    void pngScaleMultipliesPixels();
    void pngCellHasColourMapColour();
    void svgOfHeatmapIsVector();
    void svgOfLargeHeatmapEmbedsImage();
    void pdfOfHeatmap();
    void anyWidgetCanBeExported();
    void combinationView();
    void wholeWindow();
    void sizeOverrideForTopLevel();
    void errorsWriteNothing();
    void choiceFollowsSuffix();
    void svgNamesGenericFontFamily();
    void rightClickOpensHeatmapMenu();
    void exportsSayWhatTheyWrote();

private:
    std::unique_ptr<HeatmapView> m_view;
};

void TestFigures::init() {
    m_view = std::make_unique<HeatmapView>();
    m_view->setTitle("weights softmax(QK\u1d40/\u221a3) \u2014 4\u00d74");
    m_view->setAxisTitles("query", "key");
    m_view->setData(knownWeights(), {"the", "cat", "sat", "down"}, {"the", "cat", "sat", "down"},
                    ScaleKind::Unit);
    m_view->resize(420, 320);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestFigures::cleanup() {
    m_view.reset();
}

void TestFigures::pngScaleMultipliesPixels_data() {
    QTest::addColumn<double>("scale");
    QTest::newRow("1x") << 1.0;
    QTest::newRow("2x") << 2.0;
    QTest::newRow("3x") << 3.0;
}

void TestFigures::pngScaleMultipliesPixels() {
    QFETCH(double, scale);
    QTemporaryDir dir;
    const QString path = dir.filePath("heatmap.png");
    QCOMPARE(exportWidgetFigure(m_view.get(), path, FigureFormat::Png, scale), QString());
    const QByteArray bytes = readAll(path);
    QVERIFY(isPng(bytes));
    QImage image;
    QVERIFY(image.loadFromData(bytes, "PNG"));
    QCOMPARE(image.size(), QSize(qRound(420 * scale), qRound(320 * scale)));
}

void TestFigures::pngCellHasColourMapColour() {
    const double scale = 2.0;
    const QImage image = renderWidgetImage(m_view.get(), scale);
    QCOMPARE(image.size(), QSize(840, 640));
    const ColorLut viridis(ColorMapId::Viridis);
    const attn::Matrix w = knownWeights();
    for (const auto &[r, c] : {std::pair{0, 0}, {1, 2}, {3, 3}, {2, 1}}) {
        const QRectF cell = m_view->cellRect(r, c); // plot pixels = view pixels (no margins)
        QVERIFY(cell.width() > 20 && cell.height() > 20);
        // A fifth into the cell: clear of the number in its middle and of the separators.
        const QPointF at = cell.topLeft() + QPointF(cell.width() * 0.2, cell.height() * 0.2);
        const QRgb expected = viridis.at(lutIndex(w(r, c), ValueRange{0.0, 1.0, 0, 16}));
        const QRgb actual = dominantColor(image, (at * scale).toPoint());
        QVERIFY2((actual & 0xffffff) == (expected & 0xffffff),
                 qPrintable(QString("cell %1,%2: %3, expected %4")
                                .arg(r)
                                .arg(c)
                                .arg(QColor(actual).name(), QColor(expected).name())));
    }
}

void TestFigures::svgOfHeatmapIsVector() {
    const QByteArray bytes = figureBytes(m_view.get(), FigureFormat::Svg);
    const SvgSummary svg = readSvg(bytes);
    QVERIFY2(svg.wellFormed, qPrintable(svg.error));
    QVERIFY2(svg.text.contains("weights softmax(QK"), qPrintable(svg.text.left(300)));
    QVERIFY(svg.text.contains("cat"));
    // Each of the 16 cells is a rectangle of its own; the only image is the colour bar's
    // gradient (QCustomPlot draws it as one).
    QVERIFY2(svg.rects >= 16, qPrintable(QString::number(svg.rects)));
    QVERIFY(svg.lines > 0); // axes, ticks, separators
    QCOMPARE(svg.images, 1);
    // The same size as on screen.
    QVERIFY(bytes.contains("width=\"") && bytes.contains("viewBox=\"0 0 420 320\""));
}

void TestFigures::svgOfLargeHeatmapEmbedsImage() {
    attn::Matrix big = attn::Matrix::Random(200, 200);
    m_view->setData(big, {}, {}, ScaleKind::Diverging);
    QVERIFY(200 * 200 > HeatmapCellLayer::kMaxVectorCells);
    const SvgSummary svg = readSvg(figureBytes(m_view.get(), FigureFormat::Svg));
    QVERIFY(svg.wellFormed);
    QCOMPARE(svg.images, 2); // the cells as one image, the colour bar; the rest still vector
    QVERIFY(svg.rects < 100);
    QVERIFY(svg.text.contains("weights softmax(QK"));
}

void TestFigures::pdfOfHeatmap() {
    QTemporaryDir dir;
    const QString path = dir.filePath("heatmap.pdf");
    QCOMPARE(exportWidgetFigure(m_view.get(), path, FigureFormat::Pdf), QString());
    const QByteArray bytes = readAll(path);
    QVERIFY(isPdf(bytes));
    QCOMPARE(pdfPageCount(bytes), 1);
    QVERIFY2(bytes.size() > 4000, qPrintable(QString::number(bytes.size())));
    // The page is the widget's size (420×320 px at 96 dpi = 315×240 pt).
    static const QRegularExpression mediaBox(R"(/MediaBox \[0 0 315(\.0*)? 240(\.0*)?\])");
    QVERIFY(QString::fromLatin1(bytes).contains(mediaBox));
}

void TestFigures::anyWidgetCanBeExported() {
    QWidget panel;
    auto *layout = new QVBoxLayout(&panel);
    auto *label = new QLabel("Token links of \u201csat\u201d");
    QFont font = label->font();
    font.setPointSize(20);
    label->setFont(font);
    layout->addWidget(label);
    panel.resize(300, 120);
    // Never shown: the export lays it out itself.
    const QImage image = renderWidgetImage(&panel, 2.0);
    QCOMPARE(image.size(), QSize(600, 240));
    // Some dark pixels where the text is.
    int dark = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            dark += qGray(image.pixel(x, y)) < 100;
    QVERIFY(dark > 200);
    const SvgSummary svg = readSvg(figureBytes(&panel, FigureFormat::Svg));
    QVERIFY(svg.wellFormed);
    QVERIFY(svg.text.contains("Token links of"));
}

void TestFigures::combinationView() {
    Document doc;
    Recomputer recomputer(&doc);
    recomputer.recomputeNow();
    CombinationView view(&doc, &recomputer);
    view.resize(820, 300);
    const QImage image = renderWidgetImage(&view, 2.0);
    QCOMPARE(image.size(), QSize(1640, 600));
    const SvgSummary svg = readSvg(figureBytes(&view, FigureFormat::Svg));
    QVERIFY(svg.wellFormed);
    QVERIFY2(svg.text.contains("output row 0"), qPrintable(svg.text.left(300)));
}

void TestFigures::wholeWindow() {
    WindowAssembler bench;
    QMainWindow &window = bench.window();
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    bench.recomputer().recomputeNow();
    QTest::qWait(50);
    const QImage image = renderWidgetImage(&window, 1.0);
    QCOMPARE(image.size(), QSize(1400, 900));
    // The heatmap inside the window is where it is on screen, in its colours.
    HeatmapView *weights = bench.stages().view(attn::Stage::Weights);
    const QRectF cell = weights->cellRect(0, 0);
    const QPoint at = weights->mapTo(&window, (cell.topLeft() + QPointF(4, 4)).toPoint());
    QCOMPARE(dominantColor(image, at, 1) & 0xffffff, weights->cellColor(0, 0) & 0xffffff);
    const SvgSummary svg = readSvg(figureBytes(&window, FigureFormat::Svg));
    QVERIFY2(svg.wellFormed, qPrintable(svg.error));
    QVERIFY(svg.text.contains("softmax("));
    QVERIFY(svg.text.contains("Inputs"));
    const QByteArray pdf = figureBytes(&window, FigureFormat::Pdf);
    QVERIFY(isPdf(pdf));
    QCOMPARE(pdfPageCount(pdf), 1);
    // The window is still drawn as before (the export left no figure-sized layout behind).
    QCOMPARE(weights->cellRect(0, 0), cell);
}

void TestFigures::sizeOverrideForTopLevel() {
    FigureOptions options;
    options.size = QSize(640, 480);
    options.scale = 1.5;
    QString error;
    const QByteArray bytes = widgetFigureBytes(m_view.get(), options, &error);
    QImage image;
    QVERIFY(image.loadFromData(bytes, "PNG"));
    QCOMPARE(image.size(), QSize(960, 720));
}

void TestFigures::errorsWriteNothing() {
    QTemporaryDir dir;
    const QString missing = dir.filePath("no/such/dir/f.png");
    const QString error = exportWidgetFigure(m_view.get(), missing, FigureFormat::Png, 2.0);
    QVERIFY2(error.startsWith(missing + ": "), qPrintable(error));
    QVERIFY(!QFile::exists(missing));
    for (double scale : {0.0, 100.0, std::nan("")}) {
        const QString path = dir.filePath("scaled.png");
        const QString message = exportWidgetFigure(m_view.get(), path, FigureFormat::Png, scale);
        QVERIFY2(message.contains("scale"), qPrintable(message));
        QVERIFY(!QFile::exists(path));
    }
    QString none;
    QVERIFY(widgetFigureBytes(nullptr, {}, &none).isEmpty());
    QVERIFY(!none.isEmpty());
}

void TestFigures::choiceFollowsSuffix() {
    const FigureChoice projector = figureChoices()[1];
    QCOMPARE(projector.scale, 2.0);
    QString path = "/tmp/weights";
    FigureChoice c = figureChoiceFor(projector.filter, &path);
    QCOMPARE(path, QString("/tmp/weights.png"));
    QCOMPARE(c.format, FigureFormat::Png);
    QCOMPARE(c.scale, 2.0);
    path = "/tmp/weights.PDF";
    c = figureChoiceFor(projector.filter, &path);
    QCOMPARE(path, QString("/tmp/weights.PDF"));
    QCOMPARE(c.format, FigureFormat::Pdf);
    QCOMPARE(figureFormatFromPath("a.svg"), std::optional(FigureFormat::Svg));
    QCOMPARE(figureFormatFromPath("a.jpg"), std::nullopt);
}

void TestFigures::svgNamesGenericFontFamily() {
    // Qt's alias "Sans Serif" means nothing to a browser or Inkscape; the CSS generic does.
    QFont font = m_view->font();
    font.setFamily(QStringLiteral("Sans Serif"));
    m_view->setFont(font);
    const QString svg = QString::fromUtf8(figureBytes(m_view.get(), FigureFormat::Svg));
    QVERIFY(readSvg(svg.toUtf8()).wellFormed);
    QVERIFY2(!svg.contains("\"Sans Serif\""), qPrintable(svg.left(2000)));
    QVERIFY(svg.contains("font-family=\"sans-serif\""));
}

void TestFigures::rightClickOpensHeatmapMenu() {
    WindowAssembler bench;
    QMainWindow &window = bench.window();
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    bench.recomputer().recomputeNow();
    QCoreApplication::processEvents();
    HeatmapView *weights = bench.stages().view(attn::Stage::Weights);
    const QPoint at = weights->cellRect(1, 1).center().toPoint();
    // The menu runs its own event loop: read it and close it from inside.
    QStringList entries;
    QTimer::singleShot(0, [&entries] {
        QWidget *popup = QApplication::activePopupWidget();
        if (auto *menu = qobject_cast<QMenu *>(popup)) {
            for (QAction *a : menu->actions())
                entries << a->text();
            menu->close();
        }
    });
    // A press and release of the right button through the window system, as a mouse sends
    // them: Qt turns them into the context menu event itself.
    QTest::mouseClick(window.windowHandle(), Qt::RightButton, {},
                      weights->plot()->mapTo(&window, at));
    QCoreApplication::processEvents();
    QVERIFY2(entries.join('|').contains("Export &figure"), qPrintable(entries.join('|')));
    QVERIFY(entries.join('|').contains("Export the &matrix"));
}

namespace {

// Answers the next modal file dialog with `path` (or the next message box with its default
// button) once its event loop runs: the export functions ask through the static dialogs.
// Answers the next file dialog with `path`; `afterwards` runs once the dialog has accepted it,
// before the export writes (the dialog's exec() returns only after this callback).
void answerFileDialog(const QString &path, const std::function<void()> &afterwards = {}) {
    QTimer::singleShot(20, [path, afterwards] {
        if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
            dialog->selectFile(path);
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog's own, public in QDialog
            if (afterwards)
                afterwards();
        } else {
            answerFileDialog(path, afterwards);
        }
    });
}

// Answers the next message box, saving its text; polling stops once *alive is false (a box that
// may never come must not catch a later one).
void answerMessageBox(QString *text, std::shared_ptr<bool> alive = std::make_shared<bool>(true)) {
    QTimer::singleShot(20, [text, alive] {
        if (!*alive)
            return;
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            *text = box->text();
            box->accept();
        } else {
            answerMessageBox(text, alive);
        }
    });
}

} // namespace

// After an export the status bar names the file written; a failed one says why there too.
void TestFigures::exportsSayWhatTheyWrote() {
    WindowAssembler bench;
    QMainWindow &window = bench.window();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    bench.recomputer().recomputeNow();
    QCoreApplication::processEvents();
    QTemporaryDir dir;
    const QString png = dir.filePath("whole-window.png");
    QString windowWarning;
    answerFileDialog(png);
    const auto polling = std::make_shared<bool>(true);
    answerMessageBox(&windowWarning, polling); // only a failed export shows one
    window.findChild<QAction *>("exportWindowFigure")->trigger();
    *polling = false;
    QVERIFY2(windowWarning.isEmpty(), qPrintable(windowWarning));
    // The status bar names the file, and it is there. (Which name the dialog returned is the
    // dialog's business: an earlier case's answer may still be waiting for a dialog.)
    const QString said = window.statusBar()->currentMessage();
    const QString prefix = QStringLiteral("Exported attnviz to ");
    QVERIFY2(said.startsWith(prefix), qPrintable(said));
    QVERIFY2(QFile::exists(QDir::fromNativeSeparators(said.mid(prefix.size()))), qPrintable(said));

    // A matrix from File › Export matrix: the weights as CSV, then to a folder that is not.
    auto *matrices = window.findChild<QMenu *>("exportMatrixMenu");
    QVERIFY(matrices);
    emit matrices->aboutToShow();
    QAction *csv = nullptr;
    for (QAction *entry : matrices->actions())
        if (entry->menu() && entry->text().startsWith("softmax"))
            csv = entry->menu()->actions().value(0);
    QVERIFY(csv);
    const QString weights = dir.filePath("weights.csv");
    answerFileDialog(weights);
    csv->trigger();
    QVERIFY(QFile::exists(weights));
    QCOMPARE(window.statusBar()->currentMessage(),
             "Exported weights to " + QDir::toNativeSeparators(weights));
    // A folder that goes away between the dialog and the write: the dialog accepts the name,
    // the write fails. (A missing folder or an overlong name is refused by the dialog itself,
    // which then stays open.)
    const QString gone = dir.filePath("gone");
    QVERIFY(QDir().mkpath(gone));
    const QString nowhere = gone + "/weights.csv";
    QString warning;
    answerFileDialog(nowhere, [gone] { QDir(gone).removeRecursively(); });
    answerMessageBox(&warning);
    csv->trigger();
    QTRY_VERIFY(!warning.isEmpty());
    QVERIFY2(window.statusBar()->currentMessage().startsWith("Export failed: "),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(window.statusBar()->currentMessage().contains(warning));
}

int main(int argc, char **argv) {
    // Its own settings: the export folder and format the dialogs remember stay in the test.
    testsupport::isolate("test_figures");
    QApplication app(argc, argv);
    TestFigures test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_figures.moc"
