// SPDX-License-Identifier: GPL-3.0-or-later
#include "SessionController.h"

#include "AppSettings.h"
#include "AutosaveNotice.h"
#include "Autosaver.h"
#include "InputError.h"
#include "RecentFiles.h"
#include "SessionMembers.h"
#include "SessionWriter.h"
#include "WorkerPool.h"
#include "document/Document.h"
#include "document/ViewStateRegistry.h"
#include "io/Session.h"
#include "shell/BusyIndicator.h"
#include "shell/Shell.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QPromise>
#include <QStatusBar>
#include <QThreadPool>
#include <QUndoStack>

namespace attn::ui {

namespace {

// A wait cursor for the seconds a large session takes to read or write.
struct BusyCursor {
    BusyCursor() { QApplication::setOverrideCursor(Qt::WaitCursor); }
    ~BusyCursor() { QApplication::restoreOverrideCursor(); }
    BusyCursor(const BusyCursor &) = delete;
    BusyCursor &operator=(const BusyCursor &) = delete;
};

} // namespace

SessionController::SessionController(Document &document, Shell &shell, ViewStateRegistry &viewState)
    : m_document(document), m_shell(shell), m_prompts(SessionPrompts::dialogs(&shell.window())),
      m_viewState(viewState), m_autosaver(new Autosaver(
                                  &document, [registry = &m_viewState] { return registry->save(); },
                                  RecoveryFile::defaultDirectory(), this)),
      m_autosaveNotice(new AutosaveNotice), m_recent(new RecentFiles(this)),
      m_writer(new SessionWriter(this)) {
    setObjectName("sessionController");
    createActions();
    QUndoStack *stack = document.undoStack();
    connect(stack, &QUndoStack::cleanChanged, this, &SessionController::updateTitle);
    // Whatever replaced the document names it from now on, never the file it replaced.
    connect(&document, &Document::replaced, this, &SessionController::showReplacement);
    connect(m_recent, &RecentFiles::openRequested, this, &SessionController::openRecent);
    connect(m_recent, &RecentFiles::pruned, this, [this](const QStringList &missing) {
        QStringList names;
        for (const QString &path : missing)
            names << QFileInfo(path).fileName();
        showStatus(tr("Removed from Open Recent (no longer found): %1").arg(names.join(", ")));
    });
    shell.window().statusBar()->addPermanentWidget(m_autosaveNotice);
    connect(m_autosaver, &Autosaver::failed, this, &SessionController::autosaveFailed);
    connect(m_autosaver, &Autosaver::written, m_autosaveNotice, &AutosaveNotice::recovered);
    connect(m_writer, &SessionWriter::finished, this, &SessionController::saved);
    shell.window().installEventFilter(this);
    updateTitle();
}

void SessionController::autosaveFailed(const QString &reason) {
    if (m_autosaveNotice->report(reason))
        showStatus(tr("Autosave failed: %1").arg(reason));
}

// The SessionWriter (a child) writes what is still queued before it goes.
SessionController::~SessionController() = default;

void SessionController::createActions() {
    QMenu *file = m_shell.menu(MenuId::File);
    QAction *first = file->actions().value(0); // insert above Quit and anything else

    m_open = new QAction(tr("&Open\u2026"), this);
    m_open->setShortcut(QKeySequence::Open);
    m_open->setStatusTip(tr("Open a session or reference-case JSON file"));
    connect(m_open, &QAction::triggered, this, [this] { open(); });
    m_save = new QAction(tr("&Save"), this);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setStatusTip(tr("Save the inputs and the view to the session file"));
    connect(m_save, &QAction::triggered, this, [this] { save(); });
    m_saveAs = new QAction(tr("Save &As\u2026"), this);
    // QKeySequence::SaveAs is unbound on X11 (but GNOME) and Windows: Ctrl+Shift+S everywhere,
    // after the platform's own keys, so the menu shows it.
    QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
    const QKeySequence ctrlShiftS(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
    if (!saveAsKeys.contains(ctrlShiftS))
        saveAsKeys << ctrlShiftS;
    m_saveAs->setShortcuts(saveAsKeys);
    m_saveAs->setStatusTip(tr("Save the session to a new file"));
    connect(m_saveAs, &QAction::triggered, this, [this] { saveAs(); });

    QMenu *recent = m_recent->createMenu(file);
    file->insertAction(first, m_open);
    file->insertMenu(first, recent);
    file->insertSeparator(first);
    file->insertAction(first, m_save);
    file->insertAction(first, m_saveAs);
    if (first)
        file->insertSeparator(first);
}

QString SessionController::documentName() const {
    if (!m_currentFile.isEmpty())
        return QFileInfo(m_currentFile).fileName();
    if (!m_presetName.isEmpty())
        return QCoreApplication::translate("Presets", m_presetName.toUtf8().constData());
    if (!m_replacementName.isEmpty())
        return m_replacementName;
    return tr("untitled");
}

bool SessionController::isModified() const {
    return !m_document.undoStack()->isClean();
}

void SessionController::forgetFile() {
    ++m_documentGeneration;
    setCurrentFile(QString());
}

void SessionController::showPreset(const QString &name) {
    forgetFile();
    m_presetName = name;
    m_replacementName.clear();
    // A preset as it ships is nothing to save: closing or opening another asks nothing.
    m_document.undoStack()->setClean();
    updateTitle();
}

void SessionController::showReplacement(const QString &name) {
    forgetFile();
    m_replacementName = name;
    updateTitle();
}

void SessionController::setCurrentFile(const QString &path) {
    m_presetName.clear(); // a file (or none: forgetFile) names the document from now on
    m_replacementName.clear();
    const QString absolute = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    m_autosaver->setOriginalFile(absolute);
    if (absolute == m_currentFile)
        return;
    m_currentFile = absolute;
    updateTitle();
}

void SessionController::setShownInstead(const QString &name) {
    if (name == m_shownInstead)
        return;
    m_shownInstead = name;
    updateTitle();
}

void SessionController::updateTitle() {
    if (!m_shownInstead.isEmpty()) {
        // Not the document: its changes are not what the window shows, so no modified mark.
        QString name = m_shownInstead;
        name.replace(QStringLiteral("[*]"), QStringLiteral("[*][*]"));
        m_shell.window().setWindowTitle(name + QStringLiteral("[*] \u2014 attnviz"));
        m_shell.window().setWindowModified(false);
        return;
    }
    QString name = documentName();
    name.replace(QStringLiteral("[*]"), QStringLiteral("[*][*]")); // a literal "[*]" in a name
    m_shell.window().setWindowTitle(name + QStringLiteral("[*] \u2014 attnviz"));
    m_shell.window().setWindowModified(isModified());
}

void SessionController::remember(const QString &path) {
    m_recent->add(path);
    AppSettings().setLastDirectory(QFileInfo(path).absolutePath());
}

void SessionController::showStatus(const QString &message) {
    m_shell.showMessage(message, 8000);
}

QByteArray SessionController::sessionBytes() const {
    return sessionmembers::toJson(m_document.inputs(), m_viewState.save());
}

bool SessionController::loadFile(const QString &path, QString *error) {
    BusyCursor busy;
    attn::Session session;
    try {
        session = attn::loadSessionFile(path);
    } catch (const attn::InputError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    return adopt(path, std::move(session), error);
}

bool SessionController::adopt(const QString &path, attn::Session session, QString *error) {
    ++m_openGeneration; // a parse still running for an earlier open is outdated now
    ++m_documentGeneration;
    Document *doc = &m_document;
    QString refused;
    // The opened file is the new clean state; undoing past it would mix two documents.
    if (!doc->replaceDocument(std::move(session.inputs), QFileInfo(path).fileName(), &refused)) {
        if (error)
            *error = path + ": " + refused;
        return false;
    }
    m_viewState.load(sessionmembers::viewOf(session));
    setCurrentFile(path);
    updateTitle();
    remember(path);
    return true;
}

// One code path for every size: a save of the 4×4 example formats in microseconds on the worker
// and is collected on the next turn of the event loop, so a synchronous path for small sessions
// would save nothing but add a second set of semantics to test.
bool SessionController::saveTo(const QString &path) {
    const quint64 id = m_writer->write(path, m_document.inputsSnapshot(), m_viewState.save());
    m_lastSave = id;
    m_saveGenerations.insert(id, m_documentGeneration);
    // The state chosen is the saved one, whatever the user does while it is written (QUndoStack
    // can mark only the current index). Until the file is on disk the recovery copy stays.
    m_autosaver->setHoldDiscard(true);
    m_document.undoStack()->setClean();
    const QString name = QFileInfo(path).fileName();
    m_shell.busy().begin(QStringLiteral("save%1").arg(id),
                         [name] { return tr("saving %1\u2026").arg(name); });
    return true;
}

bool SessionController::isSaving() const {
    return m_writer->isBusy();
}

bool SessionController::waitForSaves() {
    if (!m_writer->isBusy())
        return true;
    BusyCursor busy;
    const int failures = m_saveFailures;
    m_writer->waitForDone();
    return m_saveFailures == failures;
}

void SessionController::saved(quint64 id, const QString &path, const QString &error) {
    m_shell.busy().end(QStringLiteral("save%1").arg(id));
    const bool sameDocument = m_saveGenerations.take(id) == m_documentGeneration;
    const bool newest = id == m_lastSave; // a later save (queued) decides the clean state
    if (newest)
        m_autosaver->setHoldDiscard(false);
    if (!error.isEmpty()) {
        ++m_saveFailures;
        if (newest && sameDocument)
            m_document.undoStack()->resetClean(); // not saved: the work counts as modified
        m_prompts.warning(tr("Could not save the session:\n%1\n\nThe file on disk was not "
                             "changed; your work is still open.")
                              .arg(path + ": " + error));
        return;
    }
    if (sameDocument)
        setCurrentFile(path);
    // Edits made while it was written are not in the file: their recovery copy stays.
    if (newest && !isModified())
        m_autosaver->discard();
    remember(path);
    showStatus(tr("Saved %1").arg(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath())));
}

bool SessionController::save() {
    return m_currentFile.isEmpty() ? saveAs() : saveTo(m_currentFile);
}

bool SessionController::saveAs() {
    const QString suggested = m_currentFile.isEmpty()
                                  ? QDir(AppSettings().lastDirectory()).filePath("untitled.attnviz")
                                  : m_currentFile;
    const QString path = m_prompts.saveFileName ? m_prompts.saveFileName(suggested) : QString();
    return !path.isEmpty() && saveTo(path);
}

bool SessionController::maybeSave() {
    if (!isModified())
        return true;
    switch (m_prompts.unsavedChanges(documentName())) {
    case SessionPrompts::Choice::Save:
        // The caller goes on (opens, closes) only once the file is written: a failure must stop
        // it. A short wait on the GUI thread, as before this was asynchronous.
        return save() && waitForSaves();
    case SessionPrompts::Choice::Discard:
        return true;
    case SessionPrompts::Choice::Cancel:
        break;
    }
    return false;
}

bool SessionController::openFile(const QString &path) {
    return maybeSave() && openAsked(path);
}

bool SessionController::open() {
    if (!maybeSave())
        return false;
    const QString path =
        m_prompts.openFileName ? m_prompts.openFileName(AppSettings().lastDirectory()) : QString();
    if (path.isEmpty())
        return false;
    // Already asked; the document has not changed since (the dialog is modal).
    return openAsked(path);
}

bool SessionController::openAsked(const QString &path) {
    if (QFileInfo(path).size() > kAsyncOpenBytes) {
        openInBackground(path);
        return true;
    }
    QString error;
    if (!loadFile(path, &error)) {
        m_prompts.warning(tr("Could not open the file:\n%1\n\nNothing was changed.").arg(error));
        return false;
    }
    showStatus(tr("Opened %1").arg(QDir::toNativeSeparators(m_currentFile)));
    return true;
}

void SessionController::openInBackground(const QString &path) {
    const quint64 generation = ++m_openGeneration;
    const QString name = QFileInfo(path).fileName();
    const QString key = QStringLiteral("open%1").arg(generation);
    const int undoIndex = m_document.undoStack()->index();
    m_shell.busy().begin(key, [name] { return tr("opening %1\u2026").arg(name); });
    // The worker holds only its promise: nothing of the window, which may close meanwhile.
    struct Parsed {
        attn::Session session;
        QString error;
    };
    auto promise = std::make_shared<QPromise<std::shared_ptr<Parsed>>>();
    auto *watcher = new QFutureWatcher<std::shared_ptr<Parsed>>(this);
    watcher->setFuture(promise->future());
    connect(watcher, &QFutureWatcherBase::finished, this, [=, this] {
        watcher->deleteLater();
        m_shell.busy().end(key);
        if (generation != m_openGeneration)
            return; // another open (or load) came after this one
        const std::shared_ptr<Parsed> parsed = watcher->future().result();
        QString error = parsed->error;
        // The document may have been edited while the file was read: ask again first.
        if (error.isEmpty() && m_document.undoStack()->index() != undoIndex && !maybeSave())
            return;
        if (!error.isEmpty() || !adopt(path, std::move(parsed->session), &error)) {
            m_prompts.warning(
                tr("Could not open the file:\n%1\n\nNothing was changed.").arg(error));
            return;
        }
        showStatus(tr("Opened %1").arg(QDir::toNativeSeparators(m_currentFile)));
    });
    attn::workerPool().start([path, promise] {
        auto parsed = std::make_shared<Parsed>();
        try {
            parsed->session = attn::loadSessionFile(path);
        } catch (const attn::InputError &e) {
            parsed->error = QString::fromStdString(e.what());
        }
        promise->start();
        promise->addResult(std::move(parsed));
        promise->finish();
    });
}

void SessionController::openRecent(const QString &path) {
    if (!QFileInfo(path).isFile()) {
        m_recent->remove(path);
        m_prompts.warning(tr("\u201c%1\u201d no longer exists; it was removed from Open Recent.")
                              .arg(QDir::toNativeSeparators(path)));
        return;
    }
    openFile(path);
}

bool SessionController::offerRecovery() {
    const QList<RecoveryFile::Orphan> orphans = m_autosaver->file().orphans();
    if (orphans.isEmpty())
        return false;
    const RecoveryFile::Orphan &orphan = orphans.first(); // the newest; others wait their turn
    const QString when = QLocale().toString(orphan.saved, QLocale::ShortFormat);
    const QString what =
        orphan.originalFile.isEmpty()
            ? tr("an untitled session")
            : tr("\u201c%1\u201d").arg(QDir::toNativeSeparators(orphan.originalFile));
    const QString question = tr("attnviz did not close properly last time. Unsaved changes to "
                                "%1 were autosaved at %2.\n\nRestore them?")
                                 .arg(what, when);
    if (!m_prompts.restoreRecovery || !m_prompts.restoreRecovery(question)) {
        RecoveryFile::discard(orphan.path);
        return false;
    }
    BusyCursor busy;
    Document *doc = &m_document;
    QString error;
    try {
        const attn::Session session = attn::loadSessionFile(orphan.path);
        if (doc->replaceDocument(session.inputs, tr("Restore unsaved changes"), &error)) {
            // Modified, with no clean state to undo back to: the file on disk (if any) is not
            // the restored document's saved state.
            ++m_documentGeneration;
            doc->undoStack()->resetClean();
            m_viewState.load(sessionmembers::viewOf(session));
            setCurrentFile(orphan.originalFile);
            updateTitle();
            // Our own recovery copy first, then the orphan: a crash now loses nothing.
            m_autosaver->saveNow();
            RecoveryFile::discard(orphan.path);
            showStatus(tr("Restored the unsaved changes to %1").arg(documentName()));
            return true;
        }
    } catch (const attn::InputError &e) {
        error = QString::fromStdString(e.what());
    }
    m_prompts.warning(tr("The autosaved changes cannot be restored:\n%1").arg(error));
    RecoveryFile::discard(orphan.path);
    return false;
}

bool SessionController::eventFilter(QObject *watched, QEvent *event) {
    if (watched == &m_shell.window() && event->type() == QEvent::Close) {
        // A save still being written ends first (the program must not exit before the file is
        // complete); if it failed, the user was told and the window stays open.
        if (!waitForSaves() || !maybeSave()) {
            event->ignore();
            return true; // the window stays open
        }
        m_autosaver->discard(); // saved or discarded: nothing left to recover
    }
    if (watched == &m_shell.window() && event->type() == QEvent::LanguageChange)
        updateTitle(); // "untitled", a preset's name
    return QObject::eventFilter(watched, event);
}

} // namespace attn::ui
