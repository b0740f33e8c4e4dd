// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// attnviz-cli model attribute DIR (--text TEXT | --ids 1,2,3) --target TOKEN [--position P]
// [--json OUT]: direct logit attribution (core/networkreadings/LogitAttribution.h); and
// attnviz-cli model generate DIR (--text TEXT | --ids 1,2,3) --tokens N [--temperature T
// --seed S] [--json OUT] [intervention options]: the model writing, with a KV cache
// (core/transformer/Generation.h).

bool isAttributeCommand(const QStringList &arguments);
bool isGenerateCommand(const QStringList &arguments);
// Runs either; returns the exit status (0, 1 input, 2 usage), one line on standard error.
int runGenerateCommand(const QStringList &arguments);
