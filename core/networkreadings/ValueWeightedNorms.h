// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>

#include "Matrix.h"
#include "transformer/Run.h"

#include <vector>

namespace attn {

class Checkpoint;

// Value-weighted attention (Kobayashi et al. 2020, "Attention is not only a weight"): how much
// of what query i reads comes from key j, as a length in the residual stream:
//   norms(i, j) = ‖w_ij · (v_j · Wo_h)‖ = w_ij · ‖v_j · Wo_h‖,
// v_j the head's value of token j with its bias, Wo_h the head's rows of the output
// projection, and the output bias left out (no token brings it). A sink that draws most of the
// weight often writes little: its value norm is small.
struct ValueWeightedHead {
    Matrix norms;         // n × n, as the head's weights (causal: masked cells 0)
    RowVector valueNorms; // 1 × n: ‖v_j · Wo_h‖ of each key j
};

// One head of `run` (a run of `checkpoint`). Throws InputError for a layer or head out of range.
ValueWeightedHead valueWeightedHead(const Checkpoint &checkpoint, const Run &run, int layer,
                                    int head);
// The same from the head's own run (`h` is head `head` of layer `layer`, with its weights): a
// compact run's head as expandLayer recomputes it.
ValueWeightedHead valueWeightedHead(const Checkpoint &checkpoint, const HeadRun &h, int layer,
                                    int head);

// Every head of layer `layer` of a compact run (a long text; a full run works too) without any
// n × n: each head's norms reduced to the largest of each block of cells (at most `cells`
// blocks a side, as HeadOverview's maxima, NaN where causally masked) in `norms`, and its
// valueNorms whole. The layer is recomputed once (expandLayer) and each head's weights derived
// a block of queries at a time. Empty when `cancel` is set before it is done.
std::vector<ValueWeightedHead>
layerValueWeightedOverview(const Checkpoint &checkpoint, const Run &run, int layer, int cells,
                           const std::atomic<bool> *cancel = nullptr);

// Every head, [layer][head] (the references' analysis.norms): O(layers·heads·n·head_dim·d).
std::vector<std::vector<ValueWeightedHead>> valueWeightedNorms(const Checkpoint &checkpoint,
                                                               const Run &run);

} // namespace attn
