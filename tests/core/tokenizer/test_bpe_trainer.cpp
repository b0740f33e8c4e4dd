// SPDX-License-Identifier: GPL-3.0-or-later
// Training a byte-level BPE: the merges of a corpus small enough to check by hand, in the order
// learned, and the same as a plain Python trainer that recounts every pair at every merge
// (tests/data/tokenizers/bpe-trainer.json); the tokenizer.json read back by the loader encodes
// the corpus to the ids the training gave and round-trips unseen text, non-ASCII included;
// the same corpus gives the same bytes; the limits are checked first.

#include "InputError.h"
#include "Limits.h"
#include "support/TokenizerSupport.h"
#include "tokenizer/BpeTrainer.h"
#include "tokenizer/ByteLevelBpe.h"
#include "tokenizer/Tokenizer.h"

#include <QJsonDocument>
#include <QtTest>

#include <memory>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

// A few paragraphs with repeats, punctuation, digits, a contraction, line breaks, runs of spaces,
// non-ASCII letters and a special token between documents.
const char *const kCorpus =
    "The queens told the king that they would come. The king told the queens that he would "
    "wait.\n\nThe cat sat on the mat; the cat's mat was red. A dog sat on the log.\n"
    "Numbers: 12 123 1234 12345, and   spaces    in runs.\tTabs too.\n"
    "Grüße aus Köln! Ça va? Naïve café, déjà vu. Ελληνικά και русский текст, 日本語も。\n"
    "<|endoftext|>The second document repeats: the cat sat on the mat, the dog sat on the log."
    "\n<|endoftext|>\n";

std::unique_ptr<attn::ByteLevelBpe> load(const QByteArray &json) {
    return attn::ByteLevelBpe::fromTokenizerJson(json, "tokenizer.json");
}

std::vector<int> encodeIds(const attn::Tokenizer &t, const QString &text) {
    return attn::tokenIds(t.encode(text));
}

QString refusal(const QString &corpus, int vocab) {
    try {
        attn::trainByteLevelBpe(corpus, vocab);
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
    return QString();
}

QStringList mergesOf(const QByteArray &json) {
    QStringList out;
    for (const QJsonValue v :
         QJsonDocument::fromJson(json).object()["model"].toObject()["merges"].toArray())
        out << v.toString();
    return out;
}

} // namespace

class TestBpeTrainer : public QObject {
    Q_OBJECT

private slots:
    // "aaabdaaabac" (one word): aa (4 times), then ab and (aa, a) twice each: ab, whose bytes
    // sort first; then (aa, ab) twice; then the pairs seen once in byte order: (a, c), (aaab,
    // ac), (aaab, d), (aaabd, aaabac). GPT-2's byte ids: 'a' is 64, 'b' 65, 'c' 66, 'd' 67.
    void handCheckedMerges() {
        const attn::BpeTraining t = attn::trainByteLevelBpeWithIds("aaabdaaabac", 257 + 3);
        QCOMPARE(mergesOf(t.tokenizerJson), QStringList({"a a", "a b", "aa ab"}));
        QCOMPARE(t.vocabularySize, 260);
        QCOMPARE(t.endOfTextId, 259);
        QCOMPARE(t.corpusIds, std::vector<int>({258, 67, 258, 64, 66}));
        const auto tok = load(t.tokenizerJson);
        QCOMPARE(tok->vocabularySize(), 260);
        QCOMPARE(encodeIds(*tok, "aaabdaaabac"), t.corpusIds);
        QCOMPARE(tok->token(258).piece, QString("aaab"));
        QCOMPARE(tok->token(259).piece, QString("<|endoftext|>"));
        QVERIFY(tok->token(259).special);
        // The order learned is the order applied: "a a" before "a b", so "aab" is (aa, b).
        QCOMPARE(encodeIds(*tok, "aab"), std::vector<int>({256, 65}));
        QCOMPARE(encodeIds(*tok, "ab"), std::vector<int>({257}));

        const attn::BpeTraining all = attn::trainByteLevelBpeWithIds("aaabdaaabac", 300);
        QCOMPARE(mergesOf(all.tokenizerJson),
                 QStringList({"a a", "a b", "aa ab", "a c", "aaab ac", "aaab d", "aaabd aaabac"}));
        // The corpus ran out of pairs: a smaller vocabulary, the special token last.
        QCOMPARE(all.vocabularySize, 256 + 7 + 1);
        QCOMPARE(all.corpusIds, std::vector<int>({262}));
    }

    // The merges of a plain Python trainer (tests/data/tokenizers/make_bpe_trainer_case.py: every
    // pair recounted at every merge, the same order of ties) on the corpus above.
    void sameAsRecountingTrainer() {
        const QJsonObject c =
            QJsonDocument::fromJson(readAll(tokenizerData("bpe-trainer.json"))).object();
        const QString corpus = c["corpus"].toString();
        QCOMPARE(corpus, QString::fromUtf8(kCorpus));
        const int vocab = c["vocab_size"].toInt();
        QStringList expected;
        for (const QJsonValue v : c["merges"].toArray())
            expected << v.toString();
        const attn::BpeTraining t = attn::trainByteLevelBpeWithIds(corpus, vocab);
        QCOMPARE(mergesOf(t.tokenizerJson), expected);
        QCOMPARE(t.vocabularySize, vocab);
    }

