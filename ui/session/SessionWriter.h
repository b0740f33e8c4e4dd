// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <deque>
#include <memory>

namespace attn::ui {

// Writes session files (core/io sessionToJson, then writeFileAtomically) on attn::workerPool(),
// one at a time in the order asked: never two writers on one file, and a later save of the same
// file lands after an earlier one. Each write formats an immutable inputs snapshot and the view
// captured when it was asked, so the document goes on being edited meanwhile (0.3 s of work at
// 4096 tokens × 768 features). finished() comes on the GUI thread, from its event loop or from
// waitForDone(). The destructor writes what is still queued, without signals: an orderly exit
// never drops a save the user asked for.
class SessionWriter : public QObject {
    Q_OBJECT
public:
    explicit SessionWriter(QObject *parent = nullptr);
    ~SessionWriter() override;

    // Queues a write; the returned id names it in finished().
    quint64 write(const QString &path, std::shared_ptr<const attn::AttentionInputs> inputs,
                  const QJsonObject &view);
    bool isBusy() const { return m_running; }
    // Blocks until every queued write is done, emitting finished() for each.
    void waitForDone();

signals:
    // error: empty when the file was written; otherwise why not (the old file is unchanged).
    void finished(quint64 id, const QString &path, const QString &error);

private:
    struct Job {
        quint64 id = 0;
        QString path;
        std::shared_ptr<const attn::AttentionInputs> inputs;
        QJsonObject view;
    };
    void startNext();
    // Takes the finished write's result (once: the watcher's signal may come after
    // waitForDone() took it) and starts the next one.
    bool collect(bool report);

    std::deque<Job> m_queue;
    Job m_current;
    bool m_running = false;
    quint64 m_lastId = 0;
    QFuture<QString> m_future;
    QFutureWatcher<QString> m_watcher;
};

} // namespace attn::ui
