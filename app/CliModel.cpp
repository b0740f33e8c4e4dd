// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliModel.h"
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "CliAnalyze.h"
#include "CliCompare.h"
#include "CliGenerate.h"
#include "CliInterventions.h"
#include "CliTrain.h"

#include "InputError.h"
#include "Limits.h"
#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "io/ResultJson.h"
#include "io/Session.h"
#include "tokenizer/Tokenizer.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"
#include "transformer/RunArrays.h"
#include "transformer/RunJson.h"
#include "transformer/TakeApart.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <sys/resource.h>

#include <cstdio>
#include <new>
#include <string>

namespace {

using namespace climodel;

constexpr int kDefaultTop = 5;

// The id of "[MASK]" in the folder's vocab.txt (BERT's WordPiece vocabulary, one token a
// line), or -1 without one.
std::int64_t maskId(const QString &folder) {
    QFile vocab(QDir(folder).filePath("vocab.txt"));
    if (!vocab.open(QIODevice::ReadOnly))
        return -1;
    std::int64_t line = 0;
    // A line is at most a few hundred bytes; at most kMaxVocabulary lines are looked at.
    while (!vocab.atEnd() && line < attn::kMaxVocabulary) {
        if (vocab.readLine(4096).trimmed() == "[MASK]")
            return line;
        ++line;
    }
    return -1;
}

// "tokens: 15496 'Hello' 11 ',' …": each id with its token, or the ids alone without a
// tokenizer.
QByteArray idsLine(const std::vector<std::int64_t> &ids, const std::vector<std::string> &names,
                   bool named) {
    QByteArray out = named ? "tokens:" : "ids:";
    for (std::size_t i = 0; i < ids.size(); ++i) {
        out += ' ' + QByteArray::number(qlonglong(ids[i]));
        if (named)
            out += " '" + QByteArray::fromStdString(names[i]) + '\'';
    }
    return out + '\n';
}

// The top-k predictions as text: decoders after the last token; BERT at each [MASK] (every
// position when the ids have none, or the folder has no vocab.txt to find it in).
QByteArray predictionsText(const attn::Checkpoint &checkpoint, const attn::Run &run, int k) {
    const std::unique_ptr<attn::Tokenizer> tokenizer = tokenizerOrNull(checkpoint.folder());
    QByteArray out = idsLine(run.ids, tokenLabels(run.ids, tokenizer.get()), tokenizer != nullptr);
    if (run.logits.cols() == 0)
        return out + "no predictions: the checkpoint has no LM head\n";
    std::vector<std::int64_t> positions;
    const auto n = std::int64_t(run.ids.size());
    if (checkpoint.config().decoder()) {
        positions.push_back(n - 1);
    } else {
        const std::int64_t mask = maskId(checkpoint.folder());
        for (std::int64_t i = 0; i < n; ++i)
            if (run.ids[std::size_t(i)] == mask)
                positions.push_back(i);
        if (positions.empty())
            for (std::int64_t i = 0; i < n; ++i)
                positions.push_back(i);
    }
    for (std::int64_t p : positions) {
        out += checkpoint.config().decoder()
                   ? "next token after position " + QByteArray::number(qlonglong(p)) + ":\n"
                   : "position " + QByteArray::number(qlonglong(p)) + " (id " +
                         QByteArray::number(qlonglong(run.ids[std::size_t(p)])) + "):\n";
        const std::vector<attn::Prediction> top = attn::topPredictions(run, p, k);
        std::vector<std::int64_t> topIds;
        for (const attn::Prediction &prediction : top)
            topIds.push_back(prediction.id);
        const std::vector<std::string> names = tokenLabels(topIds, tokenizer.get());
        for (std::size_t i = 0; i < top.size(); ++i)
            out += "  " + QByteArray::number(qlonglong(top[i].id)).rightJustified(7) + "  " +
                   QByteArray::fromStdString(attn::notation::fixed(top[i].probability, 4)) +
                   (tokenizer ? "  " + QByteArray::fromStdString(names[i]) : QByteArray()) + '\n';
    }
    return out;
}

double peakRssMb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
}

