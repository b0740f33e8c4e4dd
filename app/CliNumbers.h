// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one reading of whole numbers for attnviz-cli's options and values.

#include <QCommandLineParser>
#include <QString>

#include <limits>
#include <optional>

// `text` as a decimal whole number (a sign allowed, spaces around it ignored: what
// QString::toLongLong reads) when it lies in low … high; nullopt when it is no whole number,
// does not fit in 64 bits or lies outside the range.
std::optional<qint64> wholeNumber(const QString &text,
                                  qint64 low = std::numeric_limits<qint64>::min(),
                                  qint64 high = std::numeric_limits<qint64>::max());

// "--OPTION expects a whole number from LOW to HIGH, got "TEXT"".
QString wholeNumberExpected(const QString &option, qint64 low, qint64 high, const QString &text);

// --`option`'s value as a whole number in low … high; throws Error{wholeNumberExpected(…)}
// (the command's usage error) for anything else.
template <class Error>
qint64 wholeOption(const QCommandLineParser &parser, const QString &option, qint64 low,
                   qint64 high) {
    const QString text = parser.value(option);
    const std::optional<qint64> value = wholeNumber(text, low, high);
    if (!value)
        throw Error{wholeNumberExpected(option, low, high, text)};
    return *value;
}
