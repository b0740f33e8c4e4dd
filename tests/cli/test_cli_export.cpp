// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli export, run as a separate process: the file it writes is read back and compared
// with the reference cases (computed with PyTorch) and with the core's own export of the same
// matrix; bad usage exits 2, bad input exits 1, and a failed export leaves the old file alone.

#include "NumberText.h"
#include "Stage.h"
#include "io/MatrixExport.h"
#include "io/MatrixImport.h"
#include "io/Npy.h"
#include "io/Session.h"
#include "support/CliSupport.h"
#include "support/IoSupport.h"
#include "support/TestSupport.h"

#include <QDir>
#include <QTemporaryDir>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;
using attn::Matrix;

namespace {

// CSV as the export writes it, -inf included (which importMatrix rightly refuses).
Matrix parseCsv(const QByteArray &text, bool *ok) {
    *ok = false;
    QList<QByteArray> lines = text.split('\n');
    if (lines.isEmpty() || !lines.last().isEmpty())
        return {}; // every line ends in a newline
    lines.removeLast();
    const qsizetype cols = lines.isEmpty() ? 0 : lines[0].count(',') + 1;
    Matrix m(lines.size(), cols);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QList<QByteArray> cells = lines[i].split(',');
        if (cells.size() != cols)
            return {};
        for (qsizetype j = 0; j < cols; ++j)
            if (attn::parseNumber(cells[j].toStdString(), m(i, j)) != attn::ParsedNumber::Ok)
                return {};
    }
    *ok = true;
    return m;
}

QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The reference's expected matrix for a stage (null = -inf), or 0x0 for the inputs.
Matrix expectedOf(const QJsonObject &expected, const QString &stage, int head) {
    if (stage == "concat")
        return testsupport::jsonMatrix(expected["concat"]);
    if (stage == "final")
        return testsupport::jsonMatrix(expected["output"]);
    const QJsonObject h = expected["heads"].toArray()[head].toObject();
    return h.contains(stage) ? testsupport::jsonMatrix(h[stage]) : Matrix();
}

} // namespace

class TestCliExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void everyStageMatchesReference_data();
    void everyStageMatchesReference();
    void everyFormat_data();
    void everyFormat();
    void standardOutputAndInput();
    void replacesAtomically();
    void helpDocumentsExport();
    void usageErrors_data();
    void usageErrors();
    void inputErrors_data();
    void inputErrors();

private:
    QString temp(const QString &name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
};

void TestCliExport::initTestCase() {
    QVERIFY2(QFileInfo(kCli).isExecutable(), qPrintable(kCli + " is not built"));
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir(m_dir.path()).mkdir("adir"));
    writeFile(temp("malformed.json"), "{\"inputs\": [");
}

void TestCliExport::everyStageMatchesReference_data() {
    QTest::addColumn<QString>("file");
    const QStringList files = testsupport::referenceFiles();
    QVERIFY(!files.isEmpty());
    for (const QString &file : files)
        QTest::newRow(qPrintable(QFileInfo(file).baseName())) << file;
}