    // The loader reads the trained file back; it encodes the corpus to the training's ids and
    // gives back every text, seen or not.
    void roundTrip() {
        const QString corpus = QString::fromUtf8(kCorpus);
        for (const int vocab : {257, 300, 400}) {
            const attn::BpeTraining t = attn::trainByteLevelBpeWithIds(corpus, vocab);
            const auto tok = load(t.tokenizerJson);
            QCOMPARE(tok->vocabularySize(), t.vocabularySize);
            QCOMPARE(tok->token(t.endOfTextId).piece, QString("<|endoftext|>"));
            const std::vector<int> ids = encodeIds(*tok, corpus);
            QCOMPARE(ids, t.corpusIds);
            QCOMPARE(tok->decode(ids), corpus);
            QVERIFY(ids.size() < std::size_t(corpus.toUtf8().size()) || vocab == 257);
            for (const QString &unseen :
                 {QString("Zebras quietly x-ray 9876 jugs."), QString("  leading spaces\n\n\n"),
                  QString::fromUtf8("Ünïcödé – “quotes” 🙂 emoji 𝔘 and 中文"),
                  QString("don't they'll I'm <|endoftext|> after"), QString()}) {
                const std::vector<int> u = encodeIds(*tok, unseen);
                QCOMPARE(tok->decode(u), unseen);
            }
        }
    }

    // The training is deterministic: the same corpus gives the same file, byte for byte.
    void deterministic() {
        const QString corpus = QString::fromUtf8(kCorpus).repeated(3);
        const QByteArray a = attn::trainByteLevelBpe(corpus, 350);
        QCOMPARE(attn::trainByteLevelBpe(corpus, 350), a);
        QVERIFY(a.startsWith("{\n  \"version\": \"1.0\",\n"));
        QVERIFY(a.contains("\"model\": {\n    \"type\": \"BPE\""));
        // GPT-2's byte order: "!" is id 0, "Ġ" (the space) id 220.
        QVERIFY(a.contains("\"!\": 0,"));
        QVERIFY(a.contains(QString("\"\u0120\": 220,").toUtf8()));
    }

    // A corpus of a few MB trains in well under a minute (the incremental counts); timed here on
    // a quarter MB so the test stays fast, also under the sanitizers.
    void largerCorpus() {
        QString corpus;
        for (int i = 0; corpus.size() < 250000; ++i)
            corpus += QString("Sentence %1 tells of the %2 and the %3. ")
                          .arg(i)
                          .arg(i % 7 ? "queen" : "king")
                          .arg(QString::number(i * 7919 % 1000, 36));
        QElapsedTimer timer;
        timer.start();
        const attn::BpeTraining t = attn::trainByteLevelBpeWithIds(corpus, 2000);
        qInfo("%lld characters, %d tokens: %lld ms", qlonglong(corpus.size()), t.vocabularySize,
              qlonglong(timer.elapsed()));
        const auto tok = load(t.tokenizerJson);
        const QString part = corpus.left(60000);
        QCOMPARE(tok->decode(encodeIds(*tok, part)), part);
    }

    // A corpus without spaces is a few very long words (Japanese, DNA): a merge touches only
    // the places of its pair, so 40 000 bytes in one word train as fast as words of 6; the
    // loader merges them back to the same tokens.
    void longWords() {
        QString dna;
        std::uint32_t state = 1;
        for (int i = 0; i < 40000; ++i) {
            state = state * 1664525u + 1013904223u;
            dna += "acgt"[state >> 30];
        }
        const QString corpus =
            dna + QString::fromUtf8(" 日本語のテキストは空白なしで続きます。").repeated(200);
        QElapsedTimer timer;
        timer.start();
        const attn::BpeTraining t = attn::trainByteLevelBpeWithIds(corpus, 1200);
        qInfo("%lld characters, two distinct words, %d tokens: %lld ms", qlonglong(corpus.size()),
              t.vocabularySize, qlonglong(timer.elapsed()));
        QCOMPARE(t.vocabularySize, 1200);
        QVERIFY(corpus.toUtf8().size() <= attn::kMaxTokenizerTextBytes);
        const auto tok = load(t.tokenizerJson);
        QCOMPARE(encodeIds(*tok, corpus), t.corpusIds);
        QCOMPARE(tok->decode(t.corpusIds), corpus);
    }

    void limits() {
        QCOMPARE(refusal("abc", 256),
                 QString("a vocabulary of 256 tokens: a byte-level BPE has from 257 to 65536"));
        QCOMPARE(refusal("abc", int(attn::kMaxTrainedVocab) + 1),
                 QString("a vocabulary of 65537 tokens: a byte-level BPE has from 257 to 65536"));
        const QString huge(qsizetype(attn::kMaxTrainingCorpusBytes) + 1, u'a');
        QCOMPARE(refusal(huge, 300), QString("a corpus of 33554433 bytes: at most 33554432 are "
                                             "supported"));
        // Counted in UTF-8: 2 bytes a character.
        const QString wide(qsizetype(attn::kMaxTrainingCorpusBytes) / 2 + 1, QChar(0xe9));
        QCOMPARE(refusal(wide, 300), QString("a corpus of 33554434 bytes: at most 33554432 are "
                                             "supported"));
        // Empty and all-special corpora give the bytes alone.
        QCOMPARE(attn::trainByteLevelBpeWithIds("", 300).vocabularySize, 257);
        const attn::BpeTraining special = attn::trainByteLevelBpeWithIds("<|endoftext|>", 300);
        QCOMPARE(special.corpusIds, std::vector<int>({256}));
        // An unpaired surrogate trains as the loader encodes it: U+FFFD.
        const QString odd = QString("ab") + QChar(0xd800) + QString("ab");
        const attn::BpeTraining t = attn::trainByteLevelBpeWithIds(odd, 300);
        QCOMPARE(encodeIds(*load(t.tokenizerJson), odd), t.corpusIds);
    }
};

QTEST_GUILESS_MAIN(TestBpeTrainer)
#include "test_bpe_trainer.moc"
