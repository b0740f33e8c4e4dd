// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: delimited text (the CSV importer and the tokenizer behind pasting). A
// matrix read is exported as CSV and must read back bit for bit.

#include "FuzzCheck.h"
#include "InputError.h"
#include "Limits.h"
#include "io/CsvMatrix.h"
#include "io/MatrixExport.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    attn::CsvMatrix csv;
    try {
        csv = attn::readCsvMatrix(bytes);
    } catch (const attn::InputError &) {
        return 0;
    }
    if (csv.matrix.size() == 0 || csv.matrix.size() > attn::kMaxInputValues)
        fuzz::finding("a CSV matrix breaks the limits");
    try {
        const attn::CsvMatrix back = attn::readCsvMatrix(attn::matrixToCsv(csv.matrix).toUtf8());
        if (!fuzz::sameBits(back.matrix, csv.matrix))
            fuzz::finding("CSV round trip changed the matrix");
    } catch (const attn::InputError &) {
        fuzz::finding("CSV written by attnviz is refused by its reader");
    }
    return 0;
}
