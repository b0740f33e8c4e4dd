// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include "transformer/Run.h"
#include <atomic>
#include <functional>

namespace attn {

class Checkpoint;

// Attention rollout (Abnar & Zuidema 2020, "Quantifying Attention Flow in Transformers"): how
// much of each token's representation after the layers traces back to each input token, if
// attention were all that mixed tokens. Each layer's mixing is
//   R_l = ½·mean_h(w) + ½·I (the residual connection), rows renormalised to sum to 1,
// and rollout = R_{L−1} ··· R_0 (n × n, rows: positions after the layers, columns: input
// tokens). Its limits: it assumes attention mixes linearly and ignores the MLPs and how much
// each value writes (see ValueWeightedNorms.h); on a causal model row 0 is always 1 on itself.
// `layers` < 0 or beyond the run: every layer; otherwise the first `layers` of them (0: I).
Matrix attentionRollout(const Run &run, int layers = -1);

// The rollout through layers 0 … l for every l, each reduced to the largest of each block of
// cells (at most `cells` blocks a side, as HeadOverview's maxima; NaN where causally masked),
// for a compact run (a long text; a full run works too): each layer's mixing is summed from
// its heads' weights a block of queries at a time (expandLayer, weightRows), so memory is three
// n × n matrices whatever the number of heads, and time is one n × n × n product a layer.
// `progress`, when given, is called after each layer with how many are done. Empty when
// `cancel` is set before the end. Throws InputError (a NaN weight).
std::vector<Matrix> rolloutOverview(const Checkpoint &checkpoint, const Run &run, int cells,
                                    const std::atomic<bool> *cancel = nullptr,
                                    const std::function<void(int)> &progress = {});

} // namespace attn
