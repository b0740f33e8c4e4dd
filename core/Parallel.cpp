// SPDX-License-Identifier: GPL-3.0-or-later
#include "Parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace attn {

namespace {

std::atomic<int> g_threads{0};

int machineThreads() {
    // Once: glibc reads /sys/devices/system/cpu/online on every call (an open and a read per
    // parallel loop: 0.14 ms of each edit at n = 4096).
    static const int threads = [] {
        const unsigned cores = std::thread::hardware_concurrency();
        return cores == 0 ? 1 : int(std::min(cores, 64u));
    }();
    return threads;
}

} // namespace

int threadCount() {
    const int set = g_threads.load(std::memory_order_relaxed);
    return set > 0 ? set : machineThreads();
}

void setThreadCount(int threads) {
    g_threads.store(std::max(threads, 0), std::memory_order_relaxed);
}

void parallelFor(Eigen::Index count, Eigen::Index grain,
                 const std::function<void(Eigen::Index, Eigen::Index)> &body) {
    if (count <= 0)
        return;
    const Eigen::Index byGrain =
        std::max<Eigen::Index>(count / std::max<Eigen::Index>(grain, 1), 1);
    const Eigen::Index chunks = std::min<Eigen::Index>(threadCount(), byGrain);
    if (chunks <= 1) {
        body(0, count);
        return;
    }
    // Plain threads per call rather than a pool: a forward pass worth splitting takes
    // milliseconds, so starting a thread is noise, and nothing lingers between computations.
    std::vector<std::thread> helpers;
    helpers.reserve(std::size_t(chunks - 1));
    const auto bound = [count, chunks](Eigen::Index c) { return count * c / chunks; };
    for (Eigen::Index c = 1; c < chunks; ++c)
        helpers.emplace_back([&body, first = bound(c), last = bound(c + 1)] { body(first, last); });
    body(0, bound(1));
    for (std::thread &t : helpers)
        t.join();
}

void parallelBlocks(Eigen::Index count, Eigen::Index block,
                    const std::function<void(Eigen::Index, Eigen::Index)> &body) {
    if (count <= 0)
        return;
    block = std::max<Eigen::Index>(block, 1);
    const Eigen::Index blocks = (count + block - 1) / block;
    const Eigen::Index helpers = std::min<Eigen::Index>(threadCount(), blocks) - 1;
    if (helpers <= 0) {
        for (Eigen::Index b = 0; b < blocks; ++b)
            body(b * block, std::min(count, (b + 1) * block));
        return;
    }
    // Done when every block is, not when every helper has finished: a helper the system has
    // not scheduled yet (the other core busy with other work) finds nothing left when it
    // starts, instead of holding the caller until it has. So the helpers are detached and share
    // the state; `body` is only called for a claimed block, which the caller waits for.
    struct State {
        std::atomic<Eigen::Index> next{0}, done{0};
        std::mutex mutex;
        std::condition_variable finished;
    };
    const auto state = std::make_shared<State>();
    const auto work = [count, block,
                       blocks](State &s, const std::function<void(Eigen::Index, Eigen::Index)> &f) {
        for (Eigen::Index b = s.next++; b < blocks; b = s.next++) {
            f(b * block, std::min(count, (b + 1) * block));
            if (++s.done == blocks) {
                { const std::lock_guard<std::mutex> lock(s.mutex); }
                s.finished.notify_all();
            }
        }
    };
    for (Eigen::Index h = 0; h < helpers; ++h)
        std::thread([state, work, &body] { work(*state, body); }).detach();
    work(*state, body);
    std::unique_lock<std::mutex> lock(state->mutex);
    state->finished.wait(lock, [&state, blocks] { return state->done.load() == blocks; });
}

} // namespace attn
