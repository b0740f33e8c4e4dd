// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// At most this many rows and columns in delimited text (a huge line never becomes a huge
// vector).
inline constexpr int kMaxCsvDimension = 4096;

// At most this many characters in one field, checked before the field is copied: a number is
// never longer (a double's shortest exact form has at most 24), a header or label far shorter.
inline constexpr std::size_t kMaxCsvFieldLength = 1024;

// Delimited text (CSV, TSV, numbers separated by spaces) split into fields line by line: the
// one tokenizer behind importing a file (readCsvMatrix) and pasting into the editors, so both
// split text alike.
//
// - Lines end in LF, CRLF or (old Mac) CR. Blank lines and lines starting with '#'
//   (np.savetxt's header) are skipped.
// - The delimiter is taken from the first line that is not skipped: tab if it has one (unless
//   a tab-separated field holds a space: then tabs and spaces align columns), else
//   semicolon, else comma, else runs of spaces and tabs. An Excel "sep=;" first line sets it
//   explicitly (and is skipped).
// - Fields may be quoted ("1.5", with "" for a quote); spaces around fields are ignored.
// next() throws InputError "line L, column C: problem" (both 1-based) for a broken quote, and
// for a line of more than kMaxCsvDimension fields or a field longer than kMaxCsvFieldLength.
class DelimitedText {
public:
    enum class Delimiter { Tab, Semicolon, Comma, Whitespace };

    explicit DelimitedText(std::string_view text);

    // The next line's fields (unquoted, trimmed; field k is column k + 1); false at the end.
    bool next(std::vector<std::string> &fields);
    // The line next() returned last: its 1-based number and its text without surrounding
    // spaces.
    int lineNumber() const { return number_; }
    std::string_view line() const { return content_; }

    Delimiter delimiter() const { return delimiter_; }
    // "comma", "tab", "semicolon" or "whitespace".
    const char *delimiterName() const;

    // With tabs or semicolons between values, a comma can only be a decimal comma (spreadsheets
    // in European locales write "1,5"): rewrites a field's single comma to a point when it
    // holds no point, and says whether it did.
    bool toDecimalPoint(std::string &field) const;

private:
    bool nextLine(std::string_view &line);

    std::string_view text_;
    std::size_t pos_ = 0;
    int number_ = 0;
    bool crOnly_ = false;
    std::string_view content_;
    Delimiter delimiter_ = Delimiter::Comma;
    bool delimiterKnown_ = false;
};

} // namespace attn
