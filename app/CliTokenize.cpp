// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliTokenize.h"
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "InputError.h"
#include "Limits.h"
#include "io/AtomicFile.h"
#include "tokenizer/BpeTrainer.h"
#include "tokenizer/TokenizerFiles.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>

namespace {

using climodel::kExitInput;
using climodel::kExitUsage;
using climodel::writeErr;

int usage(const QString &message) {
    writeErr("attnviz-cli: " + message +
             "\nUsage: attnviz-cli tokenize DIR_OR_FILE --text TEXT | --train CORPUS --vocab N "
             "--out FILE\n"
             "Try 'attnviz-cli --help' for more information.\n");
    return kExitUsage;
}

// One JSON line on standard output; false (with the message) when it cannot be written.
bool writeOut(const QJsonObject &o) {
    const QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Compact) + "\n";
    if (!climodel::writeOut(json)) {
        writeErr("attnviz-cli: cannot write the result to standard output\n");
        return false;
    }
    return true;
}

// tokenize --train CORPUS --vocab N --out FILE: a byte-level BPE learned from the corpus.
int train(const QCommandLineParser &parser) {
    if (parser.positionalArguments().size() > 1)
        return usage("unexpected argument \"" + parser.positionalArguments()[1] +
                     "\" (tokenize --train reads no tokenizer)");
    if (parser.isSet("text"))
        return usage("--text and --train exclude each other");
    if (!parser.isSet("vocab") || !parser.isSet("out"))
        return usage("tokenize --train needs --vocab N and --out FILE");
    const std::optional<qint64> vocabNumber = wholeNumber(
        parser.value("vocab"), std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    if (!vocabNumber)
        return usage("--vocab: expected a whole number, got \"" + parser.value("vocab") + "\"");
    const auto vocab = int(*vocabNumber);
    const QString corpusName = parser.value("train"), out = parser.value("out");
    try {
        QFile file(corpusName);
        if (!file.open(QIODevice::ReadOnly))
            throw attn::InputError(corpusName + ": cannot read: " + file.errorString());
        // The size before reading, so a huge file is refused unread.
        if (file.size() > attn::kMaxTrainingCorpusBytes)
            throw attn::InputError(QString("%1: a corpus of %2 bytes: at most %3 are supported")
                                       .arg(corpusName)
                                       .arg(file.size())
                                       .arg(attn::kMaxTrainingCorpusBytes));
        const QByteArray bytes = file.readAll();
        QStringDecoder decoder(QStringDecoder::Utf8);
        const QString corpus = decoder.decode(bytes);
        if (decoder.hasError())
            throw attn::InputError(corpusName + ": not UTF-8 text");
        const attn::BpeTraining t = attn::trainByteLevelBpeWithIds(corpus, vocab);
        const QString error = attn::writeFileAtomically(out, t.tokenizerJson);
        if (!error.isEmpty())
            throw attn::InputError(error);
        return writeOut(QJsonObject{{"vocab", t.vocabularySize},
                                    {"merges", qint64(t.merges.size())},
                                    {"corpus_bytes", qint64(bytes.size())},
                                    {"corpus_tokens", qint64(t.corpusIds.size())}})
                   ? 0
                   : kExitInput;
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromUtf8(e.what()).simplified() + "\n");
        return kExitInput;
    }
}

} // namespace

bool isTokenizeCommand(const QStringList &arguments) {
    return arguments.size() > 1 && arguments[1] == QLatin1String("tokenize");
}

int runTokenizeCommand(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption({"text", "text", "TEXT"});
    parser.addOption({"train", "train", "CORPUS"});
    parser.addOption({"vocab", "vocab", "N"});
    parser.addOption({"out", "out", "FILE"});
    if (!parser.parse(arguments))
        return usage(parser.errorText());
    if (parser.isSet("train"))
        return train(parser);
    for (const char *option : {"vocab", "out"})
        if (parser.isSet(option))
            return usage(QString("--%1 belongs to tokenize --train").arg(option));
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 2)
        return usage("missing DIR_OR_FILE after tokenize (a model folder or a tokenizer file)");
    if (positional.size() > 2)
        return usage("unexpected argument \"" + positional[2] + "\"");
    if (!parser.isSet("text"))
        return usage("tokenize needs --text TEXT");

    QJsonArray ids, tokens;
    try {
        const auto tokenizer = attn::loadTokenizer(positional[1]);
        for (const attn::Token &t : tokenizer->encode(parser.value("text"))) {
            ids.append(t.id);
            tokens.append(t.text);
        }
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromUtf8(e.what()).simplified() + "\n");
        return kExitInput;
    }
    return writeOut(QJsonObject{{"ids", ids}, {"tokens", tokens}}) ? 0 : kExitInput;
}
