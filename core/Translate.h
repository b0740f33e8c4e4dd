// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <string>
#include <string_view>

namespace attn {

// The core's messages for a user (errors of the file formats, of the inputs, of the limits) in
// the interface's language: the GUI installs a translator, attnviz-cli never does, so there the
// English source text comes back byte for byte. lupdate reads `translate("context", "text")`
// like QCoreApplication::translate. A message with values is one whole sentence with %1, %2, …
// filled by QString::arg in one pass, so a translation can reorder them.
inline QString translate(const char *context, const char *text) {
    return QCoreApplication::translate(context, text);
}

// translate(context, "%n row(s)", nullptr, count): a translation has its plural forms; the
// English source (no translator) gets "(s)" resolved by the English rule, "1 row", "2 rows".
inline QString translate(const char *context, const char *text, const char *disambiguation,
                         std::int64_t count) {
    return QCoreApplication::translate(context, text, disambiguation, int(count))
        .replace(QStringLiteral("(s)"), count == 1 ? QString() : QStringLiteral("s"));
}

inline QString qs(std::string_view utf8) {
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

inline QString qs(std::int64_t number) {
    return QString::number(number);
}

} // namespace attn
