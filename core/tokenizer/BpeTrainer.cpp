// SPDX-License-Identifier: GPL-3.0-or-later
#include "BpeTrainer.h"

#include "TextPieces.h"

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
// A word's tokens are a list linked by index over its bytes' places: a merge joins the token at
// a place with the next one, so it costs the same in a word of 10 bytes and of 10 MB (a corpus
// without spaces, such as Japanese or DNA, has words of that length).
struct Word {
    std::vector<int> symbols;    // the token starting at each place; −1 once merged away
    std::vector<int> next, prev; // the neighbouring tokens' places, −1 at the ends
    std::int64_t count = 0;

    std::vector<int> tokens() const {
        std::vector<int> out;
        for (int i = symbols.empty() ? -1 : 0; i >= 0; i = next[std::size_t(i)])
            out.push_back(symbols[std::size_t(i)]);
        return out;
    }
};

// Where a pair occurs: the word and the place of its first token.
struct Place {
    int word, at;
    auto operator<=>(const Place &) const = default;
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
            forEachIsolated(re, segment.text, [&](QStringView piece) {
                const QString key = piece.toString();
                auto it = index.find(key);
                if (it == index.end()) {
                    it = index.insert(key, int(words.size()));
                    Word w;
                    const QByteArray bytes = key.toUtf8();
                    w.symbols.reserve(std::size_t(bytes.size()));
                    for (const char c : bytes)
                        w.symbols.push_back(byteIds.idOf[static_cast<unsigned char>(c)]);
                    const int n = int(w.symbols.size());
                    w.next.resize(std::size_t(n));
                    w.prev.resize(std::size_t(n));
                    for (int i = 0; i < n; ++i) {
                        w.next[std::size_t(i)] = i + 1 < n ? i + 1 : -1;
                        w.prev[std::size_t(i)] = i - 1;
                    }
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

    // How often each adjacent pair occurs (over the corpus: a word's pairs count as often as the
    // word occurs), and its places (stale ones, where a merge has since changed a token, are
    // skipped when read).
    std::unordered_map<PairKey, std::int64_t> counts;
    std::unordered_map<PairKey, std::vector<Place>> where;
    for (std::size_t w = 0; w < words.size(); ++w) {
        const std::vector<int> &s = words[w].symbols;
        for (std::size_t i = 0; i + 1 < s.size(); ++i) {
            const PairKey k = pairKey(s[i], s[i + 1]);
            counts[k] += words[w].count;
            where[k].push_back({int(w), int(i)});
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

        // Each place in order, so that in "a a a" the first two are merged, as a left-to-right
        // pass over the word merges them.
        std::vector<Place> places = std::move(where[top.pair]);
        where.erase(top.pair);
        std::sort(places.begin(), places.end());
        places.erase(std::unique(places.begin(), places.end()), places.end());
        touched.clear();
        const auto add = [&](int x, int y, std::int64_t by, const Place *place) {
            const PairKey k = pairKey(x, y);
            counts[k] += by;
            touched.push_back(k);
            if (place)
                where[k].push_back(*place);
        };
        for (const Place &place : places) {
            Word &word = words[std::size_t(place.word)];
            const std::size_t i = std::size_t(place.at);
            if (word.symbols[i] != a || word.next[i] < 0)
                continue; // merged away or changed since
            const std::size_t j = std::size_t(word.next[i]);
            if (word.symbols[j] != b)
                continue;
            // (p, a, b, n) becomes (p, c, n): the pairs around move to c.
            const std::int64_t n = word.count;
            add(a, b, -n, nullptr);
            if (const int p = word.prev[i]; p >= 0) {
                add(word.symbols[std::size_t(p)], a, -n, nullptr);
                const Place at{place.word, p};
                add(word.symbols[std::size_t(p)], c, n, &at);
            }
            const int after = word.next[j];
            if (after >= 0) {
                add(b, word.symbols[std::size_t(after)], -n, nullptr);
                add(c, word.symbols[std::size_t(after)], n, &place);
                word.prev[std::size_t(after)] = int(i);
            }
            word.symbols[i] = c;
            word.next[i] = after;
            word.symbols[j] = -1;
            word.next[j] = word.prev[j] = -1;
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
    std::vector<std::vector<int>> tokensOf(words.size());
    for (std::size_t w = 0; w < words.size(); ++w)
        tokensOf[w] = words[w].tokens();
    std::size_t total = 0;
    for (const int w : sequence)
        total += w < 0 ? 1 : tokensOf[std::size_t(w)].size();
    result.corpusIds.reserve(total);
    for (const int w : sequence) {
        if (w < 0)
            result.corpusIds.push_back(result.endOfTextId);
        else
            result.corpusIds.insert(result.corpusIds.end(), tokensOf[std::size_t(w)].begin(),
                                    tokensOf[std::size_t(w)].end());
    }
    result.tokenizerJson = tokenizerJson(tokenBytes, result.merges, result.endOfTextId);
    return result;
}

QByteArray trainByteLevelBpe(const QString &corpus, int vocabSize) {
    return trainByteLevelBpeWithIds(corpus, vocabSize).tokenizerJson;
}

} // namespace attn
