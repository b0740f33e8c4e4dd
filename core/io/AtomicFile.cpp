// SPDX-License-Identifier: GPL-3.0-or-later
#include "AtomicFile.h"

#include "Translate.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSaveFile>

#include <algorithm>
#include <cerrno>
#include <cstring>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace attn {

QString writeErrorText(int error) {
    switch (error) {
    case ENOSPC:
        return translate("attn::io", "no space left on device");
    case EDQUOT:
        return translate("attn::io", "the disk quota is exceeded");
    case EACCES:
    case EPERM:
        return translate("attn::io", "permission denied");
    case EROFS:
        return translate("attn::io", "read-only file system");
    case ENOENT:
        return translate("attn::io", "the folder does not exist");
    case ENOTDIR:
        return translate("attn::io", "a part of the path is not a folder");
    case EISDIR:
        return translate("attn::io", "it is a folder");
    case EFBIG:
        return translate("attn::io", "the file is too large for this file system or a limit");
    case EIO:
        return translate("attn::io", "input/output error (the device may be failing or removed)");
    case ENAMETOOLONG:
        return translate("attn::io", "the file name is too long");
    default:
        return QString::fromLocal8Bit(std::strerror(error));
    }
}

#ifdef Q_OS_UNIX

namespace {

// Writes everything, retrying on interruptions and short writes; errno on failure.
bool writeAll(int fd, const char *data, qsizetype left) {
    while (left > 0) {
        // In chunks, so a full disk is noticed early and a kill lands mid-write.
        const ssize_t n = ::write(fd, data, size_t(std::min<qsizetype>(left, qsizetype(1) << 20)));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += n;
        left -= n;
    }
    return true;
}

// What `produce` gives, written to fd: false (errno set) at the first write that fails.
bool produceAll(int fd, const ByteProducer &produce) {
    return produce([fd](const char *data, qsizetype size) { return writeAll(fd, data, size); });
}

QString inPlace(const QByteArray &path, const ByteProducer &produce) {
    const int fd = ::open(path.constData(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0)
        return writeErrorText(errno);
    errno = 0;
    bool ok = false;
    try {
        ok = produceAll(fd, produce);
    } catch (...) {
        ::close(fd);
        throw;
    }
    const int error = errno != 0 ? errno : EIO;
    ::close(fd);
    return ok ? QString() : writeErrorText(error);
}

QString writeReason(const QString &fileName, const ByteProducer &produce) {
    QFileInfo info(fileName);
    if (info.isSymLink() && info.exists()) // replace what the link points to, keep the link
        info = QFileInfo(info.canonicalFilePath());
    if (info.isDir())
        return writeErrorText(EISDIR);
    const QByteArray target = QFile::encodeName(info.absoluteFilePath());
    struct stat existing {};
    const bool exists = ::stat(target.constData(), &existing) == 0;
    if (exists && !S_ISREG(existing.st_mode))
        return inPlace(target, produce);

    const QByteArray folder = QFile::encodeName(info.absolutePath());
    // Created with 0666 so the umask applies as to any new file (mkstemp would make it 0600).
    QByteArray temporary;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
        temporary = folder + "/." + QFile::encodeName(info.fileName()) + "." +
                    QByteArray::number(QRandomGenerator::global()->generate64(), 36) + ".tmp";
        fd = ::open(temporary.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            return writeErrorText(errno);
    }
    if (fd < 0)
        return writeErrorText(EEXIST);
    int error = 0;
    // A replaced file keeps its permissions.
    if (exists && ::fchmod(fd, existing.st_mode & 07777) != 0)
        error = errno;
    if (error == 0) {
        errno = 0;
        bool produced = false;
        try {
            produced = produceAll(fd, produce);
        } catch (...) { // the producer's own failure: no temporary file stays behind
            ::close(fd);
            ::unlink(temporary.constData());
            throw;
        }
        if (!produced)
            error = errno != 0 ? errno : EIO;
        else if (::fsync(fd) != 0)
            error = errno;
    }
    if (::close(fd) != 0 && error == 0)
        error = errno;
    if (error == 0 && ::rename(temporary.constData(), target.constData()) != 0)
        error = errno;
    if (error != 0) {
        ::unlink(temporary.constData());
        return writeErrorText(error);
    }
    // The rename is only durable once the folder's entry is: sync the folder too.
    const int dir = ::open(folder.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir); // some file systems refuse to sync a folder; the file itself is safe
        ::close(dir);
    }
    return {};
}

} // namespace

#else

namespace {

QString writeReason(const QString &fileName, const ByteProducer &produce) {
    QSaveFile file(fileName);
    file.setDirectWriteFallback(false);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    if (!produce(
            [&file](const char *data, qsizetype size) { return file.write(data, size) == size; })) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return reason;
    }
    if (!file.commit())
        return file.errorString();
    return {};
}

} // namespace

#endif

QString writeFileAtomically(const QString &fileName, const QByteArray &bytes, QString *reason) {
    return writeFileAtomically(
        fileName,
        [&bytes](const ByteSink &write) { return write(bytes.constData(), bytes.size()); }, reason);
}

QString writeFileAtomically(const QString &fileName, const ByteProducer &produce, QString *reason) {
    const QString why = writeReason(fileName, produce);
    if (reason)
        *reason = why;
    return why.isEmpty() ? why : translate("attn::io", "%1: cannot write: %2").arg(fileName, why);
}

} // namespace attn
