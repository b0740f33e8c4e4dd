// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// attnviz-cli model analyze DIR (--text TEXT | --ids 1,2,3) [--ablate L:H]… --json OUT: every
// reading of a run (core/networkreadings/ModelAnalysis.h) in the references' analysis layout.
// Kept out of CliModel.cpp so each parser stays small.

// True when arguments are "… model analyze …".
bool isAnalyzeCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), one line on standard error.
int runAnalyzeCommand(const QStringList &arguments);
