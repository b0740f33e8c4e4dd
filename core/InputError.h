// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <stdexcept>
#include <string>

namespace attn {

// Thrown for inputs the core cannot compute on. The message is meant for the user as is: it
// names the matrices and their shapes ("Wk has 4 rows but the context has 5 columns"), in the
// interface's language (core/Translate.h; English in attnviz-cli).
class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string &message) : std::runtime_error(message) {}
    explicit InputError(const char *message) : std::runtime_error(message) {}
    explicit InputError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

// Throws the message as an InputError: the readers' one way to refuse an input
// (json::fail, io/JsonRead.h, puts the place in the input before it).
[[noreturn]] inline void fail(const QString &message) {
    throw InputError(message);
}

} // namespace attn
