// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportDirectory.h"

#include <QDir>
#include <QStandardPaths>

namespace attn::ui {

namespace {
QString &lastDirectory() {
    static QString directory;
    return directory;
}
} // namespace

QString exportDirectory() {
    QString &d = lastDirectory();
    if (d.isEmpty()) {
        d = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        if (d.isEmpty() || !QDir(d).exists())
            d = QDir::currentPath();
    }
    return d;
}

void setExportDirectory(const QString &directory) {
    if (!directory.isEmpty())
        lastDirectory() = directory;
}

} // namespace attn::ui
