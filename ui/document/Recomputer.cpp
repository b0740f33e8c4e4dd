// SPDX-License-Identifier: GPL-3.0-or-later
#include "Recomputer.h"

#include "Document.h"
#include "InputError.h"

#include <QElapsedTimer>

#include <new>

namespace attn::ui {

Recomputer::Recomputer(Document *doc, QObject *parent) : QObject(parent), m_doc(doc) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &Recomputer::start);
    m_pool.setMaxThreadCount(1);
    connect(doc, &Document::changed, this, &Recomputer::onChanged);
    // The first result arrives from the event loop, after the owner has connected its views.
    schedule();
}

Recomputer::~Recomputer() {
    m_pool.waitForDone();
}

qint64 Recomputer::cost(const attn::AttentionInputs &in) {
    const qint64 n = in.queryCount(), m = in.keyCount(), p = in.X.cols(), pc = in.source().cols();
    qint64 total = 0, concat = 0;
    for (const auto &h : in.heads) {
        const qint64 dk = h.Wq.cols(), dv = h.Wv.cols();
        total += n * p * dk + m * pc * (dk + dv) + n * m * (dk + dv) + 3 * n * m;
        concat += dv;
    }
    return total + n * concat * in.Wo.cols();
}

namespace {

// Widens [first, last] (empty when first > last) to cover [top, bottom].
void cover(int &first, int &last, int top, int bottom) {
    if (top > bottom)
        return;
    if (first > last) {
        first = top;
        last = bottom;
    } else {
        first = std::min(first, top);
        last = std::max(last, bottom);
    }
}

} // namespace

void Recomputer::DirtyRows::add(const DocumentChange &change) {
    const bool values = change.what == DocumentChange::Flags(DocumentChange::Values) &&
                        change.matrix && change.cells.isValid();
    if (values && change.matrix->stage == attn::Stage::X)
        cover(first, last, change.cells.top(), change.cells.bottom());
    else if (values && change.matrix->stage == attn::Stage::Context)
        cover(contextFirst, contextLast, change.cells.top(), change.cells.bottom());
    else
        all = true;
}

void Recomputer::DirtyRows::merge(const DirtyRows &other) {
    if (other.all)
        all = true;
    cover(first, last, other.first, other.last);
    cover(contextFirst, contextLast, other.contextFirst, other.contextLast);
}

void Recomputer::onChanged(const DocumentChange &change) {
    m_dirty.add(change);
    schedule();
}

std::shared_ptr<const attn::AttentionResult> Recomputer::takeIncrementalBase(DirtyRows *job) {
    *job = m_dirty;
    m_dirty.clear();
    if (job->rowsOnly() && m_snapshot.result)
        return m_snapshot.result;
    return nullptr;
}

void Recomputer::schedule() {
    ++m_generation;
    if (!m_timer.isActive())
        m_timer.start();
}

std::shared_ptr<attn::AttentionResult>
Recomputer::takeSpare(const std::shared_ptr<const attn::AttentionResult> &base) {
    // use_count() == 1: only this holds it, and nobody can copy it from here meanwhile.
    if (base && m_spare && m_spare.use_count() == 1 && base->update.from == m_spare.get())
        return std::move(m_spare);
    return nullptr;
}

Recomputer::Outcome Recomputer::run(const std::shared_ptr<const attn::AttentionInputs> &inputs,
                                    const std::shared_ptr<const attn::AttentionResult> &base,
                                    const DirtyRows &dirty, attn::AttentionResult *spare) {
    Outcome outcome;
    outcome.inputs = inputs;
    QElapsedTimer clock;
    clock.start();
    try {
        outcome.result = std::make_shared<attn::AttentionResult>(
            base ? attn::updateTokens(*inputs, *base, dirty.edit(), spare)
                 : attn::compute(*inputs, attn::Layout::Rows));
    } catch (const attn::InputError &e) {
        outcome.error = QString::fromStdString(e.what());
    } catch (const std::bad_alloc &) {
        outcome.error = tr("not enough memory to compute attention at this size");
    }
    outcome.milliseconds = double(clock.nsecsElapsed()) / 1e6;
    return outcome;
}

void Recomputer::start() {
    if (m_busy || !m_doc)
        return; // finish() starts again: the worker's result will be stale
    std::shared_ptr<const attn::AttentionInputs> inputs = m_doc->inputsSnapshot();
    const quint64 generation = m_generation;
    DirtyRows job;
    std::shared_ptr<const attn::AttentionResult> base = takeIncrementalBase(&job);
    std::shared_ptr<attn::AttentionResult> spare = takeSpare(base);
    if (cost(*inputs) < kAsyncThreshold) {
        m_publishedGeneration = generation;
        const Outcome outcome = run(inputs, base, job, spare.get());
        if (!outcome.result)
            m_dirty.merge(job); // nothing replaced the result: its changes are still pending
        publish(generation, outcome);
        return;
    }
    m_busy = true;
    if (!m_reportedBusy) {
        m_reportedBusy = true;
        emit busyChanged(true);
    }
    // The job shares the snapshot: the document copies before its next edit, never the worker.
    m_pool.start([this, inputs = std::move(inputs), generation, base, spare, job]() mutable {
        Outcome outcome = run(inputs, base, job, spare.get());
        // Let go of them before the GUI thread hears of the result: by then the result before
        // is held by nothing but the recomputer, so the next update can take it as its spare.
        base.reset();
        spare.reset();
        // Queued back to the GUI thread; the destructor waits for this job, so `this` lives.
        QMetaObject::invokeMethod(
            this, [this, generation, outcome, job] { finish(generation, outcome, job); },
            Qt::QueuedConnection);
    });
}

void Recomputer::finish(quint64 generation, const Outcome &outcome, const DirtyRows &job) {
    m_busy = false;
    // Unless this result replaces the published one, the rows it covered are still to be recomputed
    // (merging more rows than needed is always safe).
    if (generation != m_generation || !outcome.result)
        m_dirty.merge(job);
    if (generation == m_generation) {
        m_publishedGeneration = generation;
        publish(generation, outcome);
    } else if (m_publishedGeneration != m_generation) {
        start(); // the document moved on while computing: this result is already outdated
    }
    if (!m_busy && m_reportedBusy) {
        m_reportedBusy = false;
        emit busyChanged(false);
    }
}

void Recomputer::publish(quint64 generation, const Outcome &outcome) {
    if (!outcome.result) {
        m_error = outcome.error;
        emit failed(m_error);
        return;
    }
    // generation is the document state's: it only grows, since outdated results are dropped.
    m_spare = std::move(m_current);
    m_current = outcome.result;
    m_snapshot = ResultSnapshot{outcome.inputs, outcome.result, generation};
    m_error.clear();
    emit resultReady(m_snapshot, outcome.milliseconds);
}

void Recomputer::recomputeNow() {
    if (!m_doc)
        return;
    m_timer.stop();
    // A worker still running computes an older state: its result will be dropped.
    ++m_generation;
    m_publishedGeneration = m_generation;
    DirtyRows job;
    std::shared_ptr<const attn::AttentionResult> base = takeIncrementalBase(&job);
    std::shared_ptr<attn::AttentionResult> spare = takeSpare(base);
    const Outcome outcome = run(m_doc->inputsSnapshot(), base, job, spare.get());
    if (!outcome.result)
        m_dirty.merge(job);
    publish(m_generation, outcome);
}

} // namespace attn::ui
