// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>

class QLockFile;

namespace attn::ui {

// The autosave of one running attnviz: <dir>/session-<pid>-<start ms>.json, beside a lock file
// held while the program runs. A recovery file whose lock is stale (its program is gone without
// deleting it: a crash, a kill, a power cut) is an orphan, offered for restoring at the next
// start. Instances running side by side never offer each other's live files.
class RecoveryFile {
public:
    // $ATTNVIZ_RECOVERY_DIR if set (tests), else <AppDataLocation>/recovery.
    static QString defaultDirectory();

    explicit RecoveryFile(const QString &directory = defaultDirectory());
    ~RecoveryFile(); // releases the lock; the file itself stays unless remove() was called
    RecoveryFile(const RecoveryFile &) = delete;
    RecoveryFile &operator=(const RecoveryFile &) = delete;

    QString directory() const { return m_directory; }
    QString path() const { return m_path; }
    bool exists() const;

    // Atomic (attn::writeFileAtomically); takes the lock on first use. Thread-safe against remove()
    // only through the caller (Autosaver serializes them).
    bool write(const QByteArray &bytes, QString *error = nullptr);
    void remove();

    // What an orphan says about itself, for the restore question.
    struct Orphan {
        QString path;
        QDateTime saved;      // the file's modification time
        QString originalFile; // the session file it was editing; empty if untitled
    };
    // Recovery files of programs no longer running, newest first (never this one's own).
    QList<Orphan> orphans() const;
    // Deletes an orphan and its lock file.
    static void discard(const QString &orphanPath);

private:
    QString m_directory;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace attn::ui
