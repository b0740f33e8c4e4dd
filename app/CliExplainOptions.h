// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// attnviz-cli explain's options: which product, which terms, and the kernel views' sizes.

#include "headreadings/ExplainText.h"

#include <QString>

class QCommandLineParser;

// A bad command line: reported with the usage hint, exit status 2.
struct UsageError {
    QString message;
};

// A whole number given to `option` (any sign: ranges are checked where the number is used).
Eigen::Index parseIndex(const QString &option, const QString &text);

// --row, --column, --cell, --view and --product into `r`.
void parseExplainSelection(const QCommandLineParser &parser, attn::ExplainRequest &r);

// The options of the kernel views (--block, --tile, --json), each with the one view it serves.
void parseKernelOptions(const QCommandLineParser &parser, attn::ExplainRequest &r);
