// attnviz-cli: argument parsing and the glue between the command line and attnviz_core.
// Exit status: 0 success, 1 input that cannot be read or computed on, 2 bad usage.

#include "Attention.h"
#include "ExplainText.h"
#include "InputError.h"
#include "ResultJson.h"
#include "Session.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>

#include <cstdio>
#include <exception>
#include <optional>
#include <string>

namespace {

constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;

const char *const kHelp = R"(Usage: attnviz-cli compute FILE [--layout rows|columns]
       attnviz-cli explain FILE (--row I | --column J | --cell I,J | --view outer) [options]
       attnviz-cli --help | --version

Computes scaled dot-product attention for an attnviz session file or reference case (JSON;
FILE may be - for standard input) and prints every intermediate result, or takes one part
of a head's result apart into the terms that add up to it.

Commands:
  compute   Print one JSON object: heads[].Q, K, V, scores, logits (masked cells are null),
            weights, output; concat; output. Numbers read back exactly.
  explain   Print a product of one head as an aligned table of its terms, their sum, and
            checks (the sum equals the product; the weights are >= 0 and sum to 1).

Options for compute:
  --layout rows|columns  rows (default): tokens are rows, softmax(QK^T/sqrt(d_k)) V.
                         columns: tokens are columns, V softmax(K^T Q/sqrt(d_k)), softmax
                         down each column; every matrix is the row layout's transposed.

Options for explain (indices start at 0; tokens are t0, t1, ... unless the file names them):
  --row I           row I of the output: the rows of V weighted by query I's weights
  --column J        column J of the output: the columns of the weights scaled by V[k,J]
  --cell I,J        output[I,J] as a dot product: weights row I . V column J
  --view dot|row|column|outer
                    the same readings by name (--view dot takes --cell I,J or --row I
                    --column J); outer prints every rank-one term and the running sum
  --product output|scores
                    output = weights V (default); scores = Q K^T (row view: the rows of
                    K^T weighted by the query vector)
  --head H          the head to explain (default 0)
  --precision N     decimals in the tables (default 4, 0..15)

  -h, --help        show this help and exit
  --version         show the version and exit

Exit status: 0 on success; 1 when FILE cannot be read or computed on (a one-line message on
standard error); 2 for bad usage. Warnings (e.g. a query with every key masked) go to
standard error, so standard output carries only the result.

Examples:
  attnviz-cli compute tests/data/reference/worked_example_4x4.json
  attnviz-cli compute - --layout columns < session.json
  attnviz-cli explain session.json --row 0
  attnviz-cli explain session.json --cell 0,2 --product scores
)";

const char *const kUsageHint = "Usage: attnviz-cli compute|explain FILE [options]\n"
                               "Try 'attnviz-cli --help' for more information.\n";

// A bad command line: reported with the usage hint, exit status 2.
struct UsageError {
    QString message;
};

