// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"

#include <vector>

namespace attn {

// Masks and biases beyond the causal mask, as long-context models use them (row layout: query i,
// key j; positions are the indices, as for the causal mask).

// The sliding window: query i sees keys i − window … i − 1, itself when windowSelf, and the first
// globalTokens keys; a query among the first globalTokens sees every key (global tokens attend
// everywhere and are attended to by all). n × m, true = masked; empty (0×0) when window is 0.
Mask slidingWindowMask(const AttentionOptions &options, Eigen::Index n, Eigen::Index m);
// Whether the window lets query i see key j (true when there is no window).
bool windowSees(const AttentionOptions &options, Eigen::Index i, Eigen::Index j);

// ALiBi's standard slope of head h (0-based) of H: 2^(−8(h+1)/H), so the heads' slopes run from
// 2^(−8/H) down to 2^(−8).
double standardAlibiSlope(std::size_t head, std::size_t heads);
// The slope each head uses: options.alibiSlopes, or the standard ones when it is empty.
std::vector<double> alibiSlopes(const AttentionOptions &options, std::size_t heads);
// slope·(j − i): 0 on the diagonal, a penalty growing linearly with the distance to earlier keys.
Matrix alibiBias(double slope, Eigen::Index n, Eigen::Index m);
// What head `head` adds to its logits (n × m): ALiBi's bias, or empty (0×0) without ALiBi.
Matrix headBias(const AttentionInputs &inputs, std::size_t head);

} // namespace attn
