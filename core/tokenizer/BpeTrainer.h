// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <utility>
#include <vector>

namespace attn {

// Trains a GPT-2-style byte-level BPE (the same pre-tokenizer regex and byte-to-unicode map the
// loader uses) on `corpus` until the vocabulary has `vocabSize` entries (256 bytes + merges +
// "<|endoftext|>" as the last id), deterministic (ties broken by the pair's bytes). Returns the
// text of a Hugging Face tokenizer.json that core/tokenizer's loader reads back and that encodes
// `corpus` exactly as the training merged it. Throws InputError for vocabSize < 257 or above
// kMaxTrainedVocab (core/Limits).
QByteArray trainByteLevelBpe(const QString &corpus, int vocabSize);

// What a training gives besides the file: the corpus as the ids it was merged into, so a model
// can be trained on it without encoding it again (the tokenizer's encode takes at most
// kMaxTokenizerTextBytes at once), and the merges in the order they were learned.
struct BpeTraining {
    QByteArray tokenizerJson;   // as trainByteLevelBpe returns it
    int vocabularySize = 0;     // 256 + merges + 1: fewer than asked when the corpus ran out
    int endOfTextId = 0;        // "<|endoftext|>", the last id
    std::vector<int> corpusIds; // the corpus's tokens; "<|endoftext|>" in it is endOfTextId
    std::vector<std::pair<QByteArray, QByteArray>> merges; // the UTF-8 bytes of each pair
};

// The training itself. Each merge joins the most frequent adjacent pair of tokens inside the
// corpus's words (the pre-tokenizer's pieces; "<|endoftext|>" in the corpus is the special
// token, never merged); of pairs equally frequent the one whose (first, second) bytes sort
// first. A pair whose joined bytes are already a token is never merged, so every merge makes a
// new token and the loader, which merges by rank, rebuilds exactly the training's tokens.
// The corpus may run out of pairs before `vocabSize`: the vocabulary is then smaller. Throws
// InputError for a vocabSize outside 257 … kMaxTrainedVocab or a corpus longer than
// kMaxTrainingCorpusBytes in UTF-8, before anything is allocated.
BpeTraining trainByteLevelBpeWithIds(const QString &corpus, int vocabSize);

} // namespace attn
