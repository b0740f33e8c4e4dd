// SPDX-License-Identifier: GPL-3.0-or-later
#include "NumberText.h"

#include "Matrix.h"
#include "Translate.h"

#include <charconv>
#include <cmath>

namespace attn {

std::string shortestNumber(double value) {
    if (std::isnan(value))
        return "nan";
    char buffer[32];
    // 32 characters always suffice for a double ("-2.2250738585072014e-308" is 24).
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

ParsedNumber parseNumber(std::string_view text, double &value) {
    // from_chars takes no leading '+', which spreadsheets and np.savetxt("%+f") may write.
    if (text.size() > 1 && text[0] == '+' && text[1] != '-')
        text.remove_prefix(1);
    if (text.empty())
        return ParsedNumber::Invalid;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ptr != text.data() + text.size())
        return ParsedNumber::Invalid;
    if (result.ec == std::errc::result_out_of_range)
        return ParsedNumber::OutOfRange;
    return result.ec == std::errc() ? ParsedNumber::Ok : ParsedNumber::Invalid;
}

std::string numberProblem(double value) {
    if (!std::isfinite(value))
        return translate("attn::inputs", "is not a finite number (%1)")
            .arg(qs(shortestNumber(value)))
            .toStdString();
    if (std::abs(value) > kMaxAbsInput)
        return translate("attn::inputs", "is too large: %1 (values must lie within ±1e15)")
            .arg(qs(shortestNumber(value)))
            .toStdString();
    return {};
}

} // namespace attn
