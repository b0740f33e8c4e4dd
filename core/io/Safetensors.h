// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ArraySlice.h"
#include "Matrix.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

class QIODevice;

namespace attn {

// The safetensors format of published checkpoints: 8 bytes (little-endian u64) giving the
// length N of a JSON header, the header {"name": {"dtype": "F32", "shape": [768, 2304],
// "data_offsets": [begin, end]}, …, "__metadata__": {…}}, then the tensors' bytes, offsets
// relative to the end of the header, little-endian, C order.
//
// Nothing in the file is trusted: N is checked against kMaxSafetensorsHeaderBytes and the file's
// size before the header is read; every tensor's dtype must be known, its shape a list of whole
// numbers, its byte range inside the data and exactly shape × dtype size long; the ranges must
// tile the data without overlap or gap (as the reference implementation requires). Only the
// chosen tensor's rows are read, so a checkpoint of several GB is never loaded whole.
inline constexpr std::uint64_t kMaxSafetensorsHeaderBytes = 100'000'000; // the format's limit
// At most this many bytes of one tensor are read for one import.
inline constexpr std::uint64_t kMaxSafetensorsReadBytes = std::uint64_t(256) << 20;

struct SafetensorsTensor {
    QString name;
    QString dtype; // as the file writes it: "F32", "BF16", "I64", …
    std::vector<std::uint64_t> shape;
    std::uint64_t begin = 0, end = 0; // byte range relative to the data (after the header)

    int itemSize() const;      // bytes per element of dtype
    QString shapeText() const; // "768×2304", "768" (1-D), "scalar"
    QString problem() const;   // why it cannot be imported (dtype, rank); empty when it can
};

struct SafetensorsFile {
    std::uint64_t dataStart = 0;            // 8 + N
    std::vector<SafetensorsTensor> tensors; // in the header's order
    const SafetensorsTensor *find(const QString &name) const;
    QStringList names() const;
};

// True when `head` (the first bytes of a file) looks like safetensors: 8 bytes of header length
// followed by "{" — the format has no magic number. (A name ending in .safetensors counts too:
// MatrixImport.)
bool looksLikeSafetensors(const QByteArray &head);

// Reads and checks the header of the safetensors file in `device` (seekable, `size` bytes).
// Throws InputError with a message for the user (without the file name).
SafetensorsFile readSafetensorsHeader(QIODevice &device, std::uint64_t size);

struct SafetensorsRead {
    Matrix matrix;
    QStringList notes; // e.g. a 1-D tensor read as one row
};

// Reads the part `slice` of `tensor` as a row-major matrix of doubles (F64, F32, F16, BF16,
// converted exactly; 1-D tensors and single-index selections as one row). Only the rows the
// slice selects are read from the device. Throws InputError for other dtypes, 3-D+ tensors,
// selections larger than kMaxNpyDimension, NaN, ±∞ and values beyond kMaxAbsInput.
SafetensorsRead readSafetensorsTensor(QIODevice &device, const SafetensorsFile &file,
                                      const SafetensorsTensor &tensor, const ArraySlice &slice);

} // namespace attn
