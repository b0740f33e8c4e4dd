// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliTrain.h"
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "InputError.h"
#include "Limits.h"
#include "Parallel.h"
#include "checkpoint/Checkpoint.h"
#include "io/AtomicFile.h"
#include "io/JsonWrite.h"
#include "tokenizer/BpeTrainer.h"
#include "tokenizer/Tokenizer.h"
#include "tokenizer/TokenizerFiles.h"
#include "training/DecoderTraining.h"
#include "transformer/DecoderGradientJson.h"
#include "transformer/DecoderParameters.h"
#include "transformer/DecoderPass.h"
#include "transformer/Forward.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <new>

namespace {

using namespace climodel;

// model grad DIR --ids 1,2,3 --json OUT: the loss and the gradient of every tensor.
int writeGradient(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({{"ids", "ids", "1,2,3"}, {"json", "json", "OUT"}});
    if (!parser.parse(arguments))
        throw UsageError{parser.errorText()};
    const QStringList positional = parser.positionalArguments(); // "model", "grad", DIR
    if (positional.size() < 3)
        throw UsageError{"missing DIR (a checkpoint folder) after model grad"};
    if (positional.size() > 3)
        throw UsageError{"unexpected argument \"" + positional[3] + "\""};
    if (!parser.isSet("ids"))
        throw UsageError{"model grad needs --ids 1,2,3 (at least two tokens)"};
    if (!parser.isSet("json"))
        throw UsageError{"model grad needs --json OUT (- for standard output)"};
    const QString folder = positional[2];
    const std::vector<std::int64_t> ids = parseIds(parser.value("ids"));
    const std::shared_ptr<const attn::Checkpoint> checkpoint = attn::Checkpoint::open(folder);
    if (!checkpoint->config().decoder())
        throw attn::InputError(folder + ": " + attn::familyName(checkpoint->config().family) +
                               " is an encoder, which has no next-token loss to differentiate");
    attn::DecoderParameters gradient;
    double loss = 0;
    try {
        attn::checkRunIds(checkpoint->config(), ids);
        loss = attn::decoderGradient(attn::loadDecoderParameters(*checkpoint), ids, gradient);
    } catch (const attn::InputError &e) {
        throw attn::InputError(folder + ": " + QString::fromStdString(e.what()));
    }
    return writeResult(parser.value("json"), attn::decoderGradientToJson(loss, gradient));
}

// The defaults of model train; the induction task's are attn::inductionDefaults(), the same as
// the "Watch a circuit form" panel's (docs/training.md: the measured times).
constexpr std::int64_t kDefaultSteps = 1000;
constexpr std::int64_t kDefaultCorpusVocab = 512;
constexpr std::int64_t kDefaultSequence = 64, kDefaultBatch = 16;
constexpr double kDefaultLearningRate = 1e-3;
constexpr std::int64_t kSaveEvery = 500; // steps between saves of the checkpoint and state
constexpr std::int64_t kPrintEvery = 10;
// The induction task's vocabulary: the 256 bytes of a byte-level BPE and <|endoftext|>.
constexpr int kInductionVocab = 257;

std::int64_t sizeOption(const QCommandLineParser &parser, const char *option, std::int64_t low,
                        std::int64_t high) {
    const std::optional<qint64> value = wholeNumber(parser.value(option));
    if (!value)
        throw UsageError{
            QString("--%1 expects a whole number, got \"%2\"").arg(option, parser.value(option))};
    attn::checkTrainingSize(*value, low, high, std::string("--") + option);
    return *value;
}

// The corpus's text, read whole (kMaxTrainingCorpusBytes at most).
QString readCorpus(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw attn::InputError(path + ": cannot read: " + file.errorString());
    if (file.size() > attn::kMaxTrainingCorpusBytes)
        throw attn::InputError(path + QString(": %1 bytes: at most %2 are supported")
                                          .arg(file.size())
                                          .arg(attn::kMaxTrainingCorpusBytes));
    return QString::fromUtf8(file.readAll());
}

// The corpus's ids by a given tokenizer (a tokenizer.json or a folder with one), a line at a
// time (a tokenizer encodes at most kMaxTokenizerTextBytes at once).
std::vector<std::int64_t> encodeCorpus(const attn::Tokenizer &tokenizer, const QString &corpus) {
    std::vector<std::int64_t> ids;
    for (const QString &line : corpus.split('\n')) {
        if (line.toUtf8().size() > attn::kMaxTokenizerTextBytes)
            throw attn::InputError(QString("a line of the corpus is longer than %1 bytes")
                                       .arg(attn::kMaxTokenizerTextBytes));
        for (const attn::Token &token : tokenizer.encode(line + '\n'))
            ids.push_back(token.id);
    }
    return ids;
}

QByteArray trainingLine(std::int64_t step, double loss, double tokensPerSecond,
                        const double *induction) {
    QByteArray out = "{\"step\": " + QByteArray::number(qlonglong(step)) + ", \"loss\": ";
    attn::json::appendNumber(out, loss);
    out += ", \"tokens_per_s\": ";
    attn::json::appendNumber(out, std::round(tokensPerSecond));
    if (induction != nullptr) {
        out += ", \"induction\": ";
        attn::json::appendNumber(out, std::round(*induction * 1e4) / 1e4);
    }
    return out + "}\n";
}

// model train: a small GPT-2 from scratch, or continued from the state in --out.
int train(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({
        {"corpus", "corpus", "FILE"},
        {"task", "task", "induction"},
        {"tokenizer", "tokenizer", "FILE"},
        {"vocab", "vocab", "V"},
        {"layers", "layers", "L"},
        {"heads", "heads", "H"},
        {"d-model", "d-model", "D"},
        {"attention-only", "attention-only"},
        {"bos", "bos"},
        {"steps", "steps", "N"},
        {"seed", "seed", "S"},
        {"sequence", "sequence", "T"},
        {"batch", "batch", "B"},
        {"lr", "lr", "RATE"},
        {"init", "init", "SIGMA"},
        {"induction-tokens", "induction-tokens", "K"},
        {"threads", "threads", "N"},
        {"out", "out", "DIR"},
    });
    if (!parser.parse(arguments))
        throw UsageError{parser.errorText()};
    const QStringList positional = parser.positionalArguments(); // "model", "train"
    if (positional.size() > 2)
        throw UsageError{"unexpected argument \"" + positional[2] + "\""};
    if (!parser.isSet("out"))
        throw UsageError{"model train needs --out DIR (the checkpoint folder to write)"};
    const bool induction = parser.isSet("task");
    if (induction && parser.value("task") != "induction")
        throw UsageError{"--task expects induction, got \"" + parser.value("task") + "\""};
    if (induction == parser.isSet("corpus"))
        throw UsageError{"model train needs either --corpus FILE or --task induction"};
    if (induction && (parser.isSet("tokenizer") || parser.isSet("vocab")))
        throw UsageError{"--tokenizer and --vocab are for --corpus; the induction task uses "
                         "a byte-level vocabulary of 257 ids"};
    if (induction && parser.isSet("bos"))
        throw UsageError{"--bos is an option of --corpus (the induction task has no documents)"};
    if (!induction && parser.isSet("induction-tokens"))
        throw UsageError{"--induction-tokens is an option of --task induction"};
    if (parser.isSet("tokenizer") && parser.isSet("vocab"))
        throw UsageError{"--vocab sizes the tokenizer trained on the corpus; --tokenizer gives "
                         "one"};
    if (parser.isSet("threads"))
        attn::setThreadCount(int(sizeOption(parser, "threads", 1, 64)));
    const std::int64_t steps = parser.isSet("steps")
                                   ? sizeOption(parser, "steps", 0, attn::kMaxTrainSteps)
                                   : kDefaultSteps;
    const QString out = parser.value("out");
    const bool resuming = QFileInfo::exists(QDir(out).filePath("training.json"));

    // The data: the tokenizer and the corpus's ids.
    QByteArray tokenizerJson;
    std::vector<std::int64_t> corpus;
    std::int64_t vocab = kInductionVocab;
    std::int64_t endOfText = -1; // the tokenizer's <|endoftext|>, −1 without one
    if (induction) {
        tokenizerJson = attn::trainByteLevelBpe(QString(), kInductionVocab);
    } else {
        const QString text = readCorpus(parser.value("corpus"));
        if (parser.isSet("tokenizer")) {
            const QString path = parser.value("tokenizer");
            const std::unique_ptr<attn::Tokenizer> tokenizer = attn::loadTokenizer(path);
            QFile file(QFileInfo(path).isDir() ? QDir(path).filePath("tokenizer.json") : path);
            if (!file.open(QIODevice::ReadOnly))
                throw attn::InputError(file.fileName() + ": --tokenizer needs a tokenizer.json");
            tokenizerJson = file.read(attn::kMaxTokenizerFileBytes);
            vocab = tokenizer->vocabularySize();
            corpus = encodeCorpus(*tokenizer, text);
            const std::vector<attn::Token> end = tokenizer->encode("<|endoftext|>");
            if (end.size() == 1 && end[0].special)
                endOfText = end[0].id;
        } else {
            const std::int64_t size = parser.isSet("vocab")
                                          ? sizeOption(parser, "vocab", 257, attn::kMaxTrainVocab)
                                          : kDefaultCorpusVocab;
            attn::BpeTraining bpe = attn::trainByteLevelBpeWithIds(text, int(size));
            tokenizerJson = bpe.tokenizerJson;
            vocab = bpe.vocabularySize;
            endOfText = bpe.endOfTextId;
            corpus.assign(bpe.corpusIds.begin(), bpe.corpusIds.end());
        }
    }

    const attn::TrainingSettings task = attn::inductionDefaults();
    attn::TrainingSettings s = induction ? task : attn::TrainingSettings{};
    s.vocab = vocab;
    s.attentionOnly = parser.isSet("attention-only");
    s.sequenceLength = parser.isSet("sequence")
                           ? sizeOption(parser, "sequence", 2, attn::kMaxTrainSequence)
                           : (induction ? task.sequenceLength : kDefaultSequence);
    s.batch = parser.isSet("batch") ? sizeOption(parser, "batch", 1, attn::kMaxTrainBatch)
                                    : (induction ? task.batch : kDefaultBatch);
    if (parser.isSet("bos")) {
        if (endOfText < 0)
            throw attn::InputError(parser.value("tokenizer") +
                                   ": --bos needs a tokenizer with <|endoftext|>");
        s.windowStartId = endOfText;
    }
    if (parser.isSet("induction-tokens"))
        s.inductionTokens = sizeOption(parser, "induction-tokens", 2, 94);
    if (parser.isSet("lr")) {
        bool ok = false;
        s.learningRate = parser.value("lr").toDouble(&ok);
        if (!ok || !(s.learningRate > 0 && s.learningRate < 1))
            throw UsageError{"--lr expects a number between 0 and 1, got \"" + parser.value("lr") +
                             "\""};
    } else {
        s.learningRate = induction ? task.learningRate : kDefaultLearningRate;
    }
    if (parser.isSet("init")) {
        bool ok = false;
        s.initDeviation = parser.value("init").toDouble(&ok);
        if (!ok || !(s.initDeviation > 0 && s.initDeviation <= 1))
            throw UsageError{"--init expects a number in (0, 1], got \"" + parser.value("init") +
                             "\""};
    }
    if (parser.isSet("seed")) {
        bool ok = false;
        s.seed = parser.value("seed").toULongLong(&ok);
        if (!ok)
            throw UsageError{"--seed expects a whole number from 0 to 2^64 − 1, got \"" +
                             parser.value("seed") + "\""};
    }

    std::unique_ptr<attn::DecoderTraining> training;
    if (resuming) {
        training = std::make_unique<attn::DecoderTraining>(
            attn::DecoderTraining::resume(out, std::move(corpus)));
        // What the command line gives must be what the run was started with.
        const attn::TrainingSettings &saved = training->settings();
        const std::pair<const char *, std::int64_t> sizes[] = {
            {"layers", saved.layers},  {"heads", saved.heads},
            {"d-model", saved.dModel}, {"sequence", saved.sequenceLength},
            {"batch", saved.batch},    {"induction-tokens", saved.inductionTokens}};
        for (const auto &[option, value] : sizes)
            if (parser.isSet(option) && parser.value(option).toLongLong() != qlonglong(value))
                throw attn::InputError(out + QString(": --%1 %2 differs from the %3 the run "
                                                     "in it was started with")
                                                 .arg(option, parser.value(option))
                                                 .arg(value));
        QFile savedTokenizer(QDir(out).filePath("tokenizer.json"));
        if (!savedTokenizer.open(QIODevice::ReadOnly) ||
            savedTokenizer.read(attn::kMaxTokenizerFileBytes) != tokenizerJson ||
            saved.data != s.data || (parser.isSet("seed") && saved.seed != s.seed) ||
            (parser.isSet("lr") && saved.learningRate != s.learningRate) ||
            parser.isSet("attention-only") != saved.attentionOnly ||
            s.windowStartId != saved.windowStartId)
            throw attn::InputError(out + ": holds a run of other data or settings (task, "
                                         "corpus, tokenizer, seed, --lr, --attention-only, "
                                         "--bos)");
    } else {
        for (const char *option : {"layers", "heads", "d-model"})
            if (!parser.isSet(option))
                throw UsageError{QString("model train needs --%1").arg(option)};
        s.layers = sizeOption(parser, "layers", 1, attn::kMaxTrainLayers);
        s.heads = sizeOption(parser, "heads", 1, attn::kMaxTrainHeads);
        s.dModel = sizeOption(parser, "d-model", 2, attn::kMaxTrainWidth);
        training = std::make_unique<attn::DecoderTraining>(s, std::move(corpus));
    }

    QElapsedTimer clock;
    clock.start();
    std::int64_t tokens = 0;
    while (training->steps() < steps) {
        training->step();
        tokens += training->tokensPerStep();
        const std::int64_t step = training->steps();
        if (step % kPrintEvery == 0 || step == steps) {
            const double seconds = double(clock.nsecsElapsed()) / 1e9;
            const double rate = seconds > 0 ? double(tokens) / seconds : 0.0;
            double score = 0;
            if (induction)
                score = training->bestInduction();
            if (!writeOut(trainingLine(step, training->loss(), rate, induction ? &score : nullptr)))
                return kExitInput;
            if (step % kSaveEvery == 0 && step != steps)
                training->saveCheckpoint(out, tokenizerJson);
            tokens = 0;
            clock.restart();
        }
    }
    training->saveCheckpoint(out, tokenizerJson);
    return 0;
}

const char *const kUsage =
    "\nUsage: attnviz-cli model grad DIR --ids 1,2,3 --json OUT | model train --corpus FILE "
    "--layers L --heads H --d-model D [--attention-only] [--bos] [--steps N] [--seed S] [--task "
    "induction] --out DIR\nTry 'attnviz-cli --help' for more information.\n";

} // namespace

bool isTrainingCommand(const QStringList &arguments) {
    return arguments.size() > 2 && arguments[1] == "model" &&
           (arguments[2] == "grad" || arguments[2] == "train");
}

int runTrainingCommand(const QStringList &arguments) {
    try {
        return arguments[2] == "grad" ? writeGradient(arguments) : train(arguments);
    } catch (const UsageError &e) {
        writeErr("attnviz-cli: " + e.message.simplified() + kUsage);
        return kExitUsage;
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromStdString(e.what()).simplified() + "\n");
        return kExitInput;
    } catch (const std::bad_alloc &) {
        writeErr("attnviz-cli: not enough memory for the model; nothing was written\n");
        return kExitInput;
    }
}