void TestCliExport::everyStageMatchesReference() {
    QFETCH(QString, file);
    const attn::Session session = attn::loadSessionFile(file);
    const attn::AttentionResult result = attn::compute(session.inputs);
    const QJsonObject expected = readJsonObject(file)["expected"].toObject();
    int checked = 0;
    for (const attn::StageInfo &stage : attn::stageInfos()) {
        const QString name = stage.name;
        if (!attn::hasStage(session.inputs, stage.stage))
            continue;
        const int heads = stage.perHead ? int(session.inputs.heads.size()) : 1;
        for (int h = 0; h < heads; ++h) {
            const QString out = temp(QString("%1_%2.csv").arg(name).arg(h));
            QStringList args = {"export", file, "--stage", name, "--format", "csv", "--out", out};
            if (stage.perHead)
                args << "--head" << QString::number(h);
            const Run run = runCli(args);
            QVERIFY(run.finished);
            QVERIFY2(run.exitCode == 0, run.err.constData());
            QVERIFY(run.out.isEmpty());
            bool ok = false;
            const Matrix got = parseCsv(readAll(out), &ok);
            QVERIFY2(ok, qPrintable(out + ": not the CSV expected"));
            // Bit for bit what the core computes, and within 1e-9 of PyTorch's result.
            const Matrix core = attn::stageMatrix(session.inputs, result, {stage.stage, h});
            QVERIFY2(testsupport::bitDifference(got, core).isEmpty(),
                     qPrintable(name + ": " + testsupport::bitDifference(got, core)));
            const Matrix reference = expectedOf(expected, name, h);
            if (reference.size() > 0) {
                const QString diff = testsupport::compareMatrices(got, reference);
                QVERIFY2(diff.isEmpty(), qPrintable(name + ": " + diff));
            }
            ++checked;
        }
    }
    QVERIFY(checked >= 11);
}

void TestCliExport::everyFormat_data() {
    QTest::addColumn<QString>("stage");
    QTest::addColumn<QString>("format");
    for (const char *stage : {"X", "logits", "weights", "final"})
        for (const char *format : {"csv", "npy", "latex", "numpy"})
            QTest::addRow("%s %s", stage, format) << stage << format;
}

void TestCliExport::everyFormat() {
    QFETCH(QString, stage);
    QFETCH(QString, format);
    // The causal case: its logits hold -inf.
    const QString file = referenceDir() + "/causal.json";
    const attn::Session session = attn::loadSessionFile(file);
    const attn::AttentionResult result = attn::compute(session.inputs);
    const Matrix m =
        attn::stageMatrix(session.inputs, result, {attn::findStage(stage.toStdString())->stage});
    const auto f = *attn::exportFormatFromName(format);
    const QString out = temp(stage + "." + attn::exportFileSuffix(f));
    const Run run = runCli({"export", file, "--stage", stage, "--format", format, "--out", out});
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QByteArray bytes = readAll(out);
    QCOMPARE(bytes, attn::exportMatrix(m, f));
    const bool masked = stage == "logits";
    if (format == "csv") {
        QCOMPARE(bytes.contains("-inf"), masked);
    } else if (format == "npy") {
        QVERIFY(bytes.startsWith("\x93NUMPY\x01\x00"));
        const attn::ImportResult back = attn::importMatrixData(bytes, out);
        QCOMPARE(back.ok(), !masked); // -inf is written, and refused as an input
        if (!masked)
            COMPARE_BITS(back.matrix, m);
    } else if (format == "latex") {
        QVERIFY(bytes.startsWith("\\begin{bmatrix}\n") && bytes.endsWith("\\end{bmatrix}\n"));
        QCOMPARE(bytes.contains("-\\infty"), masked);
        QCOMPARE(bytes.count("\\\\\n"), qsizetype(m.rows() - 1));
    } else {
        QVERIFY(bytes.startsWith("np.array([["));
        QCOMPARE(bytes.contains("-np.inf"), masked);
    }
}

