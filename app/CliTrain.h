// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// attnviz-cli model grad DIR and model train: the gradient of a checkpoint's next-token loss,
// and training a small GPT-2 from scratch (core/transformer's DecoderPass and DecoderTraining).
// Kept beside model inspect/run/session's parser so each stays small.

// True when the arguments are "model grad …" or "model train …".
bool isTrainingCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), messages on standard error.
int runTrainingCommand(const QStringList &arguments);
