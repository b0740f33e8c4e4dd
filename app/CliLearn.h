// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/Session.h"

#include <QStringList>

#include <functional>

// attnviz-cli grad and train: the loss gradient of a session, and training on a toy task.
// Kept beside the other commands' parser so each stays small.

// True when arguments[1] is one of these commands.
bool isLearningCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), messages on standard error. `load`
// reads FILE (or standard input for "-") as the other commands do, throwing attn::InputError.
int runLearningCommand(const QStringList &arguments,
                       const std::function<attn::Session(const QString &)> &load);
