// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli tokenize: the reference sentences' ids and tokens through a file and a folder of
// each family, and its usage and input errors.

#include "support/CliSupport.h"
#include "support/TokenizerSupport.h"

#include <QTemporaryDir>

using namespace testsupport;

class TestCliTokenize : public QObject {
    Q_OBJECT

private slots:
    void referenceSentences_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QJsonArray>("ids");
        QTest::addColumn<QJsonArray>("tokens");
        for (const QJsonValue v : tokenizerCases("gpt2.json")) {
            const QJsonObject c = v.toObject();
            QTest::addRow("gpt2 %s", qPrintable(c["text"].toString().left(20)))
                << tokenizerData("gpt2/encoder.json") << c["text"].toString() << c["ids"].toArray()
                << c["pieces"].toArray();
        }
        for (const QJsonValue v : tokenizerCases("bert-uncased.json")) {
            const QJsonObject c = v.toObject();
            QTest::addRow("bert %s", qPrintable(c["text"].toString().left(20)))
                << tokenizerData("bert-base-uncased") << c["text"].toString() << c["ids"].toArray()
                << c["tokens"].toArray();
        }
    }

    void referenceSentences() {
        QFETCH(QString, source);
        QFETCH(QString, text);
        QFETCH(QJsonArray, ids);
        QFETCH(QJsonArray, tokens);
        const Run run = runCli({"tokenize", source, "--text", text});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY(run.err.isEmpty());
        QVERIFY(run.out.endsWith("}\n"));
        QCOMPARE(run.out.count('\n'), 1); // exactly one JSON object, on one line
        const QJsonObject out = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(out.keys(), (QStringList{"ids", "tokens"}));
        QCOMPARE(out["ids"].toArray(), ids);
        QCOMPARE(out["tokens"].toArray(), tokens);
    }

    // Hugging Face's layout in a folder, named by the folder or by vocab.json.
    void huggingFaceFolder() {
        QTemporaryDir dir;
        QVERIFY(writeGpt2VocabAndMerges(QDir(dir.path())));
        const QString text = "Attention is all you need.";
        for (const QString &source : {dir.path(), QDir(dir.path()).filePath("vocab.json")}) {
            const Run run = runCli({"tokenize", source, "--text", text});
            QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
            QCOMPARE(QJsonDocument::fromJson(run.out).object()["ids"].toArray(),
                     (QJsonArray{8086, 1463, 318, 477, 345, 761, 13}));
        }
    }

    void errors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString gpt2 = tokenizerData("gpt2/encoder.json");
        QTest::newRow("no text") << QStringList{"tokenize", gpt2} << 2
                                 << "attnviz-cli: tokenize needs --text TEXT\n";
        QTest::newRow("no file") << QStringList{"tokenize", "--text", "a"} << 2
                                 << "attnviz-cli: missing DIR_OR_FILE after tokenize";
        QTest::newRow("two files")
            << QStringList{"tokenize", gpt2, gpt2, "--text", "a"} << 2 << "unexpected argument";
        QTest::newRow("missing") << QStringList{"tokenize", "/nonexistent/x", "--text", "a"} << 1
                                 << "attnviz-cli: /nonexistent/x: no such file or folder\n";
        QTest::newRow("merges alone")
            << QStringList{"tokenize", tokenizerData("gpt2/vocab.bpe"), "--text", "a"} << 1
            << "merges alone are not a tokenizer";
        QTest::newRow("too long")
            << QStringList{"tokenize", gpt2, "--text", QString(65537, 'a')} << 1
            << "the text has 65537 bytes of UTF-8: at most 65536 are supported\n";
    }

    void errors() {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run run = runCli(arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QCOMPARE(run.err.count('\n'), exitCode == 2 ? 3 : 1);
    }
};

QTEST_GUILESS_MAIN(TestCliTokenize)
#include "test_cli_tokenize.moc"
