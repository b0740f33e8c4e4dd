// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionRollout.h"
#include "HeadCircuits.h"
#include "HeadScores.h"
#include "LogitLens.h"
#include "ValueWeightedNorms.h"
#include "transformer/Run.h"
#include "transformer/RunSelection.h"

#include <QByteArray>

#include <atomic>
#include <optional>
#include <string>
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
    // [layer][head]; a head left out by the selection has empty norms (the JSON's null).
    std::vector<std::vector<ValueWeightedHead>> norms;
    Matrix rollout; // n × n; empty when rolloutOmitted says why
    std::string rolloutOmitted;
    bool decoder = true; // BERT: no lens
    LogitLens lens;      // decoders only
    // [layer][head]; computed for the selection's heads only (`kept` false elsewhere).
    std::vector<std::vector<HeadCircuit>> circuits;
    std::vector<std::vector<bool>> kept;
    std::vector<std::vector<HeadScores>> scores; // [layer][head], every head
    std::vector<HeadAblation> ablations;         // one per head asked for, in order
};

// All of them for `run` (a run of `checkpoint` without interventions), plus one ablated run per
// (layer, head) of `ablate`. Pure, so a worker thread may compute it: `cancel`, when given, is
// read between the readings and ablated runs, and a cancelled analysis returns nullopt. Throws
// InputError for an ablation out of range (before anything is computed) and as runModel does.
//
// `selection`'s heads (model analyze --heads; every head when it names none) get their value-
// weighted norms and circuits; every head gets its scores. A compact run (RunOptions: a long
// text) works a layer at a time: each layer is recomputed with the chosen heads' weights only,
// the scores are read a block of queries at a time (layerOverview), and the ablated runs are
// compact too, so memory grows with the chosen heads' n × n, not with every head's. The
// rollout, n × n and made of every head's weights, is then left out and rolloutOmitted says so.
std::optional<ModelAnalysis> analyzeRun(const Checkpoint &checkpoint, const Run &run,
                                        const std::vector<std::pair<int, int>> &ablate,
                                        const std::atomic<bool> *cancel = nullptr,
                                        const RunSelection &selection = {});

// The references' analysis layout: {"norms", "rollout", "lens_top" (decoders), "circuits",
// "scores", "ablation"}; eigenvalues as [re, im] pairs, every number as JsonWrite writes it
// (the shortest text that reads back to the same double; NaN as null). A head the selection
// left out is null in "norms" and "circuits"; an omitted rollout is null, with
// "rollout_omitted" saying why.
QByteArray analysisToJson(const ModelAnalysis &analysis);

} // namespace attn
