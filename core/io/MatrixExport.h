// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AtomicFile.h" // writeFileAtomically, for the exporters
#include "Matrix.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace attn {

// Exporting one matrix, as a file or as text for the clipboard. Every format writes −∞ (the
// masked logits) in its own way: CSV "-inf", .npy the IEEE value, LaTeX "-\infty", NumPy
// "-np.inf" (and +∞ and NaN likewise).
enum class ExportFormat { Csv, Npy, Latex, NumpyLiteral };

// "csv", "npy", "latex", "numpy" (the names attnviz-cli export --format takes).
std::optional<ExportFormat> exportFormatFromName(const QString &name);
QString exportFormatName(ExportFormat format);
// The usual file suffix: "csv", "npy", "tex", "py".
QString exportFileSuffix(ExportFormat format);
// All but .npy are text (UTF-8, in fact ASCII) and can go to the clipboard.
inline bool isTextExport(ExportFormat format) {
    return format != ExportFormat::Npy;
}

inline constexpr int kDefaultLatexDecimals = 4;
inline constexpr int kMaxLatexDecimals = 15;

// Comma-separated, one row per line ending in "\n", no header; each number in the shortest
// form that reads back as the same double, so importing the text gives the matrix bit for bit.
QString matrixToCsv(const Matrix &m);

// \begin{bmatrix} … \end{bmatrix}, numbers rounded to `decimals` (0..15) and right-aligned in
// the source, "-" as the minus sign (never "-0.0000"), magnitudes from 1e9 up as
// 1.2346 \times 10^{9}.
QString matrixToLatex(const Matrix &m, int decimals = kDefaultLatexDecimals);

// np.array([[1.0, -0.5],\n          [3.0, 4.0]]) with shortest round-trip floats (always with
// a "." or exponent, so NumPy makes a float64 array); a matrix with no rows is
// np.zeros((0, n)).
QString matrixToNumpyLiteral(const Matrix &m);

// The bytes of an export file: UTF-8 text, or the .npy file (npyFromMatrix, Npy.h).
QByteArray exportMatrix(const Matrix &m, ExportFormat format,
                        int latexDecimals = kDefaultLatexDecimals);

} // namespace attn
