// SPDX-License-Identifier: GPL-3.0-or-later
// SentencePiece's BPE (Llama 2) against the reference sentences that llama-tokenizer-js,
// Google's SentencePiece, Hugging Face's tokenizers.js and llama.cpp agree on, through both of
// its files, tokenizer.json and tokenizer.model, and decoded back; the pieces no other layout
// has (U+FEFF, "\r", <0x0A>); SentencePiece's rules on small models written here (scores,
// leftmost ties, user-defined and unused pieces, unknown characters, extra spaces); the labels
// a view shows; and the refusals of damaged files, protobuf and JSON alike, each one line.

#include "InputError.h"
#include "Limits.h"
#include "io/ProtobufReader.h"
#include "support/TokenizerSupport.h"
#include "tokenizer/SentencePiece.h"
#include "tokenizer/Tokenizer.h"
#include "tokenizer/TokenizerFiles.h"

#include <QTemporaryDir>
#include <QtTest>

#include <bit>
#include <functional>
#include <memory>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

const QString kSpace = QString(QChar(0x2581)); // "▁"

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

// --- A protobuf writer for the small models below (the wire format's encoding guide) ------

QByteArray varint(quint64 v) {
    QByteArray out;
    do {
        const auto low = char(v & 0x7F);
        v >>= 7;
        out += v ? char(low | 0x80) : low;
    } while (v);
    return out;
}

QByteArray varintField(int number, quint64 value) {
    return varint(quint64(number) << 3) + varint(value);
}

QByteArray bytesField(int number, const QByteArray &bytes) {
    return varint((quint64(number) << 3) | 2) + varint(quint64(bytes.size())) + bytes;
}

QByteArray floatField(int number, float value) {
    const auto bits = std::bit_cast<quint32>(value);
    QByteArray out = varint((quint64(number) << 3) | 5);
    for (int i = 0; i < 4; ++i)
        out += char((bits >> (8 * i)) & 0xFF);
    return out;
}

// ModelProto.SentencePiece: type 1 normal, 2 unknown, 3 control, 4 user-defined, 5 unused,
// 6 byte.
QByteArray piece(const QString &text, float score, int type = 1) {
    QByteArray p = bytesField(1, text.toUtf8()) + floatField(2, score);
    if (type != 1)
        p += varintField(3, quint64(type));
    return bytesField(1, p);
}

struct SmallModel {
    QList<QByteArray> pieces;
    bool byteFallback = false;
    bool addDummyPrefix = false;
    bool removeExtraWhitespaces = false;
    int modelType = 2; // BPE
    qint64 bosId = 1;

    QByteArray bytes() const {
        QByteArray out;
        for (const QByteArray &p : pieces)
            out += p;
        QByteArray trainer = varintField(3, quint64(modelType)) + varintField(4, 8000);
        if (byteFallback)
            trainer += varintField(35, 1);
        trainer += varintField(41, quint64(bosId)); // a negative one sign-extended to 10 bytes
        out += bytesField(2, trainer);
        out += bytesField(3, bytesField(1, "identity") + varintField(3, addDummyPrefix) +
                                 varintField(4, removeExtraWhitespaces) + varintField(5, 1));
        return out;
    }
};

// <unk> <s> </s>, then the pieces given.
SmallModel smallModel(const QList<QByteArray> &pieces) {
    SmallModel m;
    m.pieces = {piece("<unk>", 0, 2), piece("<s>", 0, 3), piece("</s>", 0, 3)};
    m.pieces += pieces;
    return m;
}

std::unique_ptr<attn::SentencePiece> load(const QByteArray &modelProto) {
    return attn::SentencePiece::fromModelProto(modelProto, "tokenizer.model");
}

