// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliHtml.h"

#include "InputError.h"
#include "io/AtomicFile.h"
#include "io/Session.h"
#include "page/HtmlPage.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <cstdio>

namespace {

constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;

void writeErr(const QString &text) {
    std::fputs(text.toUtf8().constData(), stderr);
}

int usage(const QString &message) {
    writeErr("attnviz-cli: " + message +
             "\nUsage: attnviz-cli html SESSION --out PAGE.html\n"
             "Try 'attnviz-cli --help' for more information.\n");
    return kExitUsage;
}

} // namespace

bool isHtmlCommand(const QStringList &arguments) {
    return arguments.size() > 1 && arguments[1] == "html";
}

int runHtmlCommand(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions({{"out", "out", "PAGE.html"}});
    if (!parser.parse(arguments))
        return usage(parser.errorText());
    const QStringList positional = parser.positionalArguments(); // "html", SESSION
    if (positional.size() != 2)
        return usage("html needs exactly one session file");
    if (!parser.isSet("out") || parser.value("out").isEmpty())
        return usage("html needs --out PAGE.html");
    try {
        const attn::Session session = attn::loadSessionFile(positional[1]);
        QString note;
        const QByteArray page =
            attn::sessionPage(session, QFileInfo(positional[1]).completeBaseName(), &note);
        if (!note.isEmpty())
            writeErr("attnviz-cli: " + positional[1] + ": " + note + "\n");
        if (parser.value("out") == "-") {
            // The page on standard output, for a pipe (the tests compare it with the window's).
            if (std::fwrite(page.constData(), 1, size_t(page.size()), stdout) !=
                    size_t(page.size()) ||
                std::fflush(stdout) != 0)
                throw attn::InputError(QStringLiteral("standard output: the page could not be "
                                                      "written"));
            return 0;
        }
        const QString error = attn::writeFileAtomically(parser.value("out"), page);
        if (!error.isEmpty())
            throw attn::InputError(error);
    } catch (const attn::InputError &e) {
        writeErr("attnviz-cli: " + QString::fromUtf8(e.what()) + "\n");
        return kExitInput;
    }
    return 0;
}
