// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliAnalyze.h"
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "io/AtomicFile.h"
#include "networkreadings/ModelAnalysis.h"
#include "tokenizer/Tokenizer.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"

#include <QCommandLineParser>

#include <cmath>
#include <cstdio>
#include <new>
#include <optional>

namespace {

using namespace climodel;

// "L:H", and for --ablate ":mean" or ":scale=F" after it.
attn::Intervention parseHead(const QString &value, const char *option, bool kinds) {
    const QStringList parts = value.split(':');
    constexpr qint64 kMost = std::numeric_limits<int>::max();
    const std::optional<qint64> layerNumber =
        parts.size() >= 2 ? wholeNumber(parts[0], 0, kMost) : std::nullopt;
    const std::optional<qint64> headNumber =
        parts.size() >= 2 ? wholeNumber(parts[1], 0, kMost) : std::nullopt;
    const QString expected = kinds ? "L:H, L:H:mean or L:H:scale=F" : "L:H";
    if (!layerNumber || !headNumber || parts.size() > (kinds ? 3 : 2))
        throw attn::InputError(QString("--%1 expects %2 (layer and head from 0), got \"%3\"")
                                   .arg(option, expected, value));
    const auto layer = int(*layerNumber), head = int(*headNumber);
    if (parts.size() == 2)
        return option == QStringLiteral("patch") ? attn::Intervention::patchHead(layer, head)
                                                 : attn::Intervention::zero(layer, head);
    if (parts[2] == "mean")
        return attn::Intervention::mean(layer, head);
    if (parts[2].startsWith("scale=")) {
        bool ok = false;
        const double factor = parts[2].mid(6).toDouble(&ok);
        if (ok && std::isfinite(factor))
            return attn::Intervention::scale(layer, head, factor);
    }
    throw attn::InputError(QString("--%1 expects %2, got \"%3\"").arg(option, expected, value));
}

// checkInterventions for one edit, its message led by the option that asked for it.
void checkEdit(const attn::Checkpoint &checkpoint, std::int64_t tokens,
               const attn::Intervention &edit, const attn::RunPtr &source, const QString &option) {
    try {
        attn::checkInterventions(checkpoint.config(), tokens, {{edit}, source});
    } catch (const attn::InputError &e) {
        throw attn::InputError(option + ": " + QString::fromStdString(e.what()));
    }
}

void writeOrPrint(const QString &out, const QByteArray &text) {
    if (out == "-") {
        if (std::fwrite(text.constData(), 1, std::size_t(text.size()), stdout) !=
                std::size_t(text.size()) ||
            std::fflush(stdout) != 0)
            throw attn::InputError(QString("cannot write to standard output"));
        return;
    }
    const QString error = attn::writeFileAtomically(out, text);
    if (!error.isEmpty())
        throw attn::InputError(error);
}

int analyze(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({
        {"text", "text", "TEXT"},
        {"ids", "ids", "1,2,3"},
        {"ablate", "ablate", "L:H"},
        {"json", "json", "OUT"},
    });
    if (!parser.parse(arguments))
        throw UsageError{parser.errorText()};
    const QStringList positional = parser.positionalArguments(); // "model", "analyze", DIR
    if (positional.size() < 3)
        throw UsageError{"missing DIR (a checkpoint folder) after model analyze"};
    if (positional.size() > 3)
        throw UsageError{"unexpected argument \"" + positional[3] + "\""};
    const QString folder = positional[2];
    const bool hasText = parser.isSet("text"), hasIds = parser.isSet("ids");
    if (hasText == hasIds)
        throw UsageError{"model analyze needs either --text TEXT or --ids 1,2,3"};
    if (!parser.isSet("json"))
        throw UsageError{"model analyze needs --json OUT (- for standard output)"};
    std::vector<std::pair<int, int>> ablate;
    for (const QString &value : parser.values("ablate")) {
        const attn::Intervention edit = parseHead(value, "ablate", false);
        ablate.emplace_back(edit.layer, edit.head);
    }
    const std::vector<std::int64_t> ids =
        hasIds ? parseIds(parser.value("ids")) : idsOfText(folder, parser.value("text"));
    const std::shared_ptr<const attn::Checkpoint> checkpoint = attn::Checkpoint::open(folder);
    for (const auto &[layer, head] : ablate)
        checkEdit(*checkpoint, std::int64_t(ids.size()), attn::Intervention::zero(layer, head),
                  nullptr, QString("--ablate %1:%2").arg(layer).arg(head));
    std::optional<attn::ModelAnalysis> analysis;
    try {
        const attn::RunPtr run = attn::runModel(*checkpoint, ids);
        analysis = attn::analyzeRun(*checkpoint, *run, ablate);
    } catch (const attn::InputError &e) {
        throw attn::InputError(folder + ": " + QString::fromStdString(e.what()));
    }
    writeOrPrint(parser.value("json"), attn::analysisToJson(*analysis));
    return 0;
}

} // namespace

