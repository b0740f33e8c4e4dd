// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/MatrixId.h"
#include "import/ImportDialog.h"

#include <QObject>
#include <QPoint>
#include <QPointer>
#include <QString>

#include <functional>

class QMainWindow;
class QMimeData;

namespace attn::ui {

class Document;
class SessionController;

// Files dropped onto the window, as a file manager drags them: a session (".attnviz", or JSON
// such as a ".json" session or reference case) is opened as File › Open would (asking about
// unsaved changes first); a matrix file (CSV, TSV, text, .npy, .npz, .safetensors) goes through
// the import preview, into the input table it was dropped on, or into X when dropped elsewhere.
// A folder is handed to the folder handler (a model folder: NetworkController). One file per drop.
// The work happens after the drop event returns, so the file manager is never kept waiting on a
// question.
class FileDrops : public QObject {
    Q_OBJECT
public:
    enum class Kind { Session, Matrix };

    FileDrops(QMainWindow &window, Document &document, SessionController &session);

    // A session by its suffix (.attnviz, .json) or, for any other name, by a JSON object inside.
    static Kind kindOf(const QString &path);
    // The one local file of a drag, or "" when it carries none or several.
    static QString droppedFile(const QMimeData *mime);
    // The one local folder of a drag, or "".
    static QString droppedFolder(const QMimeData *mime);
    // The input matrix whose table is at `pos` (window coordinates); X elsewhere.
    MatrixId targetAt(QPoint pos) const;

    // What a dropped folder is given to; without one, folders are not accepted.
    void setFolderHandler(std::function<void(const QString &)> handler) {
        m_folderHandler = std::move(handler);
    }

    // The import preview of the last matrix drop while it is open (tests look at it).
    ImportDialog *importDialog() const { return m_dialog; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void openDropped(const QString &path, QPoint pos);
    // The file, or the folder when a folder handler takes it, that a drop would open; or "".
    QString accepted(const QMimeData *mime) const;

    QMainWindow &m_window;
    Document &m_document;
    SessionController &m_session;
    QPointer<ImportDialog> m_dialog;
    std::function<void(const QString &)> m_folderHandler;
};

} // namespace attn::ui
