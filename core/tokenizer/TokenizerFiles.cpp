// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenizerFiles.h"

#include "ByteLevelBpe.h"
#include "GgufTokenizer.h"
#include "InputError.h"
#include "Limits.h"
#include "SentencePiece.h"
#include "SentencePieceModel.h"
#include "TokenizerConfig.h"
#include "TokenizerJson.h"
#include "Translate.h"
#include "WordPiece.h"
#include "io/GgufFile.h"
#include "io/JsonRead.h"
#include "io/RegularFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace attn {

using json::fail;

namespace {

const QString kAccepted =
    QStringLiteral("tokenizer.json, vocab.json with merges.txt, encoder.json with vocab.bpe, "
                   "vocab.txt, or tokenizer.model");

// tokenizer_config.json beside `file`, or the defaults.
TokenizerConfig configBeside(const QFileInfo &file) {
    const QString path = file.dir().filePath(QStringLiteral("tokenizer_config.json"));
    if (!QFileInfo(path).isFile())
        return {};
    return parseTokenizerConfig(readTokenizerFile(path), path);
}

// The file that goes with `file`: "gpt2-vocab.json" → "gpt2-merges.txt", else "merges.txt".
QString companion(const QFileInfo &file, const QString &suffix, const QString &other) {
    const QString name = file.fileName();
    const QString prefixed = name.left(name.size() - suffix.size()) + other;
    const QString first = file.dir().filePath(prefixed);
    if (QFileInfo(first).isFile())
        return first;
    const QString plain = file.dir().filePath(other);
    if (!QFileInfo(plain).isFile())
        fail(file.filePath(), translate("attn::tokenizer", "%1 is missing beside it").arg(other));
    return plain;
}

std::unique_ptr<Tokenizer> vocabAndMerges(const QFileInfo &file, const QString &suffix,
                                          const QString &mergesName, bool withConfig) {
    const QString merges = companion(file, suffix, mergesName);
    return ByteLevelBpe::fromVocabAndMerges(readTokenizerFile(file.filePath()), file.filePath(),
                                            readTokenizerFile(merges), merges,
                                            withConfig ? configBeside(file) : TokenizerConfig{});
}

// tokenizer.json: SentencePiece's form (Llama 2, Mistral, Gemma) or byte-level BPE, parsed once.
std::unique_ptr<Tokenizer> tokenizerJson(const QJsonObject &root, const QFileInfo &file) {
    const QString path = file.filePath();
    if (isSentencePieceTokenizerJson(root))
        return SentencePiece::fromTokenizerJson(root, path, configBeside(file));
    return ByteLevelBpe::fromTokenizerJson(root, path, configBeside(file));
}

std::unique_ptr<Tokenizer> loadFile(const QFileInfo &file) {
    const QString name = file.fileName().toLower();
    const QString path = file.filePath();
    if (name.endsWith(u"tokenizer.json"))
        return tokenizerJson(tokenizer_json::parseObject(readTokenizerFile(path), path), file);
    // SentencePiece's model: tokenizer.model, or another name (spiece.model) of the same format.
    if (name.endsWith(u".model"))
        return SentencePiece::fromModelProto(readTokenizerFile(path), path, configBeside(file));
    if (name.endsWith(u"encoder.json"))
        return vocabAndMerges(file, QStringLiteral("encoder.json"), QStringLiteral("vocab.bpe"),
                              false);
    if (name.endsWith(u"vocab.json"))
        return vocabAndMerges(file, QStringLiteral("vocab.json"), QStringLiteral("merges.txt"),
                              true);
    if (name.endsWith(u"merges.txt") || name.endsWith(u"vocab.bpe"))
        fail(path, translate("attn::tokenizer", "merges alone are not a tokenizer: give the "
                                                "vocab.json or encoder.json beside them"));
    if (name.endsWith(u".txt"))
        return WordPiece::fromVocabTxt(readTokenizerFile(path), path, configBeside(file));
    if (name.endsWith(u".json") && name != u"config.json" && name != u"tokenizer_config.json") {
        // Another name: tokenizer.json has a "model", a vocabulary does not.
        const QByteArray bytes = readTokenizerFile(path);
        const QJsonObject root = tokenizer_json::parseObject(bytes, path);
        if (root.contains(QLatin1String("model")))
            return tokenizerJson(root, file);
        const QString merges =
            companion(file, QStringLiteral(".json"), QStringLiteral("merges.txt"));
        return ByteLevelBpe::fromVocabAndMerges(bytes, path, readTokenizerFile(merges), merges,
                                                configBeside(file));
    }
    fail(path, translate("attn::tokenizer", "not a tokenizer file: expected %1").arg(kAccepted));
}

} // namespace

QByteArray readTokenizerFile(const QString &path) {
    const QFileInfo info(path);
    if (!info.exists())
        fail(path, translate("attn::tokenizer", "no such file"));
    if (!info.isFile())
        fail(path, translate("attn::tokenizer", "not a file"));
    if (info.size() > kMaxTokenizerFileBytes)
        fail(path, translate("attn::tokenizer", "the file is too large (%1 bytes; at most %2 MiB)")
                       .arg(qs(std::int64_t(info.size())), qs(kMaxTokenizerFileBytes >> 20)));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        fail(path, translate("attn::tokenizer", "cannot read: %1").arg(file.errorString()));
    // At most one byte more than the limit, in case the file grew since it was measured.
    const QByteArray bytes = file.read(kMaxTokenizerFileBytes + 1);
    if (bytes.size() > kMaxTokenizerFileBytes)
        fail(path, translate("attn::tokenizer", "the file is too large (at most %1 MiB)")
                       .arg(qs(kMaxTokenizerFileBytes >> 20)));
    if (file.error() != QFileDevice::NoError)
        fail(path, translate("attn::tokenizer", "cannot read: %1").arg(file.errorString()));
    return bytes;
}

namespace {

bool isGgufFile(const QFileInfo &info) {
    if (!info.isFile())
        return false;
    if (isGgufPath(info.filePath()))
        return true;
    requireRegularFile(info.filePath());
    QFile file(info.filePath());
    return file.open(QIODevice::ReadOnly) && looksLikeGguf(file.read(4));
}

} // namespace

bool hasTokenizer(const QString &folder) {
    if (isGgufFile(QFileInfo(folder))) {
        try {
            return ggufHasTokenizer(*GgufFile::open(folder));
        } catch (const InputError &) {
            return false;
        }
    }
    const QDir dir(folder);
    for (const char *name :
         {"vocab.txt", "tokenizer.json", "vocab.json", "encoder.json", "tokenizer.model"})
        if (QFileInfo(dir.filePath(QLatin1String(name))).isFile())
            return true;
    return false;
}

std::unique_ptr<Tokenizer> loadTokenizer(const QString &path) {
    const QFileInfo info(path);
    if (!info.exists())
        fail(path, translate("attn::tokenizer", "no such file or folder"));
    if (!info.isDir()) {
        requireRegularFile(path);
        if (isGgufFile(info))
            return loadGgufTokenizer(*GgufFile::open(path));
        return loadFile(info);
    }
    const QDir dir(path);
    for (const char *name :
         {"vocab.txt", "tokenizer.json", "vocab.json", "encoder.json", "tokenizer.model"}) {
        const QFileInfo file(dir.filePath(QLatin1String(name)));
        if (file.isFile())
            return loadFile(file);
    }
    fail(path,
         translate("attn::tokenizer", "the folder has no tokenizer: expected %1").arg(kAccepted));
}

} // namespace attn
