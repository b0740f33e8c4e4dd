#include "CsvMatrix.h"

#include "DelimitedText.h"
#include "InputError.h"
#include "Limits.h"
#include "NumberText.h"

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

namespace {

// A field as it may appear in a message: quoted, control characters escaped, long ones cut
// (at a UTF-8 character boundary).
std::string shown(std::string_view s) {
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
    return out + (cut ? "\u2026\"" : "\"");
}

std::string at(int line, int column) {
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
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
        throw InputError("not a text file (it contains NUL bytes), nor a NumPy .npy or .npz file");

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
                throw InputError(at(number, column) + "an empty cell");
            if (status[k] == ParsedNumber::Invalid)
                throw InputError(at(number, column) + shown(f) + " is not a number");
            if (status[k] == ParsedNumber::OutOfRange)
                throw InputError(at(number, column) + shown(f) +
                                 " is beyond the range of double-precision numbers");
            if (const std::string problem = numberProblem(parsed[k]); !problem.empty())
                throw InputError(at(number, column) + shown(f) + " " + problem);
        }
        if (rows == 0) {
            cols = int(fields.size());
            firstDataLine = number;
        } else if (int(fields.size()) != cols) {
            throw InputError("line " + std::to_string(number) + " has " +
                             std::to_string(fields.size()) + " values, but line " +
                             std::to_string(firstDataLine) + " has " + std::to_string(cols));
        }
        if (rows == kMaxCsvDimension)
            throw InputError("more than " + std::to_string(kMaxCsvDimension) +
                             " rows of numbers (at most " + std::to_string(kMaxCsvDimension) +
                             "), at line " + std::to_string(number));
        if (std::int64_t(values.size() + parsed.size()) > kMaxInputValues)
            throw InputError("more than " + std::to_string(kMaxInputValues) + " numbers (at most " +
                             std::to_string(kMaxInputValues) +
                             " input numbers are supported), at line " + std::to_string(number));
        values.insert(values.end(), parsed.begin(), parsed.end());
        ++rows;
    }
    if (rows == 0)
        throw InputError(out.headerLine ? "has a header row but no numbers"
                                        : "holds no numbers (it is empty)");

    out.matrix = Eigen::Map<const Matrix>(values.data(), rows, cols);
    out.delimiter = QString::fromLatin1(lines.delimiterName());
    return out;
}

} // namespace attn
