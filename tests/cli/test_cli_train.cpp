// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli model grad and model train: the gradient of every tensor of the decoder
// references against PyTorch's, and training a small GPT-2 (the JSON lines, determinism,
// resuming, the written folder opening and running like any checkpoint).

#include "support/CliSupport.h"
#include "support/ModelSupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

QByteArray readBytes(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCliTrain : public QObject {
    Q_OBJECT

private slots:
    void gradMatchesTheReference_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : {"gpt2-tiny", "llama-gqa-tiny", "qwen2-bias-tiny"})
            QTest::newRow(name) << QString(name);
        for (const char *name : kFamilyModels)
            QTest::newRow(name) << QString(name);
    }

    // The loss and every tensor's gradient, named and shaped as in reference.json, to 1e-9.
    void gradMatchesTheReference() {
        QFETCH(QString, model);
        const QJsonObject ref = readJsonObject(modelDir(model) + "/reference.json");
        QTemporaryDir dir;
        const QString out = dir.filePath("grad.json");
        const Run run =
            runCli({"model", "grad", modelDir(model), "--ids", idsText(ref["ids"]), "--json", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject written = readJsonObject(out);
        const double loss = written["loss"].toDouble(), expected = ref["loss"].toDouble();
        QVERIFY(std::abs(loss - expected) <= 1e-9 * expected);
        const QJsonObject grad = written["grad"].toObject(), refGrad = ref["grad"].toObject();
        QCOMPARE(grad.keys(), refGrad.keys());
        for (const QString &name : refGrad.keys()) {
            // The same nesting: a 1-D tensor a flat list, a matrix a list of rows.
            QCOMPARE(grad[name].toArray()[0].isArray(), refGrad[name].toArray()[0].isArray());
            const double e = relativeError(jsonTensor(grad[name]), jsonTensor(refGrad[name]));
            QVERIFY2(e <= 1e-9, qPrintable(QString("%1: relative error %2").arg(name).arg(e)));
        }
    }

    // A few steps of the induction task on a tiny model: a JSON line every 10 steps with the
    // held-out induction score, and a folder that opens and runs like any GPT-2 checkpoint.
    void trainInduction() {
        QTemporaryDir dir;
        const QString out = dir.filePath("model");
        const Run run = runCli({"model", "train", "--task", "induction", "--layers", "2", "--heads",
                                "2", "--d-model", "16", "--attention-only", "--steps", "20",
                                "--sequence", "16", "--batch", "4", "--out", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QList<QByteArray> lines = run.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QJsonObject o = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(o.keys(), (QStringList{"induction", "loss", "step", "tokens_per_s"}));
            QCOMPARE(o["step"].toInt(), 10 * (i + 1));
            QVERIFY(o["loss"].toDouble() > 0 && o["tokens_per_s"].toDouble() > 0);
            QVERIFY(o["induction"].toDouble() >= 0 && o["induction"].toDouble() <= 1);
        }
        for (const char *file : {"config.json", "model.safetensors", "tokenizer.json",
                                 "training.json", "training_state.safetensors"})
            QVERIFY2(QFileInfo::exists(out + "/" + file), file);
        // The letters A … Z are the tokens; the folder's tokenizer encodes them.
        const Run ran = runCli({"model", "run", out, "--text", "ABCABC", "--json", "-"});
        QVERIFY2(ran.finished && ran.exitCode == 0, ran.err.constData());
        const QJsonObject result = QJsonDocument::fromJson(ran.out).object();
        QCOMPARE(idsText(result["ids"]), QString("32,33,34,32,33,34"));
        QCOMPARE(jsonMatrix(result["logits"]).cols(), 257);
    }

    // Ten steps, then ten more in the same folder: the very files of twenty steps at once, and
    // the same line for step 20; the same seed twice gives the same files.
    void resumesAndRepeats() {
        QTemporaryDir dir;
        const QStringList common{"model",   "train", "--task",    "induction", "--layers",   "1",
                                 "--heads", "2",     "--d-model", "8",         "--sequence", "8",
                                 "--batch", "2",     "--seed",    "5"};
        const auto train = [&](const QString &out, const QString &steps) {
            const Run run = runCli(common + QStringList{"--steps", steps, "--out", out});
            if (!run.finished || run.exitCode != 0)
                qWarning("%s", run.err.constData());
            QByteArray line = run.out.trimmed().split('\n').last();
            // tokens_per_s is a measurement, not a result.
            return QJsonDocument::fromJson(line).object().value("loss").toDouble();
        };
        const QString straight = dir.filePath("straight"), again = dir.filePath("again"),
                      resumed = dir.filePath("resumed");
        const double loss = train(straight, "20");
        QCOMPARE(train(again, "20"), loss);
        train(resumed, "10");
        QCOMPARE(train(resumed, "20"), loss);
        for (const char *file : {"model.safetensors", "training_state.safetensors"}) {
            const QByteArray a = readBytes(straight + "/" + file);
            QVERIFY(!a.isEmpty());
            QVERIFY2(a == readBytes(again + "/" + file), file);
            QVERIFY2(a == readBytes(resumed + "/" + file), file);
        }
        // A different size than the folder's run is refused.
        const Run other = runCli({"model", "train", "--task", "induction", "--layers", "2",
                                  "--steps", "30", "--out", resumed});
        QCOMPARE(other.exitCode, 1);
        QVERIFY2(other.err.contains("--layers 2 differs from the 1"), other.err.constData());
    }

    // A corpus: a byte-level BPE trained on it and written as tokenizer.json, the loss falling.
    void trainCorpus() {
        QTemporaryDir dir;
        const QString corpus = dir.filePath("corpus.txt"), out = dir.filePath("model");
        QByteArray text;
        for (int i = 0; i < 40; ++i)
            text += "the cat sat on the mat. the dog sat on the log.\n";
        QFile file(corpus);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(text) == text.size());
        file.close();
        const Run run =
            runCli({"model",   "train", "--corpus",  corpus, "--vocab", "280", "--layers",   "1",
                    "--heads", "2",     "--d-model", "16",   "--steps", "30",  "--sequence", "16",
                    "--batch", "4",     "--lr",      "1e-2", "--out",   out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QList<QByteArray> lines = run.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        const double first = QJsonDocument::fromJson(lines[0]).object()["loss"].toDouble();
        const double last = QJsonDocument::fromJson(lines[2]).object()["loss"].toDouble();
        QVERIFY2(last < first, qPrintable(QString("%1 → %2").arg(first).arg(last)));
        QVERIFY(!QJsonDocument::fromJson(lines[0]).object().contains("induction"));
        const Run ran = runCli({"model", "run", out, "--text", "the cat sat"});
        QVERIFY2(ran.finished && ran.exitCode == 0, ran.err.constData());
        const Run inspect = runCli({"model", "inspect", out});
        // The corpus runs out of pairs to merge before 280 tokens: the model has the tokenizer's.
        const int vocab = QJsonDocument::fromJson(inspect.out).object()["vocab"].toInt();
        QVERIFY(vocab > 257 && vocab <= 280);
    }

    // --bos: training.json keeps the tokenizer's <|endoftext|> as every window's first id, a
    // resume without --bos is refused, and --bos has no meaning for the induction task.
    void trainCorpusBos() {
        QTemporaryDir dir;
        const QString corpus = dir.filePath("corpus.txt"), out = dir.filePath("model");
        QByteArray text;
        for (int i = 0; i < 40; ++i)
            text += "the cat sat on the mat.<|endoftext|>the dog sat on the log.\n";
        QFile file(corpus);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(text) == text.size());
        file.close();
        const QStringList common{"model",      "train", "--corpus", corpus, "--vocab",   "280",
                                 "--layers",   "1",     "--heads",  "2",    "--d-model", "16",
                                 "--sequence", "16",    "--batch",  "2",    "--out",     out};
        const Run run = runCli(common + QStringList{"--bos", "--steps", "2"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QFile saved(QDir(out).filePath("training.json"));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const int start =
            QJsonDocument::fromJson(saved.readAll()).object()["window_start_id"].toInt(-1);
        const Run ids = runCli({"tokenize", out, "--text", "<|endoftext|>"});
        QCOMPARE(QJsonDocument::fromJson(ids.out).object()["ids"].toArray(), QJsonArray{start});
        const Run plain = runCli(common + QStringList{"--steps", "3"});
        QCOMPARE(plain.exitCode, 1);
        QVERIFY2(plain.err.contains("--bos"), plain.err.constData());
        const Run induction =
            runCli({"model", "train", "--task", "induction", "--bos", "--out", out});
        QCOMPARE(induction.exitCode, 2);
        QVERIFY2(induction.err.contains("--bos is an option of --corpus"),
                 induction.err.constData());
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        const QString gpt2 = modelDir("gpt2-tiny"), bert = modelDir("bert-tiny");
        QTest::newRow("bert") << QStringList{"model", "grad", bert, "--ids", "1,2", "--json", "-"}
                              << 1 << "is an encoder, which has no next-token loss";
        QTest::newRow("one token")
            << QStringList{"model", "grad", gpt2, "--ids", "1", "--json", "-"} << 1
            << "a sequence needs at least 2 tokens";
        QTest::newRow("no json") << QStringList{"model", "grad", gpt2, "--ids", "1,2"} << 2
                                 << "model grad needs --json OUT";
        QTest::newRow("id out of range")
            << QStringList{"model", "grad", gpt2, "--ids", "1,300", "--json", "-"} << 1
            << "token id 300 (at position 1) is outside the vocabulary";
        QTest::newRow("train without out")
            << QStringList{"model", "train", "--task", "induction", "--layers", "1"} << 2
            << "model train needs --out DIR";
        QTest::newRow("train without data")
            << QStringList{"model", "train", "--layers", "1", "--out", "x"} << 2
            << "model train needs either --corpus FILE or --task induction";
        QTest::newRow("too many layers")
            << QStringList{"model",   "train", "--task",    "induction", "--layers", "99",
                           "--heads", "2",     "--d-model", "16",        "--out",    "x"}
            << 1 << "--layers is 99: from 1 to 24 are supported";
        QTest::newRow("too many steps")
            << QStringList{"model",   "train",       "--task", "induction",
                           "--steps", "99999999999", "--out",  "x"}
            << 1 << "--steps is 99999999999: from 0 to 10000000 are supported";
        QTest::newRow("missing size")
            << QStringList{"model", "train", "--task", "induction", "--layers", "1", "--out", "x"}
            << 2 << "model train needs --heads";
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

QTEST_GUILESS_MAIN(TestCliTrain)
#include "test_cli_train.moc"
