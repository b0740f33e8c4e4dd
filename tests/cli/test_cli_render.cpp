// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli render, run as a user runs it: without a display, every view, PNG/SVG/PDF.

#include "Attention.h"
#include "figures/FigureScene.h"
#include "heatmap/ColorScale.h"
#include "heatmap/HeatmapView.h"
#include "io/Session.h"
#include "support/CliSupport.h"
#include "support/FigureSupport.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;
using testsupport::kCli;
using testsupport::Run;

namespace {

const QString kWorked = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference/worked_example_4x4.json");
const QString kMultiHead = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference/multi_head.json");

// Runs the CLI as on a machine without a display: no DISPLAY, no WAYLAND_DISPLAY, and a
// platform that would need one, so only the CLI's own choice of offscreen lets render work.
testsupport::Run runHeadless(const QStringList &arguments) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.insert("QT_QPA_PLATFORM", "xcb");
    return testsupport::runCli(arguments, {}, env);
}

QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCliRender : public QObject {
    Q_OBJECT
private slots:
    void everyViewEveryFormat_data();
    void everyViewEveryFormat();
    void pngPixelsHaveColourMapColours();
    void columnLayoutIsTransposed();
    void otherCommandsNeedNoGui();
    void errors_data();
    void errors();
};

void TestCliRender::everyViewEveryFormat_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QString>("titlePart"); // text the SVG must contain
    const QList<std::pair<QString, QString>> views = {
        {"q", "Q = X\u00b7Wq"},       {"k", "K = X\u00b7Wk"},  {"v", "V = X\u00b7Wv"},
        {"scores", "scores QK"},      {"logits", "logits QK"}, {"weights", "softmax(QK"},
        {"output", "output softmax"}, {"links", "t0"},         {"combination", "output row 1"}};
    for (const auto &[view, title] : views)
        for (const QString suffix : {"png", "svg", "pdf"})
            QTest::addRow("%s.%s", qPrintable(view), qPrintable(suffix))
                << kWorked << view << suffix << title;
    for (const QString suffix : {"png", "svg", "pdf"}) {
        QTest::addRow("concat.%s", qPrintable(suffix))
            << kMultiHead << "concat" << suffix << "concat of 2 heads";
        QTest::addRow("final.%s", qPrintable(suffix))
            << kMultiHead << "final" << suffix << "output concat\u00b7Wo";
    }
}

void TestCliRender::everyViewEveryFormat() {
    QFETCH(QString, file);
    QFETCH(QString, view);
    QFETCH(QString, suffix);
    QFETCH(QString, titlePart);
    QTemporaryDir dir;
    const QString out = dir.filePath(view + "." + suffix);
    QStringList args = {"render", file, "--view",  view,  "--row",    "1",
                        "--out",  out,  "--width", "640", "--height", "480"};
    if (suffix == "png")
        args << "--scale"
             << "2";
    const Run run = runHeadless(args);
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    const QByteArray bytes = readAll(out);
    if (suffix == "png") {
        QVERIFY(isPng(bytes));
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QCOMPARE(image.size(), QSize(1280, 960));
        // Not blank: many colours (cells, text, colour scale).
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    } else if (suffix == "svg") {
        const SvgSummary svg = readSvg(bytes);
        QVERIFY2(svg.wellFormed, qPrintable(svg.error));
        QVERIFY2(svg.text.contains(titlePart), qPrintable(svg.text.left(400)));
        // Drawn as shapes: rectangles (cells, bars, backgrounds), lines and paths.
        const int shapes = svg.paths + svg.rects + svg.lines;
        QVERIFY2(svg.paths + svg.rects >= 2 && shapes >= 10, qPrintable(QString::number(shapes)));
        QVERIFY(bytes.contains("viewBox=\"0 0 640 480\""));
    } else {
        QVERIFY(isPdf(bytes));
        QCOMPARE(pdfPageCount(bytes), 1);
        QVERIFY2(bytes.size() > 4000, qPrintable(QString::number(bytes.size())));
    }
}

