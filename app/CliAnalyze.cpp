// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliAnalyze.h"
#include "CliInterventions.h"
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "io/AtomicFile.h"
#include "networkreadings/ModelAnalysis.h"
#include "tokenizer/Tokenizer.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/RunSelection.h"

#include <QCommandLineParser>

#include <cmath>
#include <cstdio>
#include <new>
#include <optional>

namespace {

using namespace climodel;

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
        {"heads", "heads", "L:H,..."},
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
    attn::RunSelection selection;
    if (parser.isSet("heads"))
        selection.heads = attn::parseRunHeads(parser.value("heads"), checkpoint->config());
    std::optional<attn::ModelAnalysis> analysis;
    try {
        // Past the length whose every n × n a run keeps, the run is compact (model run's rule)
        // and the analysis reads the chosen heads a layer at a time.
        const attn::RunPtr run =
            attn::runModel(*checkpoint, ids, {}, {attn::RunOptions::Keep::Auto});
        if (run->compact && selection.allHeads())
            throw attn::InputError(
                QString("at %1 tokens the value-weighted norms of every head would be every "
                        "head's n × n at once; choose the heads with --heads L:H[,L:H...]")
                    .arg(qlonglong(ids.size())));
        analysis = attn::analyzeRun(*checkpoint, *run, ablate, nullptr, selection);
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
                 "[--heads L:H,...] [--ablate L:H]... --json OUT)\n");
        return kExitUsage;
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromStdString(e.what()).simplified() + "\n");
        return kExitInput;
    } catch (const std::bad_alloc &) {
        writeErr("attnviz-cli: not enough memory to analyze the model; nothing was written\n");
        return kExitInput;
    }
}
