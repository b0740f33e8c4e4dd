// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli inspect and set, run as a process: the JSON lines of every supported format, a
// session assembled from a GPT-2-like fused weight and a BERT-like transposed one (values
// checked, sizes adjusted as Resize and import adjusts them, the view state kept), and the
// exit statuses and one-line messages of bad usage and unreadable files.

#include "io/Session.h"
#include "support/CliSupport.h"
#include "support/IoSupport.h"
#include "support/SafetensorsSupport.h"

#include <QTemporaryDir>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

QString reference(const QString &name) {
    return QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference/") + name;
}

attn::Matrix block(const attn::Matrix &m, int col, int cols) {
    return m.middleCols(col, cols);
}

} // namespace

class TestCliArrays : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // model.safetensors: GPT-2's fused c_attn weight for p = 8 (8 × 24), a BERT-like query
    // weight (out × in = 4 × 8) and a 3-D tensor.
    QString model() {
        const QString file = path("model.safetensors");
        if (!QFile::exists(file)) {
            attn::Matrix query(4, 8);
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 8; ++j)
                    query(i, j) = -i + j / 8.0;
            writeFile(file,
                      safetensors(
                          {{"h.0.attn.c_attn.weight", "F32", {8, 24}, f32Matrix(fusedAttention(8))},
                           {"query.weight", "F16", {4, 8}, halfBytes(query)},
                           {"cube", "F32", {2, 2, 2}, f32Bytes(std::vector<float>(8))}}));
        }
        return file;
    }

    static QByteArray halfBytes(const attn::Matrix &m) {
        // Values of the form -i + j/8 with |v| < 4 are exact in float16: 1 sign, 10 mantissa bits.
        std::vector<std::uint16_t> bits;
        for (Eigen::Index i = 0; i < m.rows(); ++i)
            for (Eigen::Index j = 0; j < m.cols(); ++j) {
                const double v = m(i, j);
                if (v == 0) {
                    bits.push_back(0);
                    continue;
                }
                int exponent = 0;
                const double mantissa = std::frexp(std::abs(v), &exponent); // [0.5, 1)
                const auto fraction = std::uint16_t(std::lround((mantissa * 2 - 1) * 1024));
                bits.push_back(
                    std::uint16_t((v < 0 ? 0x8000 : 0) | (exponent + 14) << 10 | fraction));
            }
        return u16Bytes(bits);
    }

