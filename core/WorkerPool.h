// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QThreadPool;

namespace attn {

// The thread pool for attnviz's background work in the window: parsing large files, colouring
// large heatmaps, the stage tables, the insight panels' n × m work. Never Qt's global pool:
// Qt's raster paint engine splits large fills across QThreadPool::globalInstance() and waits for
// them on the GUI thread, so a second of work queued there froze every repaint behind it (seen
// as the GUI thread asleep in QSemaphore::acquire under QPainter::fillRect). As many threads as
// cores; tasks must own (or share) everything they read.
QThreadPool &workerPool();

} // namespace attn
