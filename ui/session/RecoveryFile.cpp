// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecoveryFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QStandardPaths>

#include <algorithm>

#include "io/AtomicFile.h"

namespace attn::ui {

namespace {

QString lockPathOf(const QString &jsonPath) {
    QString lock = jsonPath;
    lock.chop(5); // ".json"
    return lock + QStringLiteral(".lock");
}

// The original file named inside a recovery file ("recovery": {"file": …}). Read whole: this
// happens once, at start, and only for orphans.
QString originalFileOf(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    return root.value(QStringLiteral("recovery"))
        .toObject()
        .value(QStringLiteral("file"))
        .toString();
}

} // namespace

QString RecoveryFile::defaultDirectory() {
    const QString overridden = qEnvironmentVariable("ATTNVIZ_RECOVERY_DIR");
    if (!overridden.isEmpty())
        return overridden;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovery");
}

RecoveryFile::RecoveryFile(const QString &directory)
    : m_directory(directory),
      m_path(QDir(directory).filePath(QStringLiteral("session-%1-%2.json")
                                          .arg(QCoreApplication::applicationPid())
                                          .arg(QDateTime::currentMSecsSinceEpoch()))) {}

RecoveryFile::~RecoveryFile() = default;

bool RecoveryFile::exists() const {
    return QFileInfo::exists(m_path);
}

bool RecoveryFile::write(const QByteArray &bytes, QString *error) {
    if (!QDir().mkpath(m_directory)) {
        if (error)
            *error = QCoreApplication::translate("RecoveryFile", "cannot create the folder %1")
                         .arg(m_directory);
        return false;
    }
    if (!m_lock) {
        m_lock = std::make_unique<QLockFile>(lockPathOf(m_path));
        // 0: never "stale" by age. We hold it for the whole run, which may be days.
        m_lock->setStaleLockTime(0);
        if (!m_lock->tryLock()) {
            m_lock.reset();
            if (error)
                *error = QCoreApplication::translate("RecoveryFile", "cannot lock %1")
                             .arg(lockPathOf(m_path));
            return false;
        }
    }
    QString reason;
    attn::writeFileAtomically(m_path, bytes, &reason);
    if (!reason.isEmpty() && error)
        *error = reason;
    return reason.isEmpty();
}

void RecoveryFile::remove() {
    QFile::remove(m_path);
}

QList<RecoveryFile::Orphan> RecoveryFile::orphans() const {
    QList<Orphan> out;
    const QDir dir(m_directory);
    const QFileInfoList files =
        dir.entryInfoList({QStringLiteral("session-*.json")}, QDir::Files, QDir::Time);
    for (const QFileInfo &info : files) {
        if (info.absoluteFilePath() == QFileInfo(m_path).absoluteFilePath())
            continue;
        QLockFile lock(lockPathOf(info.absoluteFilePath()));
        lock.setStaleLockTime(0);
        // Succeeds when there is no lock or its process is gone (QLockFile checks the PID and
        // the program name); fails while the program that writes this file is running.
        if (!lock.tryLock())
            continue;
        lock.unlock();
        out.append({info.absoluteFilePath(), info.lastModified(),
                    originalFileOf(info.absoluteFilePath())});
    }
    return out; // QDir::Time: newest first
}

void RecoveryFile::discard(const QString &orphanPath) {
    QFile::remove(orphanPath);
    QFile::remove(lockPathOf(orphanPath));
    // A crash in the middle of an autosave leaves the writer's temporary beside the file
    // (".session-….json.<random>.tmp", see attn::writeFileAtomically): it goes with its orphan.
    const QFileInfo info(orphanPath);
    QDir dir = info.absoluteDir();
    for (const QString &temporary :
         dir.entryList({"." + info.fileName() + ".*.tmp"}, QDir::Files | QDir::Hidden))
        dir.remove(temporary);
}

} // namespace attn::ui
