// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli on GGUF files: model inspect's "gguf" member, model run --json against the
// reference, tokenize from the metadata, model compare (identical files give zeros; F16 against
// Q4_K_M as the two references' own stages and logits say), and the one-line refusals.

#include "support/CliSupport.h"
#include "support/GgufSupport.h"
#include "support/ModelSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

QString gguf(const char *name, const char *type) {
    return ggufDir(name) + QStringLiteral("/model-%1.gguf").arg(type);
}

QJsonObject reference(const char *name, const char *type) {
    return readJsonObject(ggufDir(name) + QStringLiteral("/reference-%1.json").arg(type));
}

QString idsText(const QJsonValue &ids) {
    QStringList parts;
    for (const QJsonValue &v : ids.toArray())
        parts << QString::number(v.toInteger());
    return parts.join(',');
}

// log-softmax of a row.
std::vector<double> logProbabilities(const QJsonArray &row) {
    double top = -INFINITY;
    for (const QJsonValue &v : row)
        top = std::max(top, v.toDouble());
    double sum = 0;
    for (const QJsonValue &v : row)
        sum += std::exp(v.toDouble() - top);
    std::vector<double> out;
    for (const QJsonValue &v : row)
        out.push_back(v.toDouble() - top - std::log(sum));
    return out;
}

} // namespace

