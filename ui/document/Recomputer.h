// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "IncrementalAttention.h"
#include "ResultSnapshot.h"

#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

#include <memory>

namespace attn::ui {

class Document;
struct DocumentChange;

// Keeps an AttentionResult in step with the Document. A burst of changes (a paste, a slider
// drag, ten edits in one event-loop turn) is coalesced by a 0 ms single-shot timer into one
// computation. Small problems compute on the GUI thread (a thread hop costs more than they do);
// large ones on a worker thread, one at a time, on the document's immutable inputs snapshot
// (no copy: an edit meanwhile makes the document a new snapshot). The GUI thread never
// waits: a change that arrives while the worker is busy marks the result stale, and when the
// worker finishes its (outdated) result is dropped and the latest inputs are computed. So only
// results of the document's current state are ever emitted, each as a ResultSnapshot that
// carries the inputs it was computed from. Results are always in the row layout: the column
// layout is the document's view state, which the views apply when they draw.
class Recomputer : public QObject {
    Q_OBJECT
public:
    // Above this many multiply-adds (see cost()) the computation goes to the worker thread;
    // below it takes well under a millisecond.
    static constexpr qint64 kAsyncThreshold = 250'000;

    explicit Recomputer(Document *doc, QObject *parent = nullptr);
    ~Recomputer() override; // waits for a running worker: it holds no pointer into the GUI

    // The last published (inputs, result) pair; invalid before the first result.
    const ResultSnapshot &snapshot() const { return m_snapshot; }
    // snapshot().result, for callers that need no inputs.
    std::shared_ptr<const attn::AttentionResult> result() const { return m_snapshot.result; }
    QString error() const { return m_error; } // last error ("" after a success)
    void recomputeNow(); // synchronous (tests, benchmark); makes a running worker's result stale
    bool isBusy() const { return m_busy; }

    // Approximate multiply-adds of one forward pass.
    static qint64 cost(const attn::AttentionInputs &inputs);

signals:
    void resultReady(const ResultSnapshot &snapshot, double milliseconds);
    void failed(const QString &message); // result() stays the last good one
    // A worker computation started (true) or ended (false): lets a window show "computing…".
    // Never emitted for computations small enough to run on the GUI thread.
    void busyChanged(bool busy);

private:
    struct Outcome {
        std::shared_ptr<const attn::AttentionInputs> inputs; // what result was computed from
        std::shared_ptr<attn::AttentionResult> result;
        QString error;
        double milliseconds = 0;
    };
    // Which rows of X and of the context changed since the published result was computed:
    // when edits touched only their values, the next computation updates the published result
    // (attn::updateTokens, O(n·(p + d)) per token) instead of computing from scratch.
    struct DirtyRows {
        bool all = true;
        int first = 0, last = -1;               // rows of X
        int contextFirst = 0, contextLast = -1; // rows of the context
        void add(const DocumentChange &change);
        void merge(const DirtyRows &other);
        void clear() { *this = DirtyRows{false, 0, -1, 0, -1}; }
        bool rowsOnly() const { return !all && (first <= last || contextFirst <= contextLast); }
        attn::TokenEdit edit() const { return {first, last, contextFirst, contextLast}; }
    };
    // `spare`: a result nobody else holds whose matrices an update of `base` may take
    // (attn::updateTokens), or null.
    static Outcome run(const std::shared_ptr<const attn::AttentionInputs> &inputs,
                       const std::shared_ptr<const attn::AttentionResult> &base,
                       const DirtyRows &dirty, attn::AttentionResult *spare);
    // Takes the dirty rows for a computation that starts now, and the base it may reuse.
    std::shared_ptr<const attn::AttentionResult> takeIncrementalBase(DirtyRows *job);
    // The result published before `base`, if `base` was updated from it and nothing holds it
    // any more (the views let go of it when `base` was published): its storage is reused, so
    // that steady typing takes turns between two results instead of copying a whole result
    // (6 MB a head at n = 4096) on every edit.
    std::shared_ptr<attn::AttentionResult>
    takeSpare(const std::shared_ptr<const attn::AttentionResult> &base);

    void onChanged(const DocumentChange &change);
    void schedule();
    void start();
    void finish(quint64 generation, const Outcome &outcome, const DirtyRows &job);
    void publish(quint64 generation, const Outcome &outcome);

    QPointer<Document> m_doc;
    QTimer m_timer;
    QThreadPool m_pool;
    ResultSnapshot m_snapshot;
    // The published result (m_snapshot.result) as the writable object it was made as, and the
    // one it replaced: takeSpare()'s candidate.
    std::shared_ptr<attn::AttentionResult> m_current, m_spare;
    QString m_error;
    quint64 m_generation = 0;          // bumped by every change; a result is current if it matches
    quint64 m_publishedGeneration = 0; // the state the last emitted result or error is of
    DirtyRows m_dirty;
    bool m_busy = false;
    bool m_reportedBusy = false; // what busyChanged last said (a restart is not a new "busy")
};

} // namespace attn::ui
