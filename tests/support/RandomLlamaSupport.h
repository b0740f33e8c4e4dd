// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A random Llama checkpoint folder (no tokenizer: the window takes token ids), small enough to
// run on thousands of tokens in a test: long inputs, compact runs (issue 41).

#include "checkpoint/CheckpointWriter.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace testsupport {

struct RandomLlamaShape {
    int d = 32, heads = 4, kvHeads = 2, headDim = 8, ffn = 48, vocab = 64, layers = 2;
    int positions = 4096;
};

inline void writeRandomLlamaFolder(const QString &folder, const RandomLlamaShape &s = {}) {
    std::mt19937_64 rng(7);
    std::normal_distribution<double> normal(0.0, 0.3);
    std::vector<attn::TensorToWrite> t;
    const auto add = [&](const std::string &name, std::vector<std::int64_t> shape, double base) {
        std::int64_t count = 1;
        for (std::int64_t v : shape)
            count *= v;
        std::vector<double> values(static_cast<std::size_t>(count));
        for (double &v : values)
            v = base + normal(rng);
        t.push_back({name, shape, values});
    };
    add("model.embed_tokens.weight", {s.vocab, s.d}, 0);
    for (int l = 0; l < s.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        add(p + "input_layernorm.weight", {s.d}, 1);
        add(p + "self_attn.q_proj.weight", {s.heads * s.headDim, s.d}, 0);
        add(p + "self_attn.k_proj.weight", {s.kvHeads * s.headDim, s.d}, 0);
        add(p + "self_attn.v_proj.weight", {s.kvHeads * s.headDim, s.d}, 0);
        add(p + "self_attn.o_proj.weight", {s.d, s.heads * s.headDim}, 0);
        add(p + "post_attention_layernorm.weight", {s.d}, 1);
        add(p + "mlp.gate_proj.weight", {s.ffn, s.d}, 0);
        add(p + "mlp.up_proj.weight", {s.ffn, s.d}, 0);
        add(p + "mlp.down_proj.weight", {s.d, s.ffn}, 0);
    }
    add("model.norm.weight", {s.d}, 1);
    const QJsonObject config{{"model_type", "llama"},
                             {"hidden_size", s.d},
                             {"intermediate_size", s.ffn},
                             {"num_attention_heads", s.heads},
                             {"num_key_value_heads", s.kvHeads},
                             {"num_hidden_layers", s.layers},
                             {"vocab_size", s.vocab},
                             {"rms_norm_eps", 1e-5},
                             {"rope_theta", 10000.0},
                             {"max_position_embeddings", s.positions},
                             {"tie_word_embeddings", true},
                             {"hidden_act", "silu"},
                             {"torch_dtype", "float32"}};
    attn::writeCheckpointFolder(folder, config, t);
}

// `count` ids of a vocabulary of `vocab`: a pattern that repeats, so induction has something.
inline std::vector<std::int64_t> repeatingIds(int count, int vocab) {
    std::vector<std::int64_t> ids(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < ids.size(); ++i)
        ids[i] = std::int64_t((i * 37 + i / 7) % std::size_t(vocab));
    return ids;
}

} // namespace testsupport
