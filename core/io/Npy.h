// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace attn {

// NumPy's .npy format (numpy.lib.format), versions 1.0, 2.0 and 3.0.
//
// Read: real numbers only — float16/32/64 and int8..int64/uint8..uint64, either byte order,
// C or Fortran order; 2-D arrays as they are, 1-D arrays as ONE ROW (1×n: a vector is one
// token's features, and a token is a row). Refused with a message: bool, complex, object
// (pickled), strings, dates, structured records, 0-D and 3-D or higher arrays, empty arrays,
// NaN/±∞, magnitudes beyond kMaxAbsInput, more than kMaxNpyDimension rows or columns, and data
// whose length differs from what the header's shape needs (in either direction).
inline constexpr std::uint64_t kMaxNpyDimension = 4096;
// np.load refuses headers above 10000 bytes by default; allow ten times that.
inline constexpr std::uint64_t kMaxNpyHeaderBytes = 100000;

struct NpyHeader {
    int major = 1, minor = 0;
    QString descr;      // as written, e.g. "<f8"
    char byteOrder = 0; // '<', '>', '|' or '='
    char kind = 0;      // 'f', 'i', 'u', ...
    int itemSize = 0;
    bool fortranOrder = false;
    std::vector<std::uint64_t> shape;
    std::uint64_t dataOffset = 0; // where the array data starts in the file

    // "float32", "int64 (big-endian)", "complex128", ...; the descr for unknown kinds.
    QString dtypeName() const;
    // "3×4", "5" (1-D), "2×3×4", "scalar" (0-D)
    QString shapeText() const;
    // "float32, big-endian, Fortran order" (the version too when it is not 1.0)
    QString description() const;
};

// An array's shape as text, for every format: "3×4", "5" (1-D), "2×3×4", "scalar" (0-D).
QString shapeText(const std::vector<std::uint64_t> &shape);

// Parses the magic, version and header dictionary at the start of `bytes` (which needs to hold
// at least the whole header, not the data). Throws InputError (message without a file name).
NpyHeader parseNpyHeader(const QByteArray &bytes);

// Empty when the header describes an array that can be imported; otherwise why not (dtype or
// shape), as in readNpy's error.
QString npyHeaderProblem(const NpyHeader &header);

// The array as a row-major matrix. Throws InputError (message without a file name). `notes`
// receives remarks for the user (e.g. that a 1-D array became one row).
Matrix readNpy(const QByteArray &bytes, QStringList *notes = nullptr, NpyHeader *header = nullptr);

// Version 1.0, '<f8', C order, shape (rows, cols); the header is padded exactly as NumPy 1.24
// pads it, so the bytes equal np.save's for the same float64 matrix. Non-finite values are
// written as they are.
QByteArray npyFromMatrix(const Matrix &m);

} // namespace attn