void TestCliExport::standardOutputAndInput() {
    const QString file = workedExampleFile();
    const Run toFile =
        runCli({"export", file, "--stage", "Q", "--format", "csv", "--out", temp("q.csv")});
    QCOMPARE(toFile.exitCode, 0);
    const Run toStdout = runCli({"export", file, "--stage", "Q", "--format", "csv", "--out", "-"});
    QVERIFY(toStdout.finished);
    QCOMPARE(toStdout.exitCode, 0);
    QVERIFY(toStdout.err.isEmpty());
    QCOMPARE(toStdout.out, readAll(temp("q.csv")));
    const attn::Session session = attn::loadSessionFile(file);
    QCOMPARE(toStdout.out, attn::matrixToCsv(attn::compute(session.inputs).heads[0].Q).toUtf8());

    const Run fromStdin =
        runCli({"export", "-", "--stage", "Q", "--format", "csv", "--out", "-"}, readAll(file));
    QCOMPARE(fromStdin.exitCode, 0);
    QCOMPARE(fromStdin.out, toStdout.out);

    const Run latex = runCli({"export", file, "--stage", "weights", "--format", "latex",
                              "--precision", "2", "--out", "-"});
    QCOMPARE(latex.exitCode, 0);
    const QStringList lines = QString::fromUtf8(latex.out).split('\n');
    QCOMPARE(lines.size(), 7); // begin, 4 rows, end, and the empty text after the last newline
    static const QRegularExpression twoDecimals(
        "^\\s*\\d\\.\\d\\d( & \\d\\.\\d\\d){3}( \\\\\\\\)?$");
    for (int i = 1; i <= 4; ++i)
        QVERIFY2(twoDecimals.match(lines[i]).hasMatch(), qPrintable(lines[i]));
}

void TestCliExport::replacesAtomically() {
    const QString out = temp("replace.csv");
    writeFile(out, "old content\n");
    const Run run =
        runCli({"export", workedExampleFile(), "--stage", "X", "--format", "csv", "--out", out});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(readAll(out), QByteArray("1,1,1,0\n1,2,1,0\n0,1,0,1\n0,1,1,0\n"));
    const QStringList leftovers =
        QDir(m_dir.path()).entryList({"replace.csv*"}, QDir::Files | QDir::Hidden);
    QCOMPARE(leftovers, QStringList{"replace.csv"});
}

void TestCliExport::helpDocumentsExport() {
    const Run run = runCli({"--help"});
    QCOMPARE(run.exitCode, 0);
    const QString help = QString::fromUtf8(run.out);
    for (const char *s : {"export FILE", "--stage NAME", "--format csv|npy|latex|numpy",
                          "--out PATH", "--head H", "standard output"})
        QVERIFY2(help.contains(s), qPrintable(s));
    for (const attn::StageInfo &stage : attn::stageInfos()) {
        const QRegularExpression word(QString("[\\s,(]%1[\\s,)]").arg(stage.name));
        QVERIFY2(word.match(help).hasMatch(), stage.name);
    }
}

void TestCliExport::usageErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString w = workedExampleFile();
    const QString out = temp("never.csv");
    const QStringList ok = {"export", w, "--stage", "Q", "--format", "csv", "--out", out};
    auto with = [&](const QStringList &extra) { return ok + extra; };
    QTest::newRow("no --stage") << QStringList{"export", w, "--format", "csv", "--out", out}
                                << "export needs --stage";
    QTest::newRow("unknown stage")
        << QStringList{"export", w, "--stage", "attention", "--format", "csv", "--out", out}
        << "--stage expects one of X, context, Wq";
    QTest::newRow("stage in lower case")
        << QStringList{"export", w, "--stage", "q", "--format", "csv", "--out", out} << "\"q\"";
    QTest::newRow("no --format") << QStringList{"export", w, "--stage", "Q", "--out", out}
                                 << "export needs --format";
    QTest::newRow("unknown format")
        << QStringList{"export", w, "--stage", "Q", "--format", "xlsx", "--out", out}
        << "--format expects csv, npy, latex or numpy, got \"xlsx\"";
    QTest::newRow("no --out") << QStringList{"export", w, "--stage", "Q", "--format", "csv"}
                              << "export needs --out";
    QTest::newRow("empty --out") << QStringList{"export",   w,     "--stage", "Q",
                                                "--format", "csv", "--out",   ""}
                                 << "export needs --out";
    QTest::newRow("npy to stdout")
        << QStringList{"export", w, "--stage", "Q", "--format", "npy", "--out", "-"}
        << "npy is binary";
    QTest::newRow("--head for X") << QStringList{"export", w,       "--stage", "X",      "--format",
                                                 "csv",    "--out", out,       "--head", "0"}
                                  << "--head applies to";
    QTest::newRow("--head for final")
        << QStringList{"export", w,       "--stage", "final",  "--format",
                       "csv",    "--out", out,       "--head", "1"}
        << "not final";
    QTest::newRow("--head not a number") << with({"--head", "first"}) << "--head expects";
    QTest::newRow("--precision for csv") << with({"--precision", "2"}) << "latex only";
    QTest::newRow("--precision too large")
        << QStringList{"export", w,       "--stage", "Q",           "--format",
                       "latex",  "--out", out,       "--precision", "16"}
        << "--precision expects 0 to 15";
    QTest::newRow("--layout for export")
        << with({"--layout", "columns"})
        << "--layout is an option of compute and render, not export";
    QTest::newRow("--row for export")
        << with({"--row", "0"}) << "--row is an option of explain and render, not export";
    QTest::newRow("--stage for compute") << QStringList{"compute", w, "--stage", "Q"}
                                         << "--stage is an option of export, not compute";
    QTest::newRow("--out for explain")
        << QStringList{"explain", w, "--row", "0", "--out", out}
        << "--out is an option of export, render and set, not explain";
    QTest::newRow("extra argument") << ok + QStringList{"more"} << "\"more\"";
    QTest::newRow("missing FILE") << QStringList{"export"} << "missing FILE";
}

