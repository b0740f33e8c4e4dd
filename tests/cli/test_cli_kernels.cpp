// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli explain --view online and --view tiled, run as a separate process: the online
// walk's JSON checked against a recurrence written here from the reference case's own logits
// and V (PyTorch's numbers, not attnviz's), the tables' checks, and the usage errors.

#include "Attention.h"
#include "io/Session.h"
#include "support/CliSupport.h"

#include <QTemporaryDir>

#include <limits>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// One query row's FlashAttention recurrence, written out independently of the core.
struct ExpectedStep {
    int first, last;
    double blockMax, max, sum, rescale;
    QList<double> acc;
};
QList<ExpectedStep> expectedWalk(const attn::Matrix &logits, const attn::Matrix &V, int row,
                                 int block, QList<double> *output) {
    QList<ExpectedStep> steps;
    double m = kMinusInf, l = 0;
    QList<double> acc(V.cols(), 0.0);
    for (int first = 0; first < logits.cols(); first += block) {
        const int last = std::min<int>(first + block, int(logits.cols())) - 1;
        double blockMax = kMinusInf;
        for (int j = first; j <= last; ++j)
            blockMax = std::max(blockMax, logits(row, j));
        const double newMax = std::max(m, blockMax);
        const double rescale = newMax == m ? 1.0 : std::exp(m - newMax);
        l *= rescale;
        for (double &a : acc)
            a *= rescale;
        for (int j = first; j <= last; ++j) {
            if (logits(row, j) == kMinusInf)
                continue;
            const double e = std::exp(logits(row, j) - newMax);
            l += e;
            for (int d = 0; d < V.cols(); ++d)
                acc[d] += e * V(j, d);
        }
        m = newMax;
        steps.append({first, last, blockMax, m, l, rescale, acc});
    }
    output->clear();
    for (double a : acc)
        output->append(l == 0 ? 0.0 : a / l);
    return steps;
}

// null stands for −∞, as in the reference cases.
double jsonDouble(const QJsonValue &v) {
    return v.isNull() ? kMinusInf : v.toDouble();
}

QString compareList(const QJsonValue &actual, const QList<double> &expected) {
    const QJsonArray a = actual.toArray();
    if (a.size() != expected.size())
        return QString("%1 entries, expected %2").arg(a.size()).arg(expected.size());
    for (qsizetype k = 0; k < a.size(); ++k)
        if (!close(a[k].toDouble(), expected[k], 1e-12))
            return QString("entry %1 = %2, expected %3")
                .arg(k)
                .arg(a[k].toDouble(), 0, 'g', 17)
                .arg(expected[k], 0, 'g', 17);
    return {};
}

} // namespace

