// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "transformer/Predictions.h"
#include "transformer/Run.h"

#include <vector>

namespace attn {

class Checkpoint;

// The logit lens (nostalgebraist 2020): what a decoder would predict if it stopped after each
// layer. The residual stream after layer l (LayerRun::hidden) goes through the model's final
// norm and LM head (decoderLogits), so the last layer's row is the run's own prediction.
// top[l][i]: the `k` most probable tokens at position i after layer l with their softmax
// probabilities, most probable first, ties by the smaller id (the references'
// analysis.lens_top lists their ids). O(layers·n·d·vocab): a run's LM head once per layer.
struct LogitLens {
    std::vector<std::vector<std::vector<Prediction>>> top;
};

// Throws InputError for BERT (decoderLogits: its layers have no final norm to read them
// through).
LogitLens logitLens(const Checkpoint &checkpoint, const Run &run, int k = 5);

} // namespace attn
