// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// attnviz-cli model inspect DIR and model run DIR: a checkpoint folder's summary, and a forward
// pass of it (core/checkpoint, core/transformer). Kept beside the other commands' parser so
// each stays small.

// True when arguments[1] is "model".
bool isModelCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), messages on standard error.
int runModelCommand(const QStringList &arguments);
