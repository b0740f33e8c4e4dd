// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the fuzz targets: a failed round-trip check is a finding (abort, so libFuzzer saves
// the input and the replay test fails), and matrices are compared bit for bit.

#include "Matrix.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace fuzz {

[[noreturn]] inline void finding(const char *what) {
    std::fprintf(stderr, "fuzz finding: %s\n", what);
    std::abort();
}

inline bool sameBits(const attn::Matrix &a, const attn::Matrix &b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           (a.size() == 0 ||
            std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(double)) == 0);
}

} // namespace fuzz
