// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli run as a separate process: compute against every reference case (both layouts,
// from a file and from standard input), help and version, exit codes and messages. The explain
// tables are tested in test_cli_explain.cpp.

#include "support/CliSupport.h"

#include <QDir>
#include <QTemporaryDir>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    void comparisonDetectsDifferences();
    void computeMatchesReference_data();
    void computeMatchesReference();
    void computeColumnsGivesTransposes_data() { computeMatchesReference_data(); }
    void computeColumnsGivesTransposes();
    void computeFromStandardInput_data() { computeMatchesReference_data(); }
    void computeFromStandardInput();
    void computeReadsSessionFiles();
    void computeMaskedRowWarnsOnStandardError();

    void helpAndVersion_data();
    void helpAndVersion();
    void usageErrors_data();
    void usageErrors();
    void inputErrors_data();
    void inputErrors();

private:
    static QString worked() { return workedExampleFile(); }
    QString temp(const QString &name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
    QStringList m_references;
    QJsonObject m_worked; // the worked example reference case
};

void TestCli::initTestCase() {
    QVERIFY2(QFileInfo(kCli).isExecutable(), qPrintable(kCli + " is not built"));
    QVERIFY(m_dir.isValid());
    const QDir dir(referenceDir());
    for (const QString &name : dir.entryList({"*.json"}, QDir::Files, QDir::Name))
        m_references << dir.filePath(name);
    // The data-driven tests must have rows to run: an empty directory would pass vacuously.
    QVERIFY2(!m_references.isEmpty(), qPrintable("no reference cases in " + referenceDir()));
    QVERIFY(m_references.contains(worked()));
    m_worked = readJsonObject(worked());
    QVERIFY(!m_worked["expected"].toObject().isEmpty());

    // Inputs the CLI must refuse, made from the worked example.
    QJsonObject inputs = m_worked["inputs"].toObject();
    auto withHead = [&](const char *key, const QJsonArray &matrix) {
        QJsonObject in = inputs;
        QJsonArray heads = in["heads"].toArray();
        QJsonObject head = heads[0].toObject();
        head[key] = matrix;
        heads[0] = head;
        in["heads"] = heads;
        return QJsonDocument(QJsonObject{{"inputs", in}}).toJson();
    };
    QJsonArray wk = inputs["heads"].toArray()[0].toObject()["Wk"].toArray();
    QJsonArray ragged = wk;
    ragged[2] = QJsonArray{1.0, 0.0};
    writeFile(temp("ragged.json"), withHead("Wk", ragged));
    QJsonArray short3 = wk;
    short3.removeLast();
    writeFile(temp("shapes.json"), withHead("Wk", short3));
    QJsonObject badWo = inputs;
    badWo["Wo"] = QJsonArray{QJsonArray{1.0, 0.0}, QJsonArray{0.0, 1.0}};
    writeFile(temp("wo.json"), QJsonDocument(QJsonObject{{"inputs", badWo}}).toJson());
    writeFile(temp("malformed.json"), "{\"inputs\": {\"X\": [[1, 2]");
    writeFile(temp("empty.json"), "");
    writeFile(temp("noinputs.json"), "{\"name\": \"nothing here\"}");
    QVERIFY(QDir(m_dir.path()).mkpath("adirectory.json"));

    writeFile(temp("masked.json"), maskedWorkedExample(inputs));
    writeFile(temp("session.json"),
              QJsonDocument(QJsonObject{{"format", "attnviz-session"},
                                        {"version", 1},
                                        {"inputs", inputs},
                                        {"view", QJsonObject{{"layout", "rows"}}}})
                  .toJson());
}

void TestCli::comparisonDetectsDifferences() {
    // The comparison the reference tests rely on must be able to fail.
    const QJsonObject expected = m_worked["expected"].toObject();
    QVERIFY(compareResult(expected, expected, false).isEmpty());
    QJsonObject changed = expected;
    QJsonArray output = changed["output"].toArray();
    QJsonArray row = output[1].toArray();
    row[2] = row[2].toDouble() + 1e-6;
    output[1] = row;
    changed["output"] = output;
    QVERIFY(compareResult(changed, expected, false).contains("output[1][2]"));
    QVERIFY(!compareResult(expected, expected, true).isEmpty()); // 4×3 transposed is 3×4
    const QJsonObject causal =
        readJsonObject(referenceDir() + "/causal.json")["expected"].toObject();
    QJsonObject unmasked = causal;
    QJsonArray heads = unmasked["heads"].toArray();
    QJsonObject head = heads[0].toObject();
    QJsonArray logits = head["logits"].toArray();
    for (qsizetype i = 0; i < logits.size(); ++i) { // numbers where null is expected
        QJsonArray logitRow = logits[i].toArray();
        for (qsizetype j = 0; j < logitRow.size(); ++j)
            if (logitRow[j].isNull())
                logitRow[j] = 0.0;
        logits[i] = logitRow;
    }
    head["logits"] = logits;
    heads[0] = head;
    unmasked["heads"] = heads;
    QVERIFY(compareResult(unmasked, causal, false).contains("null"));
}

