// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli model analyze against the references' analysis section for the four families,
// and model run's interventions (--ablate, --patch, --patch-resid with run B): the
// references' ablation logits, B's prediction restored by patching the residual stream, and
// the one-line refusals.

#include "support/AnalysisSupport.h"
#include "support/CliSupport.h"
#include "support/RandomLlamaSupport.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

QString idsText(const std::vector<std::int64_t> &ids) {
    QStringList parts;
    for (std::int64_t id : ids)
        parts << QString::number(qlonglong(id));
    return parts.join(',');
}

QJsonObject reference(const QString &model) {
    return readJsonObject(modelDir(model) + "/reference.json");
}

// model run … --json -: the run's logits.
attn::Matrix runLogits(const QStringList &arguments, QString &error) {
    const Run run = runCli(QStringList{"model", "run"} + arguments + QStringList{"--json", "-"});
    if (!run.finished || run.exitCode != 0) {
        error = QString::fromUtf8(run.err);
        return {};
    }
    return jsonMatrix(QJsonDocument::fromJson(run.out).object()["logits"]);
}

} // namespace

class TestCliAnalyze : public QObject {
    Q_OBJECT

private slots:
    void analyzeMatchesTheReference_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : kReferenceModels)
            QTest::newRow(name) << QString(name);
        for (const char *name : kFamilyModels)
            QTest::newRow(name) << QString(name);
    }

    void analyzeMatchesTheReference() {
        QFETCH(QString, model);
        const QJsonObject ref = reference(model);
        const QJsonObject expected = ref["analysis"].toObject();
        QStringList arguments{"model", "analyze", modelDir(model), "--ids",
                              idsText(jsonIds(ref["ids"]))};
        for (const auto &[layer, head] : referenceAblations(expected))
            arguments << "--ablate" << QString("%1:%2").arg(layer).arg(head);
        QTemporaryDir dir;
        const QString out = dir.filePath("analysis.json");
        const Run run = runCli(arguments + QStringList{"--json", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.isEmpty());
        const QJsonObject ours = readJsonObject(out);
        for (const char *key : {"norms", "rollout", "circuits", "scores", "ablation"})
            QVERIFY2(ours.contains(key), key);
        const AnalysisAgreement agreement = compareAnalysis(ours, expected);
        QVERIFY2(agreement.failure.isEmpty(), qPrintable(agreement.failure));
        qInfo("%s: worst %s", qPrintable(model), qPrintable(describeWorst(agreement)));
    }

    void badArgumentsAreOneLine_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString gpt2 = modelDir("gpt2-tiny");
        const QStringList analyze{"model", "analyze", gpt2, "--ids", "1,2,3"};
        const QStringList run{"model", "run", gpt2, "--ids", "1,2,3"};
        QTest::newRow("layer out of range")
            << analyze + QStringList{"--ablate", "9:0", "--json", "-"} << "there is no layer 9";
        QTest::newRow("head out of range")
            << analyze + QStringList{"--ablate", "0:4", "--json", "-"} << "there is no head 4";
        QTest::newRow("not a head")
            << analyze + QStringList{"--ablate", "x", "--json", "-"} << "--ablate expects L:H";
        QTest::newRow("no --json") << analyze << "needs --json OUT";
        QTest::newRow("heads out of range")
            << analyze + QStringList{"--heads", "0:9", "--json", "-"} << "there is no head 9";
        QTest::newRow("run: not a head") << run + QStringList{"--ablate", "0:x"}
                                         << "--ablate expects L:H, L:H:mean or L:H:scale=F";
        QTest::newRow("run: bad scale")
            << run + QStringList{"--ablate", "0:1:scale=big"} << "L:H:scale=F";
        QTest::newRow("run: out of range") << run + QStringList{"--ablate", "2:0:mean"}
                                           << "--ablate 2:0:mean: there is no layer 2";
        QTest::newRow("run: patch without B")
            << run + QStringList{"--patch", "0:1"} << "need run B";
        QTest::newRow("run: B of another length")
            << run + QStringList{"--patch-resid", "0", "--from-ids", "4,5"}
            << "patching needs the same length";
        QTest::newRow("run: bad layer")
            << run + QStringList{"--patch-resid", "-1", "--from-ids", "4,5,6"}
            << "--patch-resid expects L or L@P";
    }

    void badArgumentsAreOneLine() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run run = runCli(arguments);
        QVERIFY(run.finished);
        QVERIFY(run.exitCode != 0);
        QVERIFY(run.out.isEmpty());
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.contains(message), qPrintable(err));
        QCOMPARE(err.count('\n'), 1);
    }

    // --heads keeps norms and circuits to the chosen heads (null for the others) and the
    // same numbers as without it; a text long enough for a compact run needs --heads.
    void headsChooseWhatIsAnalyzed() {
        const QString model = modelDir("llama-gqa-tiny");
        const QString ids = idsText(jsonIds(reference("llama-gqa-tiny")["ids"]));
        const Run all = runCli({"model", "analyze", model, "--ids", ids, "--json", "-"});
        const Run some =
            runCli({"model", "analyze", model, "--ids", ids, "--heads", "1:2", "--json", "-"});
        QVERIFY2(all.finished && all.exitCode == 0, all.err.constData());
        QVERIFY2(some.finished && some.exitCode == 0, some.err.constData());
        const QJsonObject a = QJsonDocument::fromJson(all.out).object();
        const QJsonObject s = QJsonDocument::fromJson(some.out).object();
        QCOMPARE(s["norms"][1][2], a["norms"][1][2]);
        QCOMPARE(s["circuits"][1][2], a["circuits"][1][2]);
        QVERIFY(s["norms"][1][1].isNull() && s["norms"][0][2].isNull());
        QVERIFY(s["circuits"][0][0].isNull());
        QCOMPARE(s["scores"], a["scores"]);
        QCOMPARE(s["rollout"], a["rollout"]);
        QVERIFY(!s.contains("rollout_omitted"));

        QTemporaryDir dir;
        writeRandomLlamaFolder(dir.filePath("model"));
        const Run longText = runCli({"model", "analyze", dir.filePath("model"), "--ids",
                                     idsText(repeatingIds(4096, 64)), "--json", "-"});
        QVERIFY(longText.finished);
        QCOMPARE(longText.exitCode, 1);
        QVERIFY2(longText.err.contains("at 4096 tokens") && longText.err.contains("--heads"),
                 longText.err.constData());
        QCOMPARE(longText.err.count('\n'), 1);
    }

    // model run --ablate L:H gives the references' ablation logits.
    void runAblateMatchesTheReference() {
        const QJsonObject ref = reference("llama-gqa-tiny");
        for (const QJsonValue &a : ref["analysis"]["ablation"].toArray()) {
            QString error;
            const attn::Matrix logits = runLogits(
                {modelDir("llama-gqa-tiny"), "--ids", idsText(jsonIds(ref["ids"])), "--ablate",
                 QString("%1:%2").arg(a["layer"].toInt()).arg(a["head"].toInt())},
                error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const double e =
                relativeError(logits.bottomRows(1), jsonMatrix(QJsonArray{a["last_logits"]}));
            QVERIFY2(e < 1e-9, qPrintable(QString::number(e)));
        }
    }

    // --patch-resid L from B restores B's logits bit for bit (the numbers read back exactly);
    // --patch of a head from A itself changes nothing.
    void patchingRestoresB() {
        const QString gpt2 = modelDir("gpt2-tiny");
        QString error;
        const attn::Matrix a = runLogits({gpt2, "--ids", "5,6,7,8"}, error);
        const attn::Matrix b = runLogits({gpt2, "--ids", "9,10,11,12"}, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(a != b);
        for (const char *layer : {"0", "1"}) {
            const attn::Matrix patched = runLogits(
                {gpt2, "--ids", "5,6,7,8", "--patch-resid", layer, "--from-ids", "9,10,11,12"},
                error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QVERIFY(sameBits(patched, b));
        }
        const attn::Matrix self =
            runLogits({gpt2, "--ids", "5,6,7,8", "--patch", "1:3", "--from-ids", "5,6,7,8"}, error);
        QVERIFY(sameBits(self, a));
        const attn::Matrix mixed =
            runLogits({gpt2, "--ids", "5,6,7,8", "--ablate", "0:1:mean", "--ablate",
                       "1:0:scale=0.5", "--patch", "1:3", "--from-ids", "9,10,11,12"},
                      error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(mixed != a && mixed != b);
    }
};

QTEST_GUILESS_MAIN(TestCliAnalyze)
#include "test_cli_analyze.moc"
