// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliGenerate.h"
#include "CliInterventions.h"
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "InputError.h"
#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "networkreadings/LogitAttribution.h"
#include "tokenizer/Tokenizer.h"
#include "transformer/Forward.h"
#include "transformer/Generation.h"

#include <QCommandLineParser>
#include <QElapsedTimer>

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <new>

namespace {

using namespace climodel;

std::vector<std::int64_t> promptIds(const QCommandLineParser &parser, const QString &folder,
                                    const QString &command) {
    const bool hasText = parser.isSet("text"), hasIds = parser.isSet("ids");
    if (hasText == hasIds)
        throw UsageError{"model " + command + " needs either --text TEXT or --ids 1,2,3"};
    return hasIds ? parseIds(parser.value("ids")) : idsOfText(folder, parser.value("text"));
}

QString folderOf(const QCommandLineParser &parser, const QString &command) {
    const QStringList positional = parser.positionalArguments(); // "model", COMMAND, DIR
    if (positional.size() < 3)
        throw UsageError{"missing DIR (a checkpoint folder or .gguf file) after model " + command};
    if (positional.size() > 3)
        throw UsageError{"unexpected argument \"" + positional[3] + "\""};
    return positional[2];
}

// --target: a token id, or a token of the vocabulary by its piece ("Ġthe", "▁the") or its
// text (" the"), or a text that the tokenizer makes one token of.
std::int64_t targetToken(const QString &value, const attn::Tokenizer *tokenizer,
                         std::int64_t vocabulary) {
    if (const std::optional<qint64> id = wholeNumber(value, 0, vocabulary - 1))
        return *id;
    if (!tokenizer)
        throw attn::InputError(QString("--target \"%1\" is not a token id from 0 to %2, and the "
                                       "model has no tokenizer to look it up in")
                                   .arg(value)
                                   .arg(vocabulary - 1));
    const int size = std::min<int>(tokenizer->vocabularySize(), int(vocabulary));
    for (const bool byPiece : {true, false})
        for (int id = 0; id < size; ++id) {
            const attn::Token t = tokenizer->token(id);
            if ((byPiece ? t.piece : t.text) == value)
                return id;
        }
    std::vector<attn::Token> tokens = tokenizer->encode(value);
    std::erase_if(tokens, [](const attn::Token &t) { return t.special; });
    if (tokens.size() == 1)
        return tokens[0].id;
    throw attn::InputError(QString("--target \"%1\" is %2 tokens, not one: give one token or "
                                   "its id")
                               .arg(value)
                               .arg(tokens.size()));
}

QByteArray signedFixed(double v) {
    return QByteArray::fromStdString(attn::notation::fixed(v, 4)).rightJustified(10);
}

int attribute(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({{"text", "text", "TEXT"},
                       {"ids", "ids", "1,2,3"},
                       {"target", "target", "TOKEN"},
                       {"position", "position", "P"},
                       {"json", "json", "OUT"}});
    if (!parser.parse(arguments))
        throw UsageError{parser.errorText()};
    const QString folder = folderOf(parser, "attribute");
    if (!parser.isSet("target"))
        throw UsageError{"model attribute needs --target TOKEN (an id or a token)"};
    const std::vector<std::int64_t> ids = promptIds(parser, folder, "attribute");
    const std::shared_ptr<const attn::Checkpoint> checkpoint = attn::Checkpoint::open(folder);
    const std::unique_ptr<attn::Tokenizer> tokenizer = tokenizerOrNull(folder);
    const std::int64_t target =
        targetToken(parser.value("target"), tokenizer.get(), checkpoint->config().vocab);
    const auto n = std::int64_t(ids.size());
    const std::int64_t position =
        parser.isSet("position") ? wholeOption<UsageError>(parser, "position", 0, n - 1) : n - 1;
    attn::LogitAttribution a;
    try {
        const attn::RunPtr run = attn::runModel(*checkpoint, ids);
        a = attn::attributeLogit(*checkpoint, *run, target, position);
    } catch (const attn::InputError &e) {
        throw attn::InputError(folder + ": " + QString::fromStdString(e.what()));
    }
    const std::string name = tokenLabels({target}, tokenizer.get())[0];
    if (parser.isSet("json"))
        return writeResult(parser.value("json"), attn::attributionToJson(a, name));

    // The parts, largest first: where the logit comes from.
    struct Part {
        QByteArray name;
        double value;
    };
    std::vector<Part> parts{{"embeddings", a.embeddings}};
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        for (std::size_t h = 0; h < a.layers[l].heads.size(); ++h)
            parts.push_back({"head " + QByteArray::number(qulonglong(l)) + ':' +
                                 QByteArray::number(qulonglong(h)),
                             a.layers[l].heads[h]});
        parts.push_back({"mlp " + QByteArray::number(qulonglong(l)), a.layers[l].mlp});
        if (a.layers[l].attentionBias != 0)
            parts.push_back(
                {"attn bias " + QByteArray::number(qulonglong(l)), a.layers[l].attentionBias});
    }
    if (a.finalBias != 0)
        parts.push_back({"final biases", a.finalBias});
    std::stable_sort(parts.begin(), parts.end(), [](const Part &x, const Part &y) {
        return std::abs(x.value) > std::abs(y.value);
    });
    const QByteArray id = "id " + QByteArray::number(qlonglong(target));
    QByteArray out =
        "logit of " + (tokenizer ? "'" + QByteArray::fromStdString(name) + "' (" + id + ")" : id) +
        " at position " + QByteArray::number(qlonglong(position)) + ": " +
        QByteArray::fromStdString(attn::notation::fixed(a.logit, 4)) + " = the sum of the parts " +
        QByteArray::fromStdString(attn::notation::fixed(a.sum, 4)) + '\n';
    const std::size_t shown = std::min<std::size_t>(parts.size(), 12);
    for (std::size_t i = 0; i < shown; ++i)
        out += "  " + parts[i].name.leftJustified(16) + signedFixed(parts[i].value) + '\n';
    if (shown < parts.size())
        out += "  … " + QByteArray::number(qulonglong(parts.size() - shown)) +
               " smaller parts (--json OUT lists them all)\n";
    for (const std::string &caveat : a.caveats)
        out += "note: " + QByteArray::fromStdString(caveat) + '\n';
    return writeOut(out) ? 0 : kExitInput;
}

