// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli: argument parsing and the glue between the command line and attnviz_core.
// Exit status: 0 success, 1 input that cannot be read or computed on, 2 bad usage.

#include "Allocator.h"
#include "Attention.h"
#include "CliArrays.h"
#include "CliExplainOptions.h"
#include "CliHelp.h"
#include "CliHtml.h"
#include "CliLearn.h"
#include "CliModel.h"
#include "CliTokenize.h"
#include "InputError.h"
#include "Stage.h"
#include "headreadings/ExplainText.h"
#include "io/MatrixExport.h"
#include "io/ResultJson.h"
#include "io/Session.h"
#ifdef ATTNVIZ_CLI_RENDER
#include "CliRender.h"
#include "CliWorksheet.h"
#endif

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>

namespace {

constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;

// Two lines, as every usage error of the CLI prints them (scripts count on it).
const char *const kUsageHint =
    "Usage: attnviz-cli compute|explain|export|render|grad|inspect|set FILE [options] | train "
    "--task NAME | tokenize DIR_OR_FILE --text TEXT\n"
    "Try 'attnviz-cli --help' for more information.\n";

struct ExportRequest {
    const attn::StageInfo *stage = nullptr;
    attn::ExportFormat format = attn::ExportFormat::Csv;
    QString out;
    Eigen::Index head = 0;
    int precision = attn::kDefaultLatexDecimals;
};

struct Request {
    enum class Command { Help, Version, Compute, Explain, Export, Render, Inspect, Set };
    Command command = Command::Help;
    QString file;
    attn::Layout layout = attn::Layout::Rows;
    attn::ExplainRequest explain;
    ExportRequest exportRequest;
    SetRequest set;
#ifdef ATTNVIZ_CLI_RENDER
    RenderRequest render;
#endif
};

void writeErr(const std::string &text) {
    std::fputs(text.c_str(), stderr);
}

// Messages stay on one line so that scripts can grep them.
std::string oneLine(std::string text) {
    for (char &c : text)
        if (c == '\n' || c == '\r')
            c = ' ';
    return text;
}

int parsePrecision(const QString &text) {
    const Eigen::Index precision = parseIndex("--precision", text);
    if (precision < 0 || precision > 15)
        throw UsageError{"--precision expects 0 to 15 decimals, got " + text};
    return int(precision);
}

ExportRequest parseExport(const QCommandLineParser &parser) {
    ExportRequest r;
    if (!parser.isSet("stage"))
        throw UsageError{"export needs --stage NAME (see attnviz-cli --help for the names)"};
    const QString stage = parser.value("stage");
    r.stage = attn::findStage(stage.toStdString());
    if (!r.stage) {
        QStringList names;
        for (const attn::StageInfo &info : attn::stageInfos())
            names << info.name;
        throw UsageError{"--stage expects one of " + names.join(", ") + "; got \"" + stage + "\""};
    }
    if (!parser.isSet("format"))
        throw UsageError{"export needs --format csv, npy, latex or numpy"};
    const auto format = attn::exportFormatFromName(parser.value("format"));
    if (!format)
        throw UsageError{"--format expects csv, npy, latex or numpy, got \"" +
                         parser.value("format") + "\""};
    r.format = *format;
    if (!parser.isSet("out") || parser.value("out").isEmpty())
        throw UsageError{"export needs --out PATH (- for standard output)"};
    r.out = parser.value("out");
    if (r.out == "-" && !attn::isTextExport(r.format))
        throw UsageError{"--format npy is binary: write it to a file, not to standard output"};
    if (parser.isSet("head")) {
        if (!r.stage->perHead)
            throw UsageError{"--head applies to Wq, Wk, Wv and the head results (Q, K, V, "
                             "scores, logits, weights, output), not " +
                             stage};
        r.head = parseIndex("--head", parser.value("head"));
    }
    if (parser.isSet("precision")) {
        if (r.format != attn::ExportFormat::Latex)
            throw UsageError{"--precision applies to --format latex only"};
        r.precision = parsePrecision(parser.value("precision"));
    }
    return r;
}

Request parseArguments(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({
        {{"h", "help"}, "help"},
        {"version", "version"},
        {"layout", "layout", "rows|columns"},
        {"row", "row", "I"},
        {"column", "column", "J"},
        {"cell", "cell", "I,J"},
        {"view", "view", "dot|row|column|outer|online|tiled"},
        {"block", "block", "B"},
        {"tile", "tile", "R,C,K"},
        {"json", "json"},
        {"product", "product", "output|scores"},
        {"head", "head", "H"},
        {"precision", "precision", "N"},
        {"stage", "stage", "NAME"},
        {"format", "format", "csv|npy|latex|numpy"},
        {"out", "out", "PATH"},
        {"width", "width", "W"},
        {"height", "height", "H"},
        {"scale", "scale", "S"},
        {"matrix", "matrix", "X|context|Wq|Wk|Wv|Wo"},
        {"from", "from", "FILE[:TENSOR][SLICE]"},
        {"transpose", "transpose"},
    });
    if (!parser.parse(arguments))
        throw UsageError{parser.errorText()};

    Request request;
    if (parser.isSet("help"))
        return request;
    if (parser.isSet("version")) {
        request.command = Request::Command::Version;
        return request;
    }

    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        throw UsageError{
            "missing command (compute, explain, export, render, grad, train, inspect, set or "
            "tokenize)"};
    const QString command = positional[0];
    if (command == "compute")
        request.command = Request::Command::Compute;
    else if (command == "explain")
        request.command = Request::Command::Explain;
    else if (command == "export")
        request.command = Request::Command::Export;
    else if (command == "render")
        request.command = Request::Command::Render;
    else if (command == "inspect")
        request.command = Request::Command::Inspect;
    else if (command == "set")
        request.command = Request::Command::Set;
    else
        throw UsageError{"unknown command \"" + command +
                         "\" (expected compute, explain, export, render, grad, train, inspect, set "
                         "or tokenize)"};
    if (positional.size() < 2)
        throw UsageError{"missing FILE after " + command + " (use - for standard input)"};
    if (positional.size() > 2)
        throw UsageError{"unexpected argument \"" + positional[2] + "\""};
    request.file = positional[1];

    // Which commands take each option.
    const QList<std::pair<QString, QStringList>> owners = {
        {"layout", {"compute", "render"}},
        {"row", {"explain", "render"}},
        {"column", {"explain"}},
        {"cell", {"explain"}},
        {"view", {"explain", "render"}},
        {"block", {"explain"}},
        {"tile", {"explain"}},
        {"json", {"explain"}},
        {"product", {"explain"}},
        {"head", {"explain", "export", "render", "set"}},
        {"precision", {"explain", "export"}},
        {"stage", {"export"}},
        {"format", {"export"}},
        {"out", {"export", "render", "set"}},
        {"width", {"render"}},
        {"height", {"render"}},
        {"scale", {"render"}},
        {"matrix", {"set"}},
        {"from", {"set"}},
        {"transpose", {"set"}},
    };
    for (const auto &[name, commands] : owners)
        if (parser.isSet(name) && !commands.contains(command))
            throw UsageError{
                "--" + name + " is an option of " +
                (commands.size() > 1
                     ? commands.mid(0, commands.size() - 1).join(", ") + " and " + commands.last()
                     : commands.first()) +
                ", not " + command};

    if (request.command == Request::Command::Export) {
        request.exportRequest = parseExport(parser);
        return request;
    }
    if (request.command == Request::Command::Inspect) {
        if (request.file == "-")
            throw UsageError{"inspect needs a file (it reads only the headers, so not standard "
                             "input)"};
        return request;
    }
    if (request.command == Request::Command::Set) {
#ifndef ATTNVIZ_CLI_SET
        throw UsageError{"set is not available: this attnviz-cli was built without the GUI"};
#endif
        const QString problem = parseSetOptions(parser, &request.set);
        if (!problem.isEmpty())
            throw UsageError{problem};
        return request;
    }
    if (request.command == Request::Command::Compute ||
        request.command == Request::Command::Render) {
        if (request.command == Request::Command::Render) {
#ifdef ATTNVIZ_CLI_RENDER
            const QString problem = parseRenderOptions(parser, &request.render);
            if (!problem.isEmpty())
                throw UsageError{problem};
#else
            throw UsageError{"render is not available: this attnviz-cli was built without the GUI"};
#endif
        }
        if (parser.isSet("layout")) {
            const QString layout = parser.value("layout");
            if (layout == "columns")
                request.layout = attn::Layout::Columns;
            else if (layout != "rows")
                throw UsageError{"--layout expects rows or columns, got \"" + layout + "\""};
        }
#ifdef ATTNVIZ_CLI_RENDER
        request.render.figure.layout = request.layout;
#endif
        return request;
    }

    attn::ExplainRequest &r = request.explain;
    parseExplainSelection(parser, r);
    parseKernelOptions(parser, r);
    if (parser.isSet("product")) {
        const QString product = parser.value("product");
        if (product == "scores")
            r.product = attn::ExplainProduct::Scores;
        else if (product != "output")
            throw UsageError{"--product expects output or scores, got \"" + product + "\""};
    }
    if (parser.isSet("head"))
        r.head = parseIndex("--head", parser.value("head"));
    if (parser.isSet("precision"))
        r.precision = parsePrecision(parser.value("precision"));
    return request;
}

// The session from FILE or, for "-", from standard input. Throws InputError naming the source.
attn::Session load(const QString &file) {
    if (file != "-")
        return attn::loadSessionFile(file);
    const std::string name = "standard input";
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly))
        throw attn::InputError(name + ": cannot read: " + in.errorString().toStdString());
    const QByteArray bytes = in.read(attn::kMaxSessionBytes + 1);
    if (bytes.size() > attn::kMaxSessionBytes)
        throw attn::InputError(name + ": the input is too large (at most 512 MiB)");
    try {
        return attn::sessionFromJson(bytes);
    } catch (const attn::InputError &e) {
        throw attn::InputError(name + ": " + e.what());
    }
}

