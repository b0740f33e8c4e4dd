// SPDX-License-Identifier: GPL-3.0-or-later
#include "Presets.h"

#include "Document.h"
#include "Initializer.h"
#include "InputError.h"
#include "io/Session.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

// The resources live in the static attnviz_document library; an executable that never names a
// symbol of their object file would lose them at link time. Registering them explicitly keeps
// them. (Outside any namespace: Q_INIT_RESOURCE declares the global registration function.)
static void registerResources() {
    static const bool registered = [] {
        Q_INIT_RESOURCE(attnviz);
        return true;
    }();
    Q_UNUSED(registered);
}

namespace attn::ui {

namespace {

const QString kIndex = QStringLiteral(":/presets/index.json");

} // namespace

std::vector<PresetEntry> presetEntries() {
    registerResources();
    QFile file(kIndex);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    std::vector<PresetEntry> entries;
    const QJsonArray list = QJsonDocument::fromJson(file.readAll()).object()["presets"].toArray();
    for (const QJsonValue &v : list) {
        const QJsonObject o = v.toObject();
        entries.push_back({o["name"].toString(), o["description"].toString(),
                           QStringLiteral(":/presets/") + o["file"].toString()});
    }
    return entries;
}

std::optional<Preset> loadPreset(const PresetEntry &entry, QString *error) {
    registerResources();
    try {
        attn::Session session = attn::loadSessionFile(entry.resource);
        return Preset{entry.name, entry.description, std::move(session.inputs), session.view};
    } catch (const attn::InputError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return std::nullopt;
    }
}

std::vector<Preset> presets() {
    std::vector<Preset> out;
    for (const PresetEntry &entry : presetEntries())
        if (std::optional<Preset> preset = loadPreset(entry))
            out.push_back(std::move(*preset));
    return out;
}

void applyPresetView(Document *doc, const QJsonObject &view) {
    if (view["head"].isDouble())
        doc->selection().setCurrentHead(view["head"].toInt());
    if (view["row"].isDouble())
        doc->selection().setSelectedRow(view["row"].toInt());
}

} // namespace attn::ui
