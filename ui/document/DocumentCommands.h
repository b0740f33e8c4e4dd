// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Document.h"

#include <QUndoCommand>

namespace attn::ui {

// The undo commands of the Document. Each stores only what it changes (a cell edit one number,
// a paste its block before and after) so that pushing one stays cheap; structural edits store
// the inputs before and after. redo() and undo() go through the Document's apply functions,
// which emit exactly one changed().

class DocumentCommand : public QUndoCommand {
public:
    DocumentCommand(Document *doc, const QString &text);

protected:
    enum MergeId { NudgeMerge = 1, TemperatureMerge = 2, TrainingMerge = 3 };

    void applyBlock(MatrixId id, int row, int col, const attn::Matrix &values) {
        m_doc->applyBlock(id, row, col, values);
    }
    void applyToken(bool context, int index, const std::string &label) {
        m_doc->applyToken(context, index, label);
    }
    void applyOptions(const attn::AttentionOptions &options) { m_doc->applyOptions(options); }
    void applyMaskToggle(int query, int key, bool dropMaskAfter) {
        m_doc->applyMaskToggle(query, key, dropMaskAfter);
    }
    void applyMask(const attn::Mask &mask) { m_doc->applyMask(mask); }
    void applyInputs(std::shared_ptr<const attn::AttentionInputs> inputs,
                     DocumentChange::Flags what) {
        m_doc->applyInputs(std::move(inputs), what);
    }

    Document *m_doc;
    int m_mergeGeneration; // merging stops when the document's generation moves on
};

// One cell; with `nudge`, merges with the next nudge of the same cell.
class CellCommand : public DocumentCommand {
public:
    CellCommand(Document *doc, MatrixId id, int row, int col, double before, double after,
                bool nudge);
    void redo() override;
    void undo() override;
    int id() const override { return m_nudge ? NudgeMerge : -1; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    MatrixId m_matrix;
    int m_row, m_col;
    double m_before, m_after;
    bool m_nudge;
};

// A rectangular block: paste, randomize, fill.
class BlockCommand : public DocumentCommand {
public:
    BlockCommand(Document *doc, const QString &text, MatrixId id, int row, int col,
                 attn::Matrix before, attn::Matrix after);
    void redo() override;
    void undo() override;

private:
    MatrixId m_matrix;
    int m_row, m_col;
    attn::Matrix m_before, m_after;
};

class TokenCommand : public DocumentCommand {
public:
    TokenCommand(Document *doc, bool context, int index, std::string before, std::string after);
    void redo() override;
    void undo() override;

private:
    bool m_context;
    int m_index;
    std::string m_before, m_after;
};

// Scale, temperature, causal. Temperature-only changes merge (a slider drag is one step).
class OptionsCommand : public DocumentCommand {
public:
    OptionsCommand(Document *doc, const QString &text, attn::AttentionOptions before,
                   attn::AttentionOptions after);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    bool temperatureOnly() const;
    attn::AttentionOptions m_before, m_after;
};

// Flips one mask cell; remembers whether the mask had to be created, so undo drops it again.
class MaskToggleCommand : public DocumentCommand {
public:
    MaskToggleCommand(Document *doc, int query, int key, bool createsMask);
    void redo() override;
    void undo() override;

private:
    int m_query, m_key;
    bool m_createsMask;
};

class MaskCommand : public DocumentCommand {
public:
    MaskCommand(Document *doc, const QString &text, attn::Mask before, attn::Mask after);
    void redo() override;
    void undo() override;

private:
    attn::Mask m_before, m_after;
};

// Whole inputs before and after: resizes, cross-attention, presets, opened files.
class InputsCommand : public DocumentCommand {
public:
    // Shares the snapshots (never copies them: 25 MB of X at 4096 tokens).
    InputsCommand(Document *doc, const QString &text,
                  std::shared_ptr<const attn::AttentionInputs> before,
                  std::shared_ptr<const attn::AttentionInputs> after, DocumentChange::Flags what);
    void redo() override;
    void undo() override;

private:
    std::shared_ptr<const attn::AttentionInputs> m_before, m_after;
    DocumentChange::Flags m_what;
    friend class TrainingCommand;
};

// Inputs from a training run; merges with the next command of the same run.
class TrainingCommand : public InputsCommand {
public:
    TrainingCommand(Document *doc, std::shared_ptr<const attn::AttentionInputs> before,
                    std::shared_ptr<const attn::AttentionInputs> after, int run);
    int id() const override { return TrainingMerge; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    int m_run;
};

} // namespace attn::ui