void TestCli::computeMatchesReference_data() {
    QTest::addColumn<QString>("file");
    for (const QString &file : m_references)
        QTest::newRow(qPrintable(QFileInfo(file).baseName())) << file;
}

void TestCli::computeMatchesReference() {
    QFETCH(QString, file);
    const Run run = runCli({"compute", file});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(doc.object()["layout"].toString(), QString("rows"));
    const QString diff =
        compareResult(doc.object(), readJsonObject(file)["expected"].toObject(), false);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCli::computeColumnsGivesTransposes() {
    QFETCH(QString, file);
    const Run run = runCli({"compute", file, "--layout", "columns"});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject result = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(result["layout"].toString(), QString("columns"));
    const QString diff = compareResult(result, readJsonObject(file)["expected"].toObject(), true);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCli::computeFromStandardInput() {
    QFETCH(QString, file);
    QFile in(file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray bytes = in.readAll();
    const Run fromFile = runCli({"compute", file});
    const Run fromStdin = runCli({"compute", "-"}, bytes);
    QVERIFY(fromStdin.finished);
    QVERIFY2(fromStdin.exitCode == 0, fromStdin.err.constData());
    QVERIFY(!fromStdin.out.isEmpty());
    QCOMPARE(fromStdin.out, fromFile.out);
    const Run columns = runCli({"compute", "--layout", "columns", "-"}, bytes);
    QCOMPARE(columns.exitCode, 0);
    QCOMPARE(columns.out, runCli({"compute", file, "--layout", "columns"}).out);
}

void TestCli::computeReadsSessionFiles() {
    const Run run = runCli({"compute", temp("session.json")});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString diff = compareResult(QJsonDocument::fromJson(run.out).object(),
                                       m_worked["expected"].toObject(), false);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCli::computeMaskedRowWarnsOnStandardError() {
    for (const QString &layout : {QString("rows"), QString("columns")}) {
        const Run run = runCli({"compute", temp("masked.json"), "--layout", layout});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        // Standard output is the JSON and nothing else; the warning goes to standard error.
        QJsonParseError error;
        const QJsonObject result = QJsonDocument::fromJson(run.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QVERIFY2(run.err.startsWith("attnviz-cli: warning: "), run.err.constData());
        QVERIFY(run.err.contains("masked.json"));
        QVERIFY(run.err.contains("query 2"));
        QVERIFY(run.err.contains("every key masked"));
        QCOMPARE(run.err.count('\n'), 1);

        const bool rows = layout == "rows";
        const QJsonObject head = result["heads"].toArray()[0].toObject();
        const QJsonArray logits = head["logits"].toArray();
        auto logit = [&](int query, int key) {
            return rows ? logits[query].toArray()[key] : logits[key].toArray()[query];
        };
        for (int key = 0; key < 4; ++key) {
            QVERIFY(logit(2, key).isNull());
            QVERIFY(!logit(1, key).isNull());
        }
        QVERIFY(logit(0, 3).isNull());
        QVERIFY(logit(0, 2).isDouble());
        for (int d = 0; d < 3; ++d)
            QCOMPARE(rows ? at(head["output"], 2, d) : at(head["output"], d, 2), 0.0);
    }
}

void TestCli::helpAndVersion_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mustContain");
    const QStringList help = {"compute",  "explain",     "--layout",   "--row",
                              "--column", "--cell",      "--view",     "--product",
                              "--head",   "--precision", "Exit status"};
    QTest::newRow("--help") << QStringList{"--help"} << help;
    QTest::newRow("-h") << QStringList{"-h"} << help;
    QTest::newRow("compute --help") << QStringList{"compute", "--help"} << help;
    QTest::newRow("--version") << QStringList{"--version"}
                               << QStringList{"attnviz-cli " ATTNVIZ_VERSION "\n"};
}

void TestCli::helpAndVersion() {
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mustContain);
    const Run run = runCli(arguments);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.err.isEmpty());
    for (const QString &s : mustContain)
        QVERIFY2(run.out.contains(s.toUtf8()), qPrintable(s));
    if (arguments == QStringList{"--version"})
        QCOMPARE(run.out, QByteArray("attnviz-cli 0.1.0\n"));
}

void TestCli::usageErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString w = worked();
    QTest::newRow("no arguments") << QStringList{} << "missing command";
    QTest::newRow("unknown option") << QStringList{"compute", w, "--frobnicate"} << "frobnicate";
    QTest::newRow("unknown command") << QStringList{"draw", w} << "unknown command \"draw\"";
    QTest::newRow("missing file") << QStringList{"compute"} << "missing FILE";
    QTest::newRow("extra argument") << QStringList{"compute", w, "more"} << "\"more\"";
    QTest::newRow("--row without value") << QStringList{"explain", w, "--row"} << "--row";
    QTest::newRow("--row not a number")
        << QStringList{"explain", w, "--row", "x"} << "--row expects a whole number";
    QTest::newRow("--row fraction") << QStringList{"explain", w, "--row", "1.5"} << "--row";
    QTest::newRow("--cell one index") << QStringList{"explain", w, "--cell", "1"} << "--cell";
    QTest::newRow("--cell semicolon") << QStringList{"explain", w, "--cell", "1;2"} << "--cell";
    QTest::newRow("--cell letters") << QStringList{"explain", w, "--cell", "a,b"} << "--cell";
    QTest::newRow("--cell three") << QStringList{"explain", w, "--cell", "1,2,3"} << "--cell";
    QTest::newRow("--cell and --row")
        << QStringList{"explain", w, "--cell", "1,2", "--row", "0"} << "--cell";
    QTest::newRow("explain nothing") << QStringList{"explain", w} << "explain needs";
    QTest::newRow("--view unknown") << QStringList{"explain", w, "--view", "diagonal"} << "--view";
    QTest::newRow("--view row without --row")
        << QStringList{"explain", w, "--view", "row", "--column", "1"} << "--view row";
    QTest::newRow("--view outer with --row")
        << QStringList{"explain", w, "--view", "outer", "--row", "1"} << "--view outer";
    QTest::newRow("--product unknown")
        << QStringList{"explain", w, "--row", "0", "--product", "logits"} << "--product";
    QTest::newRow("--precision too large")
        << QStringList{"explain", w, "--row", "0", "--precision", "40"} << "--precision";
    QTest::newRow("--layout unknown")
        << QStringList{"compute", w, "--layout", "diagonal"} << "--layout";
    QTest::newRow("explain option for compute")
        << QStringList{"compute", w, "--row", "0"} << "--row is an option of explain";
}

void TestCli::usageErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run run = runCli(arguments);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.startsWith("attnviz-cli: ") && err.contains(message), qPrintable(err));
    QVERIFY2(err.contains("attnviz-cli --help"), qPrintable(err)); // the usage hint
}

