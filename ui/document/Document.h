// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "AttentionInputs.h"
#include "Dimension.h"
#include "DocumentChange.h"
#include "Initializer.h"
#include "Limits.h"
#include "MatrixId.h"
#include "PendingResize.h"
#include "ResizeJob.h"
#include "SnapshotRecycler.h"
#include "ViewSelection.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <random>

class QUndoStack;

namespace attn::ui {

// The attention inputs being edited, the single source of truth of the GUI. Every edit goes
// through an undo command on undoStack(); the command changes the inputs and the document emits
// exactly one changed() saying what changed, whether it was done, undone or redone. Beside them,
// what the views show of them (selection()), kept within their sizes, and a large resize or fill
// while a worker builds it (PendingResize).
class Document : public QObject, private PendingResize::Host {
    Q_OBJECT
public:
    // Absurd sizes are refused: the core's limits (core/Limits.h, docs/limits.md), named here
    // for the editors' ranges.
    static constexpr int kMaxDimension = int(attn::kMaxDimension);
    static constexpr int kMaxHeads = int(attn::kMaxHeads);
    static constexpr qint64 kMaxAttentionCells = attn::kMaxAttentionCells;
    // Resizes keep the inputs before and after in the undo history, so the limit on all input
    // numbers together also bounds what one undo step can hold.
    static constexpr qint64 kMaxInputValues = attn::kMaxInputValues;
    static constexpr int kMaxLabelLength = int(attn::kMaxLabelLength);
    // Undo steps kept: the oldest is dropped beyond it, so hours of editing cannot fill the
    // memory with history (docs/limits.md).
    static constexpr int kUndoLimit = 500;

    explicit Document(QObject *parent = nullptr); // starts on attn::workedExample()
    ~Document() override;

    // The current inputs; the reference is valid until the next edit (which may replace the
    // snapshot it points into). Keep inputsSnapshot() to read them longer.
    const attn::AttentionInputs &inputs() const { return *m_inputs; }
    // The current inputs as an immutable snapshot: an edit makes a new one (copy-on-write), so
    // a holder (a worker thread, a published result) may read it for as long as it keeps it.
    std::shared_ptr<const attn::AttentionInputs> inputsSnapshot() const { return m_inputs; }
    // The matrix an id names; an empty matrix when it does not exist (no Wo, no context, a head
    // out of range).
    const attn::Matrix &matrix(MatrixId id) const;
    bool hasMatrix(MatrixId id) const;
    int dimension(Dimension dim) const;
    int headCount() const { return int(m_inputs->heads.size()); }
    QUndoStack *undoStack() const { return m_undoStack; }

    // Whether setDimension(dim, …) can apply now (context sizes need cross-attention, p_out a Wo).
    bool isDimensionAvailable(Dimension dim) const;
    static int maximumDimension(Dimension dim);
    static QString dimensionName(Dimension dim); // "tokens n", "d_k", …

    // Edits. Each pushes one undo command; an invalid edit returns false with a message for the
    // user in *error and changes nothing (no undo entry either). An edit that changes nothing
    // (same value, same size) returns true and pushes nothing.
    bool setCell(MatrixId id, int row, int col, double value, QString *error = nullptr);
    // Consecutive nudges of the same cell merge into one undo step (until breakMerge()).
    bool nudgeCell(MatrixId id, int row, int col, double delta, QString *error = nullptr);
    // A pasted block with its top-left corner at (row, col): one undo step. Refused (not
    // clipped) when it does not fit; the message says how far it would reach.
    bool setBlock(MatrixId id, int row, int col, const attn::Matrix &values,
                  QString *error = nullptr);
    bool setToken(int index, const QString &label, QString *error = nullptr);
    bool setContextToken(int index, const QString &label, QString *error = nullptr);
    // Keeps the numbers that still fit; new cells come from initializer(). A resize adding more
    // than kAsyncResizeValues numbers is built on a worker thread (4,096 tokens of 768 features:
    // three million random numbers, 100 ms): it returns true at once, resizePending() holds
    // and resizeStarted() is emitted; the undo step is pushed when the inputs are ready, then
    // resizeFinished(). Edits meanwhile apply at once and the resize is built again on top of
    // them; another size of the same dimension replaces it; a size of another dimension first
    // finishes it here; new inputs (replaceInputs) cancel it.
    bool setDimension(Dimension dim, int value, QString *error = nullptr);
    static constexpr qint64 kAsyncResizeValues = 1'000'000;
    bool resizePending() const;

