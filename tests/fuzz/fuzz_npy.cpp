// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the .npy reader. Any input gives a matrix or an InputError; a matrix read
// is written back as .npy (float64) and must read again bit for bit.

#include "FuzzCheck.h"
#include "InputError.h"
#include "io/Npy.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    attn::Matrix m;
    try {
        m = attn::readNpy(bytes);
    } catch (const attn::InputError &) {
        return 0;
    }
    try {
        if (!fuzz::sameBits(attn::readNpy(attn::npyFromMatrix(m)), m))
            fuzz::finding("npy round trip changed the matrix");
    } catch (const attn::InputError &) {
        fuzz::finding("npy written by attnviz is refused by its reader");
    }
    return 0;
}
