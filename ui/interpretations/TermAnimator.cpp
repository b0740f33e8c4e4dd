// SPDX-License-Identifier: GPL-3.0-or-later
#include "TermAnimator.h"

#include <algorithm>
#include <array>

namespace attn::ui {

namespace {

// Milliseconds per term, slowest first; index 3 (1×) is the default: slow enough to read a
// number aloud in class.
constexpr std::array<int, TermAnimator::kSpeedCount> kIntervals{4000, 2000, 1400, 1000,
                                                                500,  250,  100};
constexpr std::array<const char *, TermAnimator::kSpeedCount> kSpeedTexts{
    "0.25\u00d7", "0.5\u00d7", "0.7\u00d7", "1\u00d7", "2\u00d7", "4\u00d7", "10\u00d7"};

} // namespace

TermAnimator::TermAnimator(QObject *parent) : QObject(parent) {
    m_timer.setInterval(intervalMs());
    connect(&m_timer, &QTimer::timeout, this, &TermAnimator::tick);
}

void TermAnimator::reset(int count) {
    reset(count, count);
}

void TermAnimator::reset(int count, int position) {
    pause();
    m_count = std::max(0, count);
    const int next = std::clamp(position, 0, m_count);
    if (m_position != next) {
        m_position = next;
        emit positionChanged(m_position);
    }
}

void TermAnimator::setCount(int count) {
    m_count = std::max(0, count);
    if (m_position > m_count) {
        m_position = m_count;
        emit positionChanged(m_position);
    }
    if (isComplete())
        pause();
}

void TermAnimator::setPosition(int position) {
    const int next = std::clamp(position, 0, m_count);
    if (next == m_position)
        return;
    m_position = next;
    emit positionChanged(m_position);
}

void TermAnimator::setSpeed(int speed) {
    const int next = std::clamp(speed, 0, kSpeedCount - 1);
    if (next == m_speed)
        return;
    m_speed = next;
    m_timer.setInterval(intervalMs());
    emit speedChanged(m_speed);
}

int TermAnimator::intervalMs() const {
    return kIntervals[size_t(m_speed)];
}

QString TermAnimator::speedText() const {
    return QString::fromUtf8(kSpeedTexts[size_t(m_speed)]);
}

void TermAnimator::play() {
    if (m_count == 0 || isPlaying())
        return;
    if (isComplete())
        setPosition(0); // replay from the empty sum
    setPlaying(true);
}

void TermAnimator::pause() {
    setPlaying(false);
}

void TermAnimator::togglePlay() {
    if (isPlaying())
        pause();
    else
        play();
}

void TermAnimator::stepForward() {
    pause();
    setPosition(m_position + 1);
}

void TermAnimator::stepBack() {
    pause();
    setPosition(m_position - 1);
}

void TermAnimator::faster() {
    setSpeed(m_speed + 1);
}

void TermAnimator::slower() {
    setSpeed(m_speed - 1);
}

void TermAnimator::showAll() {
    pause();
    setPosition(m_count);
}

void TermAnimator::showFirst() {
    pause();
    setPosition(0);
}

void TermAnimator::tick() {
    setPosition(m_position + 1);
    if (isComplete())
        pause();
}

void TermAnimator::setPlaying(bool playing) {
    if (playing == m_timer.isActive())
        return;
    if (playing)
        m_timer.start();
    else
        m_timer.stop();
    emit playingChanged(playing);
}

} // namespace attn::ui