    void setInitializer(Initializer init);
    Initializer initializer() const { return m_initializer; }
    // Restarts the random sequence used by RandomNormal fills and randomize().
    void setRandomSeed(quint32 seed);
    quint32 randomSeed() const { return m_seed; }

    void setScale(bool scale);
    // Consecutive temperature changes merge into one undo step (a slider drag) until
    // breakMerge(). Refuses non-positive or non-finite temperatures.
    bool setTemperature(double temperature, QString *error = nullptr);
    void setCausal(bool causal);
    // The sliding window and ALiBi (and any other option): one undo step named `text`; refused
    // with the core's message when attn::validate refuses the options.
    bool setKernelOptions(const attn::AttentionOptions &options, const QString &text,
                          QString *error = nullptr);
    // Head `head` joins key/value group `group` (−1: its own Wk and Wv again): it takes the
    // group's Wk and Wv when the group has other heads. One undo step. Edits of a grouped
    // head's Wk or Wv change every head of the group.
    bool setKvGroup(int head, int group, QString *error = nullptr);
    // The QK norm on or off with its ε, one undo step. Switched on, heads without gains get gains
    // of 1 (gq, gk), so that the biases' editor shows them.
    bool setQkNorm(bool on, double epsilon, QString *error = nullptr);
    // none, sinusoidal or rope; refused with the core's message when the inputs do not allow
    // it (RoPE needs an even d_k).
    bool setPositional(attn::Positional positional, QString *error = nullptr);
    // One number of a bias: `which` 'q', 'k' or 'v' of head `head` (a key/value group's bk and bv
    // are its first head's, so the edit changes the group), or 'o' for bo; 'Q' and 'K' are the QK
    // norm's gains gq and gk. One undo step;
    // refused for a bias the inputs do not have, a column out of range or a bad value.
    bool setBias(int head, char which, int col, double value, QString *error = nullptr);
    // The same with RoPE's pairs and base θ (one undo step): refused with the core's message
    // for a θ it cannot use.
    bool setPositioning(attn::Positional positional, const attn::Rope &rope,
                        QString *error = nullptr);
    // The loss target (n × p_out), or an empty matrix to remove it; one undo step.
    bool setTarget(const attn::Matrix &target, const QString &description,
                   QString *error = nullptr);
    // New inputs from a training run: consecutive calls with the same `run` merge into one undo
    // step (a run that played for a minute is undone at once).
    bool applyTraining(const attn::AttentionInputs &inputs, int run, QString *error = nullptr);
    // On: the context starts as a copy of X (same tokens), so nothing changes until it is
    // edited. Off: the context is dropped, Wk/Wv get p rows again. Both undoable.
    bool setCrossAttention(bool on, QString *error = nullptr); // false: the copy is too large
    bool toggleMask(int query, int key, QString *error = nullptr);
    void clearMask();
    // The whole matrix from N(0, 1), or from initializer(); one undo step. A matrix of more than
    // kAsyncResizeValues numbers (X at 4,096 tokens of 768 features) is filled on a worker, as a
    // large resize is built, with the same numbers: resizePending(), resizeStarted() with the
    // undo text, the step pushed when ready; edits meanwhile come before it.
    void randomize(MatrixId id);
    void fill(MatrixId id);
    // Presets and opened files; undoable. Refused (false, *error) when attn::validate fails or
    // the sizes exceed the limits above.
    bool replaceInputs(const attn::AttentionInputs &inputs, const QString &description,
                       QString *error = nullptr);
    // The same, taking the inputs without copying them (an opened file's).
    bool replaceInputs(attn::AttentionInputs &&inputs, const QString &description,
                       QString *error = nullptr);

