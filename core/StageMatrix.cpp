#include "StageMatrix.h"

#include "InputError.h"

#include <string>

namespace attn {

const std::vector<StageInfo> &stageInfos() {
    static const std::vector<StageInfo> stages = {
        {"X", false, "the query tokens' vectors (input), n x p"},
        {"context", false, "the context's vectors (input; cross-attention only), m x p_c"},
        {"Wq", true, "the query projection of head H (input)"},
        {"Wk", true, "the key projection of head H (input)"},
        {"Wv", true, "the value projection of head H (input)"},
        {"Wo", false, "the output projection (input; only when there is one)"},
        {"Q", true, "queries of head H: X Wq"},
        {"K", true, "keys of head H: X Wk (context Wk in cross-attention)"},
        {"V", true, "values of head H: X Wv (context Wv in cross-attention)"},
        {"scores", true, "Q K^T of head H, unscaled"},
        {"logits", true, "scores / sqrt(d_k) / temperature of head H, masked cells -inf"},
        {"weights", true, "softmax of each row of the logits of head H"},
        {"output", true, "weights V of head H"},
        {"concat", false, "the heads' outputs side by side"},
        {"final", false, "the final output: concat Wo (concat when there is no Wo)"},
    };
    return stages;
}

const StageInfo *findStage(std::string_view name) {
    for (const StageInfo &stage : stageInfos())
        if (name == stage.name)
            return &stage;
    return nullptr;
}

Matrix stageMatrix(const AttentionInputs &inputs, const AttentionResult &result,
                   const StageInfo &stage, Eigen::Index head) {
    const std::string name = stage.name;
    if (stage.perHead) {
        const auto count = Eigen::Index(inputs.heads.size());
        if (head < 0 || head >= count || head >= Eigen::Index(result.heads.size()))
            throw InputError(
                "head " + std::to_string(head) + " is out of range: there " +
                (count == 1 ? "is 1 head" : "are " + std::to_string(count) + " heads") + " (0.." +
                std::to_string(count - 1) + ")");
        const HeadWeights &w = inputs.heads[std::size_t(head)];
        const HeadResult &r = result.heads[std::size_t(head)];
        if (name == "Wq")
            return w.Wq;
        if (name == "Wk")
            return w.Wk;
        if (name == "Wv")
            return w.Wv;
        if (name == "Q")
            return r.Q;
        if (name == "K")
            return r.K;
        if (name == "V")
            return r.V;
        if (name == "scores")
            return r.scores;
        if (name == "logits")
            return r.logits;
        if (name == "weights")
            return r.weights;
        return r.output;
    }
    if (name == "X")
        return inputs.X;
    if (name == "context") {
        if (!inputs.hasContext)
            throw InputError("there is no context: this is self-attention (K and V come from X)");
        return inputs.context;
    }
    if (name == "Wo") {
        if (!inputs.hasWo())
            throw InputError("there is no output projection Wo");
        return inputs.Wo;
    }
    if (name == "concat")
        return result.concat;
    return result.output;
}

} // namespace attn
