// SPDX-License-Identifier: GPL-3.0-or-later
#include "TextTable.h"

#include <algorithm>

namespace attn {

namespace {

// Terminal columns one code point takes: 2 for East Asian wide characters (CJK, Hangul,
// full-width forms, emoji), 0 for combining accents, 1 otherwise.
std::size_t codePointWidth(char32_t c) {
    if (c >= 0x0300 && c <= 0x036F)
        return 0;
    const bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) ||
                      (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
                      (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
                      (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1FAFF) ||
                      (c >= 0x20000 && c <= 0x3FFFD);
    return wide ? 2 : 1;
}

} // namespace

std::size_t displayWidth(const std::string &text) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        // Length of the UTF-8 sequence from its lead byte; a stray byte counts as one.
        const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
        char32_t c = length == 1 ? byte : byte & (0x7F >> length);
        for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        width += codePointWidth(c);
        i += length;
    }
    return width;
}

void TextTable::addColumn(Align align, int gap) {
    columns_.push_back({align, gap});
}

void TextTable::addRow(std::vector<std::string> cells) {
    rows_.push_back({std::move(cells), {}});
}

void TextTable::addRule(const std::vector<std::size_t> &columns) {
    Row row;
    row.rule = columns;
    if (row.rule.empty()) // no columns listed: a rule across the whole table
        for (std::size_t c = 0; c < columns_.size(); ++c)
            row.rule.push_back(c);
    rows_.push_back(std::move(row));
}

std::string TextTable::render(const std::string &indent) const {
    std::vector<std::size_t> widths(columns_.size(), 0);
    for (const Row &row : rows_)
        for (std::size_t c = 0; c < row.cells.size() && c < widths.size(); ++c)
            widths[c] = std::max(widths[c], displayWidth(row.cells[c]));

    std::string out;
    for (const Row &row : rows_) {
        std::string line = indent;
        for (std::size_t c = 0; c < columns_.size(); ++c) {
            if (c > 0)
                line.append(std::size_t(columns_[c].gap), ' ');
            std::string cell;
            if (!row.rule.empty()) {
                if (std::find(row.rule.begin(), row.rule.end(), c) != row.rule.end())
                    cell.assign(widths[c], '-');
            } else if (c < row.cells.size()) {
                cell = row.cells[c];
            }
            const std::size_t pad = widths[c] - std::min(widths[c], displayWidth(cell));
            if (columns_[c].align == Align::Right)
                line.append(pad, ' ');
            line += cell;
            if (columns_[c].align == Align::Left)
                line.append(pad, ' ');
        }
        line.erase(line.find_last_not_of(' ') + 1);
        out += line;
        out += '\n';
    }
    return out;
}

} // namespace attn
