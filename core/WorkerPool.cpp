// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorkerPool.h"

#include <QThreadPool>

namespace attn {

QThreadPool &workerPool() {
    // Destroyed at exit, after waiting for the tasks still running: each owns its data.
    static QThreadPool pool;
    return pool;
}

} // namespace attn
