// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "Initializer.h"
#include "ResizeJob.h"

#include <QObject>
#include <QString>

#include <memory>
#include <random>

namespace attn::ui {

// The document's large resize or whole-matrix fill while a worker builds it (ResizeJob), from
// its start to the undo step it becomes. Edits made meanwhile come first: a job whose inputs
// were edited (or undone) before it finished is built again on top of the new ones, or dropped
// when it no longer applies. One at a time; the Document decides what is built here and what at
// once, and in which order.
class PendingResize : public QObject {
    Q_OBJECT
public:
    // What it needs of the document it builds for (the Document), as an interface: including
    // Document.h here would make a second include cycle beside the document's undo commands.
    class Host {
    public:
        // The inputs now: a job is built from them, and pushed only if they are still these.
        virtual std::shared_ptr<const attn::AttentionInputs> currentInputs() const = 0;
        // Whether `request` would still change the current inputs (not when cross-attention is
        // off, the filled matrix's head is gone or the size is already reached).
        virtual bool stillApplies(const ResizeJob::Request &request) const = 0;
        // Where new cells of a resize built again come from (a fill keeps its own).
        virtual Initializer currentInitializer() const = 0;
        // The random sequence new cells are drawn from: a job starts from it, and a finished
        // one advances it by the draws it took, as if they had been taken on this thread.
        virtual std::mt19937 &randomSequence() = 0;
        // Pushes the undo step of a finished job: `inputs` built for `done`.
        virtual void pushBuilt(const ResizeJob::Request &done,
                               std::shared_ptr<const attn::AttentionInputs> inputs) = 0;

    protected:
        ~Host() = default;
    };

    explicit PendingResize(Host &host);

    bool isRunning() const { return m_job.isRunning(); }
    // What is being built (while isRunning()).
    const ResizeJob::Request &request() const { return m_job.request(); }
    // Builds `request` from the current inputs and random sequence; started() with its undo
    // text. None may be running (the Document finishes or cancels it first).
    void start(ResizeJob::Request request);
    // Drops the job, if any: finished().
    void cancel();
    // Builds it again from the current inputs, initializer and random sequence (the last two
    // changed: Document::setInitializer, setRandomSeed); nothing when no job runs.
    void restart();

signals:
    void started(const QString &text);
    // Whether pushed, dropped or failed (failed() follows with the message).
    void finished();
    void failed(const QString &message);

private:
    void again();
    void finish(ResizeJob::Outcome outcome);

    Host &m_host;
    ResizeJob m_job;
};

} // namespace attn::ui
