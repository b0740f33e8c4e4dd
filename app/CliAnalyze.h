// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "transformer/Interventions.h"

#include <QStringList>

#include <cstdint>
#include <vector>

class QCommandLineParser;

namespace attn {
class Checkpoint;
}

// attnviz-cli model analyze DIR (--text TEXT | --ids 1,2,3) [--ablate L:H]… --json OUT: every
// reading of a run (core/networkreadings/ModelAnalysis.h) in the references' analysis layout; and
// the intervention options of model run (--ablate L:H[:mean|:scale=F], --patch L:H,
// --patch-resid L, with run B from --from-text or --from-ids). Kept out of CliModel.cpp so
// each parser stays small.

// True when arguments are "… model analyze …".
bool isAnalyzeCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), one line on standard error.
int runAnalyzeCommand(const QStringList &arguments);

// model run's intervention options, added to its parser.
void addInterventionOptions(QCommandLineParser &parser);
// The names of those options, for the commands that refuse them.
QStringList interventionOptionNames();
// The interventions the options ask for on a run of `ids` (run B computed here when a patch
// needs it). Throws attn::InputError with one line naming the option: a malformed value, a
// layer or head out of range, --patch without --from-text/--from-ids (or those without a
// patch), run B of another length.
attn::Interventions interventionsOf(const QCommandLineParser &parser,
                                    const attn::Checkpoint &checkpoint, const QString &folder,
                                    const std::vector<std::int64_t> &ids);
