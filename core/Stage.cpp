// SPDX-License-Identifier: GPL-3.0-or-later
#include "Stage.h"

#include "InputError.h"
#include "Notation.h"
#include "Translate.h"

#include <cmath>
#include <string>

namespace attn {

namespace {

// ᵀ, · and ↓ (the softmax runs down each column) in UTF-8, for the formulas below.
#define T_ "\u1d40"
#define DOT "\u00b7"

// The one table. Names, file names and descriptions are formats (tests, sessions and scripts
// read them): change them only together with their readers.
constexpr StageInfo kStages[] = {
    {Stage::X, "X", "X", "X", false, true, "the query tokens' vectors (input), n x p", "X", "X" T_},
    {Stage::Context, "context", "context", "Context", false, true,
     "the context's vectors (input; cross-attention only), m x p_c", "C", "C" T_},
    {Stage::Wq, "Wq", "Wq", "Wq", true, true, "the query projection of head H (input)", "Wq",
     "Wq" T_},
    {Stage::Wk, "Wk", "Wk", "Wk", true, true, "the key projection of head H (input)", "Wk",
     "Wk" T_},
    {Stage::Wv, "Wv", "Wv", "Wv", true, true, "the value projection of head H (input)", "Wv",
     "Wv" T_},
    {Stage::Wo, "Wo", "Wo", "Wo", false, true,
     "the output projection (input; only when there is one)", "Wo", "Wo" T_},
    {Stage::Q, "Q", "q", "Q", true, false, "queries of head H: X Wq", "Q = X" DOT "Wq",
     "Q = Wq" T_ DOT "X" T_},
    {Stage::K, "K", "k", "K", true, false, "keys of head H: X Wk (context Wk in cross-attention)",
     "K = {src}" DOT "Wk", "K = Wk" T_ DOT "{src}" T_},
    {Stage::V, "V", "v", "V", true, false, "values of head H: X Wv (context Wv in cross-attention)",
     "V = {src}" DOT "Wv", "V = Wv" T_ DOT "{src}" T_},
    {Stage::Scores, "scores", "scores", "Scores", true, false, "Q K^T of head H, unscaled",
     "scores {scores}", "scores {scores}"},
    {Stage::Capped, "capped", "capped", "Capped", true, false,
     "c tanh(scores / sqrt(d_k) / c) of head H: soft-capped (only with a soft cap c)",
     "capped {cap}" DOT "tanh({scores}{scale}/{cap})",
     "capped {cap}" DOT "tanh({scores}{scale}/{cap})"},
    {Stage::Logits, "logits", "logits", "Logits", true, false,
     "scores / sqrt(d_k) / temperature of head H, masked cells -inf", "logits {scores}{scale}",
     "logits {scores}{scale}"},
    {Stage::Weights, "weights", "weights", "Weights", true, false,
     "softmax of each row of the logits of head H", "softmax({scores}{scale})",
     "softmax\u2193({scores}{scale})"},
    {Stage::HeadOutput, "output", "output", "HeadOutput", true, false, "weights V of head H",
     "output softmax(\u2026)" DOT "V", "output V" DOT "softmax\u2193(\u2026)"},
    {Stage::Concat, "concat", "concat", "Concat", false, false, "the heads' outputs side by side",
     "concat of {heads} heads", "concat of {heads} heads"},
    {Stage::Final, "final", "final", "Final", false, false,
     "the final output: concat Wo (concat when there is no Wo)", "output concat" DOT "Wo",
     "output Wo" T_ DOT "concat", "output = concat"},
};

#undef T_
#undef DOT

static_assert(std::size(kStages) == std::size_t(Stage::Final) + 1, "one row per stage");

} // namespace

std::span<const StageInfo> stageInfos() {
    return kStages;
}

const StageInfo &stageInfo(Stage stage) {
    return kStages[std::size_t(stage)];
}

const StageInfo *findStage(std::string_view name) {
    for (const StageInfo &info : kStages)
        if (name == info.name)
            return &info;
    return nullptr;
}

const StageInfo *findStageByFileName(std::string_view fileName) {
    for (const StageInfo &info : kStages)
        if (fileName == info.fileName)
            return &info;
    return nullptr;
}

FormulaContext formulaContext(const AttentionInputs &inputs) {
    FormulaContext c;
    c.hasContext = inputs.hasContext;
    c.scale = inputs.options.scale;
    c.dk = inputs.heads.empty() ? 0 : inputs.heads.front().Wq.cols();
    c.temperature = inputs.options.temperature;
    c.scaleDim = inputs.options.scaleDim;
    c.softcap = inputs.options.softcap;
    c.qkNorm = inputs.options.qkNorm;
    c.heads = inputs.heads.size();
    c.hasWo = inputs.hasWo();
    if (!inputs.heads.empty()) {
        const HeadWeights &w = inputs.heads.front();
        c.qBias = w.bq.size() > 0;
        c.kBias = w.bk.size() > 0;
        c.vBias = w.bv.size() > 0;
    }
    c.oBias = inputs.bo.size() > 0;
    return c;
}

QString matrixName(StageRef ref) {
    return QString::fromLatin1(stageInfo(ref.stage).name);
}

bool hasStage(const AttentionInputs &inputs, Stage stage) {
    switch (stage) {
    case Stage::Context:
        return inputs.hasContext;
    case Stage::Wo:
        return inputs.hasWo();
    case Stage::Capped:
        return inputs.options.softcap > 0;
    default:
        return true;
    }
}

QString matrixDisplayName(StageRef ref, int headCount) {
    if (ref.isPerHead() && headCount > 1)
        // In the interface's language ("Wq von Kopf 0"); English without a translator.
        return translate("attn::inputs", "%1 of head %2").arg(matrixName(ref)).arg(ref.head);
    return matrixName(ref);
}

QString cellName(StageRef ref, int headCount, int row, int col) {
    return QStringLiteral("%1[%2][%3]").arg(matrixDisplayName(ref, headCount)).arg(row).arg(col);
}

Matrix stageMatrix(const AttentionInputs &inputs, const AttentionResult &result, StageRef ref) {
    if (ref.isPerHead()) {
        const auto count = Eigen::Index(inputs.heads.size());
        const Eigen::Index head = ref.head;
        if (head < 0 || head >= count || head >= Eigen::Index(result.heads.size()))
            throw InputError(
                count == 1
                    ? translate("attn::inputs", "head %1 is out of range: there is 1 head (0..0)")
                          .arg(qs(head))
                    : translate("attn::inputs",
                                "head %1 is out of range: there are %2 heads (0..%3)")
                          .arg(qs(head), qs(count), qs(count - 1)));
    }
    const auto h = std::size_t(std::max(ref.head, 0));
    switch (ref.stage) {
    case Stage::X:
        return inputs.X;
    case Stage::Context:
        if (!inputs.hasContext)
            throw InputError(
                translate("attn::inputs",
                          "there is no context: this is self-attention (K and V come from X)"));
        return inputs.context;
    case Stage::Wq:
        return inputs.heads[h].Wq;
    case Stage::Wk:
        return inputs.heads[h].Wk;
    case Stage::Wv:
        return inputs.heads[h].Wv;
    case Stage::Wo:
        if (!inputs.hasWo())
            throw InputError(translate("attn::inputs", "there is no output projection Wo"));
        return inputs.Wo;
    case Stage::Q:
        return result.heads[h].Q;
    case Stage::K:
        return result.heads[h].K;
    case Stage::V:
        return result.heads[h].V;
    case Stage::Scores:
        return result.heads[h].scores();
    case Stage::Capped:
        if (!hasStage(inputs, Stage::Capped))
            throw InputError(translate("attn::inputs",
                                       "there is no soft cap: the logits are the scaled scores"));
        return result.heads[h].capped();
    case Stage::Logits:
        return result.heads[h].logits();
    case Stage::Weights:
        return result.heads[h].weights();
    case Stage::HeadOutput:
        return result.heads[h].output;
    case Stage::Concat:
        return result.concat();
    case Stage::Final:
        return result.output();
    }
    return {};
}

} // namespace attn