class TestCliGguf : public QObject {
    Q_OBJECT

private slots:
    void inspectAddsTheFile() {
        const Run run = runCli({"model", "inspect", gguf("qwen2-bias", "Q4_K_M")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(o["family"].toString(), QString("qwen2"));
        const QJsonObject g = o["gguf"].toObject();
        QCOMPARE(g["version"].toInt(), 3);
        QCOMPARE(g["alignment"].toInt(), 32);
        QVERIFY(g["tensor_types"].toObject()["Q4_K"].toInt() > 0);
        QVERIFY(g["tensor_types"].toObject()["Q6_K"].toInt() > 0);
    }

    void runJsonMatchesTheReference() {
        const QJsonObject ref = reference("gpt2", "Q4_0");
        QTemporaryDir dir;
        const QString out = dir.filePath("run.json");
        const Run run = runCli(
            {"model", "run", gguf("gpt2", "Q4_0"), "--ids", idsText(ref["ids"]), "--json", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QString error = compareRun(runFromJson(readJsonObject(out)), ref);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void runAndTokenizeTakeText() {
        const Run run =
            runCli({"model", "run", gguf("llama-spm32k", "Q8_0"), "--text", "Hello world!"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.startsWith("tokens: 1 '<s>' 15043 'Hello' 3186 'world' 29991 '!'\n"),
                 run.out.constData());
        const Run tokens =
            runCli({"tokenize", gguf("gpt2-bpe50k", "Q8_0"), "--text", "Hello world!"});
        QVERIFY2(tokens.finished && tokens.exitCode == 0, tokens.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(tokens.out).object();
        QCOMPARE(idsText(o["ids"]), QString("15496,995,0"));
    }

    void compareIdenticalFilesGivesZeros() {
        const QJsonObject ref = reference("llama-gqa", "Q8_0");
        QTemporaryDir dir;
        const QString out = dir.filePath("compare.json");
        const Run run =
            runCli({"model", "compare", gguf("llama-gqa", "Q8_0"), gguf("llama-gqa", "Q8_0"),
                    "--ids", idsText(ref["ids"]), "--json", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject o = readJsonObject(out);
        QCOMPARE(o.keys(), QStringList({"final_kl", "layers", "top1_agreement"}));
        QCOMPARE(o["final_kl"].toDouble(-1), 0.0);
        QCOMPARE(o["top1_agreement"].toDouble(), 1.0);
        const QJsonArray layers = o["layers"].toArray();
        QCOMPARE(layers.size(), 2);
        for (const QJsonValue &l : layers) {
            QCOMPARE(l["residual_rel_diff"].toDouble(-1), 0.0);
            QCOMPARE(l["heads"].toArray().size(), 4);
            for (const QJsonValue &h : l["heads"].toArray()) {
                QCOMPARE(h["max_abs_weight_diff"].toDouble(-1), 0.0);
                QCOMPARE(h["js_divergence"].toDouble(-1), 0.0);
            }
        }
    }

    // F16 against Q4_K_M: the residual differences, the KL and the top-1 agreement are those
    // of the two references' own hidden states and logits.
    void compareQuantizationAsTheReferencesSay() {
        const QJsonObject a = reference("llama-gqa", "F16"), b = reference("llama-gqa", "Q4_K_M");
        QCOMPARE(a["ids"], b["ids"]);
        QTemporaryDir dir;
        const QString out = dir.filePath("compare.json");
        const Run run =
            runCli({"model", "compare", gguf("llama-gqa", "F16"), gguf("llama-gqa", "Q4_K_M"),
                    "--ids", idsText(a["ids"]), "--json", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject o = readJsonObject(out);
        const QJsonArray layers = o["layers"].toArray();
        QCOMPARE(layers.size(), 2);
        for (qsizetype l = 0; l < layers.size(); ++l) {
            const attn::Matrix ha = jsonMatrix(a["layers"][l]["hidden"]),
                               hb = jsonMatrix(b["layers"][l]["hidden"]);
            const double expected = (hb - ha).norm() / ha.norm();
            const double got = layers[l]["residual_rel_diff"].toDouble();
            QVERIFY2(std::abs(got - expected) <= 1e-9 * expected, qPrintable(QString::number(got)));
            for (const QJsonValue &h : layers[l]["heads"].toArray()) {
                const double w = h["max_abs_weight_diff"].toDouble(),
                             js = h["js_divergence"].toDouble();
                QVERIFY(std::isfinite(w) && w > 0 && w <= 1);
                QVERIFY(std::isfinite(js) && js > 0 && js <= std::log(2.0));
            }
        }
        const QJsonArray la = a["logits"].toArray(), lb = b["logits"].toArray();
        double kl = 0;
        int same = 0;
        for (qsizetype i = 0; i < la.size(); ++i) {
            const std::vector<double> pa = logProbabilities(la[i].toArray()),
                                      pb = logProbabilities(lb[i].toArray());
            for (std::size_t j = 0; j < pa.size(); ++j)
                kl += std::exp(pa[j]) * (pa[j] - pb[j]);
            same += std::max_element(pa.begin(), pa.end()) - pa.begin() ==
                    std::max_element(pb.begin(), pb.end()) - pb.begin();
        }
        kl /= double(la.size());
        QVERIFY(kl > 0);
        QVERIFY2(std::abs(o["final_kl"].toDouble() - kl) <= 1e-9 * kl,
                 qPrintable(QString::number(o["final_kl"].toDouble())));
        QCOMPARE(o["top1_agreement"].toDouble(), double(same) / double(la.size()));

        // Without --json: the heads that moved most and the positions that changed.
        const Run text = runCli({"model", "compare", gguf("llama-gqa", "F16"),
                                 gguf("llama-gqa", "Q4_K_M"), "--ids", idsText(a["ids"])});
        QVERIFY2(text.finished && text.exitCode == 0, text.err.constData());
        QVERIFY(text.out.startsWith("heads that moved most"));
        QCOMPARE(text.out.count("  layer "), 5);
        QVERIFY(text.out.contains("top-1 agreement"));
    }

    // Gemma 2 and 3 files as llama.cpp's converter writes them: inspect adds the file's facts,
    // run --json gives the run of the folder the file was converted from, and compare against
    // that folder gives zeros.
    void gemmaFiles_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QByteArray>("arch");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("largeLayers");
        // The reference folder's file: the norms float32, the matrices as stored (gemma2-tiny:
        // BF16, gemma3-tiny: F32).
        QTest::addColumn<int>("f32");
        QTest::addColumn<int>("bf16");
        QTest::newRow("gemma2") << "gemma2-tiny" << QByteArray("gemma2") << 3 << 46 << 13 << 22;
        QTest::newRow("gemma3") << "gemma3-tiny" << QByteArray("gemma3") << 7 << 62 << 41 << 0;
    }

    void gemmaFiles() {
        QFETCH(QString, model);
        QFETCH(QByteArray, arch);
        QFETCH(int, layers);
        QFETCH(int, largeLayers);
        QFETCH(int, f32);
        QFETCH(int, bf16);
        QTemporaryDir dir;
        // The reference folder's own file: its matrices as stored, its norms as float32.
        const QString stored = dir.filePath("stored.gguf");
        QVERIFY(writeBytes(stored, ggufOfFolder(modelDir(model), arch, false)));
        const Run inspect = runCli({"model", "inspect", stored});
        QVERIFY2(inspect.finished && inspect.exitCode == 0, inspect.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(inspect.out).object();
        QCOMPARE(o["family"].toString(), arch == "gemma2" ? QString("gemma2") : "gemma3_text");
        const QJsonObject g = o["gguf"].toObject();
        QCOMPARE(g["version"].toInt(), 3);
        QCOMPARE(g["alignment"].toInt(), 32);
        const QJsonObject types = g["tensor_types"].toObject();
        QCOMPARE(types["F32"].toInt(), f32);
        QCOMPARE(types["BF16"].toInt(), bf16);
        QCOMPARE(types.size(), bf16 > 0 ? 2 : 1);

        const QString folder = dir.filePath("folder");
        writeLlamaCppGemmaFolder(modelDir(model), folder, layers, largeLayers);
        const QString path = dir.filePath("model.gguf");
        QVERIFY(writeBytes(path, ggufOfFolder(folder, arch, false)));
        const QString ids = idsText(readJsonObject(modelDir(model) + "/reference.json")["ids"]);
        for (const QString &input : {path, folder}) {
            const Run run = runCli({"model", "run", input, "--ids", ids, "--json",
                                    dir.filePath(input == path ? "gguf.json" : "folder.json")});
            QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        }
        const QString error = compareRun(runFromJson(readJsonObject(dir.filePath("gguf.json"))),
                                         readJsonObject(dir.filePath("folder.json")), 1e-12);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        const QString out = dir.filePath("compare.json");
        const Run compare = runCli({"model", "compare", path, folder, "--ids", ids, "--json", out});
        QVERIFY2(compare.finished && compare.exitCode == 0, compare.err.constData());
        const QJsonObject c = readJsonObject(out);
        QCOMPARE(c["final_kl"].toDouble(-1), 0.0);
        QCOMPARE(c["top1_agreement"].toDouble(), 1.0);
        QCOMPARE(c["layers"].toArray().size(), layers);
        for (const QJsonValue &l : c["layers"].toArray()) {
            QCOMPARE(l["residual_rel_diff"].toDouble(-1), 0.0);
            for (const QJsonValue &h : l["heads"].toArray())
                QCOMPARE(h["max_abs_weight_diff"].toDouble(-1), 0.0);
        }
    }

    void compareRefusesOtherModels() {
        Run run = runCli(
            {"model", "compare", gguf("llama-gqa", "F16"), gguf("gpt2", "Q4_0"), "--ids", "1,2"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("different architectures"), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        run = runCli({"model", "compare", gguf("llama-gqa", "F16"), gguf("llama-spm32k", "Q8_0"),
                      "--ids", "1,2"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("differ in shape"), run.err.constData());
        run = runCli({"model", "compare", gguf("llama-gqa", "F16"), "--ids", "1,2"});
        QCOMPARE(run.exitCode, 2);
    }

    void refusesAFifo() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("model.gguf");
        QVERIFY(QProcess::execute("mkfifo", {fifo}) == 0);
        const Run run = runCli({"model", "run", fifo, "--ids", "1,2"});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(QString(run.err), "attnviz-cli: " + fifo + ": not a regular file (a FIFO)\n");
    }
};

QTEST_GUILESS_MAIN(TestCliGguf)
#include "test_cli_gguf.moc"
