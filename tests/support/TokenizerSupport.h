// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers shared by the tokenizer tests (tests/core/tokenizer, tests/cli): the vendored tokenizer
// files of tests/data/tokenizers, their reference sentences, and the other GPT-2 layouts written
// from OpenAI's files, so every layout holds the same ids.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace testsupport {

inline QString tokenizerData(const QString &name) {
    return QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/tokenizers/") + name;
}

inline QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline bool writeAll(const QString &path, const QByteArray &bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// gpt2.json or bert-uncased.json: [{"text", "ids", "pieces" | "tokens"}].
inline QJsonArray tokenizerCases(const QString &name) {
    return QJsonDocument::fromJson(readAll(tokenizerData(name))).array();
}

// The merges of vocab.bpe, one "first second" per entry (the "#version" line and the empty last
// line left out).
inline QStringList gpt2Merges() {
    QStringList lines = QString::fromUtf8(readAll(tokenizerData("gpt2/vocab.bpe"))).split('\n');
    lines.removeFirst();
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

// Hugging Face's tokenizer.json for GPT-2, from OpenAI's encoder.json and vocab.bpe: the model
// (vocab and merges), "<|endoftext|>" as an added special token, the ByteLevel pre-tokenizer.
// `preTokenizer` and `postProcessor` replace the defaults when given; `pairs` writes the merges
// in the newer form, ["first", "second"].
inline QJsonObject gpt2TokenizerJson(const QJsonValue &preTokenizer = QJsonValue(),
                                     const QJsonValue &postProcessor = QJsonValue(),
                                     bool pairs = false) {
    QJsonArray merges;
    for (const QString &line : gpt2Merges()) {
        if (pairs)
            merges.append(QJsonArray::fromStringList(line.split(' ')));
        else
            merges.append(line);
    }
    QJsonObject model{
        {"type", "BPE"},
        {"dropout", QJsonValue::Null},
        {"unk_token", QJsonValue::Null},
        {"continuing_subword_prefix", ""},
        {"end_of_word_suffix", ""},
        {"fuse_unk", false},
        {"byte_fallback", false},
        {"vocab", QJsonDocument::fromJson(readAll(tokenizerData("gpt2/encoder.json"))).object()},
        {"merges", merges}};
    const QJsonObject endOfText{
        {"id", 50256},     {"content", "<|endoftext|>"}, {"single_word", false}, {"lstrip", false},
        {"rstrip", false}, {"normalized", true},         {"special", true}};
    const QJsonObject byteLevel{{"type", "ByteLevel"},
                                {"add_prefix_space", false},
                                {"trim_offsets", true},
                                {"use_regex", true}};
    return QJsonObject{{"version", "1.0"},
                       {"truncation", QJsonValue::Null},
                       {"padding", QJsonValue::Null},
                       {"added_tokens", QJsonArray{endOfText}},
                       {"normalizer", QJsonValue::Null},
                       {"pre_tokenizer", preTokenizer.isUndefined() || preTokenizer.isNull()
                                             ? byteLevel
                                             : preTokenizer},
                       {"post_processor", postProcessor.isUndefined() || postProcessor.isNull()
                                              ? QJsonValue(byteLevel)
                                              : postProcessor},
                       {"decoder", byteLevel},
                       {"model", model}};
}

// A Split regex (behavior Isolated) before a ByteLevel pre-tokenizer without its own regex, as
// Llama 3's and Qwen2's tokenizer.json have it.
inline QJsonObject splitPreTokenizer(const QString &regex) {
    return QJsonObject{
        {"type", "Sequence"},
        {"pretokenizers", QJsonArray{QJsonObject{{"type", "Split"},
                                                 {"pattern", QJsonObject{{"Regex", regex}}},
                                                 {"behavior", "Isolated"},
                                                 {"invert", false}},
                                     QJsonObject{{"type", "ByteLevel"},
                                                 {"add_prefix_space", false},
                                                 {"trim_offsets", true},
                                                 {"use_regex", false}}}}};
}

// Hugging Face's layout of the same files in `dir`: vocab.json (written anew, so not
// byte-identical to encoder.json) and merges.txt.
inline bool writeGpt2VocabAndMerges(const QDir &dir) {
    const QJsonObject vocab =
        QJsonDocument::fromJson(readAll(tokenizerData("gpt2/encoder.json"))).object();
    return writeAll(dir.filePath("vocab.json"),
                    QJsonDocument(vocab).toJson(QJsonDocument::Compact)) &&
           writeAll(dir.filePath("merges.txt"),
                    ("#version: 0.2\n" + gpt2Merges().join('\n') + "\n").toUtf8());
}

} // namespace testsupport
