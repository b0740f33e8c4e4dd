// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: .npz archives (the zip directory, member headers, DEFLATE, CRC-32, the
// .npy inside) through the importer and the array listing. Errors must be messages naming
// the source; an imported array must satisfy the input limits.

#include "FuzzCheck.h"
#include "Limits.h"
#include "io/MatrixImport.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const attn::NpzListing listing = attn::listNpzArraysData(bytes, "f.npz");
    if (!listing.ok() && !listing.error.startsWith("f.npz: "))
        fuzz::finding("an .npz listing error does not name the file");
    const attn::ImportResult r = attn::importMatrixData(bytes, "f.npz");
    if (!r.ok()) {
        if (!r.error.startsWith("f.npz: ") || r.matrix.size() != 0)
            fuzz::finding("a refused .npz is not reported as such");
        return 0;
    }
    if (r.matrix.size() == 0 || r.matrix.size() > attn::kMaxInputValues)
        fuzz::finding("an imported array breaks the limits");
    // The listing read the same archive: the array imported is one it lists.
    bool listed = false;
    for (const attn::NpzArrayInfo &a : listing.arrays)
        listed = listed || a.name == r.arrayName;
    if (!listed)
        fuzz::finding("the imported array is not in the listing");
    return 0;
}
