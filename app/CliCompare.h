// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// attnviz-cli model compare A B (--text TEXT | --ids 1,2,3) [--json OUT]: two files of one model
// (folders or .gguf files of the same architecture and vocabulary) run on the same ids, and
// how far each head's attention, each layer's residual and the predictions moved
// (core/networkreadings/RunComparison.h). Without --json: the five heads that moved most and
// the positions whose top prediction changed.

// True when arguments are "… model compare …".
bool isCompareCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), one line on standard error.
int runCompareCommand(const QStringList &arguments);
