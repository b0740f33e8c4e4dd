// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegularFile.h"

#include "InputError.h"
#include "Translate.h"

#include <QFile>

#include <sys/stat.h>

namespace attn {

void requireRegularFile(const QString &path) {
    struct stat st {};
    if (stat(QFile::encodeName(path).constData(), &st) != 0)
        return;
    if (S_ISREG(st.st_mode))
        return;
    QString kind;
    if (S_ISFIFO(st.st_mode))
        kind = translate("attn::io", "a FIFO");
    else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        kind = translate("attn::io", "a device");
    else if (S_ISSOCK(st.st_mode))
        kind = translate("attn::io", "a socket");
    else if (S_ISDIR(st.st_mode))
        kind = translate("attn::io", "a folder");
    else
        kind = translate("attn::io", "a special file");
    throw InputError(translate("attn::io", "%1: not a regular file (%2)").arg(path, kind));
}

} // namespace attn
