// SPDX-License-Identifier: GPL-3.0-or-later
// Desktop integration of the window: sessions and matrix files dropped onto it (a session opens,
// a matrix goes through the import preview, into the table it was dropped on), and sessions
// saved as ".attnviz" by default while ".json" still opens.

#include "document/Document.h"
#include "import/ImportDialog.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/FileDrops.h"
#include "workbench/InputsPanel.h"
#include "workbench/MatrixEditor.h"

#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QScrollArea>
#include <QTableView>
#include <QTemporaryDir>
#include <QUrl>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::Harness;

namespace {

void writeAll(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

QByteArray referenceCase(const QString &name) {
    QFile f(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::unique_ptr<QMimeData> urls(const QStringList &paths) {
    auto mime = std::make_unique<QMimeData>();
    QList<QUrl> list;
    for (const QString &p : paths)
        list << QUrl::fromLocalFile(p);
    mime->setUrls(list);
    return mime;
}

// What a file manager sends: enter, then the drop at the same place. True = both accepted.
bool dropOnto(QWidget *window, QPoint pos, const QStringList &paths) {
    const auto mime = urls(paths);
    QDragEnterEvent enter(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(pos), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &drop);
    return drop.isAccepted();
}

// The centre of an input table, in the window's coordinates, scrolled into view first (the
// inputs strip scrolls when the window is too narrow for every table).
QPoint centreOf(Harness &h, MatrixEditor *editor) {
    for (QWidget *w = editor->parentWidget(); w; w = w->parentWidget())
        if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
            scroll->ensureWidgetVisible(editor->view());
            break;
        }
    QCoreApplication::processEvents();
    return editor->view()->mapTo(&h.window, editor->view()->rect().center());
}

} // namespace

class TestFileDrops : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

private slots:
    void init() { testsupport::resetState(); }

    void kindOf_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("session");
        QTest::newRow("attnviz") << "a.attnviz" << QByteArray("{}") << true;
        QTest::newRow("json") << "a.json" << QByteArray("{}") << true;
        QTest::newRow("csv") << "a.csv" << QByteArray("1,2\n") << false;
        QTest::newRow("npy") << "a.npy" << QByteArray("\x93NUMPY") << false;
        QTest::newRow("npz") << "a.NPZ" << QByteArray("PK") << false;
        QTest::newRow("safetensors")
            << "m.safetensors" << QByteArray("\x10\0\0\0\0\0\0\0{}") << false;
        QTest::newRow("json without suffix") << "session" << QByteArray("  {\"a\":1}") << true;
        QTest::newRow("text without suffix") << "numbers" << QByteArray("1 2\n3 4\n") << false;
    }
    void kindOf() {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(bool, session);
        writeAll(path(name), content);
        QCOMPARE(FileDrops::kindOf(path(name)) == FileDrops::Kind::Session, session);
    }

    void droppedSessionOpens() {
        Harness h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        const QString file = path("lecture.attnviz");
        writeAll(file, referenceCase("multi_head.json"));
        QVERIFY(dropOnto(&h.window, QPoint(200, 200), {file}));
        QTRY_COMPARE(h.session->currentFile(), QFileInfo(file).absoluteFilePath());
        QCOMPARE(h.doc()->headCount(), 2);
        QVERIFY(h.warnings.isEmpty());
    }

    void droppedSessionAsksAboutUnsavedChanges() {
        Harness h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        QVERIFY(h.doc()->setCell({attn::Stage::X, 0}, 0, 0, 42.0));
        const attn::AttentionInputs before = h.doc()->inputs();
        const QString file = path("other.attnviz");
        writeAll(file, referenceCase("multi_head.json"));
        h.answer = SessionPrompts::Choice::Cancel;
        QVERIFY(dropOnto(&h.window, QPoint(200, 200), {file}));
        QTRY_COMPARE(h.unsavedQuestions.size(), 1);
        QVERIFY(h.doc()->inputs() == before);
        QVERIFY(h.session->currentFile().isEmpty());
    }

