// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli grad and train, run as a process: the gradient of every reference-learning case,
// compute honouring options.positional, the training progress lines and the trained session.

#include "io/Session.h"
#include "support/CliSupport.h"
#include "support/LearningSupport.h"

#include <QTemporaryDir>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

class TestCliLearn : public QObject {
    Q_OBJECT

private slots:
    void gradMatchesReference_data() {
        QTest::addColumn<QString>("file");
        for (const QString &file : learningReferenceFiles())
            QTest::newRow(qPrintable(QFileInfo(file).baseName())) << file;
    }

    void gradMatchesReference() {
        QFETCH(QString, file);
        const Run run = runCli({"grad", file});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject out = QJsonDocument::fromJson(run.out).object();
        const QJsonObject expected = readJsonObject(file)["expected"].toObject();
        QVERIFY(close(out["loss"].toDouble(), expected["loss"].toDouble()));
        const QJsonObject grad = out["grad"].toObject(), want = expected["grad"].toObject();
        QCOMPARE(grad.keys(), QStringList({"Wo", "X", "context", "heads"}));
        for (const char *key : {"X", "context", "Wo"}) {
            if (want[key].isNull()) {
                QVERIFY2(grad[key].isNull(), key);
                continue;
            }
            const QString diff = compareMatrix(grad[key], want[key], false, key);
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
        }
        const QJsonArray heads = grad["heads"].toArray(), wantHeads = want["heads"].toArray();
        QCOMPARE(heads.size(), wantHeads.size());
        for (qsizetype h = 0; h < heads.size(); ++h)
            for (const char *key : {"Wq", "Wk", "Wv"}) {
                const QString diff = compareMatrix(heads[h][key], wantHeads[h][key], false, key);
                QVERIFY2(diff.isEmpty(), qPrintable(diff));
            }
    }

    void computeHonoursPositions() {
        const QString file = learningReferenceDir() + "/rope_causal.json";
        const Run run = runCli({"compute", file});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QString diff = compareResult(QJsonDocument::fromJson(run.out).object(),
                                           readJsonObject(file)["expected"].toObject(), false);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    void gradRefusesClearly_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QTest::newRow("no target")
            << QStringList{"grad", workedExampleFile()} << 1 << "there is no target";
        QTest::newRow("no file") << QStringList{"grad"} << 2 << "missing FILE after grad";
        QTest::newRow("missing file")
            << QStringList{"grad", "/nonexistent.json"} << 1 << "/nonexistent.json: cannot open";
        QTest::newRow("train without task") << QStringList{"train"} << 2 << "train needs --task";
        QTest::newRow("unknown task")
            << QStringList{"train", "--task", "sort"} << 2 << "--task expects previous-token";
        QTest::newRow("bad steps") << QStringList{"train", "--task", "match", "--steps", "-3"} << 2
                                   << "--steps expects a whole number";
        QTest::newRow("bad positional")
            << QStringList{"train", "--task", "match", "--positional", "alibi"} << 2
            << "--positional expects none, sinusoidal or rope";
        QTest::newRow("bad lr") << QStringList{"train", "--task", "match", "--lr", "0"} << 2
                                << "--lr expects a learning rate";
    }

    void gradRefusesClearly() {
        QFETCH(QStringList, arguments);
        QFETCH(int, status);
        QFETCH(QString, message);
        const Run run = runCli(arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, status);
        QVERIFY2(QString(run.err).contains(message), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }

    void trainPrintsProgressAndWritesTheSession() {
        QTemporaryDir dir;
        const QString out = dir.filePath("trained.json");
        const Run run = runCli(
            {"train", "--task", "previous-token", "--steps", "300", "--seed", "2", "--out", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QList<QByteArray> lines = run.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 31); // steps 0, 10, …, 300
        double accuracy = 0;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QJsonObject line = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(line.keys(), QStringList({"accuracy", "loss", "step"}));
            QCOMPARE(line["step"].toInt(), int(i * 10));
            accuracy = line["accuracy"].toDouble();
            QVERIFY(accuracy >= 0 && accuracy <= 1 && line["loss"].toDouble() >= 0);
        }
        QVERIFY2(accuracy >= 0.95, lines.last().constData());
        const attn::Session session = attn::loadSessionFile(out);
        QCOMPARE(session.inputs.options.positional, attn::Positional::Rope);
        QVERIFY(session.inputs.options.causal);
        QVERIFY(session.inputs.hasTarget());
        // The saved session's gradient runs too: training and grad agree on the file.
        QCOMPARE(runCli({"grad", out}).exitCode, 0);
        // Same seed, same numbers.
        const Run again =
            runCli({"train", "--task", "previous-token", "--steps", "300", "--seed", "2"});
        QCOMPARE(again.out, run.out);
    }

    void helpNamesTheCommands() {
        const Run run = runCli({"--help"});
        QVERIFY(run.out.contains("attnviz-cli grad FILE"));
        QVERIFY(run.out.contains("--task previous-token|first-token|match"));
    }
};

QTEST_GUILESS_MAIN(TestCliLearn)
#include "test_cli_learn.moc"
