// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct ModelConfig;

// What a run's JSON or .npz keeps (model run --heads, --fields): at long lengths a run's
// every head's n × n weights and its n × vocabulary logits are most of the file, and a script
// usually wants a few of them.
struct RunSelection {
    // The parts of a run, by their names in --fields and in the JSON.
    enum Field : unsigned {
        X = 1u << 0,        // "x": each layer's attention input
        AttnOut = 1u << 1,  // "attn_out"
        ResidMid = 1u << 2, // "resid_mid": between attention and the MLP
        MlpOut = 1u << 3,   // "mlp_out"
        Hidden = 1u << 4,   // "hidden": the residual stream after each layer (and before 0)
        Final = 1u << 5,    // "final"
        Logits = 1u << 6,   // "logits"
        Heads = 1u << 7,    // "heads": the chosen heads' q, k, v, weights and output
    };
    static constexpr unsigned kAllFields = 0xffu;
    // Today's JSON: everything but resid_mid and mlp_out, which the reference layout lacks.
    static constexpr unsigned kJsonDefault = kAllFields & ~(ResidMid | MlpOut);

    unsigned fields = kAllFields;
    // Each layer's chosen heads, ascending; empty = every head of every layer.
    std::vector<std::vector<int>> heads;
    // The token strings (the tokenizer's display of each id), written beside the ids; empty
    // when there is no tokenizer.
    std::vector<std::string> tokens;

    bool has(Field f) const { return (fields & f) != 0; }
    bool allHeads() const { return heads.empty(); }
    // Whether head `head` of `layer` is kept.
    bool keeps(int layer, int head) const;
};

// "x,attn_out,heads" as fields; throws InputError naming an unknown field and listing the
// known ones.
unsigned parseRunFields(const QString &text);
// "0:1,2:3" as each layer's chosen heads for a model of `config`; throws InputError for a
// malformed entry or a layer or head the model does not have.
std::vector<std::vector<int>> parseRunHeads(const QString &text, const ModelConfig &config);

} // namespace attn
