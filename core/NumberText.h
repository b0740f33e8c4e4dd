// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace attn {

// Numbers as text for the import and export formats, independent of the C locale.

// The shortest text that reads back as exactly `value` (std::to_chars): "0.1", "2", "1e+20",
// "-0", "5e-324"; "inf", "-inf" and "nan" (never "-nan") for the non-finite values.
std::string shortestNumber(double value);

// Reads the whole of `text` as a decimal number ("1.5", "-2e-3", "+4", ".5", "inf", "nan").
// Invalid when any of it is not part of the number; OutOfRange for "1e400" or "1e-400".
enum class ParsedNumber { Ok, Invalid, OutOfRange };
ParsedNumber parseNumber(std::string_view text, double &value);

// Why `value` cannot be an input of attnviz, for every entry point (cells, pastes, files,
// validation): "is not a finite number (nan)", "is not a finite number (-inf)", "is too large:
// 2e+15 (values must lie within ±1e15)"; empty when it can.
std::string numberProblem(double value);

} // namespace attn
