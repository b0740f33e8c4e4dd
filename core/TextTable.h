// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace attn {

// A plain-text table whose columns line up in a terminal. Widths are terminal columns of the
// UTF-8 text (displayWidth), so "Σ", "ᵀ" or non-ASCII token labels do not throw it off.
class TextTable {
public:
    enum class Align { Left, Right };

    // Adds a column; `gap` spaces separate it from the column before (ignored for the first).
    void addColumn(Align align, int gap = 2);
    std::size_t columnCount() const { return columns_.size(); }

    // Cells beyond the row's size are blank.
    void addRow(std::vector<std::string> cells);
    // A row of dashes as wide as each listed column (other columns blank; none listed = all).
    void addRule(const std::vector<std::size_t> &columns);

    // Every line starts with `indent`; trailing spaces are dropped.
    std::string render(const std::string &indent = "") const;

private:
    struct Column {
        Align align;
        int gap;
    };
    struct Row {
        std::vector<std::string> cells;
        std::vector<std::size_t> rule; // non-empty: a rule row
    };
    std::vector<Column> columns_;
    std::vector<Row> rows_;
};

// Terminal columns a UTF-8 string takes: one per code point, two for East Asian wide ones.
std::size_t displayWidth(const std::string &text);

} // namespace attn
