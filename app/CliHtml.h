// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// attnviz-cli html SESSION --out page.html: the session as one self-contained interactive page
// (core/page/HtmlPage.h). Kept beside the other commands' parsers so each stays small.

// True when arguments[1] is "html".
bool isHtmlCommand(const QStringList &arguments);
// Runs it; returns the exit status (0, 1 input, 2 usage), messages on standard error.
int runHtmlCommand(const QStringList &arguments);
