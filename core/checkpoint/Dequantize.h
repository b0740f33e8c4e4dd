// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TensorView.h"

#include <cstdint>

namespace attn {

// ggml's quantized blocks (ggml-common.h) as doubles. Each value is what ggml's
// dequantize_row_* gives in float: the arithmetic is done in double, where every product and
// sum of these formats is exact, then rounded to float once where ggml rounds (Q4_1's
// x·d + m, the K types' d·sc·q − dmin·m), so the double is ggml's float exactly.
//
// `blocks` whole blocks from p (unaligned, little-endian) into out (blocks × blockValues);
// returns whether every value is finite and at most kMaxAbsInput in magnitude.
bool dequantizeBlocks(TensorDtype dtype, const unsigned char *p, std::int64_t blocks, double *out);

} // namespace attn
