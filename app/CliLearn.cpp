// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliLearn.h"
#include "CliNumbers.h"

#include "Gradient.h"
#include "InputError.h"
#include "Trainer.h"
#include "io/GradientJson.h"
#include "io/MatrixExport.h"
#include "io/ResultJson.h"
#include "io/Session.h"

#include <QCommandLineParser>

#include <cstdio>

namespace {

constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;

struct UsageError {
    QString message;
};

void writeErr(const QString &text) {
    std::fputs(text.toLocal8Bit().constData(), stderr);
}

bool writeOut(const std::string &text) {
    return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() &&
           std::fflush(stdout) == 0;
}

int runGrad(const QStringList &positional,
            const std::function<attn::Session(const QString &)> &load) {
    if (positional.size() < 2)
        throw UsageError{"missing FILE after grad (use - for standard input)"};
    if (positional.size() > 2)
        throw UsageError{"unexpected argument \"" + positional[2] + "\""};
    const QString file = positional[1];
    std::string text;
    try {
        const attn::Session session = load(file);
        try {
            text = attn::gradientToJson(attn::gradient(session.inputs));
        } catch (const attn::InputError &e) {
            throw attn::InputError((file == "-" ? QString("standard input") : file).toStdString() +
                                   ": " + e.what());
        }
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromStdString(e.what()).simplified() + "\n");
        return kExitInput;
    }
    if (!writeOut(text)) {
        writeErr("attnviz-cli: cannot write the result to standard output\n");
        return kExitInput;
    }
    return 0;
}

std::string progressLine(int step, const attn::Evaluation &e) {
    return "{\"step\": " + std::to_string(step) + ", \"loss\": " + attn::jsonNumber(e.loss) +
           ", \"accuracy\": " + attn::jsonNumber(e.accuracy) + "}\n";
}

int runTrain(const QCommandLineParser &parser, const QStringList &positional) {
    if (positional.size() > 1)
        throw UsageError{"train takes no FILE (it writes one with --out), got \"" + positional[1] +
                         "\""};
    if (!parser.isSet("task"))
        throw UsageError{"train needs --task previous-token, first-token or match"};
    const auto task = attn::taskFromName(parser.value("task").toStdString());
    if (!task)
        throw UsageError{"--task expects previous-token, first-token or match, got \"" +
                         parser.value("task") + "\""};
    const long long seed =
        parser.isSet("seed") ? wholeOption<UsageError>(parser, "seed", 0, 4294967295LL) : 1;
    attn::TrainingConfig config = attn::defaultTrainingConfig(*task, std::uint32_t(seed));
    const int steps =
        parser.isSet("steps") ? int(wholeOption<UsageError>(parser, "steps", 0, 1000000)) : 2000;
    if (parser.isSet("positional")) {
        const auto p = attn::positionalFromName(parser.value("positional").toStdString());
        if (!p)
            throw UsageError{"--positional expects none, sinusoidal or rope, got \"" +
                             parser.value("positional") + "\""};
        config.positional = *p;
    }
    if (parser.isSet("optimizer")) {
        const auto kind = attn::optimizerFromName(parser.value("optimizer").toStdString());
        if (!kind)
            throw UsageError{"--optimizer expects sgd or adam, got \"" + parser.value("optimizer") +
                             "\""};
        config.optimizer.kind = *kind;
        config.optimizer.learningRate = attn::defaultLearningRate(*kind);
    }
    if (parser.isSet("lr")) {
        bool ok = false;
        const double lr = parser.value("lr").toDouble(&ok);
        if (!ok || !(lr > 0) || lr > 100)
            throw UsageError{"--lr expects a learning rate above 0 (at most 100), got \"" +
                             parser.value("lr") + "\""};
        config.optimizer.learningRate = lr;
    }

    attn::Trainer trainer(config);
    if (!writeOut(progressLine(0, trainer.evaluate())))
        return kExitInput;
    for (int s = 1; s <= steps; ++s) {
        trainer.step();
        if (s % 10 == 0 || s == steps)
            if (!writeOut(progressLine(s, trainer.evaluate())))
                return kExitInput;
    }
    if (parser.isSet("out")) {
        const attn::Session session{trainer.watched(), {}};
        const QString error =
            attn::writeFileAtomically(parser.value("out"), attn::sessionToJson(session));
        if (!error.isEmpty()) {
            writeErr("attnviz-cli: " + error.simplified() + "\n");
            return kExitInput;
        }
    }
    return 0;
}

} // namespace

bool isLearningCommand(const QStringList &arguments) {
    return arguments.size() > 1 && (arguments[1] == "grad" || arguments[1] == "train");
}

int runLearningCommand(const QStringList &arguments,
                       const std::function<attn::Session(const QString &)> &load) {
    try {
        QCommandLineParser parser;
        parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        const bool train = arguments[1] == "train";
        if (train)
            parser.addOptions({{"task", "task", "NAME"},
                               {"steps", "steps", "N"},
                               {"seed", "seed", "S"},
                               {"positional", "positional", "none|sinusoidal|rope"},
                               {"optimizer", "optimizer", "sgd|adam"},
                               {"lr", "lr", "RATE"},
                               {"out", "out", "SESSION"}});
        if (!parser.parse(arguments))
            throw UsageError{parser.errorText()};
        const QStringList positional = parser.positionalArguments();
        return train ? runTrain(parser, positional) : runGrad(positional, load);
    } catch (const UsageError &e) {
        writeErr("attnviz-cli: " + e.message.simplified() +
                 "\nUsage: attnviz-cli grad FILE\n"
                 "       attnviz-cli train --task previous-token|first-token|match [--steps N] "
                 "[--seed S] [--positional none|sinusoidal|rope] [--optimizer sgd|adam] "
                 "[--lr RATE] [--out SESSION]\nTry 'attnviz-cli --help' for more information.\n");
        return kExitUsage;
    }
}
