// SPDX-License-Identifier: GPL-3.0-or-later
// The one set of limits (core/Limits.h, docs/limits.md) at every entry point of the core and the
// command line: a shape past a limit is refused with a message naming the file and the limit,
// before anything is allocated from it — so the cases that used to take gigabytes and minutes
// (a 16384×1 X exported, an 8192×1 X computed, n = 100000, 100000 heads) now fail at once.

#include "InputError.h"
#include "Limits.h"
#include "headreadings/TokenLabels.h"
#include "io/MatrixImport.h"
#include "io/Session.h"
#include "support/CliSupport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

// A session whose X is rows × 1, with one 1×1 head (or `heads` of them) and optional labels.
QByteArray session(qint64 rows, qint64 heads = 1, const QString &label = {}) {
    QByteArray out = R"({"format": "attnviz-session", "version": 1, "inputs": {"X": [)";
    for (qint64 i = 0; i < rows; ++i)
        out += i ? ",[1]" : "[1]";
    out += "]";
    if (!label.isEmpty())
        out += R"(, "tokens": [")" + label.toUtf8() + "\"]";
    out += R"(, "heads": [)";
    for (qint64 h = 0; h < heads; ++h)
        out += QByteArray(h ? "," : "") + R"({"Wq": [[1]], "Wk": [[1]], "Wv": [[1]]})";
    out += "]}}";
    return out;
}

} // namespace

class TestLimits : public QObject {
    Q_OBJECT

private slots:
    void shapes_data();
    void shapes();
    void labelsCountCharacters();
    void longLabelsAreElidedWhereDrawn();
    void sessionsRefusedBeforeReading_data();
    void sessionsRefusedBeforeReading();
    void cliFailsFast_data();
    void cliFailsFast();
    void importRefusesLargeMatrices_data();
    void importRefusesLargeMatrices();
};

void TestLimits::shapes_data() {
    QTest::addColumn<qint64>("n");
    QTest::addColumn<qint64>("p");
    QTest::addColumn<qint64>("dk");
    QTest::addColumn<qint64>("heads");
    QTest::addColumn<QString>("refusal"); // empty: within the limits
    QTest::newRow("worked example") << 4LL << 3LL << 3LL << 1LL << "";
    QTest::newRow("4096 tokens, 1 head") << 4096LL << 1LL << 1LL << 1LL << "";
    QTest::newRow("4097 tokens") << 4097LL << 1LL << 1LL << 1LL << "at most 4096 tokens";
    QTest::newRow("p 4097") << 2LL << 4097LL << 1LL << 1LL << "at most 4096 is supported";
    QTest::newRow("d_k 4097") << 2LL << 1LL << 4097LL << 1LL << "d_k of head 0 is 4097";
    QTest::newRow("16 heads") << 8LL << 8LL << 8LL << 16LL << "";
    QTest::newRow("17 heads") << 8LL << 8LL << 8LL << 17LL << "at most 16 heads";
    QTest::newRow("100000 heads") << 1LL << 1LL << 1LL << 100000LL << "at most 16 heads";
    QTest::newRow("4096² × 4 weights") << 4096LL << 1LL << 1LL << 4LL << "";
    QTest::newRow("4096² × 5 weights")
        << 4096LL << 1LL << 1LL << 5LL << "at most 67108864 attention weights";
    QTest::newRow("X of 4096×2049") << 4096LL << 2049LL << 1LL << 1LL << "at most 8388608 numbers";
    QTest::newRow("Wq, Wk, Wv 4096×4096") << 1LL << 4096LL << 4096LL << 1LL << "numbers";
    QTest::newRow("every size at its limit")
        << 4096LL << 4096LL << 4096LL << 16LL << "at most 67108864 attention weights";
}

void TestLimits::shapes() {
    QFETCH(qint64, n);
    QFETCH(qint64, p);
    QFETCH(qint64, dk);
    QFETCH(qint64, heads);
    QFETCH(QString, refusal);
    attn::InputShape shape;
    shape.tokens = n;
    shape.embedding = p;
    shape.keyDims.assign(size_t(heads), dk);
    shape.valueDims.assign(size_t(heads), 1);
    shape.outputDim = heads > 1 ? p : 0;
    try {
        attn::checkLimits(shape);
        QVERIFY2(refusal.isEmpty(), qPrintable("accepted; expected " + refusal));
    } catch (const attn::InputError &e) {
        QVERIFY2(!refusal.isEmpty(), e.what());
        QVERIFY2(QString(e.what()).contains(refusal), e.what());
    }
}

void TestLimits::labelsCountCharacters() {
    // 256 characters of two bytes each are within the limit; one more is not.
    const std::string accented = QString(256, QChar(0xe9)).toStdString();
    QCOMPARE(accented.size(), size_t(512));
    QCOMPARE(attn::codePointCount(accented), std::int64_t(256));
    attn::checkLabelLength(accented, "the label");
    try {
        attn::checkLabelLength(accented + "x", "token label 2");
        QFAIL("a label of 257 characters was accepted");
    } catch (const attn::InputError &e) {
        QCOMPARE(QString(e.what()),
                 QString("token label 2 has 257 characters: at most 256 are supported"));
    }
    attn::AttentionInputs in = attn::workedExample();
    in.tokens[1] = std::string(300, 'a');
    QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::validate(in));
}

