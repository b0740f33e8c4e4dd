// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "networkreadings/HeadScores.h"
#include "training/DecoderTraining.h"
#include "transformer/Run.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <limits>
#include <memory>
#include <vector>

namespace attn::ui {

// A small decoder trained live, in class, on sequences of random tokens that repeat (issue 26):
// by default 2 attention-only layers, where a previous-token head forms in layer 0 and an
// induction head in layer 1 that reads it. The training (attn::DecoderTraining) steps on a
// worker, a chunk of steps per job and one job at a time, so the window never waits for it;
// after each chunk the trainer publishes the loss, every head's scores on held-out sequences
// and a run of the model on one of them, for the overview to draw. Play runs chunk after chunk
// until Pause; Step runs one step; Reset starts again from the seed.
class InductionTrainer : public QObject {
    Q_OBJECT
public:
    // One published point of the run: after `step` steps.
    struct Point {
        std::int64_t step = 0;
        double loss = 0; // of the step's training batch
        // Over the repeated half of held-out sequences (what the lesson quotes), NaN when none.
        double heldOutLoss = std::numeric_limits<double>::quiet_NaN();
        std::vector<attn::HeadScores> scores; // layer-major, on held-out sequences
    };
    // Steps per job while playing: a chunk, then the readings, then the next chunk.
    static constexpr int kChunk = 10;

    explicit InductionTrainer(QObject *parent = nullptr);

    // The defaults: the induction task, 2 layers × 4 heads, attention only (see the .cpp).
    static attn::TrainingSettings defaultSettings();
    // New settings reset the training.
    void setSettings(const attn::TrainingSettings &settings);
    const attn::TrainingSettings &settings() const { return m_settings; }

    void play();
    void pause();
    void step();
    void reset();
    bool isPlaying() const { return m_playing; }
    bool isBusy() const { return m_running; }
    // Waits (working the event loop) until no job runs; false after `milliseconds`.
    bool waitUntilIdle(int milliseconds = 60000);

    std::int64_t steps() const { return m_history.empty() ? 0 : m_history.back().step; }
    const std::vector<Point> &history() const { return m_history; }
    // The model now, on a held-out sequence (its ids: run()->ids); null before the first job.
    attn::RunPtr run() const { return m_run; }
    // The circuit's heads, scores and ablation after the last chunk (the lesson's numbers).
    const attn::CircuitReadings &readings() const { return m_readings; }
    // Tokens a second over the last chunk, and seconds of training so far.
    double tokensPerSecond() const { return m_tokensPerSecond; }
    double trainingSeconds() const { return m_seconds; }
    QString error() const { return m_error; }

signals:
    void progressed(); // a new point and run
    void playingChanged(bool playing);
    void failed(const QString &message);

private:
    void start(int steps);

    attn::TrainingSettings m_settings;
    // The training itself: created on the worker by the first job, then handed from job to job
    // (only one runs at a time), so the window's thread never touches it.
    std::shared_ptr<attn::DecoderTraining> m_training;
    quint64 m_generation = 0; // bumped by reset: a job of an older training is dropped
    bool m_playing = false, m_running = false;
    std::vector<Point> m_history;
    attn::RunPtr m_run;
    attn::CircuitReadings m_readings;
    double m_tokensPerSecond = 0, m_seconds = 0;
    QString m_error;
};

} // namespace attn::ui
