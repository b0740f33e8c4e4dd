// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliArrays.h"
#include "CliNumbers.h"

#include "InputError.h"

#include <QCommandLineParser>

QString parseSetOptions(const QCommandLineParser &parser, SetRequest *request) {
    if (!parser.isSet("matrix"))
        return "set needs --matrix X|context|Wq|Wk|Wv|Wo";
    const QString name = parser.value("matrix");
    const attn::StageInfo *info = attn::findStage(name.toStdString());
    if (!info || !info->input)
        return "--matrix expects X, context, Wq, Wk, Wv or Wo, got \"" + name + "\"";
    request->matrix = info->stage;
    if (parser.isSet("head")) {
        if (!info->perHead)
            return "--head applies to Wq, Wk and Wv, not " + name;
        const std::optional<qint64> head = wholeNumber(
            parser.value("head"), std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        if (!head)
            return "--head expects a whole number, got \"" + parser.value("head") + "\"";
        request->head = int(*head);
    }
    if (!parser.isSet("from") || parser.value("from").isEmpty())
        return "set needs --from FILE[:TENSOR][SLICE]";
    request->from = attn::parseArrayReference(parser.value("from"));
    request->from.selection.transpose = parser.isSet("transpose");
    if (!parser.isSet("out") || parser.value("out").isEmpty())
        return "set needs --out NEW (the session to write)";
    request->out = parser.value("out");
    return {};
}

QByteArray inspectFile(const QString &file) {
    const attn::ArrayListing listing = attn::listArrays(file);
    if (!listing.ok())
        throw attn::InputError(listing.error.toStdString());
    return attn::arrayListingJsonLines(listing);
}
