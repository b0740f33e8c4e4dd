// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliNumbers.h"

std::optional<qint64> wholeNumber(const QString &text, qint64 low, qint64 high) {
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < low || value > high)
        return std::nullopt;
    return value;
}

QString wholeNumberExpected(const QString &option, qint64 low, qint64 high, const QString &text) {
    return QString("--%1 expects a whole number from %2 to %3, got \"%4\"")
        .arg(option)
        .arg(low)
        .arg(high)
        .arg(text);
}
