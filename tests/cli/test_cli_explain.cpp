// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli explain, run as a separate process: the tables of the worked example checked
// number by number against the reference case (row, column, cell, outer; output and scores).

#include "support/CliSupport.h"

#include <QTemporaryDir>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

class TestCliExplain : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    void explainRowOfWorkedExample();
    void explainColumn();
    void explainCell();
    void explainScores();
    void explainOuter();
    void explainOtherHead();
    void explainMaskedKeys();
    void explainPrecision();
    void viewSpellings_data();
    void viewSpellings();

private:
    static QString worked() { return workedExampleFile(); }
    QString temp(const QString &name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
    QJsonObject m_workedExpected; // the worked example's "expected".heads[0]
};

void TestCliExplain::initTestCase() {
    QVERIFY2(QFileInfo(kCli).isExecutable(), qPrintable(kCli + " is not built"));
    QVERIFY(m_dir.isValid());
    const QJsonObject worked = readJsonObject(workedExampleFile());
    m_workedExpected = worked["expected"].toObject()["heads"].toArray()[0].toObject();
    QVERIFY(!m_workedExpected.isEmpty());
    writeFile(temp("masked.json"), maskedWorkedExample(worked["inputs"].toObject()));
}

void TestCliExplain::explainRowOfWorkedExample() {
    const Run run = runCli({"explain", worked(), "--row", "0"});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.err.isEmpty());
    const QString text = QString::fromUtf8(run.out);
    const QStringList lines = text.split('\n');
    // Header: the query token and the formula.
    QVERIFY2(lines[0].contains("t0") && lines[0].contains("\u03a3_k weights[0,k] \u00b7 V[k]"),
             qPrintable(lines[0]));
    const char *weights[] = {"0.0300", "0.9596", "0.0009", "0.0095"};
    for (int k = 0; k < 4; ++k) {
        const QString label = QString("t%1").arg(k);
        const QString line = tableLine(lines, label, true);
        QVERIFY2(!line.isEmpty(), qPrintable("no term line for " + label + " in\n" + text));
        QVERIFY2(line.trimmed().startsWith(weights[k]), qPrintable(line));
        const double w = at(m_workedExpected["weights"], 0, k);
        const QList<double> v = rowOf(m_workedExpected["V"], k);
        const QString diff = compareNumbers(line, QList<double>{w} + v + scaled(v, w));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
    const QString sum = tableLine(lines, "sum", true);
    QVERIFY2(sum.contains("3.9492  7.8588  3.9577"), qPrintable(text));
    QVERIFY(compareNumbers(sum, {1.0, 3.9492, 7.8588, 3.9577}).isEmpty());
    QVERIFY(sum.contains("= output row 0"));
    QVERIFY(text.contains("check: every weights[0,k] \u2265 0 and \u03a3_k weights[0,k] = 1.0000 "
                          "\u2713"));
    QVERIFY(text.contains("check: the sum equals row 0 of weights\u00b7V"));
    QVERIFY(!text.contains("\u2717"));
}

void TestCliExplain::explainColumn() {
    const Run run = runCli({"explain", worked(), "--column", "1"});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    const QStringList lines = text.split('\n');
    QVERIFY2(lines[0].contains("output column 1") &&
                 lines[0].contains("\u03a3_k V[k,1] \u00b7 weights[:,k]"),
             qPrintable(lines[0]));
    for (int k = 0; k < 4; ++k) {
        const QString line = tableLine(lines, QString("t%1").arg(k), true);
        const double v = at(m_workedExpected["V"], k, 1);
        const QList<double> w = columnOf(m_workedExpected["weights"], k);
        const QString diff = compareNumbers(line, QList<double>{v} + w + scaled(w, v));
        QVERIFY2(diff.isEmpty(), qPrintable(diff + "\n" + text));
    }
    const QString sum = tableLine(lines, "sum", false);
    QVERIFY(compareNumbers(sum, columnOf(m_workedExpected["output"], 1)).isEmpty());
    QVERIFY(sum.contains("7.8588  7.9784  7.5669  7.4482"));
    QVERIFY(text.contains("check: every row of the weights is \u2265 0 and sums to 1 \u2713"));
}

