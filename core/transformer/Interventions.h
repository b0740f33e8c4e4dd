// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "Run.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct ModelConfig;

// One edit of a forward pass, applied while the pass runs (runModel); the checkpoint is never
// modified, so removing the edit gives back the run it had, bit for bit. A head's "output" is
// its n × head_dim output before the output projection (HeadRun::output): zeroing it removes
// exactly that head's contribution to the layer, and the projection's bias stays.
struct Intervention {
    enum class Kind {
        Zero,          // head L:H's output set to 0 (the references' ablation)
        Mean,          // each row of head L:H's output replaced by its mean over the positions
        Scale,         // head L:H's output multiplied by `factor` (0: Zero, 1: no change)
        PatchHead,     // head L:H's output replaced by run B's (Interventions::source)
        PatchResidual, // the residual stream after layer L replaced by run B's (head unused)
        ReplaceOutput, // head L:H's output replaced by `values` (n × head_dim): an edited head
        // Head L:H's contribution to the layer (its output times its rows of the output
        // projection, n × d, without the bias) replaced by `values`: the final output of a
        // head taken apart (takeApart), so that an edit of any of its X, Wq, Wk, Wv or Wo
        // can be sent back to the model.
        ReplaceContribution,
        Steer, // `values` (1 × d) added to the residual stream after layer L at every position
    };
    Kind kind = Kind::Zero;
    int layer = 0;
    int head = 0;
    double factor = 1; // Scale
    Matrix values;     // ReplaceOutput, ReplaceContribution, Steer
    // PatchHead, PatchResidual: the one position patched (its row of the head's output or of
    // the residual stream), or −1 for every position.
    std::int64_t position = -1;

    static Intervention zero(int layer, int head) { return {Kind::Zero, layer, head, 1, {}, -1}; }
    static Intervention mean(int layer, int head) { return {Kind::Mean, layer, head, 1, {}, -1}; }
    static Intervention scale(int layer, int head, double factor) {
        return {Kind::Scale, layer, head, factor, {}, -1};
    }
    static Intervention patchHead(int layer, int head, std::int64_t position = -1) {
        return {Kind::PatchHead, layer, head, 1, {}, position};
    }
    static Intervention patchResidual(int layer, std::int64_t position = -1) {
        return {Kind::PatchResidual, layer, 0, 1, {}, position};
    }
    static Intervention replaceOutput(int layer, int head, Matrix output) {
        return {Kind::ReplaceOutput, layer, head, 1, std::move(output), -1};
    }
    static Intervention replaceContribution(int layer, int head, Matrix contribution) {
        return {Kind::ReplaceContribution, layer, head, 1, std::move(contribution), -1};
    }
    // `vector` (1 × d, already multiplied by its scale) added after layer `layer`.
    static Intervention steer(int layer, Matrix vector) {
        return {Kind::Steer, layer, 0, 1, std::move(vector), -1};
    }

    // "ablate 0:1", "scale 0:1 by 0.5", "patch 0:1 from B", "patch 0:1 at position 3 from B",
    // "patch the residual after layer 0 from B", "steer after layer 2 (norm 4.5)", …: one line
    // for an undo step or a legend.
    std::string describe() const;
};

// The edits of one run, applied in their order where they meet the same head (a scale then a
// patch: the patch wins); they compose, several heads and layers at once. A run with none is
// the plain forward pass, bit for bit.
struct Interventions {
    std::vector<Intervention> edits;
    // Run B of the patches (PatchHead, PatchResidual): the same model on as many tokens.
    RunPtr source;

    bool empty() const { return edits.empty(); }
};

// Throws InputError with one line when `interventions` cannot apply to a run of `tokens` tokens
// of a model of `config`: a layer or head out of range, a factor that is not finite, a patch
// without a run B or with one of another length or shape, a position out of range, values of
// the wrong shape. Checked before the run allocates anything.
void checkInterventions(const ModelConfig &config, std::int64_t tokens,
                        const Interventions &interventions);

} // namespace attn