int generateText(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({{"text", "text", "TEXT"},
                       {"ids", "ids", "1,2,3"},
                       {"tokens", "tokens", "N"},
                       {"temperature", "temperature", "T"},
                       {"seed", "seed", "S"},
                       {"top", "top", "K"},
                       {"timing", "timing"},
                       {"json", "json", "OUT"}});
    addInterventionOptions(parser);
    if (!parser.parse(joinSteerTexts(arguments)))
        throw UsageError{parser.errorText()};
    const QString folder = folderOf(parser, "generate");
    if (!parser.isSet("tokens"))
        throw UsageError{"model generate needs --tokens N (how many tokens to write)"};
    for (const char *option : {"patch", "patch-resid", "from-text", "from-ids"})
        if (parser.isSet(option))
            throw UsageError{QString("--%1 is an option of model run: a patch from run B does not "
                                     "apply while the model writes")
                                 .arg(option)};
    attn::GenerationOptions options;
    options.tokens = wholeOption<UsageError>(parser, "tokens", 1, 100000);
    if (parser.isSet("temperature")) {
        bool ok = false;
        options.temperature = parser.value("temperature").toDouble(&ok);
        if (!ok || !std::isfinite(options.temperature) || options.temperature < 0)
            throw UsageError{"--temperature expects a number from 0 (greedy), got \"" +
                             parser.value("temperature") + "\""};
    }
    if (parser.isSet("seed")) {
        if (options.temperature <= 0)
            throw UsageError{"--seed goes with --temperature T above 0: greedy decoding has no "
                             "randomness"};
        options.seed = std::uint64_t(
            wholeOption<UsageError>(parser, "seed", 0, std::numeric_limits<qint64>::max()));
    }
    if (parser.isSet("top"))
        options.top = int(wholeOption<UsageError>(parser, "top", 1, 1000));
    const std::vector<std::int64_t> ids = promptIds(parser, folder, "generate");
    const std::shared_ptr<const attn::Checkpoint> checkpoint = attn::Checkpoint::open(folder);
    const attn::Interventions interventions = interventionsOf(parser, *checkpoint, folder, ids);
    attn::Generation g;
    QElapsedTimer clock;
    clock.start();
    double promptMs = 0;
    try {
        g = attn::generate(*checkpoint, ids, interventions, options, [&](std::int64_t done) {
            if (done == 1)
                promptMs = double(clock.nsecsElapsed()) / 1e6;
            return true;
        });
    } catch (const attn::InputError &e) {
        throw attn::InputError(folder + ": " + QString::fromStdString(e.what()));
    }
    if (parser.isSet("timing")) {
        // The prompt's pass and the first token, then the tokens after it (one position each).
        const double totalMs = double(clock.nsecsElapsed()) / 1e6;
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        writeErr(QString("{\"prompt_ms\": %1, \"generate_ms\": %2, \"tokens\": %3, "
                         "\"peak_rss_mb\": %4}\n")
                     .arg(promptMs, 0, 'f', 3)
                     .arg(totalMs, 0, 'f', 3)
                     .arg(g.tokens.size())
                     .arg(double(usage.ru_maxrss) / 1024.0, 0, 'f', 1));
    }
    const std::unique_ptr<attn::Tokenizer> tokenizer = tokenizerOrNull(folder);
    std::vector<std::int64_t> written;
    for (const attn::GeneratedToken &t : g.tokens)
        written.push_back(t.id);
    std::string text;
    if (tokenizer) {
        std::vector<int> all;
        for (std::int64_t id : ids)
            all.push_back(int(id));
        for (std::int64_t id : written)
            all.push_back(int(id));
        try {
            text = tokenizer->decode(all).toStdString();
        } catch (const attn::InputError &) {
            // An id the tokenizer lacks (a model larger than its vocabulary): no text.
        }
    }
    const auto label = [&](std::int64_t id) { return tokenLabels({id}, tokenizer.get())[0]; };
    if (parser.isSet("json"))
        return writeResult(parser.value("json"),
                           attn::generationToJson(g, options,
                                                  tokenizer
                                                      ? std::function(label)
                                                      : std::function<std::string(std::int64_t)>(),
                                                  text));
    QByteArray out;
    if (!text.empty())
        out += "text: " + QByteArray::fromStdString(text) + '\n';
    for (const attn::GeneratedToken &t : g.tokens)
        out += "  " + QByteArray::number(qlonglong(t.id)).rightJustified(7) + "  " +
               QByteArray::fromStdString(attn::notation::fixed(t.probability, 4)) +
               (tokenizer ? "  " + QByteArray::fromStdString(label(t.id)) : QByteArray()) + '\n';
    return writeOut(out) ? 0 : kExitInput;
}

} // namespace

