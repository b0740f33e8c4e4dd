// SPDX-License-Identifier: GPL-3.0-or-later
// Document's edits for positions, gradients and training (issue 13): the positional scheme,
// the loss target and a training run's weights. Members of Document, kept in their own file so
// that Document.cpp stays short.

#include "Document.h"

#include "DocumentCommands.h"
#include "InputError.h"

#include <QUndoStack>

namespace {

bool fail(QString *error, const QString &message) {
    if (error)
        *error = message;
    return false;
}

} // namespace

bool Document::setPositional(attn::Positional positional, QString *error) {
    attn::AttentionInputs after = *m_inputs;
    after.options.positional = positional;
    if (after.options == m_inputs->options)
        return true;
    try {
        attn::validate(after);
    } catch (const attn::InputError &e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    m_undoStack->push(new OptionsCommand(this,
                                         tr("Positions: %1").arg(attn::positionalName(positional)),
                                         m_inputs->options, after.options));
    return true;
}

bool Document::setTarget(const attn::Matrix &target, const QString &description, QString *error) {
    attn::AttentionInputs after = *m_inputs;
    after.target = target;
    return pushInputs(std::move(after), DocumentChange::Values, description, error);
}

bool Document::applyTraining(const attn::AttentionInputs &inputs, int run, QString *error) {
    return pushInputs(inputs, DocumentChange::Everything, QStringLiteral("Train"), error, run);
}
