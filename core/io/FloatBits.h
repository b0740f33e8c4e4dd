// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace attn {

// IEEE half precision (binary16) as a double: exact, subnormals and ±0 included.
inline double halfToDouble(std::uint16_t h) {
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    double v = 0;
    if (exponent == 0)
        v = std::ldexp(mantissa, -24);
    else if (exponent == 31)
        v = mantissa ? std::numeric_limits<double>::quiet_NaN()
                     : std::numeric_limits<double>::infinity();
    else
        v = std::ldexp(mantissa + 1024, exponent - 25);
    return (h & 0x8000) ? -v : v;
}

// bfloat16 (the upper half of a binary32) as a double: exact.
inline double bfloat16ToDouble(std::uint16_t b) {
    return double(std::bit_cast<float>(std::uint32_t(b) << 16));
}

} // namespace attn
