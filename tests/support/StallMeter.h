// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The longest gap between two turns of the GUI thread's event loop (test_responsiveness).

#include <QFile>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <ctime>

namespace testsupport {

// A 5 ms timer notes when it fires; a gap much longer than 5 ms is time the GUI thread spent on
// something else. Each gap is measured twice: on the wall clock (what a user at this machine
// sees) and without the time the thread was ready to run but waited for a core another program
// held (Linux's per-thread run delay, /proc/thread-self/schedstat). The second is the program's
// own stall: its work plus any time it blocked (a lock, a wait for a worker), which a loaded
// machine does not inflate, so a test can hold it to a target on a shared CI machine.
class StallMeter : public QObject {
public:
    struct Gap {
        double wallMs = 0;
        double ownMs = 0;              // the wall time minus the time spent waiting for a core
        double cpuMs = 0;              // the GUI thread's CPU time in it
        qint64 startNs = 0, endNs = 0; // CLOCK_MONOTONIC, for lining it up with a profile
    };

    StallMeter() {
        m_timer.setInterval(5);
        connect(&m_timer, &QTimer::timeout, this, &StallMeter::tick);
        m_last = sample();
        m_timer.start();
    }
    // The longest gap by each measure (they may be different gaps).
    const Gap &longestWall() const { return m_longestWall; }
    const Gap &longestOwn() const { return m_longestOwn; }
    // Whether the run delay could be read (Linux): else ownMs is the wall time.
    bool knowsRunDelay() const { return m_last.runDelayNs >= 0; }

private:
    struct Sample {
        qint64 wallNs, cpuNs, runDelayNs;
    };
    static qint64 clockNs(clockid_t clock) {
        timespec t{};
        clock_gettime(clock, &t);
        return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
    }
    // Up to date while the thread runs: the kernel adds a wait when the thread gets the core.
    static qint64 runDelayNs() {
        QFile file(QStringLiteral("/proc/thread-self/schedstat"));
        if (!file.open(QIODevice::ReadOnly))
            return -1;
        const QList<QByteArray> fields = file.readAll().split(' ');
        bool ok = false;
        const qint64 delay = fields.size() >= 2 ? fields[1].toLongLong(&ok) : -1;
        return ok ? delay : -1;
    }
    static Sample sample() {
        return {clockNs(CLOCK_MONOTONIC), clockNs(CLOCK_THREAD_CPUTIME_ID), runDelayNs()};
    }
    void tick() {
        const Sample now = sample();
        Gap gap;
        gap.wallMs = double(now.wallNs - m_last.wallNs) / 1e6;
        const qint64 waited =
            now.runDelayNs >= 0 && m_last.runDelayNs >= 0 ? now.runDelayNs - m_last.runDelayNs : 0;
        gap.ownMs = double(now.wallNs - m_last.wallNs - waited) / 1e6;
        gap.cpuMs = double(now.cpuNs - m_last.cpuNs) / 1e6;
        gap.startNs = m_last.wallNs;
        gap.endNs = now.wallNs;
        if (gap.wallMs > m_longestWall.wallMs)
            m_longestWall = gap;
        if (gap.ownMs > m_longestOwn.ownMs)
            m_longestOwn = gap;
        m_last = now;
    }

    QTimer m_timer;
    Sample m_last{};
    Gap m_longestWall, m_longestOwn;
};

} // namespace testsupport
