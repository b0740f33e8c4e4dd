// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

#include <QString>

#include <optional>
#include <span>
#include <string_view>

namespace attn {

// Every matrix of a computation, inputs and results, by one name: the stages view, the figures,
// the editors, the undo commands, the lesson and the CLI all say "which matrix" with it.
// HeadOutput is one head's weights·V; Final is the output after Wo (the concatenation when
// there is no Wo).
enum class Stage {
    X,
    Context,
    Wq,
    Wk,
    Wv,
    Wo,
    Q,
    K,
    V,
    Scores,
    Capped, // the scaled scores soft-capped (only with options.softcap)
    Logits,
    Weights,
    HeadOutput,
    Concat,
    Final
};

// One row of the stage table. The formulas are the stages view's titles, UTF-8, in the row
// layout (tokens are rows) and in the article's column layout; stageFormula (Formula.h) fills in
// their placeholders: {src} (X, or C in cross-attention), {scores} (the product, "QKᵀ" or "KᵀQ"),
// {scale} ("/√d_k" and "/T" as the options make them), {cap} (the soft cap) and {heads} (the
// head count); with a soft cap, the logits' and weights' {scores}{scale} is capped too. The
// formulas that are no stage's title are built from the same pieces in Formula.h.
struct StageInfo {
    Stage stage;
    const char *name;        // attnviz-cli export --stage, session keys: "X", "Wq", "scores"
    const char *fileName;    // exported files and attnviz-cli render --view: "q", "final"
    const char *title;       // an identifier for object names: "Q", "HeadOutput", "Final"
    bool perHead;            // Wq, Wk, Wv and Q … HeadOutput exist once per head
    bool input;              // X, the context, Wq, Wk, Wv and Wo are edited, not computed
    const char *description; // one line for --help
    const char *rowFormula;
    const char *columnFormula;
    const char *unprojectedFormula = nullptr; // Final without a Wo: the concatenation itself
};

// The table, in the order of Stage (and of the computation).
std::span<const StageInfo> stageInfos();
const StageInfo &stageInfo(Stage stage);
// By StageInfo::name (case-sensitive: "Wq", "scores"); nullptr for an unknown name.
const StageInfo *findStage(std::string_view name);
// By StageInfo::fileName; nullptr for an unknown name.
const StageInfo *findStageByFileName(std::string_view fileName);

// Which matrix, with its head for the per-head stages. The head of X, the context, Wo, concat
// and the final output is ignored: {X, 3} == {X, 0}.
struct StageRef {
    Stage stage = Stage::X;
    int head = 0;

    bool isPerHead() const { return stageInfo(stage).perHead; }
    friend bool operator==(const StageRef &a, const StageRef &b) {
        return a.stage == b.stage && (!a.isPerHead() || a.head == b.head);
    }
};

// What a formula's placeholders are filled with (see StageInfo).
struct FormulaContext {
    bool hasContext = false;
    bool scale = true;
    Eigen::Index dk = 0;
    double scaleDim = 0; // the scaling's √scaleDim instead of √d_k (0: d_k)
    double temperature = 1.0;
    double softcap = 0;  // c·tanh(…/c) around the scaled scores (0: none)
    bool qkNorm = false; // Q and K are RMS-normalised projections
    std::size_t heads = 1;
    bool hasWo = true;
    // The biases the projections add (head 0's, like dk): "Q = X·Wq + bq", "… ·Wo + bo".
    bool qBias = false, kBias = false, vBias = false, oBias = false;
};
// The context of these inputs (d_k of head 0).
FormulaContext formulaContext(const AttentionInputs &inputs);

// "X", "context", "Wq", "scores", …: the stage's name, without its head.
QString matrixName(StageRef ref);
// Whether these inputs have the stage at all: the context only in cross-attention, Wo only with
// an output projection, the capped scores only with a soft cap.
bool hasStage(const AttentionInputs &inputs, Stage stage);
// "Wq of head 1" when there are several heads and the stage is per head, matrixName otherwise.
QString matrixDisplayName(StageRef ref, int headCount);
// "X[0][2]" / "Wq of head 1[0][2]": names a cell in messages, indices from 0 like the core.
QString cellName(StageRef ref, int headCount, int row, int col);

// The matrix of `inputs` / `result` (the row layout's result). Throws InputError (a message for
// the user) for a head out of range, the context in self-attention, Wo when there is no
// output projection or the capped scores without a soft cap.
Matrix stageMatrix(const AttentionInputs &inputs, const AttentionResult &result, StageRef ref);

} // namespace attn
