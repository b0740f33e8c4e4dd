#pragma once

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

// The user-facing reason a finite-looking value cannot go into a cell, or "" if it can.
QString valueProblem(double value);
