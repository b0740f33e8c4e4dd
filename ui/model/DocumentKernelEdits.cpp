// SPDX-License-Identifier: GPL-3.0-or-later
// Document's edits of how attention is computed in practice (issue 14): the sliding window
// and ALiBi options, and key/value groups. Members of Document, kept in their own file so that
// Document.cpp stays short; the Wk/Wv edits of a group are shared in Document::applyBlock.

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

bool Document::setKernelOptions(const attn::AttentionOptions &options, const QString &text,
                                QString *error) {
    if (options == m_inputs->options)
        return true;
    attn::AttentionInputs after = *m_inputs;
    after.options = options;
    try {
        attn::validate(after);
    } catch (const attn::InputError &e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    m_undoStack->push(new OptionsCommand(this, text, m_inputs->options, options));
    return true;
}

bool Document::setKvGroup(int head, int group, QString *error) {
    if (head < 0 || head >= headCount())
        return fail(error, tr("there is no head %1").arg(head));
    if (group < -1 || group >= kMaxHeads)
        return fail(
            error,
            tr("a key/value group is a number from 0 to %1, not %2").arg(kMaxHeads - 1).arg(group));
    if (m_inputs->heads[size_t(head)].kvGroup == group)
        return true;
    attn::AttentionInputs after = *m_inputs;
    attn::HeadWeights &joining = after.heads[size_t(head)];
    joining.kvGroup = group;
    for (size_t h : attn::kvGroupMembers(after, size_t(head)))
        if (int(h) != head) { // the group's matrices, not the joining head's
            joining.Wk = after.heads[h].Wk;
            joining.Wv = after.heads[h].Wv;
            break;
        }
    const QString text = group < 0 ? tr("Head %1: own keys and values").arg(head)
                                   : tr("Head %1: key/value group %2").arg(head).arg(group);
    return pushInputs(after, DocumentChange::Values, text, error);
}
