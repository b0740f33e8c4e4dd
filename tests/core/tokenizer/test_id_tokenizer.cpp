// SPDX-License-Identifier: GPL-3.0-or-later
// IdTokenizer: a model folder without tokenizer files runs on token ids typed as text.

#include "InputError.h"
#include "tokenizer/IdTokenizer.h"
#include "tokenizer/TokenizerFiles.h"

#include <QTemporaryDir>
#include <QtTest>

#include "support/TestMainName.h" // last: renames main in a shared executable

class TestIdTokenizer : public QObject {
    Q_OBJECT

private slots:
    void readsIdsSeparatedByCommasOrSpaces() {
        const attn::IdTokenizer t(50000);
        const std::vector<attn::Token> tokens = t.encode(QStringLiteral(" 1, 15043,3186\n 7 "));
        QCOMPARE(attn::tokenIds(tokens), (std::vector<int>{1, 15043, 3186, 7}));
        QCOMPARE(tokens[1].display, QStringLiteral("15043"));
        QCOMPARE(attn::displayLabel(tokens[1]), QStringLiteral("15043"));
        QCOMPARE(t.decode({1, 15043, 3186}), QStringLiteral("1, 15043, 3186"));
        QCOMPARE(attn::tokenIds(t.encode(t.decode({4, 5}))), (std::vector<int>{4, 5}));
        QVERIFY(t.encode(QStringLiteral("  ")).empty());
        QCOMPARE(t.family(), attn::Tokenizer::Family::Ids);
    }

    void refusesWordsAndIdsOutsideTheVocabulary_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("a word") << "1, the, 3"
                                << "\"the\" is not a token id";
        QTest::newRow("negative") << "-1"
                                  << "outside the vocabulary 0 … 99";
        QTest::newRow("too large") << "100"
                                   << "outside the vocabulary 0 … 99";
        QTest::newRow("beyond int64") << "99999999999999999999999"
                                      << "is not a token id";
        QTest::newRow("a fraction") << "1.5"
                                    << "is not a token id";
    }

    void refusesWordsAndIdsOutsideTheVocabulary() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const attn::IdTokenizer t(100);
        try {
            t.encode(text);
            QFAIL("accepted");
        } catch (const attn::InputError &e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(message), qPrintable(what));
            QVERIFY(!what.contains('\n'));
        }
    }

    // hasTokenizer tells a folder without any tokenizer file from one with a broken file.
    void foldersWithAndWithoutTokenizers() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(!attn::hasTokenizer(dir.path()));
        QFile broken(dir.filePath("tokenizer.json"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{");
        broken.close();
        QVERIFY(attn::hasTokenizer(dir.path()));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, attn::loadTokenizer(dir.path()));
    }
};

QTEST_GUILESS_MAIN(TestIdTokenizer)
#include "test_id_tokenizer.moc"
