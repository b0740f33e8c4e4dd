// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

namespace attn {

// Writes `bytes` to `fileName` so that the old file, if any, stays exactly as it was unless
// the whole new content reached the disk: a temporary file in the same folder is written,
// flushed to the disk (fsync), renamed over the target, and then the folder itself is synced
// so that a power loss cannot lose the new name. A target that exists and is not a regular
// file (a device such as /dev/stdout, a pipe) is written in place: it cannot be replaced.
// A symbolic link is followed: the file it points to is replaced, the link stays.
// Returns empty on success, otherwise the one-line message "FILE: cannot write: reason", and
// sets *reason (when given) to the reason alone, in words a user can act on ("no space left on
// device", "permission denied", "read-only file system", …) or to empty on success. The one
// atomic write of attnviz: sessions, recovery files, exports and the command line all use it.
QString writeFileAtomically(const QString &fileName, const QByteArray &bytes,
                            QString *reason = nullptr);

// Where a producer's bytes go, a piece at a time: false when a write failed (stop then).
using ByteSink = std::function<bool(const char *data, qsizetype size)>;
// Writes the whole content through the sink it is given; false when the sink refused a piece
// (or the producer could not go on), and then nothing replaces the file.
using ByteProducer = std::function<bool(const ByteSink &write)>;
// The same, for content made a piece at a time (a .npz of a long run: one member in memory at
// a time, not the whole archive).
QString writeFileAtomically(const QString &fileName, const ByteProducer &produce,
                            QString *reason = nullptr);

// The reason for an errno from opening, writing, syncing or renaming a file.
QString writeErrorText(int error);

} // namespace attn
