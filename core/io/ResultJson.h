// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

#include <string>

namespace attn {

// The result as one JSON object with the layout of the reference cases' "expected":
// {"heads": [{"Q", "K", "V", "scores", "logits", "weights", "output"}], "concat", "output"},
// plus "layout" and "warnings". Masked logits are null. Doubles are written in the shortest form
// that reads back to the same double (std::to_chars), i.e. at most 17 significant digits.
std::string resultToJson(const AttentionResult &result);

// A matrix as a JSON array of rows, one row per line indented by `indent` (what resultToJson
// writes for each matrix).
void appendJsonMatrix(std::string &out, const Matrix &m, const std::string &indent);

// One double as JSON text: shortest round-trip form; null for NaN and ±∞.
std::string jsonNumber(double value);

} // namespace attn
