// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace attn {

// Importing one input matrix from a file: CSV/TSV text (CsvMatrix.h), NumPy .npy (Npy.h), an
// .npz archive of .npy arrays (np.savez, stored; np.savez_compressed, deflated) or a
// safetensors checkpoint (Safetensors.h), optionally a slice of the array and transposed.
//
// The format is recognised by the content: "\x93NUMPY" starts an .npy, "PK\3\4" (or an empty
// archive's "PK\5\6") an .npz, a header length and "{" a safetensors file; anything else is
// read as text, except that a file named *.npy, *.npz or *.safetensors without the matching
// signature is refused as such (not parsed as text). Files larger than kMaxImportBytes are
// refused before they are read, except safetensors files, of which only the chosen tensor's
// rows are read. Never throws: failures come back as ImportResult::error.
inline constexpr qint64 kMaxImportBytes = qint64(256) * 1024 * 1024;

enum class ImportFormat { Text, Npy, Npz, Safetensors };

// Which array of a file, which part of it, and whether to transpose it (nn.Linear stores its
// weight out × in; attention's W matrices are in × out).
struct ImportSelection {
    QString array; // .npz array or safetensors tensor; "" = the first (that can be imported)
    QString slice; // NumPy notation, "[:, 0:64]" (ArraySlice.h); "" = the whole array
    bool transpose = false;
};

struct ImportResult {
    Matrix matrix; // row-major; 0×0 unless ok()
    // "FILE: problem" — one line for the user; for CSV "FILE: line 3, column 2: …", for an
    // .npz "FILE: array 'W': …". Empty on success.
    QString error;
    ImportFormat format = ImportFormat::Text;
    // What was read, for a preview: "CSV (comma-separated)", "NumPy .npy (float32,
    // big-endian, Fortran order)", "NumPy .npz, array 'W' (float64, C order, deflated)".
    QString description;
    // What the importer did that the user should know: a skipped header row, a 1-D array read
    // as a row, decimal commas, which .npz array was taken when none was named.
    QStringList notes;
    QString arrayName; // .npz: the array read (without ".npy"); safetensors: the tensor
    std::vector<std::uint64_t> shape; // of the whole array in the file (before slicing)

    bool ok() const { return error.isEmpty(); }
};

// Reads `fileName`. `arrayName` picks an .npz array ("W" or "W.npy"); empty = the first one
// (with a note when there are several). Naming an array for a file that is not an .npz is an
// error.
ImportResult importMatrix(const QString &fileName, const QString &arrayName = {});
// The same with a slice and transpose; a bad slice is an error like any other.
ImportResult importMatrix(const QString &fileName, const ImportSelection &selection);

// The same from bytes already in memory (a dropped or pasted buffer, the tests); `sourceName`
// is what messages call it, and its suffix is used as for a file name.
ImportResult importMatrixData(const QByteArray &bytes, const QString &sourceName,
                              const QString &arrayName = {});

// Which importer a file's content selects (reads its first bytes; Text when unreadable).
ImportFormat importFormatOf(const QString &fileName);

// The arrays of an .npz file, for letting the user choose one.
struct NpzArrayInfo {
    QString name;                    // "W" (member "W.npy")
    QString dtype;                   // "float32", "int64 (big-endian)", …; empty when unreadable
    QString shape;                   // "4×3", "5" (1-D); empty when unreadable
    std::vector<std::uint64_t> dims; // the same as numbers
    QString problem;                 // empty when importMatrix can read it; otherwise why not
};
struct NpzListing {
    std::vector<NpzArrayInfo> arrays; // in archive order
    QString error;                    // "FILE: problem" when the archive cannot be read
    bool ok() const { return error.isEmpty(); }
};
// Reads only each member's header (the first ~100 KB of it), so listing is cheap; the data and
// CRC are checked when the array is imported.
NpzListing listNpzArrays(const QString &fileName);
NpzListing listNpzArraysData(const QByteArray &bytes, const QString &sourceName);
// Just the names (empty, with *error set, when the archive cannot be read).
QStringList npzArrayNames(const QString &fileName, QString *error = nullptr);

} // namespace attn
