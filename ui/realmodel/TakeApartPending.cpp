// SPDX-License-Identifier: GPL-3.0-or-later
// TEMPORARY, this branch only (see TakeApartPending.h): X is the identity and Wq, Wk, Wv the
// run's q, k and v, so the workbench's weights are the run's; main's version replaces it.
#include "TakeApartPending.h"

#include "InputError.h"
#include "Limits.h"

namespace attn {

std::string layerTooLarge(const ModelConfig &config, std::int64_t tokens) {
    if (config.heads > kMaxHeads)
        return "the layer has " + std::to_string(config.heads) + " heads, attnviz shows at most " +
               std::to_string(kMaxHeads);
    if (tokens * tokens + 3 * tokens * config.headDim * config.heads > kMaxInputValues)
        return "the layer's inputs would be more numbers than attnviz edits";
    return {};
}

AttentionInputs takeApart(const Checkpoint &checkpoint, const Run &run,
                          const std::vector<std::string> &tokens, int layer, int head) {
    if (layer < 0 || layer >= int(run.layers.size()))
        throw InputError("no layer " + std::to_string(layer));
    const LayerRun &l = run.layers[std::size_t(layer)];
    if (head < 0) {
        const std::string why = layerTooLarge(checkpoint.config(), std::int64_t(tokens.size()));
        if (!why.empty())
            throw InputError(why);
    } else if (head >= int(l.heads.size())) {
        throw InputError("no head " + std::to_string(head));
    }
    AttentionInputs in;
    in.tokens = tokens;
    const Eigen::Index n = l.x.rows();
    in.X = Matrix::Identity(n, n);
    for (int h = 0; h < int(l.heads.size()); ++h)
        if (head < 0 || h == head) {
            const HeadRun &r = l.heads[std::size_t(h)];
            in.heads.push_back({r.q, r.k, r.v, -1});
        }
    in.options.causal = checkpoint.config().decoder();
    validate(in);
    return in;
}

} // namespace attn
