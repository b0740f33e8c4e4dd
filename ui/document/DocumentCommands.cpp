// SPDX-License-Identifier: GPL-3.0-or-later
#include "DocumentCommands.h"

#include "Notation.h"

#include <QCoreApplication>

namespace attn::ui {

DocumentCommand::DocumentCommand(Document *doc, const QString &text)
    : QUndoCommand(text), m_doc(doc), m_mergeGeneration(doc->mergeGeneration()) {}

CellCommand::CellCommand(Document *doc, MatrixId id, int row, int col, double before, double after,
                         bool nudge)
    : DocumentCommand(doc, QString()), m_matrix(id), m_row(row), m_col(col), m_before(before),
      m_after(after), m_nudge(nudge) {
    const QString cell = cellName(id, doc->headCount(), row, col);
    setText(nudge ? QCoreApplication::translate("DocumentCommands", "Nudge %1").arg(cell)
                  : QCoreApplication::translate("DocumentCommands", "Set %1 to %2")
                        .arg(cell, attn::notation::editor(after)));
}

void CellCommand::redo() {
    applyBlock(m_matrix, m_row, m_col, attn::Matrix::Constant(1, 1, m_after));
}

void CellCommand::undo() {
    applyBlock(m_matrix, m_row, m_col, attn::Matrix::Constant(1, 1, m_before));
}

bool CellCommand::mergeWith(const QUndoCommand *other) {
    const auto *next = dynamic_cast<const CellCommand *>(other);
    if (!next || !next->m_nudge || next->m_matrix != m_matrix || next->m_row != m_row ||
        next->m_col != m_col || next->m_mergeGeneration != m_mergeGeneration)
        return false;
    m_after = next->m_after;
    // Nudged back to where it started: the step disappears from the history.
    setObsolete(m_after == m_before);
    return true;
}

BlockCommand::BlockCommand(Document *doc, const QString &text, MatrixId id, int row, int col,
                           attn::Matrix before, attn::Matrix after)
    : DocumentCommand(doc, text), m_matrix(id), m_row(row), m_col(col), m_before(std::move(before)),
      m_after(std::move(after)) {}

void BlockCommand::redo() {
    applyBlock(m_matrix, m_row, m_col, m_after);
}
void BlockCommand::undo() {
    applyBlock(m_matrix, m_row, m_col, m_before);
}

TokenCommand::TokenCommand(Document *doc, bool context, int index, std::string before,
                           std::string after)
    : DocumentCommand(doc, QString()), m_context(context), m_index(index),
      m_before(std::move(before)), m_after(std::move(after)) {
    const QString label = QString::fromStdString(m_after);
    setText(context
                ? QCoreApplication::translate("TokenCommand",
                                              "Rename context token %1 to \u201c%2\u201d")
                      .arg(index)
                      .arg(label)
                : QCoreApplication::translate("TokenCommand", "Rename token %1 to \u201c%2\u201d")
                      .arg(index)
                      .arg(label));
}

void TokenCommand::redo() {
    applyToken(m_context, m_index, m_after);
}
void TokenCommand::undo() {
    applyToken(m_context, m_index, m_before);
}

OptionsCommand::OptionsCommand(Document *doc, const QString &text, attn::AttentionOptions before,
                               attn::AttentionOptions after)
    : DocumentCommand(doc, text), m_before(before), m_after(after) {}

void OptionsCommand::redo() {
    applyOptions(m_after);
}
void OptionsCommand::undo() {
    applyOptions(m_before);
}

bool OptionsCommand::temperatureOnly() const {
    attn::AttentionOptions a = m_after;
    a.temperature = m_before.temperature;
    return a == m_before;
}

int OptionsCommand::id() const {
    return temperatureOnly() ? TemperatureMerge : -1;
}

bool OptionsCommand::mergeWith(const QUndoCommand *other) {
    const auto *next = dynamic_cast<const OptionsCommand *>(other);
    if (!next || !next->temperatureOnly() || next->m_mergeGeneration != m_mergeGeneration)
        return false;
    m_after = next->m_after;
    setObsolete(m_after == m_before);
    return true;
}

MaskToggleCommand::MaskToggleCommand(Document *doc, int query, int key, bool createsMask)
    : DocumentCommand(doc,
                      QCoreApplication::translate("OptionsCommand", "Toggle mask cell (%1, %2)")
                          .arg(query)
                          .arg(key)),
      m_query(query), m_key(key), m_createsMask(createsMask) {}

void MaskToggleCommand::redo() {
    applyMaskToggle(m_query, m_key, false);
}
void MaskToggleCommand::undo() {
    applyMaskToggle(m_query, m_key, m_createsMask);
}

MaskCommand::MaskCommand(Document *doc, const QString &text, attn::Mask before, attn::Mask after)
    : DocumentCommand(doc, text), m_before(std::move(before)), m_after(std::move(after)) {}

void MaskCommand::redo() {
    applyMask(m_after);
}
void MaskCommand::undo() {
    applyMask(m_before);
}

InputsCommand::InputsCommand(Document *doc, const QString &text,
                             std::shared_ptr<const attn::AttentionInputs> before,
                             std::shared_ptr<const attn::AttentionInputs> after,
                             DocumentChange::Flags what)
    : DocumentCommand(doc, text), m_before(std::move(before)), m_after(std::move(after)),
      m_what(what) {}

void InputsCommand::redo() {
    applyInputs(m_after, m_what);
}
void InputsCommand::undo() {
    applyInputs(m_before, m_what);
}

TrainingCommand::TrainingCommand(Document *doc, std::shared_ptr<const attn::AttentionInputs> before,
                                 std::shared_ptr<const attn::AttentionInputs> after, int run)
    : InputsCommand(doc, QStringLiteral("Train"), std::move(before), std::move(after),
                    DocumentChange::Everything),
      m_run(run) {}

bool TrainingCommand::mergeWith(const QUndoCommand *other) {
    const auto *next = dynamic_cast<const TrainingCommand *>(other);
    if (!next || next->m_run != m_run || next->m_mergeGeneration != m_mergeGeneration)
        return false;
    m_after = next->m_after;
    return true;
}

} // namespace attn::ui
