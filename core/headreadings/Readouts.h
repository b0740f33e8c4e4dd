// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <vector>

// What one query's weights say at a glance: they add up to 1, how spread they are (entropy:
// 0 for a one-hot row, ln m for a uniform one; exp(entropy) reads as "how many keys it
// effectively looks at") and where the largest one is.
struct RowReadout {
    double sum = 0;
    double entropy = 0; // nats: −Σ w ln w over the non-zero weights
    double maxWeight = 0;
    int argmax = -1;     // the key with the largest weight; -1 when every key is masked
    int visibleKeys = 0; // keys not masked for this query
    bool tie = false;    // another key has the same largest weight (to 1e−12)
    bool allMasked() const { return visibleKeys == 0; }
};

// One readout per row of `weights` (row layout: queries × keys). `masked` may be empty.
std::vector<RowReadout> rowReadouts(const attn::Matrix &weights, const attn::Mask &masked);
RowReadout rowReadout(const attn::RowVector &weights, const std::vector<bool> &masked = {});

inline constexpr double kNatsPerBit = 0.69314718055994530942; // ln 2