void TestCli::inputErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("source"); // how the message names the file
    QTest::addColumn<QStringList>("message");
    const QString w = worked();
    auto file = [&](const char *name) { return temp(name); };
    QTest::newRow("missing file") << QStringList{"compute", file("nosuch.json")} << QByteArray()
                                  << file("nosuch.json") << QStringList{"cannot open"};
    QTest::newRow("directory") << QStringList{"compute", file("adirectory.json")} << QByteArray()
                               << file("adirectory.json") << QStringList{"directory"};
    QTest::newRow("malformed JSON")
        << QStringList{"compute", file("malformed.json")} << QByteArray() << file("malformed.json")
        << QStringList{"not valid JSON"};
    QTest::newRow("empty file") << QStringList{"compute", file("empty.json")} << QByteArray()
                                << file("empty.json") << QStringList{"empty"};
    QTest::newRow("no inputs") << QStringList{"compute", file("noinputs.json")} << QByteArray()
                               << file("noinputs.json") << QStringList{"\"inputs\""};
    QTest::newRow("ragged Wk") << QStringList{"compute", file("ragged.json")} << QByteArray()
                               << file("ragged.json")
                               << QStringList{
                                      "inputs.heads[0].Wk: row 2 has 2 numbers, expected 3"};
    QTest::newRow("Wk rows vs X columns")
        << QStringList{"compute", file("shapes.json")} << QByteArray() << file("shapes.json")
        << QStringList{"Wk has 3 rows", "X has 4 columns"};
    QTest::newRow("Wo rows") << QStringList{"explain", file("wo.json"), "--row", "0"}
                             << QByteArray() << file("wo.json")
                             << QStringList{"Wo has 2 rows", "3 columns"};
    QTest::newRow("malformed stdin") << QStringList{"compute", "-"} << QByteArray("[1, 2")
                                     << "standard input" << QStringList{"not valid JSON"};
    QTest::newRow("--row out of range") << QStringList{"explain", w, "--row", "4"} << QByteArray()
                                        << w << QStringList{"row 4 is out of range", "0..3"};
    QTest::newRow("--row negative") << QStringList{"explain", w, "--row", "-1"} << QByteArray() << w
                                    << QStringList{"row -1 is out of range"};
    QTest::newRow("--column out of range")
        << QStringList{"explain", w, "--column", "3"} << QByteArray() << w
        << QStringList{"column 3 is out of range", "0..2"};
    QTest::newRow("--cell out of range") << QStringList{"explain", w, "--cell", "0,7"}
                                         << QByteArray() << w << QStringList{"column 7"};
    QTest::newRow("--head out of range")
        << QStringList{"explain", w, "--row", "0", "--head", "1"} << QByteArray() << w
        << QStringList{"head 1 is out of range"};
    QTest::newRow("scores column out of range")
        << QStringList{"explain", w, "--column", "4", "--product", "scores"} << QByteArray() << w
        << QStringList{"column 4 is out of range", "4 keys"};
}

void TestCli::inputErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, input);
    QFETCH(QString, source);
    QFETCH(QStringList, message);
    const Run run = runCli(arguments, input);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    // One line: "attnviz-cli: FILE: problem".
    QVERIFY2(err.startsWith("attnviz-cli: " + source + ": "), qPrintable(err));
    QVERIFY2(err.endsWith('\n') && err.count('\n') == 1, qPrintable(err));
    for (const QString &part : message)
        QVERIFY2(err.contains(part), qPrintable(err));
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