bool isAttributeCommand(const QStringList &arguments) {
    return arguments.size() > 2 && arguments[1] == "model" && arguments[2] == "attribute";
}

bool isGenerateCommand(const QStringList &arguments) {
    return arguments.size() > 2 && arguments[1] == "model" && arguments[2] == "generate";
}

int runGenerateCommand(const QStringList &arguments) {
    const bool attributing = isAttributeCommand(arguments);
    try {
        return attributing ? attribute(arguments) : generateText(arguments);
    } catch (const UsageError &e) {
        writeErr("attnviz-cli: " + e.message.simplified() +
                 (attributing ? "\nUsage: attnviz-cli model attribute DIR (--text TEXT | --ids "
                                "1,2,3) --target TOKEN [--position P] [--json OUT]\n"
                              : "\nUsage: attnviz-cli model generate DIR (--text TEXT | --ids "
                                "1,2,3) --tokens N [--temperature T --seed S] [--top K] [--json "
                                "OUT] [--ablate L:H[:scale=F]]... [--steer L:FILE.npy[:SCALE]]... "
                                "[--steer-texts L A B[:SCALE]]...\n"));
        return kExitUsage;
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromStdString(e.what()).simplified() + "\n");
        return kExitInput;
    } catch (const std::bad_alloc &) {
        writeErr("attnviz-cli: not enough memory; nothing was written\n");
        return kExitInput;
    }
}
