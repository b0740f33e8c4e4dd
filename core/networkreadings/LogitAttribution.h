// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "transformer/Run.h"

#include <QByteArray>

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

class Checkpoint;

// Direct logit attribution: the logit of one token at one position of a decoder's run split
// into what each part of the model writes into the residual stream there, read through the
// final norm frozen at that position (its scale, and LayerNorm's centring, taken from the
// whole residual stream, as TransformerLens's ln_final.hook_scale freezes it) and the token's
// row of the LM head. With the norm frozen the map is linear, so the parts add up to the logit:
//   embeddings + Σ heads + Σ attention output biases + Σ MLPs + the final norm's and the LM
//   head's biases = the logit (to rounding).
// Gemma's sandwich norms (a norm of each sublayer's output before the sum) are frozen at the
// position too, so its heads split exactly as well. A soft-capped logit is not a sum: the
// parts add up to the logit before the cap, and `cappedLogit` is the run's.
struct LogitAttribution {
    std::int64_t target = 0;
    std::int64_t position = 0;
    double logit = 0;       // before the final soft cap
    double cappedLogit = 0; // the run's logit (equal to `logit` without a cap)
    double embeddings = 0;  // token (and position) embeddings
    struct Layer {
        std::vector<double> heads; // each head's output through its rows of W_O
        double attentionBias = 0;  // the output projection's bias
        double mlp = 0;            // the MLP's output, its biases included
    };
    std::vector<Layer> layers;
    double finalBias = 0; // the final LayerNorm's bias and the LM head's bias, through the row
    double sum = 0;       // of every part above
    std::vector<std::string> caveats; // what the reader should know (the frozen norm, the cap)
};

// Throws InputError for an encoder (BERT: post-norm layers, no final norm), a target outside
// the vocabulary, a position outside the run.
LogitAttribution attributeLogit(const Checkpoint &checkpoint, const Run &run, std::int64_t target,
                                std::int64_t position);

// {"target", "target_token", "position", "logit", "capped_logit" (with a cap), "sum",
//  "embeddings", "layers": [{"heads": […], "attn_bias", "mlp"}], "final_bias", "caveats"}.
QByteArray attributionToJson(const LogitAttribution &a, const std::string &targetToken);

} // namespace attn