class TestCliKernels : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY2(QFileInfo(kCli).isExecutable(), qPrintable(kCli + " is not built"));
        QVERIFY(m_dir.isValid());
        const QJsonObject worked = readJsonObject(workedExampleFile());
        writeFile(m_dir.filePath("masked.json"), maskedWorkedExample(worked["inputs"].toObject()));
    }

    void onlineJsonMatchesTheRecurrence_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("head");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("block");
        for (const QString &file : referenceFiles()) {
            const QString name = QFileInfo(file).baseName();
            const QJsonArray heads =
                readJsonObject(file).value("expected").toObject().value("heads").toArray();
            const int rows = int(jsonMatrix(heads[0]["logits"]).rows());
            for (int block : {1, 2, 3})
                QTest::newRow(qPrintable(QString("%1 block %2").arg(name).arg(block)))
                    << file << int(heads.size()) - 1 << rows - 1 << block;
            QTest::newRow(qPrintable(name + " row 0 block 2")) << file << 0 << 0 << 2;
        }
    }
    void onlineJsonMatchesTheRecurrence() {
        QFETCH(QString, file);
        QFETCH(int, head);
        QFETCH(int, row);
        QFETCH(int, block);
        const Run run =
            runCli({"explain", file, "--view", "online", "--row", QString::number(row), "--block",
                    QString::number(block), "--head", QString::number(head), "--json"});
        QVERIFY(run.finished);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QJsonParseError error;
        const QJsonObject json = QJsonDocument::fromJson(run.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(json.keys(), (QStringList{"block", "output", "row", "steps"}));
        QCOMPARE(json["row"].toInt(), row);
        QCOMPARE(json["block"].toInt(), block);

        const QJsonObject expected = readJsonObject(file)
                                         .value("expected")
                                         .toObject()
                                         .value("heads")
                                         .toArray()[head]
                                         .toObject();
        QList<double> output;
        const QList<ExpectedStep> steps = expectedWalk(
            jsonMatrix(expected["logits"]), jsonMatrix(expected["V"]), row, block, &output);
        const QJsonArray actual = json["steps"].toArray();
        QCOMPARE(actual.size(), steps.size());
        for (qsizetype s = 0; s < steps.size(); ++s) {
            const QJsonObject step = actual[s].toObject();
            QCOMPARE(step.keys(),
                     (QStringList{"acc", "block_max", "keys", "max", "rescale", "sum"}));
            QCOMPARE(step["keys"].toArray(), (QJsonArray{steps[s].first, steps[s].last}));
            QVERIFY(close(jsonDouble(step["block_max"]), steps[s].blockMax, 1e-12));
            QVERIFY(close(jsonDouble(step["max"]), steps[s].max, 1e-12));
            QVERIFY(close(step["sum"].toDouble(), steps[s].sum, 1e-12));
            QVERIFY(close(step["rescale"].toDouble(), steps[s].rescale, 1e-12));
            const QString diff = compareList(step["acc"], steps[s].acc);
            QVERIFY2(diff.isEmpty(), qPrintable(QString("step %1 acc: ").arg(s) + diff));
        }
        const QString diff = compareList(json["output"], output);
        QVERIFY2(diff.isEmpty(), qPrintable("output: " + diff));
        // …which is the plain output row too.
        QVERIFY(compareList(json["output"], rowOf(expected["output"], row)).isEmpty());
    }

    void onlineJsonOfAFullyMaskedRow() {
        // The masked worked example: query 2 sees no key; query 0 not key 3 (block 2 ends at 3).
        const Run run = runCli({"explain", m_dir.filePath("masked.json"), "--view", "online",
                                "--row", "2", "--block", "2", "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        for (const QJsonValue &step : json["steps"].toArray()) {
            QVERIFY(step["block_max"].isNull());
            QVERIFY(step["max"].isNull());
            QCOMPARE(step["sum"].toDouble(), 0.0);
            QCOMPARE(step["rescale"].toDouble(), 1.0);
        }
        QCOMPARE(json["output"].toArray(), (QJsonArray{0, 0, 0}));
    }

    void onlineTable() {
        const Run run = runCli({"explain", m_dir.filePath("masked.json"), "--view", "online",
                                "--row", "0", "--block", "3"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString text = QString::fromUtf8(run.out);
        const QStringList lines = text.split('\n');
        QVERIFY2(lines[0].startsWith("online softmax of output row 0 (query t0, head 0), key "
                                     "blocks of 3 keys"),
                 qPrintable(lines[0]));
        QVERIFY(text.contains("keys") && text.contains("block max") && text.contains("rescale"));
        QVERIFY2(text.contains("  0..2 ") && text.contains("  3 "), qPrintable(text));
        QVERIFY(text.contains("-inf")); // key 3 is masked: its logit and its block's maximum
        QVERIFY(text.contains("acc / \u2113 =  ["));
        QVERIFY(text.contains("check: acc / \u2113 equals row 0 of softmax("));
        QVERIFY(text.contains("all rows as a tiled kernel: 2 query blocks \u00d7 2 key blocks"));
        QVERIFY(text.contains("memory: the plain path holds the 4\u00d74 weights (16 numbers); the "
                              "tiled kernel one 3\u00d73 logits tile, a 3\u00d73 accumulator and "
                              "m, \u2113 of 3 rows (24 numbers)"));
        QVERIFY2(text.count("\u2713") == 2 && !text.contains("\u2717"), qPrintable(text));
    }

    void tiledTable_data() {
        QTest::addColumn<QStringList>("product");
        QTest::addColumn<QString>("heading");
        QTest::addColumn<QString>("firstTerm");
        QTest::newRow("output") << QStringList{}
                                << "output (head 0) = weights\u00b7V in tiles of "
                                   "2\u00d72 with inner blocks of 3: 2\u00d72 "
                                   "tiles, each the sum of 2 block products"
                                << "weights[0..1,0..2]\u00b7V[0..2,0..1]";
        QTest::newRow("scores") << QStringList{"--product", "scores"}
                                << "scores (head 0) = Q\u00b7K\u1d40 in tiles of 2\u00d72 with "
                                   "inner blocks of 3: 2\u00d72 tiles, each the sum of 1 block "
                                   "product"
                                << "Q[0..1,0..2]\u00b7K\u1d40[0..2,0..1]";
    }
    void tiledTable() {
        QFETCH(QStringList, product);
        QFETCH(QString, heading);
        QFETCH(QString, firstTerm);
        const Run run = runCli(
            QStringList{"explain", workedExampleFile(), "--view", "tiled", "--tile", "2,2,3"} +
            product);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString text = QString::fromUtf8(run.out);
        QVERIFY2(text.startsWith(heading), qPrintable(text));
        QVERIFY2(text.contains(firstTerm), qPrintable(text));
        for (int t = 1; t <= 4; ++t)
            QVERIFY(text.contains(QString("tile %1 of 4: rows ").arg(t)));
        QVERIFY(text.contains("tile 4 of 4: rows 2..3, columns 2"));
        QVERIFY(text.contains("check: the tiles put together equal"));
        QVERIFY2(text.contains("\u2713") && !text.contains("\u2717"), qPrintable(text));
    }

    // A session with a key/value group, a sliding window and ALiBi: compute prints what the core
    // computes, and the group gives the numbers of separate heads with identical Wk and Wv.
    void computeReadsTheKernelOptions() {
        QJsonObject inputs =
            readJsonObject(referenceDir() + "/multi_head.json")["inputs"].toObject();
        QJsonArray heads = inputs["heads"].toArray();
        QJsonObject second = heads[1].toObject();
        second["Wk"] = heads[0].toObject().value("Wk");
        second["Wv"] = heads[0].toObject().value("Wv");
        heads[1] = second;
        QJsonObject options = inputs["options"].toObject();
        options["window"] = 2;
        options["global_tokens"] = 1;
        options["alibi"] = true;
        inputs["options"] = options;
        inputs["heads"] = heads;
        const QString separate = m_dir.filePath("separate.json");
        writeFile(separate, QJsonDocument(QJsonObject{{"inputs", inputs}}).toJson());
        QJsonObject shared = heads[0].toObject();
        shared["kv_group"] = 0;
        second = QJsonObject{{"Wq", heads[1].toObject().value("Wq")},
                             {"kv_group", 0}}; // Wk, Wv from the group
        heads[0] = shared;
        heads[1] = second;
        inputs["heads"] = heads;
        const QString grouped = m_dir.filePath("grouped.json");
        writeFile(grouped, QJsonDocument(QJsonObject{{"inputs", inputs}}).toJson());

        const Run a = runCli({"compute", separate}), b = runCli({"compute", grouped});
        QVERIFY2(a.exitCode == 0 && b.exitCode == 0, (a.err + b.err).constData());
        QCOMPARE(b.out, a.out);
        const attn::AttentionResult expected = attn::compute(attn::loadSessionFile(grouped).inputs);
        const QJsonObject json = QJsonDocument::fromJson(b.out).object();
        for (int h = 0; h < 2; ++h) {
            const QJsonObject head = json["heads"][h].toObject();
            COMPARE_MATRIX_TOL(jsonMatrix(head["logits"]), expected.heads[size_t(h)].logits(), 0);
            COMPARE_MATRIX_TOL(jsonMatrix(head["output"]), expected.heads[size_t(h)].output, 0);
        }
        // Logit [2][0] of head 1: the window keeps key 0 (global); ALiBi adds 2^(−8·2/2)·(0 − 2).
        const double scores = at(json["heads"][1]["scores"], 2, 0);
        const double dk = jsonMatrix(json["heads"][1]["Q"]).cols();
        QVERIFY(close(at(json["heads"][1]["logits"], 2, 0),
                      scores / std::sqrt(dk) + std::exp2(-8.0) * -2, 1e-12));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString f = workedExampleFile();
        QTest::newRow("no block") << QStringList{"explain", f, "--view", "online", "--row", "0"}
                                  << 2 << "--view online needs --block B";
        QTest::newRow("no row") << QStringList{"explain", f, "--view", "online", "--block", "2"}
                                << 2 << "--view online needs --row I";
        QTest::newRow("block 0") << QStringList{"explain", f,   "--view",  "online",
                                                "--row",   "0", "--block", "0"}
                                 << 2 << "--block expects at least 1 key";
        QTest::newRow("json elsewhere") << QStringList{"explain", f, "--row", "0", "--json"} << 2
                                        << "--json applies to --view online only";
        QTest::newRow("block elsewhere") << QStringList{"explain", f, "--row", "0", "--block", "2"}
                                         << 2 << "--block applies to --view online only";
        QTest::newRow("tile missing") << QStringList{"explain", f, "--view", "tiled"} << 2
                                      << "--view tiled needs --tile R,C,K";
        QTest::newRow("tile shape") << QStringList{"explain", f, "--view", "tiled", "--tile", "2,2"}
                                    << 2 << "--tile expects three sizes R,C,K";
        QTest::newRow("tile zero")
            << QStringList{"explain", f, "--view", "tiled", "--tile", "2,0,1"} << 2
            << "--tile sizes must be at least 1";
        QTest::newRow("row out of range")
            << QStringList{"explain", f, "--view", "online", "--row", "4", "--block", "2"} << 1
            << "row 4 is out of range";
        QTest::newRow("head out of range")
            << QStringList{"explain", f,         "--view", "online", "--row",
                           "0",       "--block", "2",      "--head", "1"}
            << 1 << "head 1 is out of range";
    }
    void usageErrors() {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run run = runCli(arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliKernels)
#include "test_cli_kernels.moc"
