#include "AtomicWrite.h"

#include "AtomicFile.h"

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error) {
    const QString reason = attn::writeAtomically(path, bytes);
    if (!reason.isEmpty() && error)
        *error = reason;
    return reason.isEmpty();
}
