#include "AtomicWrite.h"

#include <QSaveFile>

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error) {
    QSaveFile file(path);
    // Never fall back to writing the target in place (QSaveFile would, for some special
    // directories, if allowed): that is exactly the half-written file this avoids.
    file.setDirectWriteFallback(false);
    auto fail = [&] {
        if (error)
            *error = file.errorString();
        file.cancelWriting();
        return false;
    };
    if (!file.open(QIODevice::WriteOnly))
        return fail();
    // In chunks, so that a full disk is noticed early instead of after buffering everything.
    constexpr qsizetype kChunk = qsizetype(1) << 20;
    for (qsizetype at = 0; at < bytes.size(); at += kChunk) {
        const qsizetype n = std::min(kChunk, bytes.size() - at);
        if (file.write(bytes.constData() + at, n) != n)
            return fail();
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}
