// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the safetensors reader. Any input gives a header or an InputError; every
// tensor the header lists is read whole or refused with an InputError, and a tensor read whole
// must agree bit for bit with reading only its first and last rows through the reader's lazy
// row access (the two paths a user reaches: the import preview and a sliced import).

#include "FuzzCheck.h"
#include "InputError.h"
#include "io/ArraySlice.h"
#include "io/Safetensors.h"

#include <QBuffer>
#include <QByteArray>

#include <cmath>

namespace {

// Reads `text` of `tensor`; an InputError is a refusal, not a finding.
bool readPart(QBuffer &buffer, const attn::SafetensorsFile &file,
              const attn::SafetensorsTensor &tensor, const char *text, attn::Matrix *out) {
    try {
        *out = attn::readSafetensorsTensor(buffer, file, tensor,
                                           attn::parseArraySlice(QString::fromLatin1(text)))
                   .matrix;
        return true;
    } catch (const attn::InputError &) {
        return false;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    attn::SafetensorsFile file;
    try {
        file = attn::readSafetensorsHeader(buffer, size);
    } catch (const attn::InputError &) {
        return 0;
    }
    int tried = 0;
    for (const attn::SafetensorsTensor &tensor : file.tensors) {
        if (++tried > 8)
            break;
        attn::Matrix whole;
        if (!readPart(buffer, file, tensor, "", &whole))
            continue;
        for (double v : whole.reshaped())
            if (!std::isfinite(v))
                fuzz::finding("safetensors read a value that is not finite");
        if (tensor.shape.size() != 2 || whole.rows() == 0)
            continue;
        for (const char *rows : {"[0:1]", "[-1:]"}) {
            attn::Matrix part;
            if (!readPart(buffer, file, tensor, rows, &part))
                fuzz::finding("a row of a tensor read whole is refused");
            if (!fuzz::sameBits(part,
                                attn::applySlice(whole, tensor.shape, attn::parseArraySlice(rows))))
                fuzz::finding("a row read lazily differs from the same row of the whole tensor");
        }
    }
    return 0;
}
