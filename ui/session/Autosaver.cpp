// SPDX-License-Identifier: GPL-3.0-or-later
#include "Autosaver.h"

#include "SessionMembers.h"
#include "document/Document.h"
#include "io/Session.h"

#include <QDateTime>
#include <QUndoStack>

#include <algorithm>
#include <chrono>
#include <climits>

namespace attn::ui {

Autosaver::Autosaver(Document *doc, std::function<QJsonObject()> viewState,
                     const QString &directory, QObject *parent)
    : QObject(parent), m_doc(doc), m_viewState(std::move(viewState)), m_file(directory),
      m_clock([] {
          return qint64(std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now().time_since_epoch())
                            .count());
      }) {
    m_pool.setMaxThreadCount(1);
    m_editWriteTimer.setSingleShot(true);
    connect(&m_editWriteTimer, &QTimer::timeout, this, &Autosaver::writeForEditsWhenAllowed);
    m_timer.setInterval(kDefaultIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_dirty && isModified())
            startWrite();
    });
    QUndoStack *stack = doc->undoStack();
    connect(stack, &QUndoStack::indexChanged, this, &Autosaver::onIndexChanged);
    connect(stack, &QUndoStack::cleanChanged, this, &Autosaver::onCleanChanged);
    if (isModified())
        m_timer.start();
}

Autosaver::~Autosaver() {
    m_pool.waitForDone();
    // An orderly end, whichever way it came (window closed, QApplication::quit, a test that
    // just drops its window): nothing to recover. A crash never gets here.
    m_file.remove();
}

void Autosaver::setInterval(int milliseconds) {
    m_timer.setInterval(milliseconds);
}

bool Autosaver::isModified() const {
    return !m_doc->undoStack()->isClean();
}

void Autosaver::onIndexChanged() {
    if (!isModified())
        return; // cleanChanged deals with it
    m_dirty = true;
    if (!m_timer.isActive())
        m_timer.start();
    ++m_editsSinceWrite;
    writeForEditsWhenAllowed();
}

void Autosaver::writeForEditsWhenAllowed() {
    if (m_editsSinceWrite < m_editThreshold || m_writing || !isModified())
        return; // not due, or due once the write in flight is done (finishWrite)
    const qint64 wait = m_nextEditWriteMs - m_clock();
    if (wait > 0)
        m_editWriteTimer.start(int(std::min<qint64>(wait, INT_MAX)));
    else
        startWrite();
}

void Autosaver::onCleanChanged(bool clean) {
    if (clean) {
        m_timer.stop();
        if (!m_holdDiscard)
            discard();
    } else {
        m_timer.start();
    }
}

QByteArray Autosaver::recoveryBytes(const attn::AttentionInputs &inputs, const QJsonObject &view,
                                    const QString &originalFile) {
    return sessionmembers::toJson(
        inputs, view,
        {{"recovery", QJsonObject{
                          {"file", originalFile},
                          {"savedAt", QDateTime::currentDateTime().toString(Qt::ISODate)},
                      }}});
}

void Autosaver::startWrite() {
    if (m_writing) {
        m_pending = true;
        return;
    }
    m_writing = true;
    m_dirty = false;
    m_pending = false;
    m_removeWhenDone = false;
    m_editsSinceWrite = 0;
    m_editWriteTimer.stop();
    m_writeStartedMs = m_clock();
    // The immutable snapshot, shared: the document goes on being edited (copy-on-write) while
    // the worker formats this state.
    m_pool.start([this, inputs = m_doc->inputsSnapshot(),
                  view = m_viewState ? m_viewState() : QJsonObject(), original = m_originalFile] {
        QString error;
        const bool ok = m_file.write(recoveryBytes(*inputs, view, original), &error);
        QMetaObject::invokeMethod(
            this, [this, ok, error] { finishWrite(ok, error); }, Qt::QueuedConnection);
    });
}

void Autosaver::paceAfterWrite(qint64 startedMs) {
    const qint64 finished = m_clock();
    m_nextEditWriteMs = finished + kEditWriteSpacing * std::max<qint64>(finished - startedMs, 0);
}

void Autosaver::finishWrite(bool ok, const QString &error) {
    m_writing = false;
    paceAfterWrite(m_writeStartedMs);
    if (m_removeWhenDone) {
        m_removeWhenDone = false;
        m_file.remove();
    } else if (ok) {
        ++m_writeCount;
        emit written(m_file.path());
    } else {
        m_dirty = true; // not saved: the next interval tries again
        emit failed(error);
    }
    if (m_pending && isModified())
        startWrite();
    else
        writeForEditsWhenAllowed();
    m_pending = false;
}

bool Autosaver::saveNow(QString *error) {
    m_pool.waitForDone(); // its result would otherwise overwrite this newer one
    const QJsonObject view = m_viewState ? m_viewState() : QJsonObject();
    const qint64 started = m_clock();
    const bool ok = m_file.write(recoveryBytes(m_doc->inputs(), view, m_originalFile), error);
    paceAfterWrite(started);
    if (ok) {
        ++m_writeCount;
        m_dirty = false;
        m_editsSinceWrite = 0;
        emit written(m_file.path());
    }
    return ok;
}

void Autosaver::discard() {
    m_dirty = false;
    m_editsSinceWrite = 0;
    m_editWriteTimer.stop();
    m_pending = false;
    if (m_writing)
        m_removeWhenDone = true;
    m_file.remove();
}

} // namespace attn::ui
