// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz_make_presets DIR: writes the shipped presets (tools/PresetFactory.cpp) into DIR,
// normally resources/presets. Run it after changing a preset; test_presets fails until the
// shipped files match.

#include "PresetFactory.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 2) {
        std::fprintf(stderr, "usage: attnviz_make_presets DIR\n");
        return 2;
    }
    QString error;
    if (!writePresetFiles(args[1], &error)) {
        std::fprintf(stderr, "attnviz_make_presets: %s\n", qPrintable(error));
        return 1;
    }
    return 0;
}