int runModel(const QCommandLineParser &parser, const QString &folder) {
    const bool hasText = parser.isSet("text"), hasIds = parser.isSet("ids");
    if (hasText == hasIds)
        throw UsageError{"model run needs either --text TEXT or --ids 1,2,3"};
    if ((parser.isSet("heads") || parser.isSet("fields")) && !parser.isSet("json") &&
        !parser.isSet("npz"))
        throw UsageError{"--heads and --fields choose what --json or --npz writes"};
    if (parser.isSet("fields"))
        attn::parseRunFields(parser.value("fields")); // refused before the run, not after it
    const std::vector<std::int64_t> ids =
        hasIds ? parseIds(parser.value("ids")) : idsOfText(folder, parser.value("text"));
    int top = kDefaultTop;
    if (parser.isSet("top")) {
        top = int(wholeOption<UsageError>(parser, "top", 1, 1000));
    }
    QElapsedTimer clock;
    clock.start();
    const std::shared_ptr<const attn::Checkpoint> checkpoint = attn::Checkpoint::open(folder);
    const double loadMs = double(clock.nsecsElapsed()) / 1e6;
    clock.restart();
    const attn::Interventions interventions = interventionsOf(parser, *checkpoint, folder, ids);
    attn::RunPtr run;
    try {
        run = attn::runModel(*checkpoint, ids, interventions, {attn::RunOptions::Keep::Auto});
    } catch (const attn::InputError &e) {
        throw attn::InputError(folder + ": " + QString::fromStdString(e.what()));
    }
    const double forwardMs = double(clock.nsecsElapsed()) / 1e6;
    // Printed once the files are written, with how long writing them took.
    const auto timing = [&](double writeMs) {
        if (!parser.isSet("timing"))
            return;
        std::string line = "{\"load_ms\": " + attn::jsonNumber(loadMs) +
                           ", \"forward_ms\": " + attn::jsonNumber(forwardMs);
        if (writeMs >= 0)
            line += ", \"write_ms\": " + attn::jsonNumber(writeMs);
        line += ", \"kept_mb\": " + attn::jsonNumber(double(attn::keptValues(*run)) * 8 / 1e6) +
                ", \"peak_rss_mb\": " + attn::jsonNumber(peakRssMb()) + "}\n";
        writeErr(QString::fromStdString(line));
    };
    if (parser.isSet("json") || parser.isSet("npz")) {
        clock.restart();
        attn::RunSelection selection;
        if (parser.isSet("heads"))
            selection.heads = attn::parseRunHeads(parser.value("heads"), checkpoint->config());
        if (const std::unique_ptr<attn::Tokenizer> tokenizer = tokenizerOrNull(folder))
            selection.tokens = tokenLabels(ids, tokenizer.get());
        if (parser.isSet("npz")) {
            selection.fields = parser.isSet("fields") ? attn::parseRunFields(parser.value("fields"))
                                                      : attn::RunSelection::kAllFields;
            // A member at a time to the file (or standard output): a long run's archive is
            // gigabytes that need not all be in memory at once.
            const int status = writeResult(parser.value("npz"), [&](const attn::ByteSink &write) {
                return attn::runToNpz(*checkpoint, *run, selection, write);
            });
            if (status != 0 || !parser.isSet("json")) {
                timing(double(clock.nsecsElapsed()) / 1e6);
                return status;
            }
        }
        selection.fields = parser.isSet("fields") ? attn::parseRunFields(parser.value("fields"))
                                                  : attn::RunSelection::kJsonDefault;
        const int status =
            writeResult(parser.value("json"), attn::runToJson(*checkpoint, *run, selection));
        timing(double(clock.nsecsElapsed()) / 1e6);
        return status;
    }
    timing(-1);
    return writeOut(predictionsText(*checkpoint, *run, top)) ? 0 : kExitInput;
}

// model session: the workbench document of one head (or the whole layer) of the run, as the
// window's Take a head apart builds it, with a "model" member that leads back to the run.
int writeSession(const QCommandLineParser &parser, const QString &folder) {
    const bool hasText = parser.isSet("text"), hasIds = parser.isSet("ids");
    if (hasText == hasIds)
        throw UsageError{"model session needs either --text TEXT or --ids 1,2,3"};
    if (!parser.isSet("layer"))
        throw UsageError{"model session needs --layer L (and --head H for one head)"};
    if (!parser.isSet("out"))
        throw UsageError{"model session needs --out S.attnviz"};
    const std::vector<std::int64_t> ids =
        hasIds ? parseIds(parser.value("ids")) : idsOfText(folder, parser.value("text"));
    const std::shared_ptr<const attn::Checkpoint> checkpoint = attn::Checkpoint::open(folder);
    const attn::ModelConfig &config = checkpoint->config();
    const int layer = int(wholeOption<UsageError>(parser, "layer", 0, config.layers - 1));
    const int head = parser.isSet("head")
                         ? int(wholeOption<UsageError>(parser, "head", 0, config.heads - 1))
                         : -1;
    if (head < 0) {
        const std::string why = attn::layerTooLarge(config, std::int64_t(ids.size()));
        if (!why.empty())
            throw attn::InputError(folder + ": the whole layer does not fit: " +
                                   QString::fromStdString(why) + "; take one head apart (--head)");
    }
    attn::AttentionInputs inputs;
    try {
        const attn::RunPtr run = attn::runModel(*checkpoint, ids);
        inputs = attn::takeApart(*checkpoint, *run, labelsOf(folder, ids), layer, head);
    } catch (const attn::InputError &e) {
        throw attn::InputError(folder + ": " + QString::fromStdString(e.what()));
    }
    QJsonObject model{
        {"folder", QFileInfo(folder).absoluteFilePath()}, {"layer", layer}, {"head", head}};
    if (hasText)
        model["text"] = parser.value("text");
    QJsonArray idArray;
    for (std::int64_t id : ids)
        idArray.append(qint64(id));
    model["ids"] = idArray;
    return writeResult(parser.value("out"), attn::sessionToJson(inputs, {}, {{"model", model}}));
}