private slots:
    void inspectSafetensors() {
        const Run run = runCli({"inspect", model()});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QString::fromUtf8(run.out),
                 QStringLiteral("{\"name\":\"h.0.attn.c_attn.weight\",\"dtype\":\"F32\","
                                "\"shape\":[8,24]}\n"
                                "{\"name\":\"query.weight\",\"dtype\":\"F16\",\"shape\":[4,8]}\n"
                                "{\"name\":\"cube\",\"dtype\":\"F32\",\"shape\":[2,2,2]}\n"));
        QVERIFY(run.err.isEmpty());
    }

    void inspectOtherFormats_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("firstLine");
        QTest::addColumn<int>("lines");
        QTest::newRow("npy") << fixture("f4_fortran_be.npy")
                             << "{\"name\":\"\",\"dtype\":\"float32 (big-endian)\",\"shape\":[3,4]}"
                             << 1;
        QTest::newRow("csv") << fixture("tab.tsv") << "{\"name\":\"\",\"dtype\":\"float64\"" << 1;
        QTest::newRow("npz") << fixture("listing.npz") << "{\"name\":" << -1;
    }
    void inspectOtherFormats() {
        QFETCH(QString, file);
        QFETCH(QString, firstLine);
        QFETCH(int, lines);
        const Run run = runCli({"inspect", file});
        QCOMPARE(run.exitCode, 0);
        const QList<QByteArray> out = run.out.trimmed().split('\n');
        QVERIFY2(out[0].startsWith(firstLine.toUtf8()), run.out.constData());
        if (lines > 0)
            QCOMPARE(out.size(), lines);
        else
            QVERIFY(out.size() > 1);
        for (const QByteArray &line : out)
            QVERIFY2(QJsonDocument::fromJson(line).isObject(), line.constData());
    }

    // Every head's Wq, Wk and Wv of a p = 8, H = 2, d = 4 session from the fused weight.
    void setFromFusedWeight() {
        const attn::Matrix fused = fusedAttention(8);
        QString session = reference("multi_head.json");
        for (int head = 0; head < 2; ++head) {
            const QStringList names = {"Wq", "Wk", "Wv"};
            for (int k = 0; k < 3; ++k) {
                const int col = 8 * k + 4 * head;
                const QString out = path(QString("fused-%1-%2.attnviz").arg(head).arg(k));
                const Run run = runCli(
                    {"set", session, "--matrix", names[k], "--head", QString::number(head),
                     "--from",
                     model() + QString(":h.0.attn.c_attn.weight[:, %1:%2]").arg(col).arg(col + 4),
                     "--out", out});
                QVERIFY2(run.exitCode == 0, run.err.constData());
                session = out;
            }
        }
        const attn::Session s = attn::loadSessionFile(session);
        QCOMPARE(int(s.inputs.heads.size()), 2);
        for (int head = 0; head < 2; ++head) {
            COMPARE_BITS(s.inputs.heads[std::size_t(head)].Wq, block(fused, 4 * head, 4));
            COMPARE_BITS(s.inputs.heads[std::size_t(head)].Wk, block(fused, 8 + 4 * head, 4));
            COMPARE_BITS(s.inputs.heads[std::size_t(head)].Wv, block(fused, 16 + 4 * head, 4));
        }
        const attn::Session before = attn::loadSessionFile(reference("multi_head.json"));
        QVERIFY(s.inputs.X == before.inputs.X);
    }

    void setResizesAndKeepsTheView() {
        // The worked example has p = 4, d_k = 3; a 4 × 2 slice makes d_k 2 (Wk follows).
        attn::Session start = attn::loadSessionFile(reference("worked_example_4x4.json"));
        start.view = QJsonObject{{"layout", "columns"}, {"row", 2}};
        const QString session = path("start.attnviz");
        writeFile(session, attn::sessionToJson(start));
        const attn::Matrix fused = fusedAttention(4);
        const QString out = path("resized.attnviz");
        writeFile(path("small.safetensors"),
                  safetensors({{"c_attn.weight", "F32", {4, 12}, f32Matrix(fused)}}));
        const Run set =
            runCli({"set", session, "--matrix", "Wq", "--from",
                    path("small.safetensors") + ":c_attn.weight[:, 0:2]", "--out", out});
        QVERIFY2(set.exitCode == 0, set.err.constData());
        const attn::Session s = attn::loadSessionFile(out);
        COMPARE_BITS(s.inputs.heads[0].Wq, block(fused, 0, 2));
        QCOMPARE(s.inputs.heads[0].Wk.cols(), 2);
        QCOMPARE(s.inputs.heads[0].Wk.rows(), 4);
        QCOMPARE(s.view, start.view);
    }

    void setTransposed() {
        // BERT's query.weight is out × in (4 × 8); Wq of a p = 8 session is 8 × 4.
        const QString out = path("bert.attnviz");
        const Run run =
            runCli({"set", reference("multi_head.json"), "--matrix", "Wq", "--head", "1", "--from",
                    model() + ":query.weight", "--transpose", "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        attn::Matrix expected(8, 4);
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 8; ++j)
                expected(j, i) = -i + j / 8.0;
        COMPARE_BITS(attn::loadSessionFile(out).inputs.heads[1].Wq, expected);
    }

    void setRefusals_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        const QString session = reference("worked_example_4x4.json");
        const QString out = path("never.attnviz");
        const QString from = model() + ":h.0.attn.c_attn.weight";
        QTest::newRow("a result, not an input")
            << QStringList{"set", session, "--matrix", "Q", "--from", from, "--out", out} << 2
            << "--matrix expects X, context, Wq, Wk, Wv or Wo";
        QTest::newRow("head of X") << QStringList{"set", session,  "--matrix", "X",     "--head",
                                                  "1",   "--from", from,       "--out", out}
                                   << 2 << "--head applies to Wq, Wk and Wv";
        QTest::newRow("no --from") << QStringList{"set", session, "--matrix", "X", "--out", out}
                                   << 2 << "set needs --from";
        QTest::newRow("--transpose elsewhere")
            << QStringList{"compute", session, "--transpose"} << 2
            << "--transpose is an option of set, not compute";
        QTest::newRow("inspect stdin")
            << QStringList{"inspect", "-"} << 2 << "inspect needs a file";
        QTest::newRow("no such tensor") << QStringList{"set",    session,           "--matrix", "X",
                                                       "--from", model() + ":nope", "--out",    out}
                                        << 1 << "model.safetensors: has no tensor 'nope'";
        QTest::newRow("3-D tensor") << QStringList{"set",    session,           "--matrix", "X",
                                                   "--from", model() + ":cube", "--out",    out}
                                    << 1 << "tensor 'cube': it is a 3-D tensor";
        QTest::newRow("bad slice")
            << QStringList{"set",   session, "--matrix", "X", "--from", from + "[:, 0:99]",
                           "--out", out}
            << 1 << "0:99 reaches beyond 0:24";
        QTest::newRow("no such head")
            << QStringList{"set", session,  "--matrix",          "Wq",    "--head",
                           "3",   "--from", from + "[0:4, 0:3]", "--out", out}
            << 1 << "worked_example_4x4.json: ";
        QTest::newRow("no Wo") << QStringList{"set",   session,  "--matrix",
                                              "Wo",    "--from", from + "[0:3, 0:3]",
                                              "--out", out}
                               << 1 << "worked_example_4x4.json: ";
        QTest::newRow("unreadable")
            << QStringList{"inspect", path("missing.npy")} << 1 << "missing.npy: cannot open";
        QByteArray evil;
        appendLe(evil, std::uint64_t(1) << 60, 8);
        writeFile(path("evil.safetensors"), evil + "{}");
        QTest::newRow("hostile header")
            << QStringList{"inspect", path("evil.safetensors")} << 1
            << "evil.safetensors: not a safetensors file: its header length";
    }
    void setRefusals() {
        QFETCH(QStringList, arguments);
        QFETCH(int, status);
        QFETCH(QString, message);
        const Run run = runCli(arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, status);
        QVERIFY2(run.err.startsWith("attnviz-cli: ") && run.err.contains(message.toUtf8()),
                 run.err.constData());
        QCOMPARE(run.err.count('\n'), status == 2 ? 3 : 1); // the message (and a usage hint)
        QVERIFY(run.out.isEmpty());
        QVERIFY(!QFile::exists(path("never.attnviz")));
    }
};

QTEST_GUILESS_MAIN(TestCliArrays)
#include "test_cli_arrays.moc"
