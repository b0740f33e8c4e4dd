#include "CsvMatrix.h"

#include "InputError.h"
#include "NumberText.h"

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

namespace {

enum class Delimiter { Tab, Semicolon, Comma, Whitespace };

struct Field {
    std::string text; // unquoted, without surrounding spaces
    int column = 0;   // 1-based
};

bool isSpace(char c) {
    return c == ' ' || c == '\t';
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

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

Delimiter detect(std::string_view line) {
    if (line.find('\t') != std::string_view::npos) {
        // Columns aligned with tabs and spaces ("1 \t 2  3") are whitespace-separated.
        std::size_t start = 0;
        for (;;) {
            const std::size_t end = std::min(line.find('\t', start), line.size());
            if (trimmed(line.substr(start, end - start)).find(' ') != std::string_view::npos)
                return Delimiter::Whitespace;
            if (end == line.size())
                return Delimiter::Tab;
            start = end + 1;
        }
    }
    if (line.find(';') != std::string_view::npos)
        return Delimiter::Semicolon;
    if (line.find(',') != std::string_view::npos)
        return Delimiter::Comma;
    return Delimiter::Whitespace;
}

[[noreturn]] void tooWide(int lineNumber) {
    throw InputError("line " + std::to_string(lineNumber) + " has more than " +
                     std::to_string(kMaxCsvDimension) + " values (at most " +
                     std::to_string(kMaxCsvDimension) + " columns)");
}

// Stops at kMaxCsvDimension fields, so a huge line never becomes a huge vector.
std::vector<Field> split(std::string_view line, Delimiter delimiter, int lineNumber) {
    std::vector<Field> fields;
    if (delimiter == Delimiter::Whitespace) {
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && isSpace(line[i]))
                ++i;
            const std::size_t start = i;
            while (i < line.size() && !isSpace(line[i]))
                ++i;
            if (i == start)
                continue;
            if (int(fields.size()) == kMaxCsvDimension)
                tooWide(lineNumber);
            fields.push_back({std::string(line.substr(start, i - start)), int(fields.size()) + 1});
        }
        return fields;
    }
    const char sep = delimiter == Delimiter::Tab ? '\t' : delimiter == Delimiter::Comma ? ',' : ';';
    std::size_t i = 0;
    for (;;) {
        const int column = int(fields.size()) + 1;
        if (column > kMaxCsvDimension)
            tooWide(lineNumber);
        while (i < line.size() && line[i] == ' ')
            ++i;
        std::string text;
        if (i < line.size() && line[i] == '"') {
            ++i;
            for (;;) {
                if (i >= line.size())
                    throw InputError(at(lineNumber, column) + "a quote that is never closed");
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        text += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                text += line[i++];
            }
            while (i < line.size() && line[i] == ' ')
                ++i;
            if (i < line.size() && line[i] != sep)
                throw InputError(at(lineNumber, column) + "text after a closing quote");
            text = std::string(trimmed(text));
        } else {
            const std::size_t end = std::min(line.find(sep, i), line.size());
            text = std::string(trimmed(line.substr(i, end - i)));
            i = end;
        }
        fields.push_back({std::move(text), column});
        if (i >= line.size())
            break;
        ++i; // the separator
    }
    return fields;
}

// The lines of the text with their 1-based numbers; LF, CRLF or lone CR end a line.
class Lines {
public:
    explicit Lines(std::string_view text) : text_(text) {
        // Old Mac files end lines with a lone CR; anything with an LF is split on LF.
        crOnly_ = text.find('\n') == std::string_view::npos;
    }
    bool next(std::string_view &line, int &number) {
        if (pos_ > text_.size() || (pos_ == text_.size() && number_ > 0))
            return false;
        const char end = crOnly_ ? '\r' : '\n';
        std::size_t stop = text_.find(end, pos_);
        if (stop == std::string_view::npos)
            stop = text_.size();
        line = text_.substr(pos_, stop - pos_);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        pos_ = stop + 1;
        number = ++number_;
        return true;
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    int number_ = 0;
    bool crOnly_ = false;
};

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
    Delimiter delimiter = Delimiter::Comma;
    bool delimiterKnown = false;
    int cols = 0, rows = 0, firstDataLine = 0;
    Lines lines(text);
    std::string_view line;
    int number = 0;
    while (lines.next(line, number)) {
        const std::string_view content = trimmed(line);
        if (content.empty() || content.front() == '#')
            continue;
        const bool first = !delimiterKnown;
        if (first) {
            delimiterKnown = true;
            if (content.size() == 5 && content.substr(0, 4) == "sep=" &&
                (content[4] == ',' || content[4] == ';' || content[4] == '\t')) {
                delimiter = content[4] == ','   ? Delimiter::Comma
                            : content[4] == ';' ? Delimiter::Semicolon
                                                : Delimiter::Tab;
                continue;
            }
            delimiter = detect(content);
        }
        const std::vector<Field> fields = split(content, delimiter, number);

        // Parse every field first: a first line where nothing is a number is a header.
        std::vector<double> parsed(fields.size());
        std::vector<ParsedNumber> status(fields.size());
        bool anyNumber = false;
        for (std::size_t k = 0; k < fields.size(); ++k) {
            std::string field = fields[k].text;
            // With tabs or semicolons between values, a comma can only be a decimal comma.
            const bool commaFree = delimiter == Delimiter::Semicolon || delimiter == Delimiter::Tab;
            if (commaFree && field.find(',') != std::string::npos &&
                field.find('.') == std::string::npos && field.find(',') == field.rfind(',')) {
                field[field.find(',')] = '.';
                out.decimalComma = true;
            }
            status[k] = parseNumber(field, parsed[k]);
            anyNumber = anyNumber || status[k] != ParsedNumber::Invalid;
        }
        if (!anyNumber && rows == 0 && out.headerLine == 0) {
            out.headerLine = number;
            out.header = shortened(content);
            out.decimalComma = false;
            continue;
        }

        for (std::size_t k = 0; k < fields.size(); ++k) {
            const Field &f = fields[k];
            if (f.text.empty())
                throw InputError(at(number, f.column) + "an empty cell");
            if (status[k] == ParsedNumber::Invalid)
                throw InputError(at(number, f.column) + shown(f.text) + " is not a number");
            if (status[k] == ParsedNumber::OutOfRange)
                throw InputError(at(number, f.column) + shown(f.text) +
                                 " is beyond the range of double-precision numbers");
            if (const std::string problem = numberProblem(parsed[k]); !problem.empty())
                throw InputError(at(number, f.column) + shown(f.text) + " " + problem);
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
        values.insert(values.end(), parsed.begin(), parsed.end());
        ++rows;
    }
    if (rows == 0)
        throw InputError(out.headerLine ? "has a header row but no numbers"
                                        : "holds no numbers (it is empty)");

    out.matrix = Eigen::Map<const Matrix>(values.data(), rows, cols);
    out.delimiter = delimiter == Delimiter::Tab         ? "tab"
                    : delimiter == Delimiter::Semicolon ? "semicolon"
                    : delimiter == Delimiter::Comma     ? "comma"
                                                        : "whitespace";
    return out;
}

} // namespace attn