// What the command writes: the JSON, the explain text or the exported matrix's bytes.
QByteArray produce(const Request &request, const attn::AttentionInputs &inputs,
                   const attn::AttentionResult &result) {
    switch (request.command) {
    case Request::Command::Compute:
        return QByteArray::fromStdString(attn::resultToJson(result));
    case Request::Command::Explain:
        return QByteArray::fromStdString(attn::explainText(inputs, result, request.explain));
    default: {
        const ExportRequest &e = request.exportRequest;
        // A head beyond int is out of range all the same: clamped, it is reported as such.
        const int head = int(std::clamp<Eigen::Index>(e.head, -1, std::numeric_limits<int>::max()));
        const attn::Matrix m = attn::stageMatrix(inputs, result, {e.stage->stage, head});
        return attn::exportMatrix(m, e.format, e.precision);
    }
    }
}

// What the command was to do, for the out-of-memory message.
std::string commandGoal(const Request &request) {
    switch (request.command) {
    case Request::Command::Compute:
        return "compute the attention";
    case Request::Command::Explain:
        return "explain the product";
    case Request::Command::Export:
        return "export " + std::string(request.exportRequest.stage->name) + " to " +
               oneLine(request.exportRequest.out.toStdString());
    case Request::Command::Render:
#ifdef ATTNVIZ_CLI_RENDER
        return "render " + oneLine(request.render.out.toStdString());
#endif
    case Request::Command::Inspect:
        return "list its arrays";
    case Request::Command::Set:
        return "write " + oneLine(request.set.out.toStdString());
    default:
        return "read it";
    }
}

