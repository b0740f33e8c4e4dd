// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz-cli set: the model's import (ui/document/ImportPlan) on a document holding the session,
// so a script gets exactly what the window's import and "Resize and import" give.

#include "CliArrays.h"

#include "InputError.h"
#include "document/Document.h"
#include "document/ImportPlan.h"

using namespace attn::ui; // the GUI's classes, named bare as in ui/

QByteArray setMatrix(const attn::Session &session, const QString &sessionName,
                     const SetRequest &request) {
    Document doc;
    QString error;
    // Messages about the file read name it; those about the session get its name here.
    const auto fail = [&sessionName](const QString &message) {
        throw attn::InputError((sessionName + ": " + message).toStdString());
    };
    if (!doc.replaceInputs(session.inputs, QStringLiteral("open"), &error))
        fail(error);
    const MatrixId target{request.matrix, request.head};
    const ImportPlan plan = planImport(doc, target, request.from.file, request.from.selection);
    if (!plan.read.ok() && !plan.read.error.isEmpty())
        throw attn::InputError(plan.read.error.toStdString());
    if (!plan.ok())
        fail(plan.error);
    if (!plan.fits && !plan.canResize())
        fail(plan.mismatch + " " + plan.resizeProblem);
    if (!applyImport(doc, plan, !plan.fits, &error))
        fail(error);
    return attn::sessionToJson(doc.inputs(), session.view);
}
