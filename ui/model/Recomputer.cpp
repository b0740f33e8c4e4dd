#include "Recomputer.h"

#include "Document.h"
#include "InputError.h"

#include <QElapsedTimer>

#include <new>

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

void Recomputer::DirtyRows::add(const DocumentChange &change) {
    const bool xValues = change.what == DocumentChange::Flags(DocumentChange::Values) &&
                         change.matrix && change.matrix->stage == attn::Stage::X &&
                         change.cells.isValid();
    if (!xValues) {
        all = true;
        return;
    }
    if (first > last) {
        first = change.cells.top();
        last = change.cells.bottom();
    } else {
        first = std::min(first, change.cells.top());
        last = std::max(last, change.cells.bottom());
    }
}

void Recomputer::DirtyRows::merge(const DirtyRows &other) {
    if (other.all) {
        all = true;
    } else if (other.first <= other.last) {
        first = first <= last ? std::min(first, other.first) : other.first;
        last = std::max(last, other.last);
    }
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

Recomputer::Outcome Recomputer::run(const std::shared_ptr<const attn::AttentionInputs> &inputs,
                                    const std::shared_ptr<const attn::AttentionResult> &base,
                                    const DirtyRows &dirty) {
    Outcome outcome;
    outcome.inputs = inputs;
    QElapsedTimer clock;
    clock.start();
    try {
        outcome.result = std::make_shared<const attn::AttentionResult>(
            base ? attn::recomputeRows(*inputs, *base, dirty.first, dirty.last)
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
    if (cost(*inputs) < kAsyncThreshold) {
        m_publishedGeneration = generation;
        const Outcome outcome = run(inputs, base, job);
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
    m_pool.start([this, inputs = std::move(inputs), generation, base, job] {
        Outcome outcome = run(inputs, base, job);
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
    const Outcome outcome = run(m_doc->inputsSnapshot(), base, job);
    if (!outcome.result)
        m_dirty.merge(job);
    publish(m_generation, outcome);
}
