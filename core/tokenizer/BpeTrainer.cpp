// SPDX-License-Identifier: GPL-3.0-or-later
#include "BpeTrainer.h"

#include "AddedTokens.h"
#include "ByteLevelBpe.h"
#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "io/JsonWrite.h"

#include <QHash>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <array>
#include <queue>
#include <unordered_map>

namespace attn {

namespace {

const QString kEndOfText = QStringLiteral("<|endoftext|>");

// The ids of the 256 bytes in GPT-2's order (encoder.json's): the printable bytes first, in
// byte order, then the others; so a trained vocabulary starts as GPT-2's does.
struct ByteIds {
    std::array<int, 256> idOf{};
    std::array<unsigned char, 256> byteOf{};
    ByteIds() {
        int next = 0;
        const auto printable = [](int b) {
            return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || b >= 0xAE;
        };
        for (int pass = 0; pass < 2; ++pass)
            for (int b = 0; b < 256; ++b)
                if (printable(b) == (pass == 0)) {
                    idOf[std::size_t(b)] = next;
                    byteOf[std::size_t(next++)] = static_cast<unsigned char>(b);
                }
    }
};

// A pre-tokenized word of the corpus, with how often it occurs, as the tokens it is merged into.
struct Word {
    std::vector<int> symbols;
    std::int64_t count = 0;
};

using PairKey = std::uint64_t;
PairKey pairKey(int a, int b) {
    return (std::uint64_t(std::uint32_t(a)) << 32) | std::uint32_t(b);
}
int firstOf(PairKey k) {
    return int(k >> 32);
}
int secondOf(PairKey k) {
    return int(k & 0xffffffffu);
}

// The pieces the loader's pre-tokenizer gives (ByteLevelBpe::preTokenize with the ByteLevel
// pre-tokenizer's own regex): the matches of GPT-2's pattern and the text between them.
template <typename Visit>
void preTokenize(const QRegularExpression &re, const QString &s, Visit &&visit) {
    qsizetype last = 0;
    QRegularExpressionMatchIterator it = re.globalMatch(s);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const qsizetype start = m.capturedStart(), length = m.capturedLength();
        if (length == 0)
            continue;
        if (start > last)
            visit(QStringView(s).mid(last, start - last));
        visit(QStringView(s).mid(start, length));
        last = start + length;
    }
    if (last < s.size())
        visit(QStringView(s).mid(last));
}

// Unpaired surrogates become U+FFFD, as the loader's encode makes them.
QString validUtf16(const QString &text) {
    QString out = text;
    for (qsizetype i = 0; i < out.size(); ++i) {
        if (out[i].isHighSurrogate() && i + 1 < out.size() && out[i + 1].isLowSurrogate())
            ++i;
        else if (out[i].isSurrogate())
            out[i] = QChar(QChar::ReplacementCharacter);
    }
    return out;
}

QString pieceOf(const QByteArray &bytes) {
    QString s(bytes.size(), Qt::Uninitialized);
    for (qsizetype i = 0; i < bytes.size(); ++i)
        s[i] = ByteLevelBpe::byteChar(static_cast<unsigned char>(bytes[i]));
    return s;
}

// tokenizer.json in Hugging Face's layout, as GPT-2's: the vocabulary in id order, the merges
// one a line, "<|endoftext|>" an added special token, ByteLevel pre-tokenizer, post-processor
// and decoder.
QByteArray tokenizerJson(const std::vector<QByteArray> &tokenBytes,
                         const std::vector<std::pair<QByteArray, QByteArray>> &merges,
                         int endOfText) {
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);
    root.key("version");
    out += "\"1.0\"";
    root.key("truncation");
    out += "null";
    root.key("padding");
    out += "null";
    root.key("added_tokens");
    {
        json::Block added(out, root.inner(), json::Block::Array);
        added.item();
        json::Block t(out, added.inner(), json::Block::Object);
        t.key("id");
        out += QByteArray::number(endOfText);
        t.key("content");
        json::appendValue(out, kEndOfText, t.inner());
        for (const char *key : {"single_word", "lstrip", "rstrip"}) {
            t.key(key);
            out += "false";
        }
        for (const char *key : {"normalized", "special"}) {
            t.key(key);
            out += "true";
        }
        t.close();
        added.close();
    }
    root.key("normalizer");
    out += "null";
    const auto byteLevel = [](bool addPrefixSpace, bool trimOffsets) {
        return QJsonObject{{"type", "ByteLevel"},
                           {"add_prefix_space", addPrefixSpace},
                           {"trim_offsets", trimOffsets},
                           {"use_regex", true}};
    };
    root.key("pre_tokenizer");
    json::appendValue(out, byteLevel(false, true), root.inner());
    root.key("post_processor");
    json::appendValue(out, byteLevel(true, false), root.inner());
    root.key("decoder");
    json::appendValue(out, byteLevel(true, true), root.inner());
    root.key("model");
    {
        json::Block model(out, root.inner(), json::Block::Object);
        model.key("type");
        out += "\"BPE\"";
        for (const char *key : {"dropout", "unk_token"}) {
            model.key(key);
            out += "null";
        }
        for (const char *key : {"continuing_subword_prefix", "end_of_word_suffix"}) {
            model.key(key);
            out += "\"\"";
        }
        for (const char *key : {"fuse_unk", "byte_fallback", "ignore_merges"}) {
            model.key(key);
            out += "false";
        }
        model.key("vocab");
        {
            json::Block vocab(out, model.inner(), json::Block::Object);
            for (std::size_t id = 0; id < tokenBytes.size(); ++id) {
                vocab.key(pieceOf(tokenBytes[id]));
                out += QByteArray::number(qsizetype(id));
            }
            vocab.key(kEndOfText);
            out += QByteArray::number(endOfText);
            vocab.close();
        }
        model.key("merges");
        {
            // "first second": byte-level pieces never hold a space (it is "Ġ").
            json::Block list(out, model.inner(), json::Block::Array);
            for (const auto &[first, second] : merges) {
                list.item();
                json::appendValue(out, pieceOf(first) + u' ' + pieceOf(second), list.inner());
            }
            list.close();
        }
        model.close();
    }
    root.close();
    out += '\n';
    return out;
}

} // namespace

