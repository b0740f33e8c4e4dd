// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliTrain.h"

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "io/AtomicFile.h"
#include "transformer/DecoderParameters.h"
#include "transformer/DecoderPass.h"
#include "transformer/Forward.h"
#include "transformer/GradientJson.h"

#include <QCommandLineParser>

#include <cstdio>
#include <new>

namespace {

constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;

struct UsageError {
    QString message;
};

void writeErr(const QString &text) {
    std::fputs(text.toLocal8Bit().constData(), stderr);
}

bool writeOut(const QByteArray &text) {
    return std::fwrite(text.constData(), 1, std::size_t(text.size()), stdout) ==
               std::size_t(text.size()) &&
           std::fflush(stdout) == 0;
}

std::vector<std::int64_t> parseIds(const QString &text) {
    std::vector<std::int64_t> ids;
    for (const QString &part : text.split(',')) {
        bool ok = false;
        const qlonglong id = part.trimmed().toLongLong(&ok);
        if (!ok)
            throw UsageError{"--ids expects token ids separated by commas (1,2,3), got \"" + part +
                             "\""};
        ids.push_back(id);
    }
    return ids;
}

// Writes `text` to `out` ("-": standard output).
int writeResult(const QString &out, const QByteArray &text) {
    if (out == "-")
        return writeOut(text) ? 0 : kExitInput;
    const QString error = attn::writeFileAtomically(out, text);
    if (!error.isEmpty())
        throw attn::InputError(error);
    return 0;
}

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
    return writeResult(parser.value("json"), attn::gradientToJson(loss, gradient));
}

const char *const kUsage =
    "\nUsage: attnviz-cli model grad DIR --ids 1,2,3 --json OUT | model train --corpus FILE "
    "--layers L --heads H --d-model D [--attention-only] [--steps N] [--seed S] [--task "
    "induction] --out DIR\nTry 'attnviz-cli --help' for more information.\n";

} // namespace

bool isTrainingCommand(const QStringList &arguments) {
    return arguments.size() > 2 && arguments[1] == "model" &&
           (arguments[2] == "grad" || arguments[2] == "train");
}

int runTrainingCommand(const QStringList &arguments) {
    try {
        return writeGradient(arguments);
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