struct Request {
    enum class Command { Help, Version, Compute, Explain };
    Command command = Command::Help;
    QString file;
    attn::Layout layout = attn::Layout::Rows;
    attn::ExplainRequest explain;
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

Eigen::Index parseIndex(const QString &option, const QString &text) {
    bool ok = false;
    const qlonglong value = text.trimmed().toLongLong(&ok);
    if (!ok)
        throw UsageError{option + " expects a whole number, got \"" + text + "\""};
    return Eigen::Index(value);
}

attn::ExplainView parseView(const QString &text) {
    if (text == "dot")
        return attn::ExplainView::Dot;
    if (text == "row")
        return attn::ExplainView::Row;
    if (text == "column")
        return attn::ExplainView::Column;
    if (text == "outer")
        return attn::ExplainView::Outer;
    throw UsageError{"--view expects dot, row, column or outer, got \"" + text + "\""};
}

// Fills in which reading of the product to print from --view/--row/--column/--cell.
void parseExplainSelection(const QCommandLineParser &parser, attn::ExplainRequest &r) {
    const bool row = parser.isSet("row"), column = parser.isSet("column");
    const bool cell = parser.isSet("cell");
    if (row)
        r.row = parseIndex("--row", parser.value("row"));
    if (column)
        r.column = parseIndex("--column", parser.value("column"));
    if (cell) {
        if (row || column)
            throw UsageError{"--cell I,J cannot be combined with --row or --column"};
        const QString text = parser.value("cell");
        const QStringList parts = text.split(',');
        if (parts.size() != 2)
            throw UsageError{"--cell expects two indices I,J (e.g. --cell 0,2), got \"" + text +
                             "\""};
        r.row = parseIndex("--cell", parts[0]);
        r.column = parseIndex("--cell", parts[1]);
    }

    if (parser.isSet("view")) {
        r.view = parseView(parser.value("view"));
        switch (r.view) {
        case attn::ExplainView::Row:
            if (!row || column || cell)
                throw UsageError{"--view row needs --row I (and no --column or --cell)"};
            break;
        case attn::ExplainView::Column:
            if (!column || row || cell)
                throw UsageError{"--view column needs --column J (and no --row or --cell)"};
            break;
        case attn::ExplainView::Dot:
            if (!cell && !(row && column))
                throw UsageError{"--view dot needs --cell I,J (or --row I --column J)"};
            break;
        case attn::ExplainView::Outer:
            if (row || column || cell)
                throw UsageError{"--view outer takes the whole product: no --row, --column or "
                                 "--cell"};
            break;
        }
    } else if (cell || (row && column)) {
        r.view = attn::ExplainView::Dot;
    } else if (row) {
        r.view = attn::ExplainView::Row;
    } else if (column) {
        r.view = attn::ExplainView::Column;
    } else {
        throw UsageError{"explain needs --row I, --column J, --cell I,J or --view outer"};
    }
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
        {"view", "view", "dot|row|column|outer"},
        {"product", "product", "output|scores"},
        {"head", "head", "H"},
        {"precision", "precision", "N"},
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
        throw UsageError{"missing command (compute or explain)"};
    const QString command = positional[0];
    if (command == "compute")
        request.command = Request::Command::Compute;
    else if (command == "explain")
        request.command = Request::Command::Explain;
    else
        throw UsageError{"unknown command \"" + command + "\" (expected compute or explain)"};
    if (positional.size() < 2)
        throw UsageError{"missing FILE after " + command + " (use - for standard input)"};
    if (positional.size() > 2)
        throw UsageError{"unexpected argument \"" + positional[2] + "\""};
    request.file = positional[1];

    const bool compute = request.command == Request::Command::Compute;
    const QStringList computeOnly = {"layout"};
    const QStringList explainOnly = {"row",     "column", "cell",     "view",
                                     "product", "head",   "precision"};
    for (const QString &name : compute ? explainOnly : computeOnly)
        if (parser.isSet(name))
            throw UsageError{"--" + name + " is an option of " + (compute ? "explain" : "compute") +
                             ", not " + command};

    if (compute) {
        if (parser.isSet("layout")) {
            const QString layout = parser.value("layout");
            if (layout == "columns")
                request.layout = attn::Layout::Columns;
            else if (layout != "rows")
                throw UsageError{"--layout expects rows or columns, got \"" + layout + "\""};
        }
        return request;
    }

    attn::ExplainRequest &r = request.explain;
    parseExplainSelection(parser, r);
    if (parser.isSet("product")) {
        const QString product = parser.value("product");
        if (product == "scores")
            r.product = attn::ExplainProduct::Scores;
        else if (product != "output")
            throw UsageError{"--product expects output or scores, got \"" + product + "\""};
    }
    if (parser.isSet("head"))
        r.head = parseIndex("--head", parser.value("head"));
    if (parser.isSet("precision")) {
        const Eigen::Index precision = parseIndex("--precision", parser.value("precision"));
        if (precision < 0 || precision > 15)
            throw UsageError{"--precision expects 0 to 15 decimals, got " +
                             parser.value("precision")};
        r.precision = int(precision);
    }
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

int run(const Request &request) {
    if (request.command == Request::Command::Help) {
        std::fputs(kHelp, stdout);
        return 0;
    }
    if (request.command == Request::Command::Version) {
        std::fputs("attnviz-cli " ATTNVIZ_VERSION "\n", stdout);
        return 0;
    }

    const std::string source =
        request.file == "-" ? std::string("standard input") : request.file.toStdString();
    std::string text;
    try {
        const attn::Session session = load(request.file);
        const bool compute = request.command == Request::Command::Compute;
        attn::AttentionResult result;
        try {
            result = attn::compute(session.inputs, compute ? request.layout : attn::Layout::Rows);
            text = compute ? attn::resultToJson(result)
                           : attn::explainText(session.inputs, result, request.explain);
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

    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() ||
        std::fflush(stdout) != 0) {
        writeErr("attnviz-cli: cannot write the result to standard output\n");
        return kExitInput;
    }
    return 0;
}

} // namespace

int main(int argc, char *argv[]) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("attnviz-cli");
    QCoreApplication::setApplicationVersion(ATTNVIZ_VERSION);
    try {
        return run(parseArguments(QCoreApplication::arguments()));
    } catch (const UsageError &e) {
        writeErr("attnviz-cli: " + oneLine(e.message.toStdString()) + "\n" + kUsageHint);
        return kExitUsage;
    } catch (const std::exception &e) {
        // e.g. std::bad_alloc for inputs too large for memory: still a message, not a crash.
        writeErr("attnviz-cli: " + oneLine(e.what()) + "\n");
        return kExitInput;
    }
}
