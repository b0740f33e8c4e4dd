// SPDX-License-Identifier: GPL-3.0-or-later
#include "AppSettings.h"

#include <QDir>
#include <QMainWindow>

namespace attn::ui {

namespace {

QString modeKey(bool presentation, const char *key) {
    return QString(presentation ? "presentation/" : "normal/") + key;
}

} // namespace

std::optional<ColorMapId> colorMapFromName(const QString &name) {
    for (const QList<ColorMapId> &maps : {sequentialMaps(), divergingMaps()})
        for (ColorMapId id : maps)
            if (colorMapName(id) == name)
                return id;
    return std::nullopt;
}

QStringList AppSettings::recentFiles() const {
    return m_settings.value("recentFiles").toStringList();
}

void AppSettings::setRecentFiles(const QStringList &files) {
    m_settings.setValue("recentFiles", files);
}

QString AppSettings::lastDirectory() const {
    const QString dir = m_settings.value("lastDirectory").toString();
    return dir.isEmpty() || !QDir(dir).exists() ? QDir::homePath() : dir;
}

void AppSettings::setLastDirectory(const QString &directory) {
    m_settings.setValue("lastDirectory", directory);
}

QString AppSettings::theme(bool presentation) const {
    // A projector washes out light greys: presentation defaults to high contrast.
    return m_settings
        .value(modeKey(presentation, "theme"), presentation ? "high-contrast" : "standard")
        .toString();
}

void AppSettings::setTheme(bool presentation, const QString &theme) {
    m_settings.setValue(modeKey(presentation, "theme"), theme);
}

double AppSettings::fontScale(bool presentation) const {
    return m_settings.value(modeKey(presentation, "fontScale"), defaultFontScale(presentation))
        .toDouble();
}

void AppSettings::setFontScale(bool presentation, double scale) {
    m_settings.setValue(modeKey(presentation, "fontScale"), scale);
}

std::optional<ColorMapId> AppSettings::sequentialMap() const {
    const std::optional<ColorMapId> id =
        colorMapFromName(m_settings.value("colorMaps/sequential").toString());
    return id && sequentialMaps().contains(*id) ? id : std::nullopt;
}

std::optional<ColorMapId> AppSettings::divergingMap() const {
    const std::optional<ColorMapId> id =
        colorMapFromName(m_settings.value("colorMaps/diverging").toString());
    return id && divergingMaps().contains(*id) ? id : std::nullopt;
}

void AppSettings::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    m_settings.setValue("colorMaps/sequential", colorMapName(sequential));
    m_settings.setValue("colorMaps/diverging", colorMapName(diverging));
}

void AppSettings::saveWindow(const QByteArray &geometry, const QByteArray &state) {
    m_settings.setValue("window/geometry", geometry);
    m_settings.setValue("window/state", state);
}

bool AppSettings::restoreWindow(QMainWindow &window) const {
    const QByteArray geometry = m_settings.value("window/geometry").toByteArray();
    const QByteArray state = m_settings.value("window/state").toByteArray();
    if (geometry.isEmpty() && state.isEmpty())
        return false;
    if (!geometry.isEmpty())
        window.restoreGeometry(geometry);
    if (!state.isEmpty())
        window.restoreState(state, kWindowStateVersion);
    return true;
}

} // namespace attn::ui
