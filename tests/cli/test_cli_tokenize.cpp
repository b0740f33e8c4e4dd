// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli tokenize: the reference sentences' ids and tokens through a file and a folder of
// each family (SentencePiece's tokenizer.model alone too), and its usage and input errors;
// tokenize --train writing a tokenizer.json that tokenize reads back.

#include "support/CliSupport.h"
#include "support/TokenizerSupport.h"

#include <QTemporaryDir>

#include "support/TestMainName.h" // last: renames main in a shared executable

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
        // Llama 2's SentencePiece: tokenizer.model alone, and the folder (its tokenizer.json);
        // each token is printed as its piece.
        for (const char *source : {"llama2/tokenizer.model", "llama2"})
            for (const QJsonValue v : tokenizerCases("llama2.json")) {
                const QJsonObject c = v.toObject();
                QTest::addRow("%s %s", source, qPrintable(c["text"].toString().left(20)))
                    << tokenizerData(source) << c["text"].toString() << c["ids"].toArray()
                    << c["pieces"].toArray();
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

    // A folder that has only SentencePiece's tokenizer.model (no tokenizer.json) reads it.
    void sentencePieceModelFolder() {
        QTemporaryDir dir;
        QVERIFY(
            QFile::copy(tokenizerData("llama2/tokenizer.model"), dir.filePath("tokenizer.model")));
        const Run run = runCli({"tokenize", dir.path(), "--text", "Attention is all you need."});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject out = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(out["ids"].toArray(), (QJsonArray{1, 6212, 2509, 338, 599, 366, 817, 29889}));
        QCOMPARE(out["tokens"].toArray().first().toString(), QString("<s>"));
    }

    // --train: the file written, its summary line, and the trained tokenizer read back by
    // tokenize, which gives the corpus's text back; the same corpus gives the same bytes.
    void train() {
        QTemporaryDir dir;
        const QString corpus = dir.filePath("corpus.txt");
        const QByteArray text = "The queens told the king that they would stay, so the queens "
                                "rested. The king told the queens that he would stay.\n"
                                "<|endoftext|>K\xc3\xb6ln und Gr\xc3\xbc\xc3\x9f"
                                "e.\n";
        QVERIFY(writeAll(corpus, text.repeated(3)));
        const QString out = dir.filePath("tokenizer.json");
        const Run run = runCli({"tokenize", "--train", corpus, "--vocab", "300", "--out", out});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        QVERIFY(run.err.isEmpty());
        QCOMPARE(run.out.count('\n'), 1);
        const QJsonObject summary = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(summary.keys(), (QStringList{"corpus_bytes", "corpus_tokens", "merges", "vocab"}));
        QCOMPARE(summary["corpus_bytes"].toInt(), 3 * text.size());
        const int vocab = summary["vocab"].toInt();
        QVERIFY(vocab > 257 && vocab <= 300);
        QCOMPARE(summary["merges"].toInt(), vocab - 257);
        const QByteArray first = readAll(out);
        QVERIFY(first.contains("\"<|endoftext|>\": " + QByteArray::number(vocab - 1)));

        // Tokenized back (a token holding part of a character prints as U+FFFD: ASCII here).
        const QString ascii = QString::fromUtf8(text.left(text.indexOf('K')));
        const Run back = runCli({"tokenize", out, "--text", ascii});
        QVERIFY2(back.finished && back.exitCode == 0, back.err.constData());
        const QJsonObject tokens = QJsonDocument::fromJson(back.out).object();
        QString joined;
        for (const QJsonValue t : tokens["tokens"].toArray())
            joined += t.toString();
        QCOMPARE(joined, ascii);
        QVERIFY(tokens["ids"].toArray().contains(vocab - 1));
        // The corpus repeats each word: fewer tokens than bytes.
        QVERIFY(summary["corpus_tokens"].toInt() < summary["corpus_bytes"].toInt() / 2);

        const Run again = runCli({"tokenize", "--train", corpus, "--vocab", "300", "--out", out});
        QCOMPARE(again.out, run.out);
        QCOMPARE(readAll(out), first);
    }

    void trainErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no vocab") << QStringList{"tokenize", "--train", "c.txt", "--out", "t"} << 2
                                  << "tokenize --train needs --vocab N and --out FILE";
        QTest::newRow("bad vocab")
            << QStringList{"tokenize", "--train", "c.txt", "--vocab", "x", "--out", "t"} << 2
            << "--vocab: expected a whole number, got \"x\"";
        QTest::newRow("with text") << QStringList{"tokenize", "--train", "c.txt", "--text", "a",
                                                  "--vocab",  "300",     "--out", "t"}
                                   << 2 << "--text and --train exclude each other";
        QTest::newRow("with a tokenizer")
            << QStringList{"tokenize", "x.json", "--train", "c.txt", "--vocab", "300", "--out", "t"}
            << 2 << "unexpected argument \"x.json\" (tokenize --train reads no tokenizer)";
        QTest::newRow("vocab without train")
            << QStringList{"tokenize", "x.json", "--text", "a", "--vocab", "300"} << 2
            << "--vocab belongs to tokenize --train";
        QTest::newRow("missing corpus")
            << QStringList{"tokenize", "--train", "/nonexistent/c.txt", "--vocab", "300",
                           "--out",    "t"}
            << 1 << "attnviz-cli: /nonexistent/c.txt: cannot read: ";
        QTest::newRow("small vocab")
            << QStringList{"tokenize", "--train", "CORPUS", "--vocab", "100", "--out", "t"} << 1
            << "attnviz-cli: a vocabulary of 100 tokens: a byte-level BPE has from 257 to 65536\n";
        QTest::newRow("not utf-8")
            << QStringList{"tokenize", "--train", "LATIN1", "--vocab", "300", "--out", "t"} << 1
            << "LATIN1: not UTF-8 text\n";
        QTest::newRow("unwritable out")
            << QStringList{"tokenize",           "--train", "CORPUS", "--vocab", "300", "--out",
                           "/nonexistent/t.json"}
            << 1 << "attnviz-cli: /nonexistent/t.json: cannot write: ";
    }

    void trainErrors() {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QVERIFY(writeAll(dir.filePath("corpus.txt"), "a small corpus"));
        QVERIFY(writeAll(dir.filePath("latin1.txt"), "K\xf6ln"));
        for (QString &a : arguments) {
            if (a == "CORPUS")
                a = dir.filePath("corpus.txt");
            else if (a == "LATIN1")
                a = dir.filePath("latin1.txt");
        }
        message.replace("LATIN1", dir.filePath("latin1.txt"));
        const Run run = runCli(arguments);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QCOMPARE(run.err.count('\n'), exitCode == 2 ? 3 : 1);
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
        QTest::newRow("sentencepiece unigram")
            << QStringList{"tokenize", "UNIGRAM", "--text", "a"} << 1
            << "tokenizer.model: trainer_spec.model_type: a Unigram model";
        QTest::newRow("truncated model")
            << QStringList{"tokenize", "TRUNCATED", "--text", "a"} << 1
            << "tokenizer.model: byte 0: field 1 declares 9 bytes, but only 1 remain\n";
        QTest::newRow("too long")
            << QStringList{"tokenize", gpt2, "--text", QString(65537, 'a')} << 1
            << "the text has 65537 bytes of UTF-8: at most 65536 are supported\n";
    }

    void errors() {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        // SentencePiece models written here: a Unigram one (refused by name) and one cut short.
        QTemporaryDir dir;
        const QByteArray piece = "\x0a\x09\x0a\x05<unk>\x18\x02"; // <unk>, type 2
        QVERIFY(QDir().mkpath(dir.filePath("unigram")) && QDir().mkpath(dir.filePath("cut")));
        QVERIFY(writeAll(dir.filePath("unigram/tokenizer.model"), piece + "\x12\x02\x18\x01"));
        QVERIFY(writeAll(dir.filePath("cut/tokenizer.model"), piece.left(3)));
        for (QString &a : arguments) {
            if (a == "UNIGRAM")
                a = dir.filePath("unigram/tokenizer.model");
            else if (a == "TRUNCATED")
                a = dir.filePath("cut");
        }
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
