// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <QString>

#include <optional>

namespace attn::ui {

// How the editors read numbers a user typed or pasted, and write blocks for the clipboard. How
// they show numbers is attn::notation::editor and attn::notation::exact (Notation.h).

// Parses what a user typed or pasted: the C locale first ("2.5", "-1e3", attn::parseNumber),
// then the user's locale ("2,5" in German). A Unicode minus sign counts as '-'. Returns nullopt
// for anything else. NaN and infinity parse (the caller refuses them with a specific message).
// A number beyond the range of a double ("1e400") is nullopt with *outOfRange set: it is a
// number, only too large, and the caller says so; one too small for a double ("1e-400") is 0.
std::optional<double> parseNumber(const QString &text, bool *outOfRange = nullptr);

// A block of numbers as text, rows on lines, cells separated by tabs (what spreadsheets paste),
// each exact (attn::notation::exact).
QString blockText(const attn::Matrix &block);

// Parses a pasted block, split as a file import splits it (attn::DelimitedText: one row per
// line, blank lines skipped, the delimiter of the first line: tabs, else semicolons, else
// commas, else spaces). Refuses ragged rows, non-numbers, NaN/infinity and too-large values with
// a message naming the row and column (from 1, as a spreadsheet user would count).
std::optional<attn::Matrix> parseBlock(const QString &text, QString *error);

} // namespace attn::ui
