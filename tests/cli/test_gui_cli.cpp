// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz (the GUI) run as a user runs it for figures: --presentation, --focus STAGE or heads,
// --screenshot at a --size, offscreen.

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

const QString kGui = QStringLiteral(ATTNVIZ_GUI_PATH);
const QString kCoreference =
    QStringLiteral(ATTNVIZ_SOURCE_DIR "/resources/presets/coreference.json");

struct GuiRun {
    bool finished = false;
    int exitCode = -1;
    QByteArray out, err;
};

// `display` false: no display at all (no platform chosen, no X or Wayland server named), as
// over ssh or in a packaging script.
GuiRun runGui(const QStringList &arguments, bool display = true) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (display) {
        env.insert("QT_QPA_PLATFORM", "offscreen");
    } else {
        for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(name);
    }
    const QTemporaryDir home; // no saved settings of anyone's
    env.insert("HOME", home.path());
    process.setProcessEnvironment(env);
    process.start(kGui, arguments);
    GuiRun run;
    if (!process.waitForStarted(30000))
        return run;
    const bool done = process.waitForFinished(120000);
    run.finished = done && process.exitStatus() == QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace

class TestGuiCli : public QObject {
    Q_OBJECT
private slots:
    void presentationAndFocusScreenshots() {
        QTemporaryDir dir;
        const QString plain = dir.filePath("plain.png"), presenting = dir.filePath("p.png"),
                      focused = dir.filePath("f.png");
        const QStringList common = {kCoreference, "--size", "1024x768", "--screenshot"};
        for (const auto &[path, extra] :
             {std::pair{plain, QStringList{}}, std::pair{presenting, QStringList{"--presentation"}},
              std::pair{focused, QStringList{"--presentation", "--focus", "output"}}}) {
            const GuiRun run = runGui(common + QStringList{path} + extra);
            QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        }
        const QImage a(plain), b(presenting), c(focused);
        // Presentation mode keeps the size asked for (not the screen's, as full screen would).
        QCOMPARE(b.size(), QSize(1024, 768));
        QCOMPARE(c.size(), QSize(1024, 768));
        // It hides the editing panels and enlarges the type: another picture.
        QVERIFY(a != b);
        // --focus scrolls the stages down to the head output.
        QVERIFY(b != c);
    }

    void unknownFocusStageListsTheNames() {
        for (const QString &name : {QString("attention"), QString("Wq"), QString("X")}) {
            const GuiRun run = runGui({"--focus", name, "--screenshot", "/dev/null"});
            QVERIFY(run.finished);
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains(name.toUtf8()), run.err.constData());
            for (const char *valid :
                 {"q", "scores", "logits", "weights", "output", "final", "heads"})
                QVERIFY2(run.err.contains(valid), run.err.constData());
        }
    }

    // --focus heads: every head's weights in the whole window, in presentation mode too.
    void focusOnTheHeads() {
        QTemporaryDir dir;
        const QString heads =
            QStringLiteral(ATTNVIZ_SOURCE_DIR "/resources/presets/positional-heads.json");
        const QString plain = dir.filePath("plain.png"), focused = dir.filePath("f.png"),
                      presenting = dir.filePath("p.png");
        for (const auto &[path, extra] :
             {std::pair{plain, QStringList{"--size", "1280x800"}},
              std::pair{focused, QStringList{"--size", "1280x800", "--focus", "heads"}},
              std::pair{presenting,
                        QStringList{"--size", "1024x768", "--presentation", "--focus", "heads"}}}) {
            const GuiRun run = runGui(QStringList{heads, "--screenshot", path} + extra);
            QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        }
        const QImage a(plain), b(focused), c(presenting);
        QCOMPARE(b.size(), QSize(1280, 800));
        QCOMPARE(c.size(), QSize(1024, 768));
        QVERIFY(a != b);
    }

    // A model's tabs for figures: --focus lens|circuits|compare, --compare TEXT (the A/B tab);
    // a tab without a model is refused.
    void modelTabsForFigures() {
        QTemporaryDir dir;
        const QString model = QStringLiteral(ATTNVIZ_SOURCE_DIR "/resources/models/attnviz-tiny");
        const QStringList common = {
            "--model", model,      "--text",         "the cat sat on the mat",
            "--size",  "1024x768", "--presentation", "--screenshot"};
        QList<QImage> shots;
        for (const QStringList &extra :
             {QStringList{}, QStringList{"--focus", "lens"}, QStringList{"--focus", "circuits"},
              QStringList{"--compare", "the dog sat on the rug"},
              QStringList{"--compare", "the dog sat on the rug", "--focus", "circuits"}}) {
            const QString path = dir.filePath(QString("shot%1.png").arg(shots.size()));
            const GuiRun run = runGui(common + QStringList{path} + extra);
            QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
            shots << QImage(path);
            QCOMPARE(shots.back().size(), QSize(1024, 768));
        }
        // Every tab another picture; --focus chooses the tab over the one --compare brings.
        for (int i = 0; i < shots.size(); ++i)
            for (int j = i + 1; j < shots.size(); ++j)
                QVERIFY2(shots[i] != shots[j], qPrintable(QString("%1 == %2").arg(i).arg(j)));
        const GuiRun refused = runGui({"--focus", "circuits", "--screenshot", "/dev/null"});
        QVERIFY(refused.finished);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("--model"), refused.err.constData());
    }

    void focusOnAHiddenStageIsRefused() {
        // One head and no Wo: no concatenation is drawn.
        const GuiRun run = runGui({"--focus", "concat", "--screenshot", "/dev/null"});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("concat"), run.err.constData());
    }

    void helpAndVersionNeedNoDisplay_data() {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("printed");
        QTest::newRow("--version") << "--version"
                                   << "attnviz " ATTNVIZ_VERSION;
        QTest::newRow("-v") << "-v"
                            << "attnviz " ATTNVIZ_VERSION;
        QTest::newRow("--help") << "--help"
                                << "--presentation";
        QTest::newRow("-h") << "-h"
                            << "--screenshot";
    }
    void helpAndVersionNeedNoDisplay() {
        QFETCH(QString, option);
        QFETCH(QString, printed);
        const GuiRun run = runGui({option}, false);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(printed.toUtf8()), run.out.constData());
    }
};

QTEST_MAIN(TestGuiCli)
#include "test_gui_cli.moc"
