// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "DelimitedText.h"
#include "Matrix.h"

#include <QByteArray>
#include <QString>

namespace attn {

// A matrix read from delimited text (CSV, TSV, or numbers separated by spaces).
//
// - A UTF-8 byte order mark is skipped. Lines, comments, the delimiter and quoted fields are
//   DelimitedText's. With semicolons or tabs, a decimal comma ("1,5") reads as 1.5
//   (spreadsheets in European locales).
// - A first line with no number in it is a header row: skipped, and reported.
// - Every other line must hold the same number of values, each a finite number of magnitude
//   at most kMaxAbsInput; no row labels column, no empty cells.
// Errors are InputError "line L, column C: problem" (both 1-based, as editors count).
struct CsvMatrix {
    Matrix matrix;
    QString delimiter;         // "comma", "tab", "semicolon" or "whitespace"
    bool decimalComma = false; // some value was written with a decimal comma
    int headerLine = 0;        // the skipped header row's line number, 0 = none
    QString header;            // that line's text, shortened for display
};

CsvMatrix readCsvMatrix(const QByteArray &bytes);

} // namespace attn