int dispatch(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({
        {"text", "text", "TEXT"},
        {"ids", "ids", "1,2,3"},
        {"json", "json", "OUT"},
        {"npz", "npz", "OUT.npz"},
        {"heads", "heads", "L:H[,L:H…]"},
        {"fields", "fields", "x,attn_out,…"},
        {"top", "top", "K"},
        {"timing", "timing"},
        {"layer", "layer", "L"},
        {"head", "head", "H"},
        {"out", "out", "S.attnviz"},
    });
    addInterventionOptions(parser);
    if (!parser.parse(arguments))
        throw UsageError{parser.errorText()};
    const QStringList positional = parser.positionalArguments(); // "model", SUBCOMMAND, DIR
    if (positional.size() < 2 ||
        (positional[1] != "inspect" && positional[1] != "run" && positional[1] != "session"))
        throw UsageError{"model expects inspect, run, session, analyze, grad or train "
                         "(attnviz-cli model inspect DIR, attnviz-cli model run DIR --ids 1,2,3, "
                         "attnviz-cli model session DIR --ids 1,2,3 --layer 0 --head 0 --out "
                         "S.attnviz, attnviz-cli model analyze DIR --ids 1,2,3 --json OUT, "
                         "attnviz-cli model grad DIR --ids 1,2,3 --json OUT, attnviz-cli model "
                         "train --corpus FILE ... --out DIR)"};
    const QString command = positional[1];
    if (positional.size() < 3)
        throw UsageError{"missing DIR (a checkpoint folder) after model " + command};
    if (positional.size() > 3)
        throw UsageError{"unexpected argument \"" + positional[3] + "\""};
    const QString folder = positional[2];
    if (command != "run")
        for (const QString &option : interventionOptionNames())
            if (parser.isSet(option))
                throw UsageError{
                    QString("--%1 is an option of model run, not model %2").arg(option, command)};
    if (command == "inspect") {
        for (const char *option :
             {"text", "ids", "json", "npz", "heads", "fields", "top", "timing"})
            if (parser.isSet(option))
                throw UsageError{
                    QString("--%1 is an option of model run, not model inspect").arg(option)};
        for (const char *option : {"layer", "head", "out"})
            if (parser.isSet(option))
                throw UsageError{
                    QString("--%1 is an option of model session, not model inspect").arg(option)};
        return writeOut(attn::Checkpoint::open(folder)->summaryJson()) ? 0 : kExitInput;
    }
    if (command == "session") {
        for (const char *option : {"json", "npz", "heads", "fields", "top", "timing"})
            if (parser.isSet(option))
                throw UsageError{
                    QString("--%1 is an option of model run, not model session").arg(option)};
        return writeSession(parser, folder);
    }
    for (const char *option : {"layer", "head", "out"})
        if (parser.isSet(option))
            throw UsageError{
                QString("--%1 is an option of model session, not model run").arg(option)};
    return runModel(parser, folder);
}

} // namespace

bool isModelCommand(const QStringList &arguments) {
    return arguments.size() > 1 && arguments[1] == "model";
}

int runModelCommand(const QStringList &arguments) {
    if (isAnalyzeCommand(arguments)) // its own options and messages (CliAnalyze.cpp)
        return runAnalyzeCommand(arguments);
    if (isCompareCommand(arguments)) // two models (CliCompare.cpp)
        return runCompareCommand(arguments);
    if (isTrainingCommand(arguments)) // model grad, model train: CliTrain.cpp
        return runTrainingCommand(arguments);
    if (isAttributeCommand(arguments) || isGenerateCommand(arguments)) // CliGenerate.cpp
        return runGenerateCommand(arguments);
    try {
        return dispatch(joinSteerTexts(arguments));
    } catch (const UsageError &e) {
        writeErr(
            "attnviz-cli: " + e.message.simplified() +
            "\nUsage: attnviz-cli model inspect DIR | model run DIR (--text TEXT | --ids "
            "1,2,3) [--json OUT] [--npz OUT.npz] [--heads L:H,…] [--fields x,attn_out,…] [--top "
            "K] [--timing] [--ablate L:H[:mean|:scale=F]]... [--patch L:H[@P]]... [--patch-resid "
            "L[@P]]... [--from-text TEXT | --from-ids 1,2,3] [--steer L:FILE.npy[:SCALE]]... "
            "[--steer-texts L A B[:SCALE]]... | model session DIR (--text TEXT | --ids 1,2,3) "
            "--layer L [--head H] --out S.attnviz | model attribute DIR (--text TEXT | --ids "
            "1,2,3) --target TOKEN [--position P] [--json OUT] | model generate DIR (--text TEXT "
            "| --ids 1,2,3) --tokens N [--temperature T --seed S] [--json OUT]\nTry 'attnviz-cli "
            "--help' for more "
            "information.\n");
        return kExitUsage;
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromStdString(e.what()).simplified() + "\n");
        return kExitInput;
    } catch (const std::bad_alloc &) {
        writeErr("attnviz-cli: not enough memory to run the model; nothing was written\n");
        return kExitInput;
    }
}
