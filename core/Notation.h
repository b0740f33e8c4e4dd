// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>

// How numbers read wherever attnviz shows them. The display styles share one typographic rule
// (a real minus sign "−", exponents without '+' or leading zeros: "1.2e5", "4.5e−5", and "∞",
// "−∞", "NaN") so a value looks the same in a heatmap cell, a tooltip, a formula and a
// caption. The editor styles stay ASCII: what a user types back must parse anywhere. Exact
// text and parsing for files live in NumberText.h, which these build on.
namespace attn::notation {

// ASCII number text ("-1.5e-05", "2e+07") written with the typographic rule: "−1.5e−5",
// "2e7". Only the signs and exponents change; "inf"/"nan" become "∞"/"NaN".
QString typographic(const QString &ascii);

// Heatmap cells: 3 significant digits and at most 4 decimals ("0.0452", "3.95", "123",
// "−0.250"), one-decimal scientific for magnitudes below 5e−5 or from 1e5 ("1.0e−6", "1.2e5").
QString cell(double value);
// Heatmap cells with a chosen number of decimals (0–6; a user's "4 decimals": "3.9492",
// "−0.2500"), scientific with `decimals` digits after the point where fixed text would hide
// the value (nonzero magnitudes below 0.5·10^−decimals, or from 1e5); decimals < 0 = cell(value).
QString cell(double value, int decimals);

// Attention weights, which lie in [0, 1]: fixed decimals as a class reads them ("0.000",
// "0.394", "1.000"), never an exponent (tooltips keep it: precise()) and never "−0.000" (a sum
// of weights that cancels to −1e−17 is 0). decimals < 0 = 3.
QString weight(double value, int decimals = 3);
// The same for a weight written beside numbers it multiplies: a positive weight too small for
// the decimals reads "<0.001", not "0.000", so it never contradicts its nonzero product.
QString weightBeside(double value, int decimals = 3);

// Tooltips: 6 significant digits ("0.333333", "−1.5", "1.23457e7").
QString precise(double value);

// Running text and formulas: `digits` significant digits ("0.3333", "−2", "1.1e−16").
QString number(double value, int digits = 4);

// Editors (ASCII, C locale): at most four decimals, no trailing zeros ("1", "-0.25",
// "0.3333"); tiny or huge magnitudes scientific with 4 digits ("-4e-05", "1e+15") so a nonzero
// value never reads as 0. Never "-0".
QString editor(double value);

// Round-trip exact and locale-independent ("0.1", "1e+20"), for editing and copying: the
// shortest text that reads back as `value` (attn::shortestNumber), "-0" included.
QString exact(double value);

// Plain-text tables (the CLI, ASCII): `decimals` decimals ("0.0300"), magnitudes from 1e9 in
// scientific form so one huge entry does not widen a whole column; never "-0.0000"; "inf",
// "-inf", "nan".
std::string fixed(double value, int decimals);

} // namespace attn::notation
