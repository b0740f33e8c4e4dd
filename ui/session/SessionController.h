// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "SessionPrompts.h"

#include <QHash>
#include <QObject>
#include <QString>

class QAction;

namespace attn {
struct Session;
}

namespace attn::ui {

class AutosaveNotice;
class Autosaver;
class Document;
class Shell;
class RecentFiles;
class SessionWriter;
class ViewStateRegistry;

// Open, Save, Save As and Open Recent for the session files of core/Session.h, with the view
// state of the window (ViewStateRegistry) in each file's "view". Tracks the saved state with the
// undo stack's clean index: the title shows "name.attnviz* — attnviz" while the document differs
// from its file, and closing or opening another file first asks Save / Discard / Cancel.
// Saves are atomic and written on a worker (SessionWriter) while the window stays live; an
// Autosaver keeps a recovery copy of unsaved work, offered again by offerRecovery() if attnviz did
// not close properly.
class SessionController : public QObject {
    Q_OBJECT
public:
    // Larger session files are parsed off the GUI thread (a 4096-token one takes seconds).
    static constexpr qint64 kAsyncOpenBytes = 4 * 1024 * 1024;

    // Adds Open, Open Recent, Save and Save As at the top of the File menu.
    SessionController(Document &document, Shell &shell, ViewStateRegistry &viewState);
    ~SessionController() override;

    SessionPrompts &prompts() { return m_prompts; }
    void setPrompts(SessionPrompts prompts) { m_prompts = std::move(prompts); }

    QString currentFile() const { return m_currentFile; } // absolute; empty = untitled
    // "name.attnviz", the preset the document shows ("Worked example (from Vector to Matrix)"),
    // or "untitled": the window's title and the unsaved-changes question name it.
    QString documentName() const;
    // What the window shows instead of the document (the open model, in the whole window), named
    // in the title while it is; empty: the document again.
    void setShownInstead(const QString &name);
    bool isModified() const;
    // The document no longer comes from the current file (a preset replaced it): untitled, so
    // Save asks for a name instead of overwriting that file.
    void forgetFile();
    // The document is now the preset `name` (its untranslated name, as Presets' index has it),
    // just loaded: no file, unmodified, named after it until a file is opened or saved.
    void showPreset(const QString &name);
    // The document was replaced by something that is no file (training's task, a model's head):
    // untitled, named `name` (translated) until a file is opened or saved.
    void showReplacement(const QString &name);

    // Interactive: ask, show dialogs, report failures through prompts().warning.
    bool open();                        // Ctrl+O
    bool openFile(const QString &path); // asks about unsaved changes first
    // Save, Save As and saveTo only start the write (false: no file name was chosen) and return
    // at once: the file is written on a worker while the user goes on working. The document
    // counts as saved (clean) from this moment, at the undo index it had now; a failed write
    // warns, as before, and then the document counts as modified. waitForSaves() waits.
    bool save();   // Ctrl+S (Save As when untitled)
    bool saveAs(); // Ctrl+Shift+S
    bool saveTo(const QString &path);
    bool isSaving() const;
    // Blocks until every save started so far is on disk (or failed, and warned). False when one
    // of them failed. Closing the window, and the callers of maybeSave(), wait so.
    bool waitForSaves();
    // When modified: Save / Discard / Cancel. False = the caller must not go on. A Save is waited
    // for: whoever asked (open, close, a drop) goes on only once the file is written.
    bool maybeSave();
    // If an earlier run left unsaved work behind, offers to restore it. True = restored.
    bool offerRecovery();

    // Without any question or message box (command line, tests). A refused file changes
    // nothing: not the inputs, not the undo history, not the file name. *error says why.
    bool loadFile(const QString &path, QString *error = nullptr);
    // The session the document would be saved as.
    QByteArray sessionBytes() const;

    Autosaver *autosaver() const { return m_autosaver; }
    AutosaveNotice *autosaveNotice() const { return m_autosaveNotice; }
    RecentFiles *recentFiles() const { return m_recent; }
    ViewStateRegistry *viewState() const { return &m_viewState; }
    QAction *openAction() const { return m_open; }
    QAction *saveAction() const { return m_save; }
    QAction *saveAsAction() const { return m_saveAs; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    // Opens `path` once the unsaved-changes question was answered; warns on failure. Files of
    // more than kAsyncOpenBytes are parsed on a worker thread while the window stays responsive
    // ("opening …" in the status bar); a later open drops an earlier one still being parsed.
    bool openAsked(const QString &path);
    void openInBackground(const QString &path);
    // Puts a parsed session in place of the document (loadFile's second half).
    bool adopt(const QString &path, attn::Session session, QString *error);
    void setCurrentFile(const QString &path);
    void updateTitle();
    void remember(const QString &path);
    void openRecent(const QString &path);
    void showStatus(const QString &message);
    void autosaveFailed(const QString &reason);
    // A write of the SessionWriter ended: the file name, the recent files and the autosave
    // follow it, or the user hears why it failed.
    void saved(quint64 id, const QString &path, const QString &error);

    Document &m_document;
    Shell &m_shell;
    SessionPrompts m_prompts;
    ViewStateRegistry &m_viewState;
    Autosaver *m_autosaver;
    AutosaveNotice *m_autosaveNotice; // in the status bar, owned by it
    RecentFiles *m_recent;
    SessionWriter *m_writer;
    quint64 m_lastSave = 0; // the SessionWriter id of the newest save: the clean state is its
    int m_saveFailures = 0; // counted for waitForSaves()
    // Bumped whenever the document stops being the one a running save was asked for (another
    // file opened, work restored, a preset): that save's end then leaves the file name and the
    // clean state alone.
    quint64 m_documentGeneration = 0;
    QHash<quint64, quint64> m_saveGenerations; // running save -> m_documentGeneration then
    QString m_currentFile;
    QString m_shownInstead;       // setShownInstead
    QString m_presetName;         // untranslated; empty when the document is no preset (or a file)
    QString m_replacementName;    // showReplacement, translated
    quint64 m_openGeneration = 0; // the open whose parse may finish; earlier ones are dropped
    QAction *m_open = nullptr;
    QAction *m_save = nullptr;
    QAction *m_saveAs = nullptr;
};

} // namespace attn::ui
