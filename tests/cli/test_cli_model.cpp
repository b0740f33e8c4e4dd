// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli model inspect and model run: the summary of each reference checkpoint, every
// stage of a run's --json against the PyTorch reference.json, the predictions, --timing, and
// the one-line refusals.

#include "support/CliSupport.h"
#include "support/ModelSupport.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

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
        QTest::newRow("llama3") << "llama3-tiny"
                                << "llama" << 2 << "BF16";
        QTest::newRow("mistral") << "mistral-tiny"
                                 << "mistral" << 2 << "F32";
        QTest::newRow("qwen3") << "qwen3-tiny"
                               << "qwen3" << 2 << "BF16";
        QTest::newRow("gemma2") << "gemma2-tiny"
                                << "gemma2" << 2 << "BF16";
        QTest::newRow("gemma3") << "gemma3-tiny"
                                << "gemma3_text" << 1 << "F32";
        QTest::newRow("phi3") << "phi3-tiny"
                              << "phi3" << 4 << "F32";
    }

    void inspectPrintsOneObject() {
        QFETCH(QString, model);
        QFETCH(QString, family);
        QFETCH(int, kvHeads);
        QFETCH(QString, dtype);
        const Run run = runCli({"model", "inspect", modelDir(model)});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(o.keys().size(), 11);
        QVERIFY2(!o["features"].toString().isEmpty(), run.out.constData());
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
        for (const char *name : kFamilyModels)
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
        QCOMPARE(keys, (QStringList{"final", "ids", "layers", "logits", "shape"}));
        const QString error = compareRun(runFromJson(o), ref);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // The features in plain words, as the model view shows them.
    void inspectNamesTheFeatures_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QStringList>("phrases");
        QTest::newRow("gemma2") << "gemma2-tiny"
                                << QStringList{"Gemma 2:",
                                               "RMSNorm with (1 + w)",
                                               "soft-capped attention (10)",
                                               "soft-capped logits (5)",
                                               "sliding window of 4 on layers 0, 2",
                                               "embeddings ×5.65625",
                                               "GeGLU"};
        QTest::newRow("llama3") << "llama3-tiny"
                                << QStringList{"Llama:", "llama3 scaling ×32", "tied LM head"};
        QTest::newRow("qwen3") << "qwen3-tiny"
                               << QStringList{"Qwen3:", "q and k normalised per head"};
        QTest::newRow("gemma3") << "gemma3-tiny"
                                << QStringList{"Gemma 3:", "(sliding layers 10000)",
                                               "4 heads share one key/value head",
                                               "sliding window of 4 on layers 0, 1"};
        QTest::newRow("phi3") << "phi3-tiny"
                              << QStringList{"Phi-3:", "sliding window of 5 on every layer"};
        QTest::newRow("gpt2") << "gpt2-tiny"
                              << QStringList{"GPT-2:", "LayerNorm", "learned positions"};
    }

    void inspectNamesTheFeatures() {
        QFETCH(QString, model);
        QFETCH(QStringList, phrases);
        const Run run = runCli({"model", "inspect", modelDir(model)});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QString features = QJsonDocument::fromJson(run.out).object()["features"].toString();
        for (const QString &phrase : phrases)
            QVERIFY2(features.contains(phrase), qPrintable(features + " lacks " + phrase));
    }

    void runPrintsPredictions() {
        const Run run = runCli({"model", "run", modelDir("gpt2-tiny"), "--ids", "246,64,123",
                                "--top", "3", "--timing"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QStringList lines = QString(run.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QString("ids: 246 64 123"));
        QCOMPARE(lines[1], QString("next token after position 2:"));
        // "  <id>  <probability>": no token names without a tokenizer.
        QVERIFY2(QRegularExpression("^ +\\d+  0\\.\\d{4}$").match(lines[2]).hasMatch(),
                 qPrintable(lines[2]));
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

    // model session writes the workbench document of a head (or a layer); compute on it gives
    // the reference run's q, k, v, weights and outputs of that layer, and as final output the
    // head's contribution, or the layer's attn_out (heads' contributions + the bias add to it).
    void sessionRoundTrip_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
    }

    void sessionRoundTrip() {
        QFETCH(QString, model);
        const QJsonObject ref = readJsonObject(modelDir(model) + "/reference.json");
        const QJsonObject layer = ref["layers"].toArray()[1].toObject();
        const QJsonArray heads = layer["heads"].toArray();
        QTemporaryDir dir;
        const QString session = dir.filePath("s.attnviz");
        attn::Matrix contributions;
        for (int head = -1; head < int(heads.size()); ++head) {
            QStringList arguments{
                "model",   "session", modelDir(model), "--ids", idsText(ref["ids"]),
                "--layer", "1",       "--out",         session};
            if (head >= 0)
                arguments << "--head" << QString::number(head);
            const Run written = runCli(arguments);
            QVERIFY2(written.finished && written.exitCode == 0, written.err.constData());
            const QJsonObject file = readJsonObject(session);
            QCOMPARE(file["model"].toObject()["layer"].toInt(), 1);
            QCOMPARE(file["model"].toObject()["head"].toInt(), head);
            QCOMPARE(file["model"].toObject()["folder"].toString(),
                     QFileInfo(modelDir(model)).absoluteFilePath());
            const Run computed = runCli({"compute", session});
            QVERIFY2(computed.finished && computed.exitCode == 0, computed.err.constData());
            const QJsonObject c = QJsonDocument::fromJson(computed.out).object();
            const QJsonArray got = c["heads"].toArray();
            QCOMPARE(got.size(), head < 0 ? heads.size() : 1);
            for (qsizetype i = 0; i < got.size(); ++i) {
                const QJsonObject expected = heads[head < 0 ? i : head].toObject();
                const QJsonObject actual = got[i].toObject();
                for (const auto &[mine, theirs] :
                     {std::pair{"Q", "q"}, std::pair{"K", "k"}, std::pair{"V", "v"},
                      std::pair{"weights", "weights"}, std::pair{"output", "output"}}) {
                    const double error =
                        relativeError(jsonMatrix(actual[mine]), jsonMatrix(expected[theirs]));
                    QVERIFY2(error < 1e-9,
                             qPrintable(QString("head %1 %2: %3").arg(head).arg(mine).arg(error)));
                }
            }
            const attn::Matrix output = jsonMatrix(c["output"]);
            if (head < 0) {
                QVERIFY(relativeError(output, jsonMatrix(layer["attn_out"])) < 1e-9);
                const attn::Matrix bo = jsonMatrix(file["inputs"].toObject()["bo"]);
                contributions = bo.size() > 0 ? attn::Matrix(bo.replicate(output.rows(), 1))
                                              : attn::Matrix::Zero(output.rows(), output.cols());
            } else {
                contributions += output;
            }
        }
        QVERIFY(relativeError(contributions, jsonMatrix(layer["attn_out"])) < 1e-9);
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
            << QStringList{"model", "fly", gpt2} << 2
            << "model expects inspect, run, session, analyze, grad or train";
        QTest::newRow("session without a layer")
            << QStringList{"model", "session", gpt2, "--ids", "1,2", "--out", "-"} << 2
            << "model session needs --layer L";
        QTest::newRow("session layer out of range")
            << QStringList{"model", "session", gpt2, "--ids", "1,2", "--layer", "7", "--out", "-"}
            << 2 << "--layer expects a whole number from 0 to 1, got \"7\"";
        QTest::newRow("session head out of range")
            << QStringList{"model", "session", gpt2, "--ids", "1,2", "--layer",
                           "0",     "--head",  "4",  "--out", "-"}
            << 2 << "--head expects a whole number from 0 to 3";
        QTest::newRow("option of session")
            << QStringList{"model", "run", gpt2, "--ids", "1,2", "--layer", "0"} << 2
            << "--layer is an option of model session, not model run";
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
