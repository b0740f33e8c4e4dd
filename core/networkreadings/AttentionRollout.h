// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "transformer/Run.h"

namespace attn {

// Attention rollout (Abnar & Zuidema 2020, "Quantifying Attention Flow in Transformers"): how
// much of each token's representation after the layers traces back to each input token, if
// attention were all that mixed tokens. Each layer's mixing is
//   R_l = ½·mean_h(w) + ½·I (the residual connection), rows renormalised to sum to 1,
// and rollout = R_{L−1} ··· R_0 (n × n, rows: positions after the layers, columns: input
// tokens). Its limits: it assumes attention mixes linearly and ignores the MLPs and how much
// each value writes (see ValueWeightedNorms.h); on a causal model row 0 is always 1 on itself.
// `layers` < 0 or beyond the run: every layer; otherwise the first `layers` of them (0: I).
Matrix attentionRollout(const Run &run, int layers = -1);

} // namespace attn
