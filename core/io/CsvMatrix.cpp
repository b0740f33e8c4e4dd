// SPDX-License-Identifier: GPL-3.0-or-later
#include "CsvMatrix.h"

#include "DelimitedText.h"
#include "InputError.h"
#include "Limits.h"
#include "NumberText.h"
#include "Translate.h"

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

namespace {

// A field as it may appear in a message: quoted, control characters escaped, long ones cut
// (at a UTF-8 character boundary).
QString shown(std::string_view s) {
    constexpr std::size_t kMax = 24;
    bool cut = false;
    if (s.size() > kMax) {
        std::size_t n = kMax;
        while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xc0) == 0x80)
            --n;
        s = s.substr(0, n);
        cut = true;
    }
    std::string out = "\"";
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            static const char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 15];
        } else {
            out += c;
        }
    }
    return qs(out + (cut ? "\u2026\"" : "\""));
}

// "line 3, column 2: " before what was found there.
QString at(int line, int column, const QString &what) {
    return translate("attn::io", "line %1, column %2: %3").arg(qs(line), qs(column), what);
}

QString shortened(std::string_view line) {
    QString s = QString::fromUtf8(line.data(), qsizetype(line.size())).trimmed();
    if (s.size() > 60)
        s = s.left(59) + QChar(0x2026);
    return s;
}

} // namespace

CsvMatrix readCsvMatrix(const QByteArray &bytes) {
    std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    if (text.substr(0, 3) == "\xef\xbb\xbf")
        text.remove_prefix(3);
    if (text.find('\0') != std::string_view::npos)
        throw InputError(translate(
            "attn::io", "not a text file (it contains NUL bytes), nor a NumPy .npy or .npz file"));

    CsvMatrix out;
    std::vector<double> values;
    int cols = 0, rows = 0, firstDataLine = 0;
    DelimitedText lines(text);
    std::vector<std::string> fields;
    while (lines.next(fields)) {
        const int number = lines.lineNumber();
        // Parse every field first: a first line where nothing is a number is a header.
        std::vector<double> parsed(fields.size());
        std::vector<ParsedNumber> status(fields.size());
        bool anyNumber = false;
        for (std::size_t k = 0; k < fields.size(); ++k) {
            std::string field = fields[k];
            out.decimalComma = lines.toDecimalPoint(field) || out.decimalComma;
            status[k] = parseNumber(field, parsed[k]);
            anyNumber = anyNumber || status[k] != ParsedNumber::Invalid;
        }
        if (!anyNumber && rows == 0 && out.headerLine == 0) {
            out.headerLine = number;
            out.header = shortened(lines.line());
            out.decimalComma = false;
            continue;
        }

        for (std::size_t k = 0; k < fields.size(); ++k) {
            const std::string &f = fields[k];
            const int column = int(k) + 1;
            if (f.empty())
                throw InputError(at(number, column, translate("attn::io", "an empty cell")));
            if (status[k] == ParsedNumber::Invalid)
                throw InputError(
                    at(number, column, translate("attn::io", "%1 is not a number").arg(shown(f))));
            if (status[k] == ParsedNumber::OutOfRange)
                throw InputError(
                    at(number, column,
                       translate("attn::io", "%1 is beyond the range of double-precision numbers")
                           .arg(shown(f))));
            if (const std::string problem = numberProblem(parsed[k]); !problem.empty())
                throw InputError(
                    at(number, column, QStringLiteral("%1 %2").arg(shown(f), qs(problem))));
        }
        if (rows == 0) {
            cols = int(fields.size());
            firstDataLine = number;
        } else if (int(fields.size()) != cols) {
            throw InputError(
                translate("attn::io", "line %1 has %2 values, but line %3 has %4")
                    .arg(qs(number), qs(std::int64_t(fields.size())), qs(firstDataLine), qs(cols)));
        }
        if (rows == kMaxCsvDimension)
            throw InputError(
                translate("attn::io", "more than %1 rows of numbers (at most %1), at line %2")
                    .arg(qs(kMaxCsvDimension), qs(number)));
        if (std::int64_t(values.size() + parsed.size()) > kMaxInputValues)
            throw InputError(translate("attn::io",
                                       "more than %1 numbers (at most %1 input numbers are "
                                       "supported), at line %2")
                                 .arg(qs(kMaxInputValues), qs(number)));
        values.insert(values.end(), parsed.begin(), parsed.end());
        ++rows;
    }
    if (rows == 0)
        throw InputError(out.headerLine ? translate("attn::io", "has a header row but no numbers")
                                        : translate("attn::io", "holds no numbers (it is empty)"));

    out.matrix = Eigen::Map<const Matrix>(values.data(), rows, cols);
    out.delimiter = QString::fromLatin1(lines.delimiterName());
    return out;
}

} // namespace attn
