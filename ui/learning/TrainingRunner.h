// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Trainer.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace attn::ui {

// Runs an attn::Trainer off the GUI thread. While playing, a worker thread takes steps in small
// chunks, paced by the speed (fast: 200 steps a second, the task learned in seconds; classroom:
// one step every half second, slow enough to talk over each), and after each chunk publishes
// the progress; the GUI hears of it through progressed(), at most one queued notification at a
// time, so a busy GUI thread sees the latest state, never a backlog.
class TrainingRunner : public QObject {
    Q_OBJECT
public:
    enum class Speed { Fast, Classroom };
    struct Pace {
        int stepsPerChunk;
        int chunkMilliseconds;
    };
    static constexpr Pace pace(Speed speed) {
        return speed == Speed::Fast ? Pace{10, 50} : Pace{1, 500};
    }
    static constexpr int kMaxSteps = 5000; // playing pauses here: the task is long learned

    struct Point {
        int step = 0;
        double loss = 0, accuracy = 0; // on the held-out sequences
    };
    struct Progress {
        std::vector<Point> history;    // step 0, then every chunk
        attn::AttentionInputs watched; // the watched sentence with the current weights
    };

    explicit TrainingRunner(QObject *parent = nullptr);
    ~TrainingRunner() override; // stops the worker

    // A new trainer (pauses first); progressed() follows with step 0.
    void reset(const attn::TrainingConfig &config);
    void play();
    void pause();
    // One step now (pauses first).
    void step();
    bool isPlaying() const { return m_playing; }
    // Takes effect at the next chunk, also while playing.
    void setSpeed(Speed speed) { m_speed = speed; }
    Speed speed() const { return m_speed; }
    Progress progress() const;
    const attn::TrainingConfig &config() const { return m_config; }

signals:
    void progressed();
    void playingChanged(bool playing);

private:
    void run(std::stop_token stop);
    void publish(); // under m_mutex: records a point and the watched inputs, notifies once
    void deliver();

    attn::TrainingConfig m_config;
    mutable std::mutex m_mutex; // guards m_trainer and m_progress
    std::unique_ptr<attn::Trainer> m_trainer;
    Progress m_progress;
    std::atomic<bool> m_notifyPending{false};
    bool m_playing = false;
    std::atomic<Speed> m_speed{Speed::Fast};
    std::jthread m_worker;
};

} // namespace attn::ui
