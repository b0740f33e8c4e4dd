// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "heatmap/ColorScale.h"

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

#include <optional>

class QMainWindow;

namespace attn::ui {

// The user's settings, kept between runs with QSettings (organisation and application names
// from QCoreApplication): theme and font scale (normal and presentation), colour maps, the last
// folder of a file dialog, recent files, window geometry and dock layout.
class AppSettings {
public:
    // Bump when the docks change so much that an old layout no longer fits: restoreState()
    // then refuses the old one and the window keeps its default layout.
    static constexpr int kWindowStateVersion = 1;

    QStringList recentFiles() const;
    void setRecentFiles(const QStringList &files);

    QString lastDirectory() const; // the home folder when none was used yet
    void setLastDirectory(const QString &directory);

    // Per mode: "standard" or "high-contrast", and the font scale (1 = the system font).
    QString theme(bool presentation) const;
    void setTheme(bool presentation, const QString &theme);
    double fontScale(bool presentation) const;
    // What fontScale gives before any zoom was chosen: 1 (the system size), 1.5 presenting.
    static double defaultFontScale(bool presentation) { return presentation ? 1.5 : 1.0; }
    void setFontScale(bool presentation, double scale);

    std::optional<ColorMapId> sequentialMap() const;
    std::optional<ColorMapId> divergingMap() const;
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);

    void saveWindow(const QByteArray &geometry, const QByteArray &state);
    // False (and the window untouched) when nothing was saved yet.
    bool restoreWindow(QMainWindow &window) const;

private:
    mutable QSettings m_settings;
};

// The colour map with this name (colorMapName), if any.
std::optional<ColorMapId> colorMapFromName(const QString &name);

} // namespace attn::ui