void TestCliExport::usageErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run run = runCli(arguments);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.startsWith("attnviz-cli: ") && err.contains(message), qPrintable(err));
    QVERIFY2(err.contains("attnviz-cli --help"), qPrintable(err));
    QVERIFY(!QFile::exists(temp("never.csv")));
}

void TestCliExport::inputErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("source"); // how the message names the file
    QTest::addColumn<QString>("message");
    const QString w = workedExampleFile();
    const QString out = temp("keep.csv");
    auto args = [&](const QString &stage, const QStringList &extra = {}) {
        return QStringList{"export", w, "--stage", stage, "--format", "csv", "--out", out} + extra;
    };
    QTest::newRow("head out of range")
        << args("Q", {"--head", "1"}) << w << "head 1 is out of range: there is 1 head";
    QTest::newRow("negative head")
        << args("weights", {"--head", "-1"}) << w << "head -1 is out of range";
    QTest::newRow("no context") << args("context") << w << "there is no context";
    QTest::newRow("no Wo") << args("Wo") << w << "no output projection Wo";
    QTest::newRow("missing input")
        << QStringList{"export", temp("nosuch.json"), "--stage", "X", "--format", "csv", "--out",
                       out}
        << temp("nosuch.json") << "cannot open";
    QTest::newRow("malformed input")
        << QStringList{"export", temp("malformed.json"), "--stage", "X", "--format", "csv", "--out",
                       out}
        << temp("malformed.json") << "not valid JSON";
    QTest::newRow("output folder missing")
        << QStringList{"export",   w,     "--stage", "X",
                       "--format", "npy", "--out",   temp("nosuch/x.npy")}
        << temp("nosuch/x.npy") << "cannot write";
    QTest::newRow("output is a folder")
        << QStringList{"export", w, "--stage", "X", "--format", "latex", "--out", temp("adir")}
        << temp("adir") << "cannot write";
}

void TestCliExport::inputErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, source);
    QFETCH(QString, message);
    const QString out = temp("keep.csv");
    writeFile(out, "work to keep\n");
    const Run run = runCli(arguments);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.startsWith("attnviz-cli: " + source + ": "), qPrintable(err));
    QVERIFY2(err.contains(message) && err.count('\n') == 1, qPrintable(err));
    QCOMPARE(readAll(out), QByteArray("work to keep\n")); // a failed export changes nothing
}

QTEST_GUILESS_MAIN(TestCliExport)
#include "test_cli_export.moc"