int runOn(const Request &request, const std::string &source);

// Writes a command's result to `out`, atomically, or to standard output for "-".
int writeResult(const QByteArray &text, const QString &out = QStringLiteral("-")) {
    if (out != "-") {
        const QString error = attn::writeFileAtomically(out, text);
        if (!error.isEmpty()) {
            writeErr("attnviz-cli: " + oneLine(error.toStdString()) + "\n");
            return kExitInput;
        }
        return 0;
    }
    const auto size = std::size_t(text.size());
    if (std::fwrite(text.constData(), 1, size, stdout) != size || std::fflush(stdout) != 0) {
        writeErr("attnviz-cli: cannot write the result to standard output\n");
        return kExitInput;
    }
    return 0;
}

int run(const Request &request) {
    if (request.command == Request::Command::Help) {
        std::fputs(cliHelp().c_str(), stdout);
        return 0;
    }
    if (request.command == Request::Command::Version) {
        std::fputs("attnviz-cli " ATTNVIZ_VERSION "\n", stdout);
        return 0;
    }

    const std::string source =
        request.file == "-" ? std::string("standard input") : request.file.toStdString();
    try {
        return runOn(request, source);
    } catch (const std::bad_alloc &) {
        // Within the limits but beyond this machine's memory (or a ulimit): nothing was written,
        // an existing output file is as it was.
        writeErr("attnviz-cli: " + oneLine(source) + ": not enough memory to " +
                 commandGoal(request) + "; nothing was written\n");
        return kExitInput;
    }
}

