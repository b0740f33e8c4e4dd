// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace attn::ui {

// A refusal for a caller that may ask why: writes the message to *error when error is given, and
// returns false (the readers of the document's files, the figure export).
inline bool fail(QString *error, const QString &message) {
    if (error)
        *error = message;
    return false;
}

} // namespace attn::ui
