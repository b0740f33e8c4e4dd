// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionRollout.h"
#include "HeadCircuits.h"
#include "HeadScores.h"
#include "LogitLens.h"
#include "ValueWeightedNorms.h"
#include "transformer/Run.h"

#include <QByteArray>

#include <atomic>
#include <optional>
#include <utility>
#include <vector>

namespace attn {

class Checkpoint;

// The last position's logits of a run with one head's output zeroed (Intervention::zero).
struct HeadAblation {
    int layer = 0, head = 0;
    RowVector lastLogits;
};

// Every reading of one run, as `attnviz-cli model analyze` writes them and the references'
// analysis section holds them.
struct ModelAnalysis {
    std::vector<std::vector<ValueWeightedHead>> norms; // [layer][head]
    Matrix rollout;                                    // n × n
    bool decoder = true;                               // BERT: no lens
    LogitLens lens;                                    // decoders only
    std::vector<std::vector<HeadCircuit>> circuits;    // [layer][head]
    std::vector<std::vector<HeadScores>> scores;       // [layer][head]
    std::vector<HeadAblation> ablations;               // one per head asked for, in order
};

// All of them for `run` (a run of `checkpoint` without interventions), plus one ablated run per
// (layer, head) of `ablate`. Pure, so a worker thread may compute it: `cancel`, when given, is
// read between the readings and ablated runs, and a cancelled analysis returns nullopt. Throws
// InputError for an ablation out of range (before anything is computed) and as runModel does.
std::optional<ModelAnalysis> analyzeRun(const Checkpoint &checkpoint, const Run &run,
                                        const std::vector<std::pair<int, int>> &ablate,
                                        const std::atomic<bool> *cancel = nullptr);

// The references' analysis layout: {"norms", "rollout", "lens_top" (decoders), "circuits",
// "scores", "ablation"}; eigenvalues as [re, im] pairs, every number as JsonWrite writes it
// (the shortest text that reads back to the same double; NaN as null).
QByteArray analysisToJson(const ModelAnalysis &analysis);

} // namespace attn
