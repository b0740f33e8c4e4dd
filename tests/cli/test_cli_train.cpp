// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli model grad and model train: the gradient of every tensor of the decoder
// references against PyTorch's, and training a small GPT-2 (the JSON lines, determinism,
// resuming, the written folder opening and running like any checkpoint).

#include "support/CliSupport.h"
#include "support/ModelSupport.h"

#include <QJsonArray>
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

class TestCliTrain : public QObject {
    Q_OBJECT

private slots:
    void gradMatchesTheReference_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : {"gpt2-tiny", "llama-gqa-tiny", "qwen2-bias-tiny"})
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
