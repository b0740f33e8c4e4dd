// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportNotices.h"

#include <QDir>
#include <QFileInfo>

namespace attn::ui {

ExportNotices &ExportNotices::instance() {
    static ExportNotices notices;
    return notices;
}

void ExportNotices::written(const QString &what, const QString &path) {
    emit message(tr("Exported %1 to %2")
                     .arg(what, QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath())));
}

void ExportNotices::copied(const QString &what, const QString &format) {
    emit message(tr("Copied %1 to the clipboard as %2").arg(what, format));
}

void ExportNotices::failed(const QString &error) {
    emit message(tr("Export failed: %1").arg(error));
}

} // namespace attn::ui
