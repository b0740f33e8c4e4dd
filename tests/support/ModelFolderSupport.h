// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Model folders as a user opens them: a reference checkpoint of tests/data/reference-models with
// a tokenizer beside it. The real tokenizers' ids (GPT-2's 50 257, BERT's 30 522) are beyond the
// tiny models' vocabularies, so each folder gets a small one of the same family: GPT-2's byte
// alphabet with a few merges (Hugging Face's vocab.json + merges.txt), or a short WordPiece
// vocab.txt.

#include "ModelSupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace testsupport {

inline bool copyModelFiles(const QString &model, const QString &dir) {
    QDir().mkpath(dir);
    const QDir from(modelDir(model));
    for (const QString &f : from.entryList(QDir::Files))
        if (f != QLatin1String("reference.json") &&
            !QFile::copy(from.filePath(f), QDir(dir).filePath(f)))
            return false;
    return true;
}

inline bool writeText(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// GPT-2's byte-to-character table: the 256 pieces of ids 0 … 255, in encoder.json's order.
inline QStringList gpt2ByteAlphabet() {
    std::vector<int> bytes;
    for (int b = 33; b <= 126; ++b)
        bytes.push_back(b);
    for (int b = 161; b <= 172; ++b)
        bytes.push_back(b);
    for (int b = 174; b <= 255; ++b)
        bytes.push_back(b);
    QStringList pieces;
    for (int b : bytes)
        pieces << QString(QChar(b));
    int extra = 0;
    for (int b = 0; b < 256; ++b)
        if (std::find(bytes.begin(), bytes.end(), b) == bytes.end())
            pieces << QString(QChar(256 + extra++));
    return pieces;
}

// gpt2-tiny (vocabulary 300) with a 256 + 24 + 1 token byte-level BPE.
inline bool writeGpt2Folder(const QString &dir) {
    if (!copyModelFiles("gpt2-tiny", dir))
        return false;
    QStringList vocab = gpt2ByteAlphabet();
    const QStringList merges = {"\u0120 t",   "h e",        "\u0120t he", "a t",       "\u0120 c",
                                "\u0120c at", "\u0120 s",   "\u0120s at", "o n",       "\u0120 on",
                                "\u0120 m",   "\u0120m at", "i t",        "\u0120 it", "i s",
                                "\u0120 is",  "e r",        "\u0120 a",   "r e",       "\u0120 d",
                                "o g",        "\u0120d og", "\u0120 w",   "a s"};
    for (const QString &m : merges)
        vocab << QString(m).remove(' ');
    vocab << QStringLiteral("<|endoftext|>");
    QJsonObject json;
    for (qsizetype i = 0; i < vocab.size(); ++i)
        json[vocab[i]] = int(i);
    return writeText(QDir(dir).filePath("vocab.json"), QJsonDocument(json).toJson()) &&
           writeText(QDir(dir).filePath("merges.txt"),
                     ("#version: 0.2\n" + merges.join('\n') + "\n").toUtf8());
}

// bert-tiny (vocabulary 250) with a WordPiece vocabulary of special tokens, words and "##"
// continuations.
inline bool writeBertFolder(const QString &dir) {
    if (!copyModelFiles("bert-tiny", dir))
        return false;
    const QStringList vocab = {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "cat",
                               "sat",   "on",    "mat",   "a",     "dog",    "is",  "it",
                               "play",  "##ing", "##s",   "run",   "##ner",  ".",   ","};
    return writeText(QDir(dir).filePath("vocab.txt"), (vocab.join('\n') + "\n").toUtf8());
}

} // namespace testsupport
