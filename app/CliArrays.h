// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// attnviz-cli inspect FILE and attnviz-cli set SESSION --matrix M --from FILE[:TENSOR][SLICE]:
// their options, and the glue to the core's array listing and the model's import.

#include "Stage.h"
#include "io/ArrayListing.h"
#include "io/Session.h"

#include <QByteArray>
#include <QString>

class QCommandLineParser;

struct SetRequest {
    attn::Stage matrix = attn::Stage::X;
    int head = 0;
    attn::ArrayReference from;
    QString out;
};

// Fills `request` from --matrix, --head, --from, --transpose and --out; returns the usage
// problem, or "" when the options are good.
QString parseSetOptions(const QCommandLineParser &parser, SetRequest *request);

// The arrays of FILE as JSON lines. Throws attn::InputError ("FILE: problem").
QByteArray inspectFile(const QString &file);

#ifdef ATTNVIZ_CLI_SET
// The session with one matrix replaced by the file's array, the sizes changed as the window's
// "Resize and import" changes them; the view state kept. Throws attn::InputError.
// `sessionName` names the session in messages about it (the file read names itself).
QByteArray setMatrix(const attn::Session &session, const QString &sessionName,
                     const SetRequest &request);
#endif
