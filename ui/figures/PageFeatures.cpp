// SPDX-License-Identifier: GPL-3.0-or-later
#include "PageFeatures.h"

#include "ExportNotices.h"
#include "InputError.h"
#include "document/ExportDirectory.h"
#include "io/AtomicFile.h"
#include "io/Session.h"
#include "network/WorkerTask.h"
#include "page/HtmlPage.h"
#include "session/SessionController.h"
#include "shell/Shell.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>

#include <memory>
#include <utility>

namespace attn::ui {

namespace {

// What the worker hands back: the error ("" = written) and the note.
struct Outcome {
    QString error, note;
};

} // namespace

QString exportPage(const QByteArray &sessionBytes, const QString &title, const QString &path,
                   QString *note) {
    QString error = catching([&] {
        const attn::Session session = attn::sessionFromJson(sessionBytes);
        const QByteArray page = attn::sessionPage(session, title, note);
        const QString written = attn::writeFileAtomically(path, page);
        if (!written.isEmpty())
            throw attn::InputError(written);
    });
    if (!error.isEmpty() && !error.startsWith(path))
        error = path + ": " + error;
    return error;
}

void installPageFeatures(Shell &shell, SessionController &session) {
    QMenu *file = shell.menu(MenuId::File);
    QMainWindow *window = &shell.window();
    auto *action = new QAction(
        QCoreApplication::translate("PageFeatures", "Export interactive &page (HTML)…"), file);
    action->setObjectName(QStringLiteral("exportPage"));
    action->setStatusTip(QCoreApplication::translate(
        "PageFeatures", "One file students open in any browser, offline or on a phone: the "
                        "heatmaps with every cell's derivation, the lesson's steps"));
    // Just after the worksheet (or before Quit, which stays last).
    file->insertAction(shell.placeAfter(MenuId::File, QStringLiteral("exportWorksheet")), action);
    QObject::connect(action, &QAction::triggered, window, [window, action, &session, &shell] {
        const QString current = session.currentFile();
        const QString title =
            current.isEmpty() ? session.documentName() : QFileInfo(current).completeBaseName();
        const QString suggested =
            current.isEmpty() ? QStringLiteral("attention") : QFileInfo(current).completeBaseName();
        QString path = QFileDialog::getSaveFileName(
            window, QCoreApplication::translate("PageFeatures", "Export interactive page"),
            QDir(exportDirectory()).filePath(suggested + ".html"),
            QCoreApplication::translate("PageFeatures", "Web page (*.html)"));
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += ".html";
        setExportDirectory(QFileInfo(path).absolutePath());
        // The session as it would be saved now: the page is what attnviz-cli html makes of it.
        const QByteArray bytes = session.sessionBytes();
        action->setEnabled(false); // one page at a time
        shell.showMessage(
            QCoreApplication::translate("PageFeatures", "Writing the interactive page…"), 0);
        onWorker<Outcome>(
            action,
            [bytes, title, path] {
                Outcome o;
                o.error = exportPage(bytes, title, path, &o.note);
                return o;
            },
            [window = QPointer<QMainWindow>(window), action, path](const Outcome &o) {
                action->setEnabled(true);
                if (!o.error.isEmpty()) {
                    ExportNotices::instance().failed(o.error);
                    if (window)
                        QMessageBox::warning(
                            window, QCoreApplication::translate("PageFeatures", "Export failed"),
                            o.error);
                    return;
                }
                ExportNotices::instance().written(
                    QCoreApplication::translate("PageFeatures", "the interactive page"), path);
                if (!o.note.isEmpty() && window)
                    QMessageBox::information(
                        window, QCoreApplication::translate("PageFeatures", "Interactive page"),
                        QFileInfo(path).fileName() + ": " + o.note);
            });
    });
}

} // namespace attn::ui
