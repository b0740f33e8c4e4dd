// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <functional>

namespace attn {

// How many threads the heavy loops of the forward pass use: the machine's cores by default.
// Benchmarks set it to compare with another library on the same number of threads.
int threadCount();
void setThreadCount(int threads); // ≤ 0: back to the machine's cores

// Runs body(first, last) on contiguous chunks of [0, count) that together cover it once, on up
// to threadCount() threads (the calling thread takes a chunk too), and returns when all are done.
// Chunks are at least `grain` long, so small problems stay on the calling thread: a thread
// start costs tens of microseconds. body must not throw.
void parallelFor(Eigen::Index count, Eigen::Index grain,
                 const std::function<void(Eigen::Index first, Eigen::Index last)> &body);

// Runs body(first, last) on every block of `block` items of [0, count) (the last one shorter),
// each thread taking the next block when it is done with one rather than a fixed share: on a
// machine shared with other work one core is often slower, and the other then takes over its
// blocks instead of waiting for them. Returns when every block is done, even if a helper thread
// has not started yet (it then finds nothing left). body must not throw.
void parallelBlocks(Eigen::Index count, Eigen::Index block,
                    const std::function<void(Eigen::Index first, Eigen::Index last)> &body);

} // namespace attn