BpeTraining trainByteLevelBpeWithIds(const QString &corpusText, int vocabSize) {
    if (vocabSize < 257 || vocabSize > kMaxTrainedVocab)
        throw InputError(translate("attn::tokenizer", "a vocabulary of %1 tokens: a byte-level "
                                                      "BPE has from 257 to %2")
                             .arg(qs(std::int64_t(vocabSize)), qs(kMaxTrainedVocab)));
    // A UTF-16 unit is at least one byte of UTF-8: the first check needs no conversion.
    const auto tooLong = [](std::int64_t bytes) {
        return InputError(translate("attn::tokenizer", "a corpus of %1 bytes: at most %2 are "
                                                       "supported")
                              .arg(qs(bytes), qs(kMaxTrainingCorpusBytes)));
    };
    if (corpusText.size() > kMaxTrainingCorpusBytes)
        throw tooLong(corpusText.size());
    if (const qsizetype bytes = corpusText.toUtf8().size(); bytes > kMaxTrainingCorpusBytes)
        throw tooLong(bytes);

    static const ByteIds byteIds;
    const QString corpus = validUtf16(corpusText);
    QRegularExpression re(QString::fromLatin1(ByteLevelBpe::kGpt2Pattern),
                          QRegularExpression::UseUnicodePropertiesOption);
    re.optimize();

    // The corpus as a sequence of words (indices into `words`; −1 for "<|endoftext|>"), each
    // distinct word once with its count: merges are counted over the distinct words.
    std::vector<Word> words;
    std::vector<int> sequence;
    {
        QHash<QString, int> index;
        const AddedTokenMatcher matcher({AddedToken{kEndOfText, 0, true, false, false, false}});
        for (const TextSegment &segment : matcher.split(corpus)) {
            if (segment.added >= 0) {
                sequence.push_back(-1);
                continue;
            }
            preTokenize(re, segment.text, [&](QStringView piece) {
                const QString key = piece.toString();
                auto it = index.find(key);
                if (it == index.end()) {
                    it = index.insert(key, int(words.size()));
                    Word w;
                    const QByteArray bytes = key.toUtf8();
                    w.symbols.reserve(std::size_t(bytes.size()));
                    for (const char c : bytes)
                        w.symbols.push_back(byteIds.idOf[static_cast<unsigned char>(c)]);
                    words.push_back(std::move(w));
                }
                ++words[std::size_t(*it)].count;
                sequence.push_back(*it);
            });
        }
    }

    std::vector<QByteArray> tokenBytes;
    tokenBytes.reserve(std::size_t(vocabSize));
    QSet<QByteArray> known; // every token's bytes: a merge must make a new one
    for (int id = 0; id < 256; ++id) {
        tokenBytes.push_back(QByteArray(1, char(byteIds.byteOf[std::size_t(id)])));
        known.insert(tokenBytes.back());
    }

    // How often each adjacent pair occurs, and the words it occurs in (a word once per
    // appearance of the pair in it; stale entries, words where a merge has since removed it,
    // are skipped when read).
    std::unordered_map<PairKey, std::int64_t> counts;
    std::unordered_map<PairKey, std::vector<int>> where;
    for (std::size_t w = 0; w < words.size(); ++w) {
        const std::vector<int> &s = words[w].symbols;
        for (std::size_t i = 0; i + 1 < s.size(); ++i) {
            const PairKey k = pairKey(s[i], s[i + 1]);
            counts[k] += words[w].count;
            std::vector<int> &list = where[k];
            if (list.empty() || list.back() != int(w))
                list.push_back(int(w));
        }
    }

    // The most frequent pair first; of equal counts the one whose bytes sort first. Entries are
    // pushed whenever a count changes and checked against the count when taken.
    struct Entry {
        std::int64_t count;
        PairKey pair;
    };
    const auto lower = [&tokenBytes](const Entry &x, const Entry &y) {
        if (x.count != y.count)
            return x.count < y.count;
        const QByteArray &xa = tokenBytes[std::size_t(firstOf(x.pair))];
        const QByteArray &ya = tokenBytes[std::size_t(firstOf(y.pair))];
        if (xa != ya)
            return xa > ya;
        return tokenBytes[std::size_t(secondOf(x.pair))] >
               tokenBytes[std::size_t(secondOf(y.pair))];
    };
    std::priority_queue<Entry, std::vector<Entry>, decltype(lower)> heap(lower);
    {
        // In key order, so the heap's layout does not depend on the hash table's.
        std::vector<PairKey> keys;
        keys.reserve(counts.size());
        for (const auto &[k, c] : counts)
            keys.push_back(k);
        std::sort(keys.begin(), keys.end());
        for (const PairKey k : keys)
            heap.push({counts[k], k});
    }

    BpeTraining result;
    std::vector<PairKey> touched;
    std::vector<int> merged;
    const int mergesWanted = vocabSize - 257;
    while (int(result.merges.size()) < mergesWanted && !heap.empty()) {
        const Entry top = heap.top();
        heap.pop();
        const auto found = counts.find(top.pair);
        if (found == counts.end() || found->second != top.count || top.count <= 0)
            continue; // stale
        const int a = firstOf(top.pair), b = secondOf(top.pair);
        QByteArray joined = tokenBytes[std::size_t(a)] + tokenBytes[std::size_t(b)];
        if (known.contains(joined))
            continue; // never merged (its count stays right; it is pushed again and dropped)
        const int c = int(tokenBytes.size());
        result.merges.emplace_back(tokenBytes[std::size_t(a)], tokenBytes[std::size_t(b)]);
        known.insert(joined);
        tokenBytes.push_back(std::move(joined));

        std::vector<int> list = std::move(where[top.pair]);
        where.erase(top.pair);
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        touched.clear();
        for (const int w : list) {
            Word &word = words[std::size_t(w)];
            const std::vector<int> &s = word.symbols;
            merged.clear();
            bool changed = false;
            for (std::size_t i = 0; i < s.size();) {
                if (i + 1 < s.size() && s[i] == a && s[i + 1] == b) {
                    merged.push_back(c);
                    i += 2;
                    changed = true;
                } else {
                    merged.push_back(s[i++]);
                }
            }
            if (!changed)
                continue;
            // The word's pairs before and after: counts move by the word's count, and the new
            // pairs (those holding c; the others were in the word before) learn the word.
            for (std::size_t i = 0; i + 1 < s.size(); ++i) {
                const PairKey k = pairKey(s[i], s[i + 1]);
                const auto it = counts.find(k);
                if (it != counts.end())
                    it->second -= word.count;
                touched.push_back(k);
            }
            for (std::size_t i = 0; i + 1 < merged.size(); ++i) {
                const PairKey k = pairKey(merged[i], merged[i + 1]);
                counts[k] += word.count;
                touched.push_back(k);
                if (merged[i] == c || merged[i + 1] == c) {
                    std::vector<int> &words_ = where[k];
                    if (words_.empty() || words_.back() != w)
                        words_.push_back(w);
                }
            }
            word.symbols.swap(merged);
        }
        counts.erase(top.pair);
        std::sort(touched.begin(), touched.end());
        touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
        for (const PairKey k : touched) {
            const auto it = counts.find(k);
            if (it == counts.end())
                continue;
            if (it->second > 0)
                heap.push({it->second, k});
            else
                counts.erase(it);
        }
    }

    result.endOfTextId = int(tokenBytes.size());
    result.vocabularySize = result.endOfTextId + 1;
    std::size_t total = 0;
    for (const int w : sequence)
        total += w < 0 ? 1 : words[std::size_t(w)].symbols.size();
    result.corpusIds.reserve(total);
    for (const int w : sequence) {
        if (w < 0)
            result.corpusIds.push_back(result.endOfTextId);
        else
            result.corpusIds.insert(result.corpusIds.end(), words[std::size_t(w)].symbols.begin(),
                                    words[std::size_t(w)].symbols.end());
    }
    result.tokenizerJson = tokenizerJson(tokenBytes, result.merges, result.endOfTextId);
    return result;
}

QByteArray trainByteLevelBpe(const QString &corpus, int vocabSize) {
    return trainByteLevelBpeWithIds(corpus, vocabSize).tokenizerJson;
}

} // namespace attn