void TestCliExplain::explainCell() {
    const Run run = runCli({"explain", worked(), "--cell", "2,1"});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    const QStringList lines = text.split('\n');
    QVERIFY2(lines[0].startsWith("output[2,1] (query t2") &&
                 lines[0].contains("\u03a3_k weights[2,k] \u00b7 V[k,1]"),
             qPrintable(lines[0]));
    for (int k = 0; k < 4; ++k) {
        const QString line = tableLine(lines, QString("t%1").arg(k), false);
        const double w = at(m_workedExpected["weights"], 2, k);
        const double v = at(m_workedExpected["V"], k, 1);
        const QString diff = compareNumbers(line, {w, v, w * v});
        QVERIFY2(diff.isEmpty(), qPrintable(diff + "\n" + text));
    }
    const QString sum = tableLine(lines, "sum", false);
    QVERIFY(compareNumbers(sum, {1.0, at(m_workedExpected["output"], 2, 1)}).isEmpty());
    QVERIFY(sum.contains("7.5669") && sum.contains("= output[2,1]"));
    QVERIFY(text.contains("check: every weights[2,k] \u2265 0"));
}

void TestCliExplain::explainScores() {
    // scores = Q·Kᵀ: row 0 is the rows of Kᵀ weighted by the query vector of t0.
    const Run run = runCli({"explain", worked(), "--row", "0", "--product", "scores"});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    const QStringList lines = text.split('\n');
    QVERIFY2(lines[0].contains("scores row 0") &&
                 lines[0].contains("\u03a3_k Q[0,k] \u00b7 K\u1d40[k]"),
             qPrintable(lines[0]));
    for (int k = 0; k < 3; ++k) {
        const QString line = tableLine(lines, QString("d%1").arg(k), true);
        const double q = at(m_workedExpected["Q"], 0, k);
        const QList<double> kt = columnOf(m_workedExpected["K"], k);
        const QString diff = compareNumbers(line, QList<double>{q} + kt + scaled(kt, q));
        QVERIFY2(diff.isEmpty(), qPrintable(diff + "\n" + text));
    }
    const QString sum = tableLine(lines, "sum", false);
    QVERIFY(compareNumbers(sum, {13, 19, 7, 11}).isEmpty());
    // Q is not a probability distribution: no weights check for the scores.
    QVERIFY(!text.contains("\u2265 0"));
    QVERIFY(text.contains("check: the sum equals row 0 of Q\u00b7K\u1d40"));

    const Run cell = runCli({"explain", worked(), "--cell", "1,2", "--product", "scores"});
    QCOMPARE(cell.exitCode, 0);
    QVERIFY(compareNumbers(tableLine(QString::fromUtf8(cell.out).split('\n'), "sum", false), {11})
                .isEmpty());
}

void TestCliExplain::explainOuter() {
    const Run run = runCli({"explain", worked(), "--view", "outer"});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    const QStringList lines = text.split('\n');
    QVERIFY(lines[0].contains("\u03a3_k weights[:,k] \u2297 V[k]"));
    QCOMPARE(text.count(QRegularExpression("^term \\d of 4 ", QRegularExpression::MultilineOption)),
             4);
    // Each block: per query, the rank-one term's row, then the running sum's row.
    QList<QList<double>> running(4, QList<double>(3, 0.0));
    for (int k = 0; k < 4; ++k) {
        const qsizetype block =
            lines.indexOf(QRegularExpression(QString("term %1 of 4 .*").arg(k + 1)));
        QVERIFY(block >= 0);
        for (int i = 0; i < 4; ++i) {
            const QString line = tableLine(lines.mid(block + 1, 6), QString("t%1").arg(i), false);
            const QList<double> term =
                scaled(rowOf(m_workedExpected["V"], k), at(m_workedExpected["weights"], i, k));
            for (int d = 0; d < 3; ++d)
                running[i][d] += term[d];
            const QString diff = compareNumbers(line, term + running[i]);
            QVERIFY2(diff.isEmpty(), qPrintable(diff + "\n" + text));
        }
    }
    for (int i = 0; i < 4; ++i) { // after the last term the running sum is the output
        const QList<double> output = rowOf(m_workedExpected["output"], i);
        for (int d = 0; d < 3; ++d)
            QVERIFY(std::abs(running[i][d] - output[d]) < 1e-9);
    }
    QVERIFY(text.contains("running sum = output"));
    QVERIFY(text.contains("check: the sum equals weights\u00b7V computed as one matrix product"));
}