bool isAnalyzeCommand(const QStringList &arguments) {
    return arguments.size() > 2 && arguments[1] == "model" && arguments[2] == "analyze";
}

int runAnalyzeCommand(const QStringList &arguments) {
    try {
        return analyze(arguments);
    } catch (const UsageError &e) {
        writeErr("attnviz-cli: " + e.message.simplified() +
                 " (usage: attnviz-cli model analyze DIR (--text TEXT | --ids 1,2,3) "
                 "[--ablate L:H]... --json OUT)\n");
        return kExitUsage;
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromStdString(e.what()).simplified() + "\n");
        return kExitInput;
    } catch (const std::bad_alloc &) {
        writeErr("attnviz-cli: not enough memory to analyze the model; nothing was written\n");
        return kExitInput;
    }
}

void addInterventionOptions(QCommandLineParser &parser) {
    parser.addOptions({
        {"ablate", "ablate", "L:H[:mean|:scale=F]"},
        {"patch", "patch", "L:H"},
        {"patch-resid", "patch-resid", "L"},
        {"from-text", "from-text", "TEXT"},
        {"from-ids", "from-ids", "1,2,3"},
    });
}

QStringList interventionOptionNames() {
    return {"ablate", "patch", "patch-resid", "from-text", "from-ids"};
}

attn::Interventions interventionsOf(const QCommandLineParser &parser,
                                    const attn::Checkpoint &checkpoint, const QString &folder,
                                    const std::vector<std::int64_t> &ids) {
    attn::Interventions interventions;
    std::vector<QString> options; // the option of each edit, for its message
    for (const QString &value : parser.values("ablate")) {
        interventions.edits.push_back(parseHead(value, "ablate", true));
        options.push_back("--ablate " + value);
    }
    for (const QString &value : parser.values("patch")) {
        interventions.edits.push_back(parseHead(value, "patch", false));
        options.push_back("--patch " + value);
    }
    for (const QString &value : parser.values("patch-resid")) {
        const std::optional<qint64> layer = wholeNumber(value, 0, std::numeric_limits<int>::max());
        if (!layer)
            throw attn::InputError(
                QString("--patch-resid expects a layer L from 0, got \"%1\"").arg(value));
        interventions.edits.push_back(attn::Intervention::patchResidual(int(*layer)));
        options.push_back("--patch-resid " + value);
    }
    const bool patches = parser.isSet("patch") || parser.isSet("patch-resid");
    const bool hasText = parser.isSet("from-text"), hasIds = parser.isSet("from-ids");
    if (hasText && hasIds)
        throw attn::InputError(QString("give run B once: --from-text or --from-ids"));
    if (patches && !hasText && !hasIds)
        throw attn::InputError(
            QString("--patch and --patch-resid need run B: --from-text TEXT or --from-ids 1,2,3"));
    if (!patches && (hasText || hasIds))
        throw attn::InputError(
            QString("--from-text and --from-ids give run B of --patch or --patch-resid"));
    if (patches) {
        const std::vector<std::int64_t> b = hasIds ? parseIds(parser.value("from-ids"), "from-ids")
                                                   : idsOfText(folder, parser.value("from-text"));
        // The edits' ranges first: run B is only worth computing for edits that can apply.
        for (std::size_t i = 0; i < interventions.edits.size(); ++i) {
            const attn::Intervention &e = interventions.edits[i];
            const bool residual = e.kind == attn::Intervention::Kind::PatchResidual;
            checkEdit(checkpoint, std::int64_t(ids.size()),
                      attn::Intervention::zero(e.layer, residual ? 0 : e.head), nullptr,
                      options[i]);
        }
        if (b.size() != ids.size())
            throw attn::InputError(QString("run B (--from-text/--from-ids) has %1 tokens and "
                                           "run A %2: patching needs the same length")
                                       .arg(b.size())
                                       .arg(ids.size()));
        try {
            interventions.source = attn::runModel(checkpoint, b);
        } catch (const attn::InputError &e) {
            throw attn::InputError("run B: " + QString::fromStdString(e.what()));
        }
    }
    for (std::size_t i = 0; i < interventions.edits.size(); ++i)
        checkEdit(checkpoint, std::int64_t(ids.size()), interventions.edits[i],
                  interventions.source, options[i]);
    return interventions;
}
