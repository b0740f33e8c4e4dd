// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MatrixImport.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace attn {

// The arrays a file holds, for `attnviz-cli inspect` and the import dialog's list: the one
// array of a CSV or .npy file (named ""), the arrays of an .npz archive, the tensors of a
// safetensors file. Only headers are read (a CSV is parsed whole: its shape is its content).
struct ArrayInfo {
    QString name;  // "" for the one array of a CSV or .npy file
    QString dtype; // as the format names it: "float64" (CSV), "float32", "F16", "BF16", …
    std::vector<std::uint64_t> shape;
    QString problem;           // why it cannot be imported; empty when it can
    QString shapeText() const; // "768×2304", "768", "scalar"
};

struct ArrayListing {
    ImportFormat format = ImportFormat::Text;
    std::vector<ArrayInfo> arrays;
    QString error; // "FILE: problem" when the file cannot be read at all
    bool ok() const { return error.isEmpty(); }
};

ArrayListing listArrays(const QString &fileName);

// FILE[:ARRAY][SLICE] as the command line names an array: "model.safetensors:h.0.attn.c_attn.
// weight[:, 0:64]", "x.npy[1:]", "data.npz:W", "x.csv". The slice is a trailing "[…]"; the
// array follows the last ':' whose left side is an existing file (paths may hold ':' too).
struct ArrayReference {
    QString file;
    ImportSelection selection; // array and slice (transpose is the caller's)
};
ArrayReference parseArrayReference(const QString &text);

// One JSON object per line: {"name":"h.0.attn.c_attn.weight","dtype":"F32","shape":[768,2304]}.
QByteArray arrayListingJsonLines(const ArrayListing &listing);

} // namespace attn
