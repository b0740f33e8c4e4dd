#pragma once

#include "Matrix.h"

#include <QString>

#include <optional>

// How the editors show and read numbers. Kept in one place so the table, copy/paste and the
// messages agree on what "1.5" means.

// For the cells: at most four decimals, no trailing zeros ("1", "-0.25", "0.3333"); tiny or huge
// magnitudes in scientific notation so a nonzero value never reads as 0.
QString compactNumber(double value);

// Round-trip exact and locale-independent ("0.1", "1e+20"): editing, copying, tooltips.
QString exactNumber(double value);

// Parses what a user typed or pasted: the C locale first ("2.5", "-1e3"), then the user's locale
// ("2,5" in German). A Unicode minus sign counts as '-'. Returns nullopt for anything else. NaN
// and infinity parse (the caller refuses them with a specific message).
std::optional<double> parseNumber(const QString &text);

// A block of numbers as text, rows on lines, cells separated by tabs (what spreadsheets paste).
QString blockText(const attn::Matrix &block);

// Parses a pasted block: one row per line (blank lines at the ends ignored), cells separated by
// tabs, or else by semicolons, or else by commas and/or spaces. Refuses ragged rows, non-numbers,
// NaN/infinity and too-large values with a message naming the row and column (from 1, as a
// spreadsheet user would count).
std::optional<attn::Matrix> parseBlock(const QString &text, QString *error);