int runOn(const Request &request, const std::string &source) {
    QByteArray text;
    try {
        if (request.command == Request::Command::Inspect)
            return writeResult(inspectFile(request.file));
        const attn::Session session = load(request.file);
#ifdef ATTNVIZ_CLI_SET
        if (request.command == Request::Command::Set)
            return writeResult(setMatrix(session, QString::fromStdString(source), request.set),
                               request.set.out);
#endif
        const bool compute = request.command == Request::Command::Compute;
#ifdef ATTNVIZ_CLI_RENDER
        if (request.command == Request::Command::Render) {
            try {
                text = renderFigure(session.inputs, request.render.figure);
            } catch (const attn::InputError &e) {
                throw attn::InputError(source + ": " + e.what());
            }
            const QString error = attn::writeFileAtomically(request.render.out, text);
            if (!error.isEmpty())
                throw attn::InputError(error.toStdString());
            return 0;
        }
#endif
        attn::AttentionResult result;
        try {
            result = attn::compute(session.inputs, compute ? request.layout : attn::Layout::Rows);
            text = produce(request, session.inputs, result);
        } catch (const attn::InputError &e) {
            // load() names the file itself; problems found later get the name here.
            throw attn::InputError(source + ": " + e.what());
        }
        for (const std::string &warning : result.warnings)
            writeErr("attnviz-cli: warning: " + oneLine(source + ": " + warning) + "\n");
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + oneLine(e.what()) + "\n");
        return kExitInput;
    }

    return writeResult(text, request.command == Request::Command::Export ? request.exportRequest.out
                                                                         : QStringLiteral("-"));
}

} // namespace

int main(int argc, char *argv[]) {
    attn::keepLargeAllocationsInHeap();
    try {
        // The command decides the application: render draws widgets and needs a QApplication
        // (on the offscreen platform, so no display is needed); the others stay a
        // QCoreApplication, which needs no GUI libraries at run time.
        QStringList arguments;
        for (int i = 0; i < argc; ++i)
            arguments << QString::fromLocal8Bit(argv[i]);
        if (isLearningCommand(arguments)) { // grad and train parse their own options
            QCoreApplication app(argc, argv);
            return runLearningCommand(arguments, load);
        }
        if (isModelCommand(arguments)) { // model inspect and model run parse their own options
            QCoreApplication app(argc, argv);
            return runModelCommand(arguments);
        }
        if (isHtmlCommand(arguments)) { // html writes a page, not a result
            QCoreApplication app(argc, argv);
            return runHtmlCommand(arguments);
        }
        if (isTokenizeCommand(arguments)) { // tokenize reads a tokenizer, not a session
            QCoreApplication app(argc, argv);
            return runTokenizeCommand(arguments);
        }
#ifdef ATTNVIZ_CLI_RENDER
        if (isWorksheetCommand(arguments)) { // draws a PDF: the figures' application
            const auto app = createFigureApplication(argc, argv);
            return runWorksheetCommand(arguments, load);
        }
#endif
        const Request request = parseArguments(arguments);
        std::unique_ptr<QCoreApplication> app;
#ifdef ATTNVIZ_CLI_RENDER
        if (request.command == Request::Command::Render)
            app = createFigureApplication(argc, argv);
#endif
        if (!app)
            app = std::make_unique<QCoreApplication>(argc, argv);
        QCoreApplication::setApplicationName("attnviz-cli");
        QCoreApplication::setApplicationVersion(ATTNVIZ_VERSION);
        return run(request);
    } catch (const UsageError &e) {
        writeErr("attnviz-cli: " + oneLine(e.message.toStdString()) + "\n" + kUsageHint);
        return kExitUsage;
    } catch (const std::exception &e) {
        // e.g. std::bad_alloc for inputs too large for memory: still a message, not a crash.
        writeErr("attnviz-cli: " + oneLine(e.what()) + "\n");
        return kExitInput;
    }
}
