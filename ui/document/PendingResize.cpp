// SPDX-License-Identifier: GPL-3.0-or-later
#include "PendingResize.h"

namespace attn::ui {

PendingResize::PendingResize(Host &host)
    : m_host(host), m_job([this](ResizeJob::Outcome outcome) { finish(std::move(outcome)); }) {}

void PendingResize::start(ResizeJob::Request request) {
    Q_ASSERT(!m_job.isRunning());
    request.rng = m_host.randomSequence();
    const QString text = request.text;
    m_job.start(m_host.currentInputs(), std::move(request));
    emit started(text);
}

void PendingResize::cancel() {
    if (!m_job.isRunning())
        return;
    m_job.cancel();
    emit finished();
}

void PendingResize::restart() {
    if (m_job.isRunning())
        again();
}

void PendingResize::again() {
    ResizeJob::Request again = m_job.request();
    // Still worth making? The inputs may have changed since (cross-attention off, an undo, the
    // filled matrix's head removed).
    if (!m_host.stillApplies(again)) {
        m_job.cancel();
        emit finished();
        return;
    }
    if (again.kind == ResizeJob::Request::Kind::Resize)
        again.init = m_host.currentInitializer();
    again.rng = m_host.randomSequence();
    m_job.start(m_host.currentInputs(), again);
}

void PendingResize::finish(ResizeJob::Outcome outcome) {
    if (!outcome.error.isEmpty()) {
        emit finished();
        emit failed(outcome.error);
        return;
    }
    if (outcome.base != m_host.currentInputs()) {
        // Edited (or undone) meanwhile: the job again, on top of what is there now, as if it
        // had come after those edits.
        again();
        return;
    }
    m_host.randomSequence() = outcome.rng; // as if its draws had been taken here
    m_host.pushBuilt(m_job.request(), std::move(outcome.inputs));
    emit finished();
}

} // namespace attn::ui