void TestCliRender::pngPixelsHaveColourMapColours() {
    QTemporaryDir dir;
    const QString out = dir.filePath("weights.png");
    const Run run = runHeadless({"render", kWorked, "--view", "weights", "--out", out, "--width",
                                 "600", "--height", "500", "--scale", "3"});
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    QImage image;
    QVERIFY(image.load(out));
    QCOMPARE(image.size(), QSize(1800, 1500));

    // Where the cells are: the same view built in this process at the same size.
    const attn::Session session = attn::loadSessionFile(kWorked);
    FigureRequest request;
    request.view = {FigurePanel::Stage, attn::Stage::Weights};
    request.size = QSize(600, 500);
    FigureScene scene(session.inputs, request);
    auto *heatmap = qobject_cast<HeatmapView *>(scene.widget());
    QVERIFY(heatmap);
    renderWidgetImage(heatmap, 1.0, request.size); // lays it out at the figure's size
    const attn::Matrix w = attn::compute(session.inputs).heads[0].weights();
    const ColorLut viridis(ColorMapId::Viridis);
    QSet<QRgb> seen;
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c) {
            const QRectF cell = heatmap->cellRect(r, c);
            const QPointF at = cell.topLeft() + QPointF(cell.width() * 0.15, cell.height() * 0.15);
            // Weights use the fixed [0, 1] scale.
            const QRgb expected = viridis.at(lutIndex(w(r, c), ValueRange{0.0, 1.0, 0, 16}));
            const QRgb actual = dominantColor(image, (at * 3).toPoint());
            QVERIFY2((actual & 0xffffff) == (expected & 0xffffff),
                     qPrintable(QString("cell %1,%2 (weight %3): %4, expected %5")
                                    .arg(r)
                                    .arg(c)
                                    .arg(w(r, c))
                                    .arg(QColor(actual).name(), QColor(expected).name())));
            seen.insert(actual);
        }
    }
    QVERIFY(seen.size() >= 4); // the weights differ, so do the colours
}

void TestCliRender::columnLayoutIsTransposed() {
    QTemporaryDir dir;
    const QString out = dir.filePath("q.svg");
    const Run run = runHeadless(
        {"render", kMultiHead, "--view", "q", "--head", "1", "--layout", "columns", "--out", out});
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    const SvgSummary svg = readSvg(readAll(out));
    QVERIFY(svg.wellFormed);
    // Head 1's Q is 5×4 in the row layout (5 tokens, d_k = 4), 4×5 in the column layout.
    QVERIFY2(svg.text.contains("(head 1) \u2014 4\u00d75"), qPrintable(svg.text.left(300)));
}

void TestCliRender::otherCommandsNeedNoGui() {
    // A QApplication on the xcb platform without a display would abort: compute must not make
    // one.
    const Run run = runHeadless({"compute", kWorked});
    QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.startsWith("{"));
}

void TestCliRender::errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString out = QDir::temp().filePath("attnviz-render-never-written.png");
    QTest::newRow("no view") << QStringList{"render", kWorked, "--out", out} << 2
                             << "render needs --view";
    QTest::newRow("unknown view") << QStringList{"render", kWorked, "--view", "dot", "--out", out}
                                  << 2 << "--view expects one of q, k, v";
    QTest::newRow("no out") << QStringList{"render", kWorked, "--view", "weights"} << 2
                            << "render needs --out";
    QTest::newRow("bad suffix") << QStringList{"render",  kWorked, "--view",
                                               "weights", "--out", "figure.jpg"}
                                << 2 << "--out must end in .png, .svg or .pdf";
    QTest::newRow("scale for svg")
        << QStringList{"render", kWorked, "--view", "weights", "--out", "f.svg", "--scale", "2"}
        << 2 << "--scale applies to PNG output only";
    QTest::newRow("scale too large")
        << QStringList{"render", kWorked, "--view", "weights", "--out", out, "--scale", "40"} << 2
        << "--scale expects a number from 0.25 to 8";
    QTest::newRow("width too small")
        << QStringList{"render", kWorked, "--view", "weights", "--out", out, "--width", "3"} << 2
        << "--width expects 16 to";
    QTest::newRow("width for compute") << QStringList{"compute", kWorked, "--width", "300"} << 2
                                       << "--width is an option of render, not compute";
    QTest::newRow("head out of range")
        << QStringList{"render", kWorked, "--view", "weights", "--out", out, "--head", "2"} << 1
        << "there is no head 2: the session has 1 head";
    QTest::newRow("row out of range")
        << QStringList{"render", kWorked, "--view", "weights", "--out", out, "--row", "4"} << 1
        << "there is no query row 4";
    QTest::newRow("concat of one head")
        << QStringList{"render", kWorked, "--view", "concat", "--out", out} << 1
        << "there is no concat view";
    QTest::newRow("missing file") << QStringList{"render", "/nonexistent/s.json",
                                                 "--view", "weights",
                                                 "--out",  out}
                                  << 1 << "/nonexistent/s.json";
    QTest::newRow("unwritable out")
        << QStringList{"render", kWorked, "--view", "weights", "--out", "/nonexistent/dir/f.png"}
        << 1 << "/nonexistent/dir/f.png: cannot write";
}

void TestCliRender::errors() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run run = runHeadless(args);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, exitCode);
    const QStringList lines = QString::fromUtf8(run.err).split('\n', Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    QVERIFY2(lines[0].startsWith("attnviz-cli: ") && lines[0].contains(message),
             run.err.constData());
    // One line of message (usage errors add the usage hint below it).
    QCOMPARE(lines.size(), exitCode == 2 ? 3 : 1);
    QVERIFY(run.out.isEmpty());
    QVERIFY(!QFile::exists(QDir::temp().filePath("attnviz-render-never-written.png")));
}

QTEST_MAIN(TestCliRender)
#include "test_cli_render.moc"