    // New inputs that are another document, not an edit of this one (a preset, the training
    // task's sentence, a model's head taken apart, an opened file): the history of the document
    // before goes with it, as when a file is opened, so undo never brings a file's numbers back
    // under another name, and replaced(name) tells whoever names the document (the session)
    // that it is now `name`, without a file. Ask mayReplace() first. Refused as replaceInputs.
    bool replaceDocument(attn::AttentionInputs inputs, const QString &name,
                         QString *error = nullptr);
    // Whether the document may be replaced now: the guard (the session's Save / Discard / Cancel
    // question when there are unsaved changes) decides; without one, yes.
    bool mayReplace() const { return !m_replaceGuard || m_replaceGuard(); }
    void setReplaceGuard(std::function<bool()> guard) { m_replaceGuard = std::move(guard); }
    // Counts replaceDocument(): a panel that put its own document in place (training's task)
    // knows by it whether the document is still its own.
    quint64 documentGeneration() const { return m_documentGeneration; }

    // Ends the current merge window: the next nudge or temperature change starts a new undo
    // step even if it continues the previous one (editors call it when the current cell
    // changes, the temperature slider when it is released).
    void breakMerge() { ++m_mergeGeneration; }
    int mergeGeneration() const { return m_mergeGeneration; }

    // The selected row, current head, selected column and layout: view state, not undoable.
    // After each change of the inputs it is clamped to their sizes before changed() and its
    // signals for what moved are emitted after it.
    ViewSelection &selection() { return m_selection; }
    const ViewSelection &selection() const { return m_selection; }

signals:
    void changed(const DocumentChange &change);
    // A resize on the worker (setDimension): its undo text ("Change tokens n to 4096"), then its
    // end, whether pushed, replaced, cancelled or failed (resizeFailed: the message).
    void resizeStarted(const QString &text);
    void resizeFinished();
    void resizeFailed(const QString &message);
    // replaceDocument(): the document is now `name` (translated), without a file.
    void replaced(const QString &name);

private:
    friend class DocumentCommand; // the undo commands apply their changes through these

    // The inputs to change: the current snapshot when nobody else holds it, else a copy.
    // writableInputs() is for any change; detachedInputs() leaves telling the recycler what
    // changed to the caller (applyBlock: just the block).
    attn::AttentionInputs &writableInputs();
    attn::AttentionInputs &detachedInputs();
    void applyBlock(MatrixId id, int row, int col, const attn::Matrix &values);
    void applyToken(bool context, int index, const std::string &label);
    void applyOptions(const attn::AttentionOptions &options);
    void applyMaskToggle(int query, int key, bool dropMaskAfter);
    void applyMask(const attn::Mask &mask);
    void applyInputs(std::shared_ptr<const attn::AttentionInputs> inputs,
                     DocumentChange::Flags what);
    // Emits changed(), then the selection's signals if the change moved it.
    void notify(const DocumentChange &change);

    bool checkCell(MatrixId id, int row, int col, double value, QString *error) const;
    // setToken and setContextToken: one label of X or of the context.
    bool setLabel(bool context, int index, const QString &label, QString *error);
    bool pushInputs(attn::AttentionInputs after, DocumentChange::Flags what, const QString &text,
                    QString *error, int trainingRun = -1);
    bool resizeNow(Dimension dim, int value, QString *error); // on this thread
    void startFill(MatrixId id, Initializer init, const QString &text);
    void fillNow(MatrixId id, Initializer init, const QString &text); // on this thread
    // A pending resize or fill dropped and made here, now (something else comes after it).
    void finishPendingNow();
    // What m_pending needs of the document.
    std::shared_ptr<const attn::AttentionInputs> currentInputs() const override { return m_inputs; }
    bool stillApplies(const ResizeJob::Request &request) const override;
    Initializer currentInitializer() const override { return m_initializer; }
    std::mt19937 &randomSequence() override { return m_rng; }
    void pushBuilt(const ResizeJob::Request &done,
                   std::shared_ptr<const attn::AttentionInputs> inputs) override;
    static DocumentChange::Flags resizeChange(Dimension dim);
    static QString resizeText(Dimension dim, int value);
    QString describe(MatrixId id) const { return matrixDisplayName(id, headCount()); }

    std::shared_ptr<const attn::AttentionInputs> m_inputs; // never null
    SnapshotRecycler m_recycler; // the snapshot before m_inputs, reused by the next copy
    QUndoStack *m_undoStack;
    Initializer m_initializer = Initializer::RandomNormal;
    quint32 m_seed = 1;
    std::mt19937 m_rng;
    PendingResize m_pending;
    int m_mergeGeneration = 0;
    ViewSelection m_selection;
    std::function<bool()> m_replaceGuard;
    quint64 m_documentGeneration = 0;
};

} // namespace attn::ui
