// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The source of the presets shipped in resources/presets/: each one is built here, on purpose,
// and written as a session file by attnviz_make_presets. test_session_controller checks that the
// shipped files are exactly what this code builds, so the JSON cannot drift from its construction.

#include "AttentionInputs.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <vector>

struct PresetSource {
    QString file; // under resources/presets/
    QString name;
    QString description; // one line
    attn::AttentionInputs inputs;
    QJsonObject view; // view state applied when the preset is chosen (e.g. the selected row)
};

// In menu order, the worked example first.
std::vector<PresetSource> presetSources();

// The session file of one preset: indented JSON, one matrix row per line (readable diffs).
QByteArray presetFileBytes(const PresetSource &preset);
// resources/presets/index.json: the menu order, names and descriptions.
QByteArray presetIndexBytes(const std::vector<PresetSource> &presets);

// Writes every preset and the index into `dir`; false with *error on failure.
bool writePresetFiles(const QString &dir, QString *error);