void TestLimits::longLabelsAreElidedWhereDrawn() {
    QCOMPARE(attn::elidedLabel("short"), QString("short"));
    const QString exact(attn::kShownLabelChars, 'x');
    QCOMPARE(attn::elidedLabel(exact), exact);
    const QString cut = attn::elidedLabel(QString(256, 'y'));
    QCOMPARE(cut.size(), qsizetype(attn::kShownLabelChars));
    QVERIFY(cut.endsWith(QChar(0x2026)));
    // A character outside the BMP (two UTF-16 units) is never split in half.
    const QString emoji = QString(22, 'a') + QString::fromUtf8("\xF0\x9F\x98\x80") + "zzz";
    const QString elided = attn::elidedLabel(emoji);
    QVERIFY(!elided.at(elided.size() - 2).isHighSurrogate());
    QVERIFY(elided.size() <= attn::kShownLabelChars);
}

void TestLimits::sessionsRefusedBeforeReading_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("X 16384×1") << session(16384)
                               << "inputs.X: 16384\u00d71 is too large: it has 16384 tokens: "
                                  "at most 4096 tokens are supported";
    QTest::newRow("100000 heads")
        << session(1, 100000) << "inputs: there are 100000 heads: at most 16 heads are supported";
    QTest::newRow("4096 tokens, 5 heads")
        << session(4096, 5) << "inputs: 4096 queries \u00d7 4096 keys \u00d7 5 heads is too large";
    QTest::newRow("a label of 300 characters")
        << session(1, 1, QString(300, 'w'))
        << "inputs.tokens[0]: the label has 300 characters: at most 256 are supported";
    QByteArray commas = R"({"inputs": {"X": [)" + QByteArray(26 * 1024 * 1024, ',') + "]}}";
    QTest::newRow("26 M separators") << commas << "the file holds more than";
}

void TestLimits::sessionsRefusedBeforeReading() {
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    try {
        attn::sessionFromJson(json);
        QFAIL("accepted");
    } catch (const attn::InputError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
    }
}

void TestLimits::cliFailsFast_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("arguments"); // FILE and OUT are replaced
    QTest::addColumn<QString>("limit");
    const QStringList exportX = {"export",   "FILE", "--stage", "X",
                                 "--format", "csv",  "--out",   "OUT"};
    QTest::newRow("16384×1 X, export --stage X")
        << session(16384) << exportX << "at most 4096 tokens are supported";
    QTest::newRow("8192×1 X, compute")
        << session(8192) << QStringList{"compute", "FILE"} << "at most 4096 tokens are supported";
    QTest::newRow("n = 100000, compute")
        << session(100000) << QStringList{"compute", "FILE"} << "at most 4096 tokens";
    QTest::newRow("100000 heads, export weights")
        << session(1, 100000)
        << QStringList{"export", "FILE", "--stage", "weights", "--format", "npy", "--out", "OUT"}
        << "at most 16 heads are supported";
    QTest::newRow("label of 1000 characters, explain")
        << session(1, 1, QString(1000, 'x')) << QStringList{"explain", "FILE", "--row", "0"}
        << "has 1000 characters: at most 256";
}

void TestLimits::cliFailsFast() {
    QFETCH(QByteArray, json);
    QFETCH(QStringList, arguments);
    QFETCH(QString, limit);
    QTemporaryDir dir;
    const QString file = dir.filePath("big.json"), out = dir.filePath("out.bin");
    writeFile(file, json);
    writeFile(out, "old contents");
    arguments.replaceInStrings("FILE", file);
    arguments.replaceInStrings("OUT", out);
    QElapsedTimer timer;
    timer.start();
    const Run run = runCli(arguments);
    QVERIFY(run.finished);
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed()) + " ms"));
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.startsWith("attnviz-cli: " + file + ": inputs"), qPrintable(err));
    QVERIFY2(err.contains(limit), qPrintable(err));
    QCOMPARE(err.count('\n'), qsizetype(1));
    QFile old(out);
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("old contents"));
}

void TestLimits::importRefusesLargeMatrices_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    QByteArray header = "{'descr': '<f8', 'fortran_order': False, 'shape': (4096, 4096), }";
    header += QByteArray(118 - header.size(), ' ') + '\n';
    QTest::newRow(".npy 4096×4096 (header only)")
        << QByteArray("\x93NUMPY\x01\x00\x76\x00", 10) + header
        << "m.data: is too large: 4096\u00d74096 is 16777216 numbers (at most 8388608";
    const QByteArray quoted = '"' + QByteArray(200 * 1024 * 1024, '1') + "\"\n";
    QTest::newRow("200 MB quoted number")
        << quoted << "m.data: line 1, column 1: a field longer than 1024 characters";
    QTest::newRow("1025 digits") << QByteArray(1025, '7') + ",1\n"
                                 << "m.data: line 1, column 1: a field longer than 1024";
    QTest::newRow("1025 digits after spaces")
        << "1 " + QByteArray(1025, '7') << "m.data: line 1, column 2: a field longer than 1024";
}

void TestLimits::importRefusesLargeMatrices() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    const attn::ImportResult result = attn::importMatrixData(bytes, "m.data");
    QVERIFY(!result.ok());
    QVERIFY2(result.error.startsWith(message), qPrintable(result.error));
    QCOMPARE(result.matrix.size(), 0);
}

QTEST_GUILESS_MAIN(TestLimits)
#include "test_limits.moc"
