// SPDX-License-Identifier: GPL-3.0-or-later
#include "TrainingRunner.h"

#include <QMetaObject>

#include <chrono>
#include <condition_variable>

namespace attn::ui {

TrainingRunner::TrainingRunner(QObject *parent) : QObject(parent) {
    reset(attn::defaultTrainingConfig(attn::TrainingTask::PreviousToken));
}

TrainingRunner::~TrainingRunner() {
    pause();
}

void TrainingRunner::reset(const attn::TrainingConfig &config) {
    pause();
    {
        const std::lock_guard lock(m_mutex);
        m_config = config;
        m_trainer = std::make_unique<attn::Trainer>(config);
        m_progress = {};
        publish();
    }
}

void TrainingRunner::play() {
    if (m_playing)
        return;
    m_playing = true;
    m_worker = std::jthread([this](std::stop_token stop) { run(stop); });
    emit playingChanged(true);
}

void TrainingRunner::pause() {
    if (!m_playing)
        return;
    m_worker.request_stop();
    m_worker.join();
    m_playing = false;
    emit playingChanged(false);
}

void TrainingRunner::step() {
    pause();
    const std::lock_guard lock(m_mutex);
    m_trainer->step();
    publish();
}

TrainingRunner::Progress TrainingRunner::progress() const {
    const std::lock_guard lock(m_mutex);
    return m_progress;
}

void TrainingRunner::run(std::stop_token stop) {
    using namespace std::chrono;
    while (!stop.stop_requested()) {
        const auto start = steady_clock::now();
        const Pace p = pace(m_speed);
        const auto chunk = milliseconds(p.chunkMilliseconds);
        {
            const std::lock_guard lock(m_mutex);
            if (m_trainer->steps() >= kMaxSteps)
                break;
            for (int i = 0; i < p.stepsPerChunk; ++i)
                m_trainer->step();
            publish();
        }
        // Paced, and woken at once by a pause.
        std::mutex sleepMutex;
        std::unique_lock sleepLock(sleepMutex);
        std::condition_variable_any().wait_until(sleepLock, stop, start + chunk,
                                                 [] { return false; });
    }
    if (!stop.stop_requested()) // reached kMaxSteps: pause from the GUI thread
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (m_playing) {
                    m_worker.join();
                    m_playing = false;
                    emit playingChanged(false);
                }
            },
            Qt::QueuedConnection);
}

void TrainingRunner::publish() {
    const attn::Evaluation e = m_trainer->evaluate();
    m_progress.history.push_back({m_trainer->steps(), e.loss, e.accuracy});
    m_progress.watched = m_trainer->watched();
    if (!m_notifyPending.exchange(true))
        QMetaObject::invokeMethod(this, &TrainingRunner::deliver, Qt::QueuedConnection);
}

void TrainingRunner::deliver() {
    m_notifyPending = false;
    emit progressed();
}

} // namespace attn::ui
