// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TensorView.h"

#include <cstdint>

namespace attn {

// count values of `dtype` from p (unaligned, little-endian) into out as doubles, exactly;
// returns whether every one is finite and at most kMaxAbsInput in magnitude (the caller then
// looks for the one that is not, to name it). The forward pass widens every weight of a model
// once per run (1.1 billion of them for a 1.1 B model), which a scalar loop made a third of
// the run: the widest path this CPU has is chosen at run time (AVX-512, AVX2 + F16C), the
// binary itself staying at the SSE2 baseline. Every path gives the same bits (the conversions
// are exact).
bool widenValues(TensorDtype dtype, const unsigned char *p, std::int64_t count, double *out);

// The paths, for tests that check each one this CPU can run against the portable loop.
enum class WidenPath { Portable, Avx2, Avx512 };
bool widenPathAvailable(WidenPath path);
bool widenValues(WidenPath path, TensorDtype dtype, const unsigned char *p, std::int64_t count,
                 double *out);

} // namespace attn
