// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "transformer/Run.h"

#include <QByteArray>

#include <cstdint>
#include <vector>

namespace attn {

// Two files of one model on the same ids (F16 and Q4_K_M, or a safetensors folder and a GGUF):
// how far each head's attention and each layer's residual stream moved, and how far the
// predictions shifted (`model compare`). Identical runs give zeros everywhere.
struct HeadComparison {
    double maxAbsWeightDiff = 0; // max over cells of |a_B − a_A|
    double jsDivergence = 0;     // mean over query rows of JS(a_A row, a_B row), natural log
};

struct LayerComparison {
    double residualRelDiff = 0; // ‖h_B − h_A‖ / ‖h_A‖ of the residual after the layer
    std::vector<HeadComparison> heads;
};

struct RunComparison {
    std::vector<LayerComparison> layers;
    double finalKl = 0; // mean over positions of KL(p_A ‖ p_B), the next-token distributions
    double top1Agreement = 0; // the fraction of positions where both predict the same token
    std::vector<std::int64_t> top1A, top1B; // each position's most probable next token
};

// Throws InputError when the runs are not of models of the same shape on the same ids.
RunComparison compareRuns(const Run &a, const Run &b);

// The JSON of `model compare --json`: {"layers": [{"residual_rel_diff", "heads":
// [{"max_abs_weight_diff", "js_divergence"}]}], "final_kl", "top1_agreement"}.
QByteArray comparisonJson(const RunComparison &c);

} // namespace attn
