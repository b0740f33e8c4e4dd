// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli model inspect and model run: the summary of each reference checkpoint, every
// stage of a run's --json against the PyTorch reference.json, the predictions, --timing, and
// the one-line refusals.

#include "support/CliSupport.h"
#include "support/ModelSupport.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace testsupport;

namespace {

QString idsText(const QJsonValue &ids) {
    QStringList parts;
    for (const QJsonValue &v : ids.toArray())
        parts << QString::number(v.toInteger());
    return parts.join(',');
}

} // namespace

class TestCliModel : public QObject {
    Q_OBJECT

private slots:
    void inspectPrintsOneObject_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("kvHeads");
        QTest::addColumn<QString>("dtype");
        QTest::newRow("gpt2") << "gpt2-tiny"
                              << "gpt2" << 4 << "F32";
        QTest::newRow("llama") << "llama-gqa-tiny"
                               << "llama" << 2 << "BF16";
        QTest::newRow("qwen2") << "qwen2-bias-tiny"
                               << "qwen2" << 2 << "F32";
        QTest::newRow("bert") << "bert-tiny"
                              << "bert" << 4 << "F32";
        QTest::newRow("qwen2 f16") << "qwen2-bias-tiny-f16"
                                   << "qwen2" << 2 << "F16";
    }

    void inspectPrintsOneObject() {
        QFETCH(QString, model);
        QFETCH(QString, family);
        QFETCH(int, kvHeads);
        QFETCH(QString, dtype);
        const Run run = runCli({"model", "inspect", modelDir(model)});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(o.keys().size(), 10);
        QCOMPARE(o["family"].toString(), family);
        QCOMPARE(o["kv_heads"].toInt(), kvHeads);
        QCOMPARE(o["dtype"].toString(), dtype);
        for (const char *key :
             {"layers", "heads", "d_model", "head_dim", "vocab", "max_positions", "parameters"})
            QVERIFY2(o[key].toInteger() > 0, key);
    }

    // --json writes every stage in the reference layout: each within 1e-9 of PyTorch's.
    void runJsonMatchesTheReference_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
    }

    void runJsonMatchesTheReference() {
        QFETCH(QString, model);
        const QJsonObject ref = readJsonObject(modelDir(model) + "/reference.json");
        QTemporaryDir dir;
        const QString out = dir.filePath("run.json");
        const Run run =
            runCli({"model", "run", modelDir(model), "--ids", idsText(ref["ids"]), "--json", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.isEmpty());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        QStringList keys = o.keys();
        keys.sort();
        QCOMPARE(keys, (QStringList{"final", "ids", "layers", "logits"}));
        const QString error = compareRun(runFromJson(o), ref);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void runPrintsPredictions() {
        const Run run = runCli({"model", "run", modelDir("gpt2-tiny"), "--ids", "246,64,123",
                                "--top", "3", "--timing"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QStringList lines = QString(run.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QString("ids: 246 64 123"));
        QCOMPARE(lines[1], QString("next token after position 2:"));
        QVERIFY2(lines[2].startsWith("  id "), qPrintable(lines[2]));
        const QJsonObject timing = QJsonDocument::fromJson(run.err).object();
        for (const char *key : {"load_ms", "forward_ms", "peak_rss_mb"})
            QVERIFY2(timing[key].isDouble() && timing[key].toDouble() >= 0, run.err.constData());
    }

    // --text goes through the folder's own tokenizer: GPT-2's files beside the tiny checkpoint
    // give "Hello" its real id 15496, which the tiny model's 300 words then refuse.
    void textUsesTheFoldersTokenizer() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const QString name : {"config.json", "model.safetensors"})
            QVERIFY(QFile::copy(modelDir("gpt2-tiny") + "/" + name, dir.filePath(name)));
        for (const QString name : {"encoder.json", "vocab.bpe"})
            QVERIFY(QFile::copy(QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/tokenizers/gpt2/") + name,
                                dir.filePath(name)));
        const Run run = runCli({"model", "run", dir.path(), "--text", "Hello"});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(QString::fromUtf8(run.err).contains("token id 15496 (at position 0) is outside"),
                 run.err.constData());
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        const QString gpt2 = modelDir("gpt2-tiny");
        QTest::newRow("no ids") << QStringList{"model", "run", gpt2} << 2
                                << "model run needs either --text TEXT or --ids 1,2,3";
        QTest::newRow("text without a tokenizer")
            << QStringList{"model", "run", gpt2, "--text", "Hello"} << 1
            << gpt2 + ": the folder has no tokenizer";
        QTest::newRow("bad ids") << QStringList{"model", "run", gpt2, "--ids", "1,x"} << 2
                                 << "--ids expects token ids";
        QTest::newRow("id out of range")
            << QStringList{"model", "run", gpt2, "--ids", "1,300"} << 1
            << gpt2 + ": token id 300 (at position 1) is outside the vocabulary 0 … 299";
        QTest::newRow("no folder") << QStringList{"model", "inspect", gpt2 + "-missing"} << 1
                                   << gpt2 + "-missing: no such folder";
        QTest::newRow("unknown subcommand")
            << QStringList{"model", "train", gpt2} << 2 << "model expects inspect or run";
        QTest::newRow("option of run") << QStringList{"model", "inspect", gpt2, "--top", "3"} << 2
                                       << "--top is an option of model run";
    }

    void refusals() {
        QFETCH(QStringList, arguments);
        QFETCH(int, status);
        QFETCH(QString, message);
        const Run run = runCli(arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, status);
        QVERIFY(run.out.isEmpty());
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.startsWith("attnviz-cli: ") && err.contains(message), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestCliModel)
#include "test_cli_model.moc"
