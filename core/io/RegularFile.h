// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace attn {

// Throws InputError "PATH: not a regular file (a FIFO)" (or a device, a socket, a folder) before
// the file is opened: opening a FIFO for reading waits for a writer, forever. A missing file
// passes (the caller's open says so).
void requireRegularFile(const QString &path);

} // namespace attn
