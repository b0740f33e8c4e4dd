// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QTimer>

namespace attn::ui {

// Plays through the terms of a sum: position() is how many terms are revealed, 0..count().
// Playing advances one term per tick and stops after the last; playing from the end starts
// again from 0. Speeds are a small ladder of tick intervals, so +/- feel the same at any speed.
class TermAnimator : public QObject {
    Q_OBJECT
public:
    explicit TermAnimator(QObject *parent = nullptr);

    int count() const { return m_count; }
    int position() const { return m_position; }
    bool isPlaying() const { return m_timer.isActive(); }
    bool isComplete() const { return m_position >= m_count; }

    // A new sum: stops and shows every term (position = count), or the first `position`.
    void reset(int count);
    void reset(int count, int position);
    // The same sum with a new count (live data changed shape): keeps the position if it fits.
    void setCount(int count);
    void setPosition(int position); // clamped

    static constexpr int kSpeedCount = 7;
    int speed() const { return m_speed; } // 0 (slowest) .. kSpeedCount − 1
    void setSpeed(int speed);
    int intervalMs() const;
    QString speedText() const; // "1×", "0.5×", "4×"

public slots:
    void play();
    void pause();
    void togglePlay();
    void stepForward(); // pauses
    void stepBack();    // pauses
    void faster();
    void slower();
    void showAll();   // position = count, paused
    void showFirst(); // position = 0, paused

signals:
    void positionChanged(int position);
    void playingChanged(bool playing);
    void speedChanged(int speed);

private:
    void tick();
    void setPlaying(bool playing);

    QTimer m_timer;
    int m_count = 0;
    int m_position = 0;
    int m_speed = 3;
};

} // namespace attn::ui
