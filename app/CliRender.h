// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/FigureScene.h"

#include <QString>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

class QCommandLineParser;

// attnviz-cli render: reading its options into a FigureRequest (the drawing itself is
// ui/FigureScene). Built only with the GUI.
struct RenderRequest {
    FigureRequest figure;
    QString out; // PATH.png, PATH.svg or PATH.pdf
};

// Reads --view, --out, --row, --head, --width, --height and --scale (not --layout, which the
// command line shares with compute). Returns "" or the usage message for the user.
QString parseRenderOptions(const QCommandLineParser &parser, RenderRequest *request);
