// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliTokenize.h"

#include "InputError.h"
#include "tokenizer/TokenizerFiles.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace {

constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;

void writeErr(const QString &text) {
    std::fputs(text.toUtf8().constData(), stderr);
}

int usage(const QString &message) {
    writeErr("attnviz-cli: " + message +
             "\nUsage: attnviz-cli tokenize DIR_OR_FILE --text TEXT\n"
             "Try 'attnviz-cli --help' for more information.\n");
    return kExitUsage;
}

} // namespace

bool isTokenizeCommand(const QStringList &arguments) {
    return arguments.size() > 1 && arguments[1] == QLatin1String("tokenize");
}

int runTokenizeCommand(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption({"text", "text", "TEXT"});
    if (!parser.parse(arguments))
        return usage(parser.errorText());
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
    const QByteArray json = QJsonDocument(QJsonObject{{"ids", ids}, {"tokens", tokens}})
                                .toJson(QJsonDocument::Compact) +
                            "\n";
    if (std::fwrite(json.constData(), 1, std::size_t(json.size()), stdout) !=
            std::size_t(json.size()) ||
        std::fflush(stdout) != 0) {
        writeErr("attnviz-cli: cannot write the result to standard output\n");
        return kExitInput;
    }
    return 0;
}
