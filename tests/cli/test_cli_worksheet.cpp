// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli worksheet: a PDF with N exercises and the answer key on a page of its own, the same
// bytes for the same seed, and a bad session or option refused with one line and no file.

#include "support/CliSupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using testsupport::runCli;

namespace {

const QString kWorked = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference/worked_example_4x4.json");
const QString kMultiHead = QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference/multi_head.json");

QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Page objects (not the /Pages tree) of an uncompressed object table, as QPdfWriter writes it.
int pageCount(const QByteArray &pdf) {
    static const QRegularExpression page("/Type\\s*/Page(?![s\\w])");
    int n = 0;
    for (auto it = page.globalMatch(QString::fromLatin1(pdf)); it.hasNext(); it.next())
        ++n;
    return n;
}

} // namespace

class TestCliWorksheet : public QObject {
    Q_OBJECT
private slots:
    void writesTheSheetAndItsKey() {
        QTemporaryDir dir;
        const QString out = dir.filePath("sheet.pdf");
        const auto run =
            runCli({"worksheet", kWorked, "--out", out, "--count", "7", "--text", "-"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QByteArray pdf = readAll(out);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
        QVERIFY2(pageCount(pdf) >= 2, qPrintable(QString::number(pageCount(pdf))));
        // The text of the same sheet: 7 numbered exercises, each kind, then the key with 7
        // answers.
        const QString text = QString::fromUtf8(run.out);
        const qsizetype key = text.indexOf("-- Answer key --");
        QVERIFY(key > 0);
        for (int k = 1; k <= 7; ++k) {
            QVERIFY2(text.indexOf(QString("\n%1. [").arg(k)) > 0, qPrintable(text));
            QVERIFY(text.indexOf(QString("\n%1. ").arg(k), key) > key);
        }
        QVERIFY(!text.contains("\n8. ["));
        for (const char *kind : {"[score]", "[logit]", "[softmax]", "[output]", "[largest-weight]"})
            QVERIFY2(text.contains(kind), kind);
        QVERIFY(text.contains("worked_example_4x4.json"));
        // One exercise: one page of questions, the key on the next.
        const QString one = dir.filePath("one.pdf");
        QVERIFY(runCli({"worksheet", kWorked, "--out", one, "--count", "1"}).exitCode == 0);
        QCOMPARE(pageCount(readAll(one)), 2);
        // Ten of them need more room than one page.
        const QString ten = dir.filePath("ten.pdf");
        QVERIFY(runCli({"worksheet", kWorked, "--out", ten, "--count", "10"}).exitCode == 0);
        QVERIFY(pageCount(readAll(ten)) > 2);
    }

    void sameSeedSameBytes() {
        QTemporaryDir dir;
        const QString a = dir.filePath("a.pdf"), b = dir.filePath("b.pdf"),
                      c = dir.filePath("c.pdf");
        QCOMPARE(runCli({"worksheet", kMultiHead, "--out", a, "--seed", "9"}).exitCode, 0);
        QTest::qWait(1100); // a second later: a date in the file would differ
        QCOMPARE(runCli({"worksheet", kMultiHead, "--out", b, "--seed", "9"}).exitCode, 0);
        QCOMPARE(runCli({"worksheet", kMultiHead, "--out", c, "--seed", "10"}).exitCode, 0);
        QVERIFY(!readAll(a).isEmpty());
        QVERIFY(readAll(a) == readAll(b));
        QVERIFY(readAll(a) != readAll(c));
        // Another head: other numbers.
        const QString h = dir.filePath("h.pdf");
        QCOMPARE(
            runCli({"worksheet", kMultiHead, "--out", h, "--seed", "9", "--head", "1"}).exitCode,
            0);
        QVERIFY(readAll(a) != readAll(h));
    }

    void errors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing session")
            << QStringList{"worksheet", "/nonexistent/s.attnviz"} << 1 << "/nonexistent/s.attnviz";
        QTest::newRow("count 0") << QStringList{"worksheet", kWorked, "--count", "0"} << 2
                                 << "--count";
        QTest::newRow("count 21") << QStringList{"worksheet", kWorked, "--count", "21"} << 2
                                  << "--count";
        QTest::newRow("seed text")
            << QStringList{"worksheet", kWorked, "--seed", "abc"} << 2 << "--seed";
        QTest::newRow("head 5") << QStringList{"worksheet", kWorked, "--head", "5"} << 1
                                << "head 5";
        QTest::newRow("no file") << QStringList{"worksheet"} << 2 << "missing FILE";
    }
    void errors() {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString out = dir.filePath("sheet.pdf");
        if (arguments.size() > 1)
            arguments << "--out" << out;
        const auto run = runCli(arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, exitCode);
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.startsWith("attnviz-cli: ") && err.contains(message), qPrintable(err));
        if (exitCode == 1)
            QCOMPARE(err.count('\n'), 1); // one line
        QVERIFY(!QFile::exists(out));
        // No --out at all: a usage error.
        if (arguments.size() > 1) {
            const auto bare = runCli({"worksheet", kWorked});
            QCOMPARE(bare.exitCode, 2);
            QVERIFY(bare.err.contains("--out"));
        }
    }

    // A bad session file (not JSON) names itself in one line.
    void unreadableSession() {
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.attnviz");
        testsupport::writeFile(bad, "{ not json");
        const QString out = dir.filePath("sheet.pdf");
        const auto run = runCli({"worksheet", bad, "--out", out});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith("attnviz-cli: " + bad.toUtf8()), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliWorksheet)
#include "test_cli_worksheet.moc"
