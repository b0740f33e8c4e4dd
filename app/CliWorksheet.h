// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/Session.h"

#include <QStringList>

#include <functional>

// attnviz-cli worksheet SESSION --out sheet.pdf [--count N] [--seed S] [--head H] [--text PATH]:
// the worksheet File › Export › Worksheet writes (ui/figures/Worksheet), the same bytes for the
// same session, count and seed. Built only with the GUI (it draws with QPainter).

// True when arguments[1] is "worksheet".
bool isWorksheetCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), messages on standard error. `load`
// reads FILE (or standard input for "-") as the other commands do, throwing attn::InputError.
int runWorksheetCommand(const QStringList &arguments,
                        const std::function<attn::Session(const QString &)> &load);
