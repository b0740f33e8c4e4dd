// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <string>

// How numbers read wherever attnviz shows them. The display styles share one typographic rule
// (a real minus sign "−", and "∞", "−∞", "NaN") so a value looks the same in a heatmap cell, a
// tooltip, a formula and a caption. What a class reads has fixed decimals, never an exponent
// (students read "1.6e−20" as 1.6): a magnitude too small for the decimals is written as its
// bound, "≤ 0.0001" (a negative one "≥ −0.0001"; in cells without the space: "≤0.0001"), and
// only magnitudes from 1e15 keep an exponent ("1.2e15"). Never "<": Qt's rich text, where
// lessons and derivations are shown, takes it for a tag. The editor styles stay ASCII: what a user
// types back must parse anywhere. Exact text and parsing for files live in NumberText.h, which
// these build on.
namespace attn::notation {

// ASCII number text ("-1.5e-05", "2e+07") written with the typographic rule: "−1.5e−5",
// "2e7". Only the signs and exponents change; "inf"/"nan" become "∞"/"NaN".
QString typographic(const QString &ascii);

// Heatmap cells: 3 significant digits and at most 4 decimals ("0.0452", "3.95", "123",
// "−0.250", "123457"); magnitudes below 5e−5 "≤0.0001" or "≥−0.0001".
QString cell(double value);
// Heatmap cells with a chosen number of decimals (0–6; a user's "4 decimals": "3.9492",
// "−0.2500"); a nonzero magnitude the decimals would round to 0 reads "≤0.01" (2 decimals);
// decimals < 0 = cell(value).
QString cell(double value, int decimals);

// Heatmap cells too narrow for cell() (11 tokens on a projector): 2 significant digits and at
// most 2 decimals ("94", "−7.2", "0.81", "0.05"), "0.00" below 0.005 as the weights read; the
// tooltip has the rest.
QString compactCell(double value);

// Cells narrower still (12 tokens on a projector's 1024 pixels): at most four characters with
// the sign, one decimal below 10 and none above ("−29", "7.5", "−0.6", "0.0"), never an
// exponent (a magnitude of 10,000 or more is written whole, and then does not fit).
QString tightCell(double value);

// Attention weights, which lie in [0, 1]: fixed decimals as a class reads them ("0.000",
// "0.394", "1.000"), never an exponent (tooltips keep it: precise()) and never "−0.000" (a sum
// of weights that cancels to −1e−17 is 0). decimals < 0 = 3.
QString weight(double value, int decimals = 3);
// The same for a weight written beside numbers it multiplies: a positive weight too small for
// the decimals reads "≤0.001", not "0.000", so it never contradicts its nonzero product.
QString weightBeside(double value, int decimals = 3);

// The terms of a sum as a class writes it: "0.3·2 − 0.949·(0.5) + 1", never "+ −0.949" (a term
// that starts with a minus sign is subtracted instead).
QString sum(const QStringList &terms);

// Tooltips: 6 significant digits ("0.333333", "−1.5", "12345678", "0.000123").
QString precise(double value);

// Running text and formulas: `digits` significant digits as fixed decimals ("0.3333", "−2",
// "20988200", "0.000123"), "≤ 0.0001" for 1.1e−16.
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
