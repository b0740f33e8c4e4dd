// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliWorksheet.h"
#include "CliModelSupport.h"
#include "CliNumbers.h"

#include "InputError.h"
#include "figures/Worksheet.h"
#include "io/AtomicFile.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <limits>
#include <optional>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace {

using climodel::kExitInput;
using climodel::kExitUsage;
using climodel::writeErr;

int usage(const QString &message) {
    writeErr("attnviz-cli: " + message +
             "\nUsage: attnviz-cli worksheet FILE --out SHEET.pdf [--count N] [--seed S] "
             "[--head H] [--text PATH]\n"
             "Try 'attnviz-cli --help' for more information.\n");
    return kExitUsage;
}

} // namespace

bool isWorksheetCommand(const QStringList &arguments) {
    return arguments.size() > 1 && arguments[1] == QLatin1String("worksheet");
}

int runWorksheetCommand(const QStringList &arguments,
                        const std::function<attn::Session(const QString &)> &load) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({{"out", "out", "PATH"},
                       {"count", "count", "N"},
                       {"seed", "seed", "S"},
                       {"head", "head", "H"},
                       {"text", "text", "PATH"}});
    if (!parser.parse(arguments))
        return usage(parser.errorText());
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 2)
        return usage("missing FILE after worksheet (use - for standard input)");
    if (positional.size() > 2)
        return usage("unexpected argument \"" + positional[2] + "\"");
    if (!parser.isSet("out") || parser.value("out").isEmpty() || parser.value("out") == "-")
        return usage("worksheet needs --out PATH.pdf (a PDF is not written to standard output)");
    WorksheetOptions options;
    if (parser.isSet("count")) {
        const auto count = wholeNumber(parser.value("count"), 1, attn::kMaxExercises);
        if (!count)
            return usage(QString("--count expects 1 to %1 exercises, got \"%2\"")
                             .arg(attn::kMaxExercises)
                             .arg(parser.value("count")));
        options.count = int(*count);
    }
    if (parser.isSet("seed")) {
        const auto seed = wholeNumber(parser.value("seed"), 0, std::numeric_limits<qint64>::max());
        if (!seed)
            return usage("--seed expects a whole number from 0, got \"" + parser.value("seed") +
                         "\"");
        options.seed = std::uint64_t(*seed);
    }
    if (parser.isSet("head")) {
        const auto head = wholeNumber(parser.value("head"), 0, std::numeric_limits<int>::max());
        if (!head)
            return usage("--head expects a head index from 0, got \"" + parser.value("head") +
                         "\"");
        options.head = int(*head);
    }
    const QString file = positional[1];
    const QString source = file == "-" ? QStringLiteral("standard input") : file;
    if (file != "-")
        options.source = QFileInfo(file).fileName();
    Worksheet sheet;
    try {
        const attn::Session session = load(file);
        try {
            sheet = makeWorksheet(session.inputs, options);
        } catch (const attn::InputError &e) {
            throw attn::InputError(source + ": " + QString::fromStdString(e.what()));
        }
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromStdString(e.what()).simplified() + "\n");
        return kExitInput;
    }
    const QString out = parser.value("out");
    if (QString error = attn::writeFileAtomically(out, sheet.pdf); !error.isEmpty()) {
        writeErr("attnviz-cli: " + error.simplified() + "\n");
        return kExitInput;
    }
    if (parser.isSet("text")) {
        const QByteArray text = sheet.text.toUtf8() + "\n";
        const QString path = parser.value("text");
        if (path == "-") {
            if (!climodel::writeOut(text)) {
                writeErr("attnviz-cli: cannot write the text to standard output\n");
                return kExitInput;
            }
        } else if (QString error = attn::writeFileAtomically(path, text); !error.isEmpty()) {
            writeErr("attnviz-cli: " + error.simplified() + "\n");
            return kExitInput;
        }
    }
    return 0;
}
