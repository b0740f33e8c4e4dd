// SPDX-License-Identifier: GPL-3.0-or-later
#include "DelimitedText.h"

#include "InputError.h"
#include "Translate.h"

#include <algorithm>

namespace attn {

namespace {

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

// "line 3, column 2: " before what was found there.
QString atLineColumn(int line, int column, const QString &what) {
    return translate("attn::io", "line %1, column %2: %3").arg(qs(line), qs(column), what);
}

DelimitedText::Delimiter detect(std::string_view line) {
    if (line.find('\t') != std::string_view::npos) {
        // Columns aligned with tabs and spaces ("1 \t 2  3") are whitespace-separated.
        std::size_t start = 0;
        for (;;) {
            const std::size_t end = std::min(line.find('\t', start), line.size());
            if (trimmed(line.substr(start, end - start)).find(' ') != std::string_view::npos)
                return DelimitedText::Delimiter::Whitespace;
            if (end == line.size())
                return DelimitedText::Delimiter::Tab;
            start = end + 1;
        }
    }
    if (line.find(';') != std::string_view::npos)
        return DelimitedText::Delimiter::Semicolon;
    if (line.find(',') != std::string_view::npos)
        return DelimitedText::Delimiter::Comma;
    return DelimitedText::Delimiter::Whitespace;
}

[[noreturn]] void tooWide(int lineNumber) {
    throw InputError(translate("attn::io", "line %1 has more than %2 values (at most %2 columns)")
                         .arg(qs(lineNumber), qs(kMaxCsvDimension)));
}

[[noreturn]] void tooLong(int lineNumber, int column) {
    throw InputError(atLineColumn(
        lineNumber, column,
        translate("attn::io", "a field longer than %1 characters (at most %1): it cannot "
                              "be a number")
            .arg(qs(kMaxCsvFieldLength))));
}

// Stops at kMaxCsvDimension fields, so a huge line never becomes a huge vector.
std::vector<std::string> split(std::string_view line, DelimitedText::Delimiter delimiter,
                               int lineNumber) {
    std::vector<std::string> fields;
    if (delimiter == DelimitedText::Delimiter::Whitespace) {
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
            if (i - start > kMaxCsvFieldLength)
                tooLong(lineNumber, int(fields.size()) + 1);
            fields.emplace_back(line.substr(start, i - start));
        }
        return fields;
    }
    const char sep = delimiter == DelimitedText::Delimiter::Tab     ? '\t'
                     : delimiter == DelimitedText::Delimiter::Comma ? ','
                                                                    : ';';
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
                    throw InputError(atLineColumn(
                        lineNumber, column, translate("attn::io", "a quote that is never closed")));
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        text += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                if (text.size() == kMaxCsvFieldLength)
                    tooLong(lineNumber, column);
                text += line[i++];
            }
            while (i < line.size() && line[i] == ' ')
                ++i;
            if (i < line.size() && line[i] != sep)
                throw InputError(atLineColumn(lineNumber, column,
                                              translate("attn::io", "text after a closing quote")));
            text = std::string(trimmed(text));
        } else {
            const std::size_t end = std::min(line.find(sep, i), line.size());
            const std::string_view field = trimmed(line.substr(i, end - i));
            if (field.size() > kMaxCsvFieldLength)
                tooLong(lineNumber, column);
            text = std::string(field);
            i = end;
        }
        fields.push_back(std::move(text));
        if (i >= line.size())
            break;
        ++i; // the separator
    }
    return fields;
}

} // namespace

DelimitedText::DelimitedText(std::string_view text) : text_(text) {
    // Old Mac files end lines with a lone CR; anything with an LF is split on LF.
    crOnly_ = text.find('\n') == std::string_view::npos;
}

bool DelimitedText::nextLine(std::string_view &line) {
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
    ++number_;
    return true;
}

bool DelimitedText::next(std::vector<std::string> &fields) {
    std::string_view line;
    while (nextLine(line)) {
        content_ = trimmed(line);
        if (content_.empty() || content_.front() == '#')
            continue;
        if (!delimiterKnown_) {
            delimiterKnown_ = true;
            if (content_.size() == 5 && content_.substr(0, 4) == "sep=" &&
                (content_[4] == ',' || content_[4] == ';' || content_[4] == '\t')) {
                delimiter_ = content_[4] == ','   ? Delimiter::Comma
                             : content_[4] == ';' ? Delimiter::Semicolon
                                                  : Delimiter::Tab;
                continue;
            }
            delimiter_ = detect(content_);
        }
        fields = split(content_, delimiter_, number_);
        return true;
    }
    content_ = {};
    return false;
}

const char *DelimitedText::delimiterName() const {
    return delimiter_ == Delimiter::Tab         ? "tab"
           : delimiter_ == Delimiter::Semicolon ? "semicolon"
           : delimiter_ == Delimiter::Comma     ? "comma"
                                                : "whitespace";
}

bool DelimitedText::toDecimalPoint(std::string &field) const {
    if (delimiter_ != Delimiter::Semicolon && delimiter_ != Delimiter::Tab)
        return false;
    const std::size_t comma = field.find(',');
    if (comma == std::string::npos || comma != field.rfind(',') ||
        field.find('.') != std::string::npos)
        return false;
    field[comma] = '.';
    return true;
}

} // namespace attn
