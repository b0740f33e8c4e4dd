// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

namespace attn::ui {

// What an export from the window did, for the status bar: a file written ("Exported weights to
// /home/…/weights.png"), a matrix copied, or why nothing was written. The figures feature
// connects message() to the shell's status messages (installFigureFeatures).
class ExportNotices : public QObject {
    Q_OBJECT
public:
    static ExportNotices &instance();

    // `what` names the figure or matrix ("weights"), `path` the file written.
    void written(const QString &what, const QString &path);
    void copied(const QString &what, const QString &format);
    void failed(const QString &error);

signals:
    void message(const QString &text);
};

} // namespace attn::ui
