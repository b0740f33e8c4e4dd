// SPDX-License-Identifier: GPL-3.0-or-later
#include "SessionWriter.h"

#include "SessionMembers.h"
#include "WorkerPool.h"
#include "io/AtomicFile.h"
#include "io/Session.h"

#include <QPromise>
#include <QThreadPool>

#include <exception>

namespace attn::ui {

SessionWriter::SessionWriter(QObject *parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] { collect(true); });
}

SessionWriter::~SessionWriter() {
    while (m_running) {
        m_future.waitForFinished();
        collect(false);
    }
}

quint64 SessionWriter::write(const QString &path,
                             std::shared_ptr<const attn::AttentionInputs> inputs,
                             const QJsonObject &view) {
    m_queue.push_back({++m_lastId, path, std::move(inputs), view});
    const quint64 id = m_lastId;
    startNext();
    return id;
}

void SessionWriter::startNext() {
    if (m_running || m_queue.empty())
        return;
    m_current = std::move(m_queue.front());
    m_queue.pop_front();
    m_running = true;
    // The worker holds only its promise and its own copies: nothing of the window.
    auto promise = std::make_shared<QPromise<QString>>();
    promise->start();
    m_future = promise->future();
    m_watcher.setFuture(m_future);
    attn::workerPool().start(
        [promise, path = m_current.path, inputs = m_current.inputs, view = m_current.view] {
            QString problem;
            try {
                attn::writeFileAtomically(path, sessionmembers::toJson(*inputs, view), &problem);
            } catch (const std::exception &e) { // out of memory while formatting
                problem = QString::fromLocal8Bit(e.what());
            }
            promise->addResult(problem);
            promise->finish();
        });
}

bool SessionWriter::collect(bool report) {
    if (!m_running || !m_future.isFinished())
        return false;
    m_running = false;
    const QString error = m_future.result();
    const Job done = std::move(m_current);
    m_current = {};
    startNext(); // before the signal: its handler may wait for the rest
    if (report)
        emit finished(done.id, done.path, error);
    return true;
}

void SessionWriter::waitForDone() {
    while (m_running) {
        m_future.waitForFinished();
        collect(true);
    }
}

} // namespace attn::ui