    void droppedMatrixPreviewsIntoTheTableUnderIt_data() {
        QTest::addColumn<int>("editor"); // 0 = none (elsewhere: X), 1 = X, 2 = Wk
        QTest::addColumn<int>("stage");
        QTest::newRow("on Wk") << 2 << int(attn::Stage::Wk);
        QTest::newRow("on X") << 1 << int(attn::Stage::X);
        QTest::newRow("elsewhere") << 0 << int(attn::Stage::X);
    }
    void droppedMatrixPreviewsIntoTheTableUnderIt() {
        QFETCH(int, editor);
        QFETCH(int, stage);
        Harness h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        testsupport::settle(h.workbench);
        const MatrixId target{attn::Stage(stage), 0};
        const attn::Matrix old = h.doc()->matrix(target);
        // Same shape as the target, every value new.
        QByteArray csv;
        attn::Matrix expected(old.rows(), old.cols());
        for (Eigen::Index r = 0; r < old.rows(); ++r) {
            QStringList row;
            for (Eigen::Index c = 0; c < old.cols(); ++c) {
                expected(r, c) = 0.5 + double(r * old.cols() + c);
                row << QString::number(expected(r, c));
            }
            csv += row.join(',').toUtf8() + "\n";
        }
        const QString file = path("m.csv");
        writeAll(file, csv);

        InputsPanel &inputs = h.workbench.inputs();
        const QPoint pos = editor == 2   ? centreOf(h, inputs.wkEditor())
                           : editor == 1 ? centreOf(h, inputs.xEditor())
                                         : h.window.centralWidget()->geometry().center();
        QVERIFY(dropOnto(&h.window, pos, {file}));
        FileDrops &drops = h.workbench.fileDrops();
        QTRY_VERIFY(drops.importDialog() && drops.importDialog()->isVisible());
        ImportDialog *dialog = drops.importDialog();
        QVERIFY(dialog->plan().target == target);
        QVERIFY(dialog->plan().fits);
        QVERIFY(h.doc()->matrix(target) == old); // nothing changes before Import
        QVERIFY(dialog->importNow(false));
        COMPARE_MATRIX(h.doc()->matrix(target), expected);
        QTRY_VERIFY(!drops.importDialog()); // closed and deleted
        QVERIFY(h.session->currentFile().isEmpty());
    }

    void dragsOfNoOrSeveralFilesAreRefused() {
        Harness h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        writeAll(path("a.csv"), "1\n");
        writeAll(path("b.csv"), "2\n");
        QVERIFY(!dropOnto(&h.window, QPoint(200, 200), {path("a.csv"), path("b.csv")}));
        // Two folders; one folder is a model folder (test_model_window).
        QVERIFY(!dropOnto(&h.window, QPoint(200, 200), {m_dir.path(), QDir::tempPath()}));
        auto text = std::make_unique<QMimeData>();
        text->setText(QStringLiteral("1,2"));
        QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, text.get(), Qt::LeftButton,
                              Qt::NoModifier);
        QCoreApplication::sendEvent(&h.window, &enter);
        QVERIFY(!enter.isAccepted());
        QCoreApplication::processEvents();
        QVERIFY(!h.workbench.fileDrops().importDialog());
    }

    void saveAsProposesAttnviz() {
        Harness h;
        h.savePath = path("saved.attnviz");
        QVERIFY(h.session->saveAs());
        QVERIFY(h.session->waitForSaves());
        QVERIFY2(h.suggestedSavePath.endsWith("/untitled.attnviz"),
                 qPrintable(h.suggestedSavePath));
        QVERIFY(QFile::exists(h.savePath));
        QCOMPARE(h.session->documentName(), QStringLiteral("saved.attnviz"));
        // Saved again, Save As proposes the file's own name.
        QVERIFY(h.session->saveAs());
        QVERIFY(h.session->waitForSaves());
        QCOMPARE(h.suggestedSavePath, QFileInfo(h.savePath).absoluteFilePath());
    }

    void jsonSessionsStillOpen() {
        Harness h;
        const QString file = path("old-session.json");
        writeAll(file, referenceCase("multi_head.json"));
        QString error;
        QVERIFY2(h.session->loadFile(file, &error), qPrintable(error));
        QCOMPARE(h.doc()->headCount(), 2);
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_file_drops");
    QApplication app(argc, argv);
    TestFileDrops test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_file_drops.moc"
