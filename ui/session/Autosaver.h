// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "RecoveryFile.h"

#include <QJsonObject>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <functional>

namespace attn::ui {

class Document;

// Keeps a recovery copy of a modified document (see RecoveryFile): every interval() while the
// document differs from its saved state, and after every editThreshold() edits — unless the last
// write was recent for its cost (see kEditWriteSpacing). The file is written on a worker thread
// (0.2 s of formatting at 4096 tokens × 768 features) from a copy of the inputs, one write at a
// time; the GUI thread never waits. Reaching the clean state (a save, an undo back to it),
// discard() or the destructor (an orderly exit) deletes the file.
class Autosaver : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 30'000;
    static constexpr int kDefaultEditThreshold = 20;
    // A write that took t ms is followed by a write for edits only kEditWriteSpacing · t ms after
    // it finished: autosave then takes at most a tenth of one core however fast the user types.
    // Why: the edits' own recomputation uses both cores of a small machine, and a write of 4096
    // tokens × 768 features takes 0.2 s of a core (0.7–0.9 s before json::appendMatrix): one
    // every 20 edits of fast typing kept a core busy writing. A small document writes in about a
    // millisecond, so it still writes every editThreshold() edits. The interval's write is not
    // paced: it is what bounds the work a crash can lose, and it comes seldom.
    static constexpr int kEditWriteSpacing = 9;

    // viewState: the "view" object to store with the inputs (called on the GUI thread).
    Autosaver(Document *doc, std::function<QJsonObject()> viewState,
              const QString &directory = RecoveryFile::defaultDirectory(),
              QObject *parent = nullptr);
    ~Autosaver() override; // waits for a write in flight, then deletes the recovery file

    RecoveryFile &file() { return m_file; }
    void setInterval(int milliseconds);
    int interval() const { return m_timer.interval(); }
    void setEditThreshold(int edits) { m_editThreshold = edits; }
    int editThreshold() const { return m_editThreshold; }
    // The monotonic clock, in milliseconds, that times the writes and paces the writes for edits
    // (by default the steady clock; tests drive one by hand).
    void setClock(std::function<qint64()> milliseconds) { m_clock = std::move(milliseconds); }
    // The session file being edited, recorded in the recovery file so a restore knows it.
    void setOriginalFile(const QString &path) { m_originalFile = path; }

    // Writes now, on this thread (after a restore; tests).
    bool saveNow(QString *error = nullptr);
    // Deletes the recovery file, also one being written right now.
    void discard();
    // While a save is being written the document already counts as clean, but the save may still
    // fail: reaching the clean state then keeps the recovery file (the saver discards it once the
    // file is on disk).
    void setHoldDiscard(bool hold) { m_holdDiscard = hold; }
    bool isWriting() const { return m_writing; }
    int writeCount() const { return m_writeCount; }

    // The bytes of a recovery file: a session (format, version, inputs, view) plus
    // "recovery": {"file": original, "savedAt": ISO time}.
    static QByteArray recoveryBytes(const attn::AttentionInputs &inputs, const QJsonObject &view,
                                    const QString &originalFile);

signals:
    void written(const QString &path);
    void failed(const QString &message);

private:
    bool isModified() const;
    void onIndexChanged();
    void onCleanChanged(bool clean);
    void writeForEditsWhenAllowed();
    void startWrite();
    void finishWrite(bool ok, const QString &error);
    void paceAfterWrite(qint64 startedMs);

    Document *m_doc;
    std::function<QJsonObject()> m_viewState;
    RecoveryFile m_file;
    QString m_originalFile;
    QTimer m_timer;
    QTimer m_editWriteTimer; // the write for edits that had to wait for its turn
    std::function<qint64()> m_clock;
    qint64 m_writeStartedMs = 0;
    qint64 m_nextEditWriteMs = 0; // no write for edits before this time
    QThreadPool m_pool;
    int m_editThreshold = kDefaultEditThreshold;
    int m_editsSinceWrite = 0;
    bool m_dirty = false;   // edited since the last write started
    bool m_writing = false; // a write is in flight on the worker
    bool m_pending = false; // asked to write while one was in flight
    bool m_removeWhenDone = false;
    bool m_holdDiscard = false;
    int m_writeCount = 0;
};

} // namespace attn::ui