void TestCliExplain::explainOtherHead() {
    const QString file = referenceDir() + "/multi_head.json";
    const QJsonObject head1 =
        readJsonObject(file)["expected"].toObject()["heads"].toArray()[1].toObject();
    QVERIFY(!head1.isEmpty());
    const Run run = runCli({"explain", file, "--head", "1", "--row", "3"});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    QVERIFY(text.startsWith("output row 3 (query t3, head 1)"));
    QVERIFY(text.contains("head 1's own output, before the heads are concatenated"));
    const QString sum = tableLine(text.split('\n'), "sum", true);
    const QString diff = compareNumbers(sum, QList<double>{1.0} + rowOf(head1["output"], 3));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCliExplain::explainMaskedKeys() {
    const Run partly = runCli({"explain", temp("masked.json"), "--row", "0"});
    QCOMPARE(partly.exitCode, 0);
    const QStringList lines = QString::fromUtf8(partly.out).split('\n');
    QVERIFY(tableLine(lines, "t3", true).contains("(masked)"));
    QVERIFY(!tableLine(lines, "t2", true).contains("(masked)"));
    QVERIFY(compareNumbers(tableLine(lines, "t3", true).section("\u00b7", 0, 0), {0.0}).isEmpty());

    const Run fully = runCli({"explain", temp("masked.json"), "--row", "2"});
    QCOMPARE(fully.exitCode, 0);
    QVERIFY(fully.err.contains("every key masked")); // the result's warning, on stderr
    const QString text = QString::fromUtf8(fully.out);
    QVERIFY2(text.contains("every key is masked for t2"), qPrintable(text));
    QVERIFY(compareNumbers(tableLine(text.split('\n'), "sum", true), {0, 0, 0, 0}).isEmpty());
}

void TestCliExplain::explainPrecision() {
    const Run run = runCli({"explain", worked(), "--row", "0", "--precision", "2"});
    QCOMPARE(run.exitCode, 0);
    const QString text = QString::fromUtf8(run.out);
    QVERIFY(tableLine(text.split('\n'), "t1", true).trimmed().startsWith("0.96  t1"));
    QVERIFY(tableLine(text.split('\n'), "sum", true).contains("3.95  7.86  3.96"));
    QVERIFY(!text.contains("0.9596"));
    const Run six = runCli({"explain", worked(), "--row", "0", "--precision", "6"});
    QVERIFY(QString::fromUtf8(six.out).contains("0.959559"));
}

void TestCliExplain::viewSpellings_data() {
    QTest::addColumn<QStringList>("spelled");
    QTest::addColumn<QStringList>("shorthand");
    QTest::newRow("row") << QStringList{"--view", "row", "--row", "1"} << QStringList{"--row", "1"};
    QTest::newRow("column") << QStringList{"--view", "column", "--column", "2"}
                            << QStringList{"--column", "2"};
    QTest::newRow("dot") << QStringList{"--view", "dot", "--row", "1", "--column", "2"}
                         << QStringList{"--cell", "1,2"};
    QTest::newRow("dot cell") << QStringList{"--view=dot", "--cell=1,2"}
                              << QStringList{"--row", "1", "--column", "2"};
    QTest::newRow("product output")
        << QStringList{"--row", "1", "--product", "output", "--head", "0"}
        << QStringList{"--row", "1"};
}

void TestCliExplain::viewSpellings() {
    QFETCH(QStringList, spelled);
    QFETCH(QStringList, shorthand);
    const Run a = runCli(QStringList{"explain", worked()} + spelled);
    const Run b = runCli(QStringList{"explain", worked()} + shorthand);
    QCOMPARE(a.exitCode, 0);
    QCOMPARE(b.exitCode, 0);
    QVERIFY(!a.out.isEmpty());
    QCOMPARE(a.out, b.out);
}

QTEST_GUILESS_MAIN(TestCliExplain)
#include "test_cli_explain.moc"
