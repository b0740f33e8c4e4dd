#pragma once

#include <QByteArray>
#include <QString>

// Writes `bytes` to `path` through a temporary file that replaces the target only once every
// byte is on disk (attn::writeAtomically: fsync, rename, folder fsync): a failed write, a crash or
// a kill in the middle leaves the old file exactly as it was. False with a message for the user in
// *error on failure.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error = nullptr);
