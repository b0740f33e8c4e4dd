// SPDX-License-Identifier: GPL-3.0-or-later
#include "InductionTrainer.h"

#include "network/WorkerTask.h"

namespace attn::ui {

namespace {

struct Chunk {
    std::shared_ptr<attn::DecoderTraining> training;
    InductionTrainer::Point point;
    attn::RunPtr run;
    attn::CircuitReadings readings;
    double seconds = 0;
    std::int64_t tokens = 0;
    QString error;
};

} // namespace

InductionTrainer::InductionTrainer(QObject *parent)
    : QObject(parent), m_settings(defaultSettings()) {}

attn::TrainingSettings InductionTrainer::defaultSettings() {
    // attnviz-cli model train --task induction's defaults, so the panel and the command line
    // train the same model (docs/training.md gives the measured steps and seconds).
    return attn::inductionDefaults();
}

void InductionTrainer::setSettings(const attn::TrainingSettings &settings) {
    m_settings = settings;
    reset();
}

void InductionTrainer::play() {
    if (m_playing)
        return;
    m_playing = true;
    emit playingChanged(true);
    if (!m_running)
        start(kChunk);
}

void InductionTrainer::pause() {
    if (!m_playing)
        return;
    m_playing = false; // the chunk on its way finishes and is shown; no other follows
    emit playingChanged(false);
}

void InductionTrainer::step() {
    if (!m_running)
        start(1);
}

void InductionTrainer::reset() {
    pause();
    ++m_generation;
    m_training.reset();
    m_history.clear();
    m_run.reset();
    m_readings = {};
    m_tokensPerSecond = m_seconds = 0;
    m_error.clear();
    emit progressed();
}

void InductionTrainer::start(int steps) {
    m_running = true;
    const quint64 generation = m_generation;
    onWorker<Chunk>(
        this,
        [training = m_training, settings = m_settings, steps] {
            Chunk c;
            c.error = catching([&] {
                c.training = training ? training
                                      : std::make_shared<attn::DecoderTraining>(
                                            settings, std::vector<std::int64_t>{});
                QElapsedTimer clock;
                clock.start();
                for (int i = 0; i < steps; ++i)
                    c.point.loss = c.training->step();
                c.seconds = double(clock.nsecsElapsed()) / 1e9;
                c.tokens = std::int64_t(steps) * c.training->tokensPerStep();
                c.point.step = c.training->steps();
                c.point.scores = c.training->heldOutScores();
                c.run = c.training->run(c.training->heldOut(1));
                c.readings = c.training->circuitReadings();
                c.point.heldOutLoss = c.readings.loss;
            });
            return c;
        },
        [this, generation](Chunk c) {
            m_running = false;
            if (generation != m_generation) { // reset meanwhile: start the new one if playing
                if (m_playing)
                    start(kChunk);
                return;
            }
            if (!c.error.isEmpty()) {
                m_error = c.error;
                pause();
                emit failed(c.error);
                return;
            }
            m_training = c.training;
            m_history.push_back(std::move(c.point));
            m_run = c.run;
            m_readings = c.readings;
            m_seconds += c.seconds;
            m_tokensPerSecond = c.seconds > 0 ? double(c.tokens) / c.seconds : 0;
            emit progressed();
            if (m_playing)
                start(kChunk);
        });
}

bool InductionTrainer::waitUntilIdle(int milliseconds) {
    return workEventsWhile([this] { return m_running; }, milliseconds);
}

} // namespace attn::ui
