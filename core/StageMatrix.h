#pragma once

#include "Attention.h"

#include <string_view>
#include <vector>

namespace attn {

// The matrices of a computation that can be named for export (attnviz-cli export --stage):
// the inputs X, context, Wq, Wk, Wv, Wo; per head Q, K, V, scores, logits, weights, output;
// and concat and final (the output after Wo). Wq, Wk, Wv and the per-head results take a head.
struct StageInfo {
    const char *name;
    bool perHead;
    const char *description; // one line for --help
};

const std::vector<StageInfo> &stageInfos();
// nullptr for an unknown name (names are case-sensitive: "Wq", "scores").
const StageInfo *findStage(std::string_view name);

// The named matrix of `inputs` / `result` (the row layout's result). Throws InputError (a
// message for the user) for a head out of range, "context" in self-attention or "Wo" when
// there is no output projection.
Matrix stageMatrix(const AttentionInputs &inputs, const AttentionResult &result,
                   const StageInfo &stage, Eigen::Index head = 0);

} // namespace attn
