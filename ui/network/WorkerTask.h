// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InputError.h"
#include "WorkerPool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QString>
#include <QThread>

#include <functional>
#include <memory>
#include <new>

namespace attn::ui {

// The model's background work: the run (NetworkRunner), the readings of a run (RunReadings), run B
// (NetworkComparison), the circuits (CircuitsView) and induction training (InductionTrainer).

// Runs `work` on attn::workerPool() and hands its value to `done` on the thread of `owner`, if
// `owner` still exists by then (the watcher is its child and goes with it).
template <typename T>
void onWorker(QObject *owner, std::function<T()> work, std::function<void(T)> done) {
    auto promise = std::make_shared<QPromise<T>>();
    auto *watcher = new QFutureWatcher<T>(owner);
    QObject::connect(watcher, &QFutureWatcherBase::finished, owner, [watcher, done] {
        watcher->deleteLater();
        if (watcher->future().resultCount() > 0)
            done(watcher->future().result());
    });
    watcher->setFuture(promise->future());
    promise->start();
    attn::workerPool().start([promise, work = std::move(work)] {
        promise->addResult(work());
        promise->finish();
    });
}

// Calls `f`; what it throws, as the one line a user reads ("" when nothing was thrown): every
// failure says so in one line, naming the file (the core's messages do).
template <typename F> QString catching(F &&f) {
    try {
        f();
    } catch (const attn::InputError &e) {
        return QString::fromUtf8(e.what());
    } catch (const std::bad_alloc &) {
        return QCoreApplication::translate("NetworkRunner", "not enough memory");
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

// Works the event loop while `busy()` holds, so a worker's result arrives on this thread; false
// when it still holds after `milliseconds`. Each class's waitUntilIdle (the command line's
// screenshots and the tests) is this with its own idea of busy.
template <typename Busy> bool workEventsWhile(Busy &&busy, int milliseconds) {
    QElapsedTimer clock;
    clock.start();
    while (busy()) {
        if (clock.elapsed() > milliseconds)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    return true;
}

} // namespace attn::ui
