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

// The intervention options of model run and model generate: --ablate L:H[:mean|:scale=F],
// --patch L:H[@P], --patch-resid L[@P] (run B from --from-text or --from-ids), --steer
// L:FILE.npy[:SCALE] and --steer-texts L "A" "B"[:SCALE].

// "L:H", and for --ablate ":mean" or ":scale=F" after it; for --patch "@P" after it.
attn::Intervention parseHead(const QString &value, const char *option, bool kinds);

// checkInterventions for one edit, its message led by the option that asked for it.
void checkEdit(const attn::Checkpoint &checkpoint, std::int64_t tokens,
               const attn::Intervention &edit, const attn::RunPtr &source, const QString &option);

// --steer-texts takes three words (L, A and B[:SCALE]); QCommandLineParser takes one value per
// option, so the three are joined into one before parsing. Returns `arguments` with each
// "--steer-texts L A B" as "--steer-texts L<US>A<US>B" (US: the unit separator, U+001F).
// Throws attn::InputError when fewer than three words follow.
QStringList joinSteerTexts(const QStringList &arguments);

void addInterventionOptions(QCommandLineParser &parser);
// The names of those options, for the commands that refuse them.
QStringList interventionOptionNames();
// The interventions the options ask for on a run of `ids` (run B computed here when a patch
// needs it; the texts of --steer-texts run here). Throws attn::InputError with one line naming
// the option: a malformed value, a layer, head or position out of range, --patch without
// --from-text/--from-ids (or those without a patch), run B of another length, a steering
// vector of the wrong length.
attn::Interventions interventionsOf(const QCommandLineParser &parser,
                                    const attn::Checkpoint &checkpoint, const QString &folder,
                                    const std::vector<std::int64_t> &ids);