QStringList pieces(const attn::Tokenizer &t, const QString &text) {
    QStringList out = textsOf(t.encode(text));
    if (!out.isEmpty() && out.front() == "<s>")
        out.removeFirst();
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

QString refusalOfModel(const QByteArray &bytes) {
    try {
        load(bytes);
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
    return QString();
}

} // namespace

class TestSentencePiece : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<attn::Tokenizer> json_, model_;

    QString write(const QString &name, const QByteArray &bytes) {
        const QString path = QDir(dir_.path()).filePath(name);
        QDir().mkpath(QFileInfo(path).path());
        if (!writeAll(path, bytes))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    const attn::Tokenizer &layout(const QString &name) const {
        return name == "tokenizer.json" ? *json_ : *model_;
    }

    // Llama 2's tokenizer.json with `edit` applied, loaded.
    QString llamaJsonEdited(const QString &name, const std::function<void(QJsonObject &)> &edit) {
        // U+FEFF escaped, as the loader does: Qt's parser would drop it (TokenizerJson.cpp).
        QJsonObject json =
            QJsonDocument::fromJson(
                readAll(tokenizerData("llama2/tokenizer.json")).replace("\xEF\xBB\xBF", "\\uFEFF"))
                .object();
        edit(json);
        return write(name + "/tokenizer.json", QJsonDocument(json).toJson(QJsonDocument::Compact));
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        json_ = attn::loadTokenizer(tokenizerData("llama2/tokenizer.json"));
        model_ = attn::loadTokenizer(tokenizerData("llama2/tokenizer.model"));
        for (const attn::Tokenizer *t : {json_.get(), model_.get()}) {
            QCOMPARE(t->family(), attn::Tokenizer::Family::SentencePiece);
            QCOMPARE(t->vocabularySize(), 32000);
        }
        QVERIFY2(model_->description().contains("tokenizer.model, 32000 tokens"),
                 qPrintable(model_->description()));
    }

    void reference_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<int>>("ids");
        QTest::addColumn<QStringList>("pieces");
        const QJsonArray cases = tokenizerCases("llama2.json");
        QCOMPARE(cases.size(), 12);
        for (const char *file : {"tokenizer.json", "tokenizer.model"})
            for (qsizetype i = 0; i < cases.size(); ++i) {
                const QJsonObject c = cases[i].toObject();
                QStringList pieces;
                for (const QJsonValue p : c["pieces"].toArray())
                    pieces << p.toString();
                QTest::addRow("%s %d", file, int(i))
                    << QString(file) << c["text"].toString() << idsOf(c["ids"]) << pieces;
            }
    }

    // Every sentence: the ids (BOS first) and pieces of the reference, and decoded back.
    void reference() {
        QFETCH(QString, file);
        QFETCH(QString, text);
        QFETCH(std::vector<int>, ids);
        QFETCH(QStringList, pieces);
        const attn::Tokenizer &t = layout(file);
        const std::vector<attn::Token> tokens = t.encode(text);
        QCOMPARE(attn::tokenIds(tokens), ids);
        QCOMPARE(textsOf(tokens), pieces);
        QCOMPARE(t.decode(ids), text);
        for (const attn::Token &token : tokens)
            QCOMPARE(t.token(token.id).piece, token.piece);
    }

    // The two files hold the same 32 000 pieces, byte for byte: tokenizer.json's JSON and
    // tokenizer.model's protobuf are read by different code.
    void bothFilesHoldTheSamePieces() {
        for (int id = 0; id < 32000; ++id)
            QCOMPARE(json_->token(id).piece, model_->token(id).piece);
    }

    // U+FEFF (which Qt's JSON parser took for a byte order mark), "\r" and the byte pieces load
    // and encode as themselves.
    void unusualPiecesLoad() {
        for (const attn::Tokenizer *t : {json_.get(), model_.get()}) {
            QCOMPARE(t->token(30143).piece, QString(QChar(0xFEFF)));
            QCOMPARE(t->token(30004).piece, QString("\r"));
            QCOMPARE(t->token(13).piece, QString("<0x0A>"));
            QCOMPARE(t->token(3).piece, QString("<0x00>"));
            QCOMPARE(t->token(258).piece, QString("<0xFF>"));
            const std::vector<int> ids = attn::tokenIds(t->encode(QString(QChar(0xFEFF)) + "a\r"));
            QVERIFY(std::count(ids.begin(), ids.end(), 30143) == 1);
            QCOMPARE(ids.back(), 30004);
            QCOMPARE(t->decode(ids), QString(QChar(0xFEFF)) + "a\r");
        }
    }

    // A folder with only tokenizer.model reads it; with tokenizer.json too, tokenizer.json.
    void foldersAndNames() {
        const QString onlyModel = QDir(dir_.path()).filePath("only-model");
        QVERIFY(QDir().mkpath(onlyModel));
        QVERIFY(QFile::copy(tokenizerData("llama2/tokenizer.model"),
                            QDir(onlyModel).filePath("tokenizer.model")));
        const auto fromFolder = attn::loadTokenizer(onlyModel);
        QVERIFY(fromFolder->description().contains("tokenizer.model"));
        QCOMPARE(attn::tokenIds(fromFolder->encode("Attention is all you need.")),
                 (std::vector<int>{1, 6212, 2509, 338, 599, 366, 817, 29889}));
        const auto both = attn::loadTokenizer(tokenizerData("llama2"));
        QVERIFY(both->description().contains("tokenizer.json"));
        QCOMPARE(both->family(), attn::Tokenizer::Family::SentencePiece);
        // Another name of the same format.
        QVERIFY(QFile::copy(tokenizerData("llama2/tokenizer.model"),
                            QDir(dir_.path()).filePath("spiece.model")));
        QCOMPARE(attn::loadTokenizer(QDir(dir_.path()).filePath("spiece.model"))->family(),
                 attn::Tokenizer::Family::SentencePiece);
    }

    // What a label shows: no "▁", a flag where a word begins, whitespace and ASCII bytes made
    // visible, a byte that is part of a character as its piece.
    void displayPieces() {
        const QString text = "  two  spaces,\ttabs\tand\nnew lines\n\n";
        for (const attn::Tokenizer *t : {json_.get(), model_.get()}) {
            const std::vector<attn::Token> tokens = t->encode(text);
            QCOMPARE(displaysOf(tokens),
                     (QStringList{"<s>", "\u2423\u2423", "two", "\u2423", "spaces", ",", "\u21E5",
                                  "tabs", "\u21E5", "and", "\u21B5", "new", "lines", "\u21B5",
                                  "\u21B5"}));
            QCOMPARE(wordStartsOf(tokens),
                     (QList<bool>{true, false, true, false, true, false, false, true, false, true,
                                  false, true, true, false, false}));
            QVERIFY(tokens[0].special);
            QCOMPARE(attn::displayLabels(t->encode("emoji \U0001F642")),
                     (QStringList{"<s>", "\u00B7em", "o", "ji", "\u2423", "\u00B7<0xF0>", "<0x9F>",
                                  "<0x99>", "<0x82>"}));
            const attn::Token the = t->token(450);
            QCOMPARE(the.piece, kSpace + "The");
            QCOMPARE(the.display, QString("The"));
            QVERIFY(the.wordStart);
            QCOMPARE(attn::displayLabel(the), QString("\u00B7The"));
            QCOMPARE(t->token(13).display, QString("\u21B5"));
            QVERIFY(!t->token(13).wordStart);
            QCOMPARE(t->token(29871).display, QString("\u2423"));
            QCOMPARE(t->token(68).display, QString("A")); // <0x41>
            QVERIFY(t->token(1).special);
            QCOMPARE(t->token(1).display, QString("<s>"));
        }
    }

    void decodeRoundTrips_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << QString();
        QTest::newRow("one space") << " ";
        QTest::newRow("leading spaces") << "   leading and trailing   ";
        QTest::newRow("mixed") << QString::fromUtf8(
            "Grüße, 世界! \t\r\n x ∑ \xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD");
        QTest::newRow("unpaired") << QString(QChar(0xD800)) + "x"; // becomes U+FFFD
        QTest::newRow("special text") << "a </s> b";
    }

    // encode then decode gives the text back through both files (an unpaired surrogate, which
    // UTF-8 cannot hold, as U+FFFD).
    void decodeRoundTrips() {
        QFETCH(QString, text);
        QString expected = text;
        expected.replace(QChar(0xD800), QChar(QChar::ReplacementCharacter));
        QCOMPARE(model_->decode(attn::tokenIds(model_->encode(text))), expected);
        if (!text.contains("</s>"))
            QCOMPARE(json_->decode(attn::tokenIds(json_->encode(text))), expected);
    }

    // Byte pieces that are no whole character decode to U+FFFD; BOS and EOS are invisible.
    void decodeBytesAndSpecials() {
        for (const attn::Tokenizer *t : {json_.get(), model_.get()}) {
            QCOMPARE(t->decode({243, 162, 156, 133}), QString("\U0001F642"));
            QCOMPARE(t->decode({1, 450, 2}), QString("The"));
            QCOMPARE(t->decode({450, 450}), QString("The The"));
            QVERIFY(t->decode({243}).contains(QChar(QChar::ReplacementCharacter)));
            QVERIFY_THROWS_EXCEPTION(attn::InputError, t->decode({32000}));
            QVERIFY_THROWS_EXCEPTION(attn::InputError, t->token(-1));
        }
    }

    // tokenizer.json's special tokens are matched whole in the text, as Hugging Face's; the
    // model alone has none, so "</s>" typed there is text, as in SentencePiece.
    void specialTokensInText() {
        const std::vector<int> fromJson = attn::tokenIds(json_->encode("a</s>"));
        QCOMPARE(fromJson.back(), 2);
        const std::vector<int> fromModel = attn::tokenIds(model_->encode("a</s>"));
        QCOMPARE(std::count(fromModel.begin(), fromModel.end(), 2), 0);
        QVERIFY(fromModel.size() > 3);
    }

    // tokenizer_config.json beside either file adds or removes the BOS.
    void configDecidesTheBos() {
        for (const char *file : {"tokenizer.json", "tokenizer.model"}) {
            const QString folder = QString("nobos-%1").arg(file);
            write(folder + "/" + file, readAll(tokenizerData(QString("llama2/") + file)));
            write(folder + "/tokenizer_config.json",
                  "{\"add_bos_token\": false, \"add_eos_token\": true, \"bos_token\": \"<s>\", "
                  "\"eos_token\": {\"content\": \"</s>\"}}");
            const auto t = attn::loadTokenizer(QDir(dir_.path()).filePath(folder));
            QCOMPARE(attn::tokenIds(t->encode("Hi")), (std::vector<int>{6324, 2}));
        }
        // Without bos_token the model's own BOS is the one taken away.
        write("nobos-unnamed/tokenizer.model", readAll(tokenizerData("llama2/tokenizer.model")));
        write("nobos-unnamed/tokenizer_config.json", "{\"add_bos_token\": false}");
        QCOMPARE(
            attn::tokenIds(
                attn::loadTokenizer(QDir(dir_.path()).filePath("nobos-unnamed"))->encode("Hi")),
            (std::vector<int>{6324}));
    }

    // The newer conversion of Llama's tokenizer.json: no normalizer, a Metaspace pre-tokenizer
    // (prepend_scheme "first", split false) and a Metaspace decoder give the same ids.
    void metaspacePreTokenizer() {
        const QString path = llamaJsonEdited("metaspace", [](QJsonObject &json) {
            json["normalizer"] = QJsonValue::Null;
            json["pre_tokenizer"] = QJsonObject{{"type", "Metaspace"},
                                                {"replacement", QString(QChar(0x2581))},
                                                {"prepend_scheme", "first"},
                                                {"split", false}};
            json["decoder"] = QJsonObject{
                {"type", "Sequence"},
                {"decoders",
                 QJsonArray{QJsonObject{{"type", "ByteFallback"}}, QJsonObject{{"type", "Fuse"}},
                            QJsonObject{{"type", "Metaspace"},
                                        {"replacement", QString(QChar(0x2581))},
                                        {"prepend_scheme", "first"},
                                        {"split", false}}}}};
        });
        const auto t = attn::loadTokenizer(path);
        QCOMPARE(t->family(), attn::Tokenizer::Family::SentencePiece);
        for (const QJsonValue v : tokenizerCases("llama2.json")) {
            const QJsonObject c = v.toObject();
            const QString text = c["text"].toString();
            // Metaspace puts no "▁" before a text that begins with a space ("  two  …").
            if (text.startsWith(' '))
                continue;
            QCOMPARE(attn::tokenIds(t->encode(text)), idsOf(c["ids"]));
            QCOMPARE(t->decode(idsOf(c["ids"])), text);
        }
        // split (the default) cuts before every "▁": "▁▁" can no longer be one piece.
        const QString split = llamaJsonEdited("metaspace-split", [](QJsonObject &json) {
            json["normalizer"] = QJsonValue::Null;
            json["pre_tokenizer"] = QJsonObject{{"type", "Metaspace"}, {"add_prefix_space", true}};
        });
        QCOMPARE(pieces(*attn::loadTokenizer(split), "a  b"),
                 (QStringList{kSpace + "a", kSpace, kSpace + "b"}));
        QCOMPARE(pieces(*json_, "a  b"), (QStringList{kSpace + "a", kSpace, kSpace + "b"}));
        QCOMPARE(pieces(*json_, "  b"), (QStringList{kSpace + kSpace, kSpace + "b"}));
        // Metaspace prepends no "▁" to a text that begins with a space.
        QCOMPARE(pieces(*attn::loadTokenizer(split), "  b"), (QStringList{kSpace, kSpace + "b"}));
    }

    // SentencePiece's BPE on a model small enough to check by hand: the best score merges
    // first, anywhere in the text; of equal scores the leftmost.
    void scoresDecide() {
        const auto byScore = load(smallModel({piece("a", -10), piece("b", -10), piece("c", -10),
                                              piece("ab", -2), piece("bc", -1)})
                                      .bytes());
        QCOMPARE(pieces(*byScore, "abc"), (QStringList{"a", "bc"}));
        // A merge makes a piece that merges again: "a" + "bc" is "abc".
        const auto further = load(smallModel({piece("a", -10), piece("b", -10), piece("c", -10),
                                              piece("ab", -2), piece("bc", -1), piece("abc", -3)})
                                      .bytes());
        QCOMPARE(pieces(*further, "abc"), (QStringList{"abc"}));
        QCOMPARE(pieces(*byScore, "abab"), (QStringList{"ab", "ab"}));
        const auto tied = load(smallModel({piece("a", -10), piece("b", -10), piece("c", -10),
                                           piece("ab", -1), piece("bc", -1)})
                                   .bytes());
        QCOMPARE(pieces(*tied, "abc"), (QStringList{"ab", "c"}));
        QCOMPARE(pieces(*tied, "bcab"), (QStringList{"bc", "ab"}));
        // The BOS of trainer_spec.bos_id; none for -1.
        QCOMPARE(attn::tokenIds(tied->encode("a")), (std::vector<int>{1, 3}));
        SmallModel noBos = smallModel({piece("a", -10)});
        noBos.bosId = -1;
        QCOMPARE(attn::tokenIds(load(noBos.bytes())->encode("a")), (std::vector<int>{3}));
    }

    // User-defined pieces are cut out whole and never merged; a merge into an unused piece is
    // undone; unknown characters in a row are one <unk>, which decodes as " ⁇ ".
    void pieceTypes() {
        const auto t =
            load(smallModel({piece("a", -10), piece("b", -10), piece("d", -10), piece("<t>", 0, 4),
                             piece("ab", -1, 5), piece("abd", -2), piece("t>", -1)})
                     .bytes());
        QCOMPARE(pieces(*t, "a<t>b"), (QStringList{"a", "<t>", "b"}));
        QCOMPARE(pieces(*t, "abd"), (QStringList{"abd"}));
        QCOMPARE(pieces(*t, "ab"), (QStringList{"a", "b"}));
        QCOMPARE(pieces(*t, "xyza"), (QStringList{"<unk>", "a"}));
        QCOMPARE(t->decode(attn::tokenIds(t->encode("xyza"))),
                 QString::fromUtf8(" \xE2\x81\x87 a"));
        QVERIFY(t->token(0).special);
    }

    // add_dummy_prefix puts "▁" first; remove_extra_whitespaces takes spaces off both ends and
    // leaves one between words; byte_fallback writes an unknown character's bytes.
    void normalizerSpec() {
        SmallModel m = smallModel({piece(kSpace, -1), piece("a", -10), piece("b", -10),
                                   piece(kSpace + "a", -2), piece(kSpace + "b", -3)});
        m.addDummyPrefix = true;
        m.removeExtraWhitespaces = true;
        const auto t = load(m.bytes());
        QCOMPARE(pieces(*t, "  a   b  "), (QStringList{kSpace + "a", kSpace + "b"}));
        QCOMPARE(pieces(*t, "   "), QStringList{});
        QCOMPARE(t->decode(attn::tokenIds(t->encode("a b"))), QString("a b"));

        SmallModel bytes = smallModel({piece("a", -10)});
        for (int b = 0; b < 256; ++b)
            bytes.pieces += piece(
                QString("<0x%1>").arg(QString::number(b, 16).toUpper().rightJustified(2, '0')), 0,
                6);
        bytes.byteFallback = true;
        const auto fallback = load(bytes.bytes());
        QCOMPARE(pieces(*fallback, QString::fromUtf8("a\xC3\xA9")),
                 (QStringList{"a", "<0xC3>", "<0xA9>"}));
        QCOMPARE(fallback->decode(attn::tokenIds(fallback->encode(QString::fromUtf8("a\xC3\xA9")))),
                 QString::fromUtf8("a\xC3\xA9"));
    }

    // The wire format: varints of one to ten bytes, fixed32, lengths, unknown fields skipped.
    void protobufReader() {
        const QByteArray bytes = varintField(1, 300) + varintField(2, quint64(-1)) +
                                 floatField(3, 1.5f) + bytesField(4, "xyz") + varint((7 << 3) | 1) +
                                 QByteArray(8, '\x01') + bytesField(5, varintField(1, 7));
        attn::ProtobufReader r(bytes, "m");
        attn::ProtobufReader::Field f;
        QVERIFY(r.next(f));
        QCOMPARE(r.uint64(f, "a"), quint64(300));
        QVERIFY(r.next(f));
        QCOMPARE(r.int32(f, "b"), -1);
        QVERIFY(r.next(f));
        QCOMPARE(r.float32(f, "c"), 1.5f);
        QVERIFY(r.next(f));
        QCOMPARE(r.bytes(f, "d").toByteArray(), QByteArray("xyz"));
        QVERIFY(r.next(f));
        QCOMPARE(f.type, attn::ProtobufReader::WireType::Fixed64);
        QVERIFY(r.next(f));
        attn::ProtobufReader inner = r.message(f);
        attn::ProtobufReader::Field g;
        QVERIFY(inner.next(g));
        QCOMPARE(g.value, quint64(7));
        QVERIFY(!inner.next(g));
        QVERIFY(!r.next(f));

        // Messages nested deeper than kMaxProtobufDepth.
        QByteArray nested = varintField(1, 1);
        for (int i = 0; i < attn::kMaxProtobufDepth + 1; ++i)
            nested = bytesField(1, nested);
        attn::ProtobufReader deep(nested, "deep");
        try {
            attn::ProtobufReader current = deep;
            for (int level = 0; level < attn::kMaxProtobufDepth + 2; ++level) {
                QVERIFY(current.next(f));
                current = current.message(f);
            }
            QFAIL("nesting past the limit was read");
        } catch (const attn::InputError &e) {
            QVERIFY2(QString(e.what()).startsWith("deep: byte ") &&
                         QString(e.what()).endsWith("messages nested more than 8 deep"),
                     e.what());
        }
    }

    void damagedModels_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("problem");
        const QByteArray good = smallModel({piece("a", -1)}).bytes();
        QTest::newRow("empty") << QByteArray() << "no pieces: not a SentencePiece model";
        QTest::newRow("length past the end")
            << QByteArray("\x0a\xff\xff\xff\xff\x0f", 6)
            << "byte 0: field 1 declares 4294967295 bytes, but only 0 remain";
        QTest::newRow("varint of 11 bytes")
            << QByteArray("\x08") + QByteArray(10, '\xff') + QByteArray("\x01")
            << "byte 0: a varint longer than 10 bytes";
        QTest::newRow("ends in a varint")
            << QByteArray("\x08\xff", 2) << "byte 0: the data ends inside a field";
        QTest::newRow("ends in a float")
            << QByteArray("\x15\x00\x00", 3) << "byte 0: the data ends inside a field";
        QTest::newRow("group") << QByteArray("\x0b\x0c", 2)
                               << "byte 0: field 1 has wire type 3 (a group or no type)";
        QTest::newRow("field 0") << QByteArray("\x00\x00", 2)
                                 << "byte 0: field number 0: not a protobuf field";
        QTest::newRow("piece a number") << QByteArray("\x08\x01", 2)
                                        << "byte 0: field 1 has wire type VARINT, expected a "
                                           "message (LEN)";
        QTest::newRow("score a varint")
            << bytesField(1, bytesField(1, "a") + varintField(2, 1))
            << "byte 5: score (field 2) has wire type VARINT, expected I32";
        QTest::newRow("piece type 9") << bytesField(1, bytesField(1, "a") + varintField(3, 9))
                                      << "piece 0: type 9 is not a piece type (1 to 6)";
        QTest::newRow("empty piece")
            << bytesField(1, floatField(2, 0)) << "byte 0: piece 0 is empty";
        QTest::newRow("not UTF-8")
            << bytesField(1, bytesField(1, "\xff\xfe")) << "byte 2: piece: not UTF-8 text";
        QTest::newRow("long piece") << bytesField(1, bytesField(1, QByteArray(5000, 'a')))
                                    << "piece: 5000 bytes: at most 1024 characters are supported";
        SmallModel noUnknown;
        noUnknown.pieces = {piece("a", 0), piece("b", 0)};
        QTest::newRow("no unknown")
            << noUnknown.bytes() << "no piece is the unknown piece (type 2)";
        QTest::newRow("twice") << smallModel({piece("a", 0), piece("a", 1)}).bytes()
                               << "the piece \"a\" is given twice (ids 3 and 4)";
        SmallModel unigram = smallModel({piece("a", 0)});
        unigram.modelType = 1;
        QTest::newRow("unigram")
            << unigram.bytes()
            << "trainer_spec.model_type: a Unigram model (as T5's, ALBERT's and XLNet's): only "
               "SentencePiece's BPE models (Llama 2, Mistral, Gemma) are supported";
        SmallModel noBytes = smallModel({piece("a", 0)});
        noBytes.byteFallback = true;
        QTest::newRow("byte missing")
            << noBytes.bytes() << "byte_fallback is on but no piece is the byte <0x00>";
        QTest::newRow("bad byte piece") << smallModel({piece("<0xZZ>", 0, 6)}).bytes()
                                        << "piece 3 (\"<0xZZ>\") is of the type byte";
        SmallModel farBos = smallModel({piece("a", 0)});
        farBos.bosId = 99;
        QTest::newRow("bos beyond")
            << farBos.bytes() << "trainer_spec.bos_id: no piece has the id 99";
        QTest::newRow("charsmap")
            << good + bytesField(3, bytesField(1, "nmt_nfkc") + bytesField(2, "map"))
            << "normalizer_spec: the normalization \"nmt_nfkc\" (a precompiled character map) "
               "is not supported";
        // A piece count over the cap, counted before any piece is stored: 2 MB of empty pieces.
        QByteArray many;
        many.reserve(2 * (attn::kMaxVocabularySize + 1));
        for (std::int64_t i = 0; i <= attn::kMaxVocabularySize; ++i)
            many += QByteArray("\x0a\x00", 2);
        QTest::newRow("too many pieces")
            << many << "more than 1048576 pieces: at most 1048576 are supported";
    }

    void damagedModels() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, problem);
        const QString message = refusalOfModel(bytes);
        QVERIFY2(!message.contains('\n'), qPrintable(message));
        QVERIFY2(message.startsWith("tokenizer.model: ") && message.contains(problem),
                 qPrintable(message));
    }

    // Llama's own file cut short anywhere, or with bytes changed, is refused with one line (or,
    // changed where the meaning survives, still loads and encodes): never a crash or a hang.
    void truncatedAndGarbledModels() {
        const QByteArray real = readAll(tokenizerData("llama2/tokenizer.model"));
        QVERIFY(real.size() > 400000);
        for (const qsizetype size : {qsizetype(1), qsizetype(2), qsizetype(7), qsizetype(100),
                                     qsizetype(4095), real.size() / 2, real.size() - 1}) {
            const QString message = refusalOfModel(real.left(size));
            QVERIFY2(message.startsWith("tokenizer.model: ") && !message.contains('\n'),
                     qPrintable(QString("%1 bytes: %2").arg(size).arg(message)));
        }
        quint32 seed = 38;
        for (int round = 0; round < 40; ++round) {
            QByteArray garbled = real;
            for (int k = 0; k < 8; ++k) {
                seed = seed * 1664525u + 1013904223u;
                garbled[qsizetype(seed % quint32(garbled.size()))] = char(seed >> 24);
            }
            try {
                const auto t = load(garbled);
                const std::vector<attn::Token> tokens = t->encode("Garbled, but read: caf\u00e9.");
                for (const attn::Token &token : tokens)
                    QVERIFY(token.id >= 0 && token.id < t->vocabularySize());
                t->decode(attn::tokenIds(tokens));
            } catch (const attn::InputError &e) {
                QVERIFY2(!QString(e.what()).contains('\n'), e.what());
            }
        }
    }

    void damagedJson_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("problem");
        QTest::newRow("unigram") << "model.type" << QJsonValue("Unigram")
                                 << "model.type: a Unigram model";
        QTest::newRow("unk missing") << "model.unk_token" << QJsonValue("<nope>")
                                     << "model.unk_token: the token \"<nope>\" is not in the "
                                        "vocabulary";
        QTest::newRow("merge outside")
            << "model.merges" << QJsonValue(QJsonArray{"a b", "x" + kSpace + "q z"})
            << "model.merges[1]: \"x" + kSpace +
                   "q\" + \"z\": a piece that is not in the "
                   "vocabulary";
        QTest::newRow("precompiled")
            << "normalizer" << QJsonValue(QJsonObject{{"type", "Precompiled"}})
            << "normalizer.type: normalizer \"Precompiled\" is not supported";
        QTest::newRow("regex") << "normalizer"
                               << QJsonValue(QJsonObject{{"type", "Replace"},
                                                         {"pattern", QJsonObject{{"Regex", " "}}},
                                                         {"content", kSpace}})
                               << "normalizer.pattern: expected {\"String\": …}";
        const QJsonObject tenFold{{"type", "Replace"},
                                  {"pattern", QJsonObject{{"String", " "}}},
                                  {"content", "0123456789"}};
        QTest::newRow("growth")
            << "normalizer"
            << QJsonValue(
                   QJsonObject{{"type", "Sequence"}, {"normalizers", QJsonArray{tenFold, tenFold}}})
            << "normalizer: its steps could make a text more than 64 times longer";
        QTest::newRow("split pre-tokenizer")
            << "pre_tokenizer" << QJsonValue(QJsonObject{{"type", "Whitespace"}, {"x", kSpace}})
            << "pre_tokenizer.type: pre-tokenizer \"Whitespace\" is not supported by "
               "SentencePiece's BPE";
        QTest::newRow("decoder") << "decoder"
                                 << QJsonValue(QJsonObject{{"type", "WordPiece"}, {"x", kSpace}})
                                 << "decoder.type: decoder \"WordPiece\" is not supported";
        QTest::newRow("strip count")
            << "decoder" << QJsonValue(QJsonObject{{"type", "Strip"}, {"start", -1}, {"x", kSpace}})
            << "decoder.start: expected a whole number from 0 to 1024";
    }

    void damagedJson() {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(QString, problem);
        const QString path = llamaJsonEdited(QString("json-%1").arg(QTest::currentDataTag()),
                                             [&](QJsonObject &json) {
                                                 const QStringList keys = field.split('.');
                                                 if (keys.size() == 1) {
                                                     json[keys[0]] = value;
                                                     return;
                                                 }
                                                 QJsonObject inner = json[keys[0]].toObject();
                                                 inner[keys[1]] = value;
                                                 json[keys[0]] = inner;
                                             });
        const QString message = refusal(path);
        QVERIFY2(!message.contains('\n'), qPrintable(message));
        QVERIFY2(message.startsWith(path + ": ") && message.contains(problem), qPrintable(message));
    }

    void longTextIsRefused() {
        const QString text(attn::kMaxTokenizerTextBytes / 2 + 1, QChar(0x00E9));
        for (const attn::Tokenizer *t : {json_.get(), model_.get()}) {
            QVERIFY_THROWS_EXCEPTION(attn::InputError, t->encode(text));
            // The longest text: one piece per character at worst, all merges done in time.
            const std::vector<attn::Token> tokens =
                t->encode(QString(attn::kMaxTokenizerTextBytes / 2, QChar(0x00E9)));
            QVERIFY(tokens.size() > 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestSentencePiece)
#include "test_sentencepiece.moc"
