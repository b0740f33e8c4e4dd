// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AddedTokens.h"
#include "TokenizerConfig.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace attn {

// What the files of a byte-level BPE tokenizer say, read and checked field by field;
// ByteLevelBpe builds its tables from it. Kept apart so the three file layouts are read in one
// place and the tokenizer is only the algorithm.
struct BpeModel {
    enum class Normalizer { Nfc, Nfd, Nfkc, Nfkd, Lowercase };
    // A special token the post-processor puts around every text: its ids, or its content when
    // the file gives none. `where` names it in a message.
    struct Around {
        QString content;
        std::vector<int> ids;
        QString where;
    };

    QString name;        // the file messages about the vocabulary name
    QStringList sources; // the files read, for the description
    std::vector<std::pair<QString, int>> vocab;
    std::vector<std::pair<QString, QString>> merges; // in rank order
    std::vector<AddedToken> added;
    std::vector<Normalizer> normalizers;
    std::optional<QRegularExpression> split; // a Split pre-tokenizer's regex
    bool byteLevelRegex = true;              // ByteLevel's own use_regex (GPT-2's pattern)
    bool addPrefixSpace = false;
    bool ignoreMerges = false;
    std::vector<Around> prefix, suffix;
};

// OpenAI's encoder.json + vocab.bpe or Hugging Face's vocab.json + merges.txt, with the special
// tokens and add_prefix_space of `config`. Throws InputError "FILE: problem".
BpeModel readVocabAndMerges(const QByteArray &vocabJson, const QString &vocabName,
                            const QByteArray &merges, const QString &mergesName,
                            const TokenizerConfig &config);
// Hugging Face's tokenizer.json: model BPE, added tokens, normalizer, a ByteLevel pre-tokenizer
// after at most one Split, the post-processor's special tokens. Throws InputError.
BpeModel readBpeTokenizerJson(const QByteArray &json, const QString &name);
// The same of a file already parsed: `root` is its object, `name` the file.
BpeModel readBpeTokenizerJson(const QJsonObject &root, const QString &name);

// The parts of tokenizer.json that byte-level BPE and SentencePiece (SentencePieceModel.h) read
// alike. `top` is "FILE: ", which every message begins with.
// model.merges: "first second" strings or [first, second] pairs, at most kMaxMerges.
std::vector<std::pair<QString, QString>> readMergesArray(const QJsonValue &merges,
                                                         const QString &where);
// added_tokens: matched whole in the text before anything else.
std::vector<AddedToken> readAddedTokens(const QJsonObject &root, const QString &top);
// post_processor: the special tokens it puts before and after the text.
void readPostProcessor(const QJsonObject &root, const QString &top,
                       std::vector<BpeModel::Around> &prefix,
                       std::vector<BpeModel::Around> &suffix);

} // namespace attn
