// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// attnviz-cli tokenize DIR_OR_FILE --text TEXT: the ids and pieces of a text under a model's
// tokenizer; attnviz-cli tokenize --train CORPUS --vocab N --out FILE: a byte-level BPE learned
// from a corpus, written as tokenizer.json. Kept beside the other commands' parser so each stays
// small.

// True when arguments[1] is "tokenize".
bool isTokenizeCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), messages on standard error.
int runTokenizeCommand(const QStringList &arguments);
