// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileDrops.h"

#include "document/Document.h"
#include "document/MatrixTableModel.h"
#include "import/ImportDialog.h"
#include "session/SessionController.h"
#include "workbench/MatrixEditor.h"

#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMainWindow>
#include <QMimeData>
#include <QTimer>
#include <QUrl>

namespace attn::ui {

FileDrops::FileDrops(QMainWindow &window, Document &document, SessionController &session)
    : m_window(window), m_document(document), m_session(session) {
    m_window.setAcceptDrops(true);
    m_window.installEventFilter(this);
}

FileDrops::Kind FileDrops::kindOf(const QString &path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("attnviz") || suffix == QLatin1String("json"))
        return Kind::Session;
    if (suffix == QLatin1String("csv") || suffix == QLatin1String("tsv") ||
        suffix == QLatin1String("txt") || suffix == QLatin1String("npy") ||
        suffix == QLatin1String("npz") || suffix == QLatin1String("safetensors"))
        return Kind::Matrix;
    // Another name: a JSON object is a session; anything else is for the import preview,
    // which says what it read or why it could not.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Kind::Matrix;
    const QByteArray head = file.read(64).trimmed();
    return head.startsWith('{') ? Kind::Session : Kind::Matrix;
}

namespace {

// The local path of a drop of exactly one URL; empty otherwise.
QString droppedPath(const QMimeData *mime) {
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1)
        return {};
    const QUrl url = mime->urls().constFirst();
    return url.isLocalFile() ? url.toLocalFile() : QString();
}

} // namespace

QString FileDrops::droppedFile(const QMimeData *mime) {
    const QString path = droppedPath(mime);
    return !path.isEmpty() && QFileInfo(path).isFile() ? path : QString();
}

QString FileDrops::droppedFolder(const QMimeData *mime) {
    const QString path = droppedPath(mime);
    return !path.isEmpty() && QFileInfo(path).isDir() ? path : QString();
}

QString FileDrops::accepted(const QMimeData *mime) const {
    const QString file = droppedFile(mime);
    if (!file.isEmpty() || !m_folderHandler)
        return file;
    return droppedFolder(mime);
}

MatrixId FileDrops::targetAt(QPoint pos) const {
    for (QWidget *w = m_window.childAt(pos); w && w != &m_window; w = w->parentWidget())
        if (auto *editor = qobject_cast<MatrixEditor *>(w))
            return editor->model()->matrixId();
    return {attn::Stage::X, 0};
}

bool FileDrops::eventFilter(QObject *watched, QEvent *event) {
    if (watched != &m_window)
        return false;
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto *drag = static_cast<QDropEvent *>(event);
        if (accepted(drag->mimeData()).isEmpty())
            return false;
        drag->acceptProposedAction();
        return true;
    }
    case QEvent::Drop: {
        auto *drop = static_cast<QDropEvent *>(event);
        const QString path = accepted(drop->mimeData());
        if (path.isEmpty())
            return false;
        drop->acceptProposedAction();
        const QPoint pos = drop->position().toPoint();
        // After the drop returns: opening may ask about unsaved changes, importing shows a
        // dialog, and the dragging program should not wait for either.
        QTimer::singleShot(0, this, [this, path, pos] { openDropped(path, pos); });
        return true;
    }
    default:
        return false;
    }
}

void FileDrops::openDropped(const QString &path, QPoint pos) {
    if (QFileInfo(path).isDir()) {
        if (m_folderHandler)
            m_folderHandler(path);
        return;
    }
    if (kindOf(path) == Kind::Session) {
        m_session.openFile(path);
        return;
    }
    if (m_dialog)
        m_dialog->close();
    const MatrixId target = targetAt(pos);
    auto *dialog = new ImportDialog(&m_document, target, path, &m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    dialog->open(); // window-modal, without a nested event loop
}

} // namespace attn::ui
