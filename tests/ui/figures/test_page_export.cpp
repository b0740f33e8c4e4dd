// SPDX-License-Identifier: GPL-3.0-or-later
// File › Export interactive page (HTML)… (figures/PageFeatures): the window writes the page of
// the session it shows, byte for byte what `attnviz-cli html` writes for that session's file,
// and says so in the status bar; a folder it cannot write to is a one-line failure.

#include "document/Document.h"
#include "document/ViewSelection.h"
#include "figures/PageFeatures.h"
#include "heatmap/ColorScale.h"
#include "shell/Shell.h"
#include "support/CliSupport.h"
#include "support/SessionSupport.h"
#include "window/WindowAssembler.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

const QString kWorkedExample =
    QStringLiteral(ATTNVIZ_SOURCE_DIR "/resources/presets/worked-example.json");
const QString kTwoHeads = QStringLiteral(ATTNVIZ_SOURCE_DIR "/resources/presets/two-heads-wo.json");

QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Answers the next modal file dialog with `path` once its event loop runs (the action asks
// through the static dialog, as every export does).
void answerFileDialog(const QString &path) {
    QTimer::singleShot(20, [path] {
        if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
            dialog->selectFile(path);
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog's own, public in QDialog
        } else {
            answerFileDialog(path);
        }
    });
}

// File › Export interactive page with `path` typed into the file dialog; the file written, as
// the status bar names it once the worker is done. (The dialog may still put its own suggestion,
// the session's name in the same folder, over the typed one when its folder loads late.)
QString exportFromWindow(QMainWindow &window, const QString &path) {
    auto *action = window.findChild<QAction *>("exportPage");
    if (!action)
        return {};
    window.statusBar()->clearMessage();
    answerFileDialog(path);
    action->trigger();
    const QString prefix = QStringLiteral("Exported the interactive page to ");
    if (!QTest::qWaitFor([&] { return window.statusBar()->currentMessage().startsWith(prefix); },
                         30000))
        return {};
    return QDir::fromNativeSeparators(window.statusBar()->currentMessage().mid(prefix.size()));
}

// attnviz-cli html on `session`: the page it writes to standard output.
QByteArray cliPage(const QString &session) {
    const Run run = runCli({"html", session, "--out", "-"});
    if (!run.finished || run.exitCode != 0)
        qWarning("attnviz-cli html %s: %s", qPrintable(session), run.err.constData());
    return run.out;
}

} // namespace

class TestPageExport : public QObject {
    Q_OBJECT
private slots:
    void init() { resetState(); }
    void writesWhatTheCliWrites();
    void followsTheViewShown();
    void failureSaysWhy();
    void pageColoursAreTheWindows();
};

// A session file opened in the window: its page is the CLI's page of that file, and the status
// bar names the file written.
void TestPageExport::writesWhatTheCliWrites() {
    Harness h;
    h.window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&h.window));
    QTemporaryDir dir;
    const QString session = dir.filePath("worked-example.attnviz");
    QVERIFY(QFile::copy(kWorkedExample, session));
    QString error;
    QVERIFY2(h.session->loadFile(session, &error), qPrintable(error));
    const QString page = exportFromWindow(h.window, dir.filePath("page.html"));
    QVERIFY2(QFile::exists(page), qPrintable(page));
    QCOMPARE(QFileInfo(page).absolutePath(), QFileInfo(dir.path()).absoluteFilePath());
    QVERIFY(h.window.findChild<QAction *>("exportPage")->isEnabled()); // ready for the next
    const QByteArray written = readAll(page);
    QVERIFY(written.startsWith("<!DOCTYPE html>"));
    QCOMPARE(written, cliPage(session));
}

// What the window shows goes into the page: another head, another query row give the page of
// the session saved from that view (not of the file as opened).
void TestPageExport::followsTheViewShown() {
    Harness h;
    QTemporaryDir dir;
    QString error;
    QVERIFY2(h.session->loadFile(kTwoHeads, &error), qPrintable(error));
    const QString opened = exportFromWindow(h.window, dir.filePath("opened.html"));
    QVERIFY2(QFile::exists(opened), qPrintable(opened));
    const QByteArray before = readAll(opened);
    QCOMPARE(before, cliPage(kTwoHeads));

    h.doc()->selection().setCurrentHead(1);
    h.doc()->selection().setSelectedRow(2);
    const QString saved = dir.filePath("two-heads-wo.attnviz");
    QVERIFY(h.session->saveTo(saved));
    QVERIFY(h.session->waitForSaves());
    const QString page = exportFromWindow(h.window, dir.filePath("page.html"));
    QVERIFY2(QFile::exists(page), qPrintable(page));
    const QByteArray written = readAll(page);
    QCOMPARE(written, cliPage(saved));
    QVERIFY(written != before); // the head and the lesson's query moved
    QVERIFY(written.contains("\"head\":1"));
    QVERIFY(written.contains("\"query\":2"));
}

// A folder that is not there: nothing written, a message naming the file, in the status bar
// too; exportPage itself says the same.
void TestPageExport::failureSaysWhy() {
    Harness h;
    QTemporaryDir dir;
    const QString nowhere = dir.filePath("gone/page.html");
    const QString error = exportPage(h.session->sessionBytes(), "t", nowhere);
    QVERIFY2(error.startsWith(nowhere + ": "), qPrintable(error));
    QVERIFY(!error.contains('\n'));
    QVERIFY(!QFile::exists(nowhere));
    // A session the page cannot show (the page's cap): refused with the reason, no file.
    const QString page = dir.filePath("page.html");
    const QString refused = exportPage("{\"inputs\": {\"X\": [[1, 2], [3]]}}", "t", page);
    QVERIFY2(refused.startsWith(page + ": "), qPrintable(refused));
    QVERIFY(!QFile::exists(page));
}

int main(int argc, char **argv) {
    testsupport::isolate("test_page_export");
    QApplication app(argc, argv);
    TestPageExport test;
    return QTest::qExec(&test, argc, argv);
}
// One colour language: the page colours its cells with the window's own maps (viridis weights,
// RdBu signed numbers with red negative), so a phone and the projector agree.
void TestPageExport::pageColoursAreTheWindows() {
    Harness h;
    QTemporaryDir dir;
    const QString session = dir.filePath("worked-example.attnviz");
    QVERIFY(QFile::copy(kWorkedExample, session));
    const QString page = QString::fromUtf8(cliPage(session));
    const Shell &shell = h.workbench.shell();
    auto stopsOf = [](ColorMapId id) {
        QStringList hex;
        for (const auto &[at, colour] : colorStops(id))
            hex << "'" + colour.name() + "'";
        return hex.join(", ");
    };
    QCOMPARE(shell.sequentialMap(), ColorMapId::Viridis);
    QCOMPARE(shell.divergingMap(), ColorMapId::RdBu);
    QVERIFY2(page.contains("const VIRIDIS = [" + stopsOf(ColorMapId::Viridis) + "]"),
             qPrintable(stopsOf(ColorMapId::Viridis)));
    QVERIFY2(page.contains("const RDBU = [" + stopsOf(ColorMapId::RdBu) + "]"),
             qPrintable(stopsOf(ColorMapId::RdBu)));
    // Red is negative in both.
    QVERIFY(colorStops(ColorMapId::RdBu).front().second.red() >
            colorStops(ColorMapId::RdBu).front().second.blue());
    QVERIFY(!page.contains("hsl("));
}

#include "test_page_export.moc"
