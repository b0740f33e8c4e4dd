// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Random checkpoints for tests that need lengths or shapes the reference folders lack.

#include "checkpoint/CheckpointWriter.h"

#include <QJsonObject>
#include <QString>

#include <random>
#include <string>
#include <vector>

namespace testsupport {

// A random Llama with grouped keys (d 32, 4 heads over 2 key/value heads, 2 layers, vocabulary
// 64) and `positions` positions, written as a checkpoint folder without a tokenizer.
inline void writeRandomLlama(const QString &folder, int positions = 512) {
    const int d = 32, heads = 4, kvHeads = 2, hd = 8, ffn = 48, vocab = 64, layers = 2;
    std::mt19937_64 rng(42);
    std::normal_distribution<double> normal(0.0, 0.3);
    std::vector<attn::TensorToWrite> t;
    const auto add = [&](const std::string &name, std::vector<std::int64_t> shape, double base) {
        std::int64_t count = 1;
        for (std::int64_t s : shape)
            count *= s;
        std::vector<double> values(static_cast<std::size_t>(count));
        for (double &v : values)
            v = base + normal(rng);
        t.push_back({name, shape, values});
    };
    add("model.embed_tokens.weight", {vocab, d}, 0);
    for (int l = 0; l < layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        add(p + "input_layernorm.weight", {d}, 1);
        add(p + "self_attn.q_proj.weight", {heads * hd, d}, 0);
        add(p + "self_attn.k_proj.weight", {kvHeads * hd, d}, 0);
        add(p + "self_attn.v_proj.weight", {kvHeads * hd, d}, 0);
        add(p + "self_attn.o_proj.weight", {d, heads * hd}, 0);
        add(p + "post_attention_layernorm.weight", {d}, 1);
        add(p + "mlp.gate_proj.weight", {ffn, d}, 0);
        add(p + "mlp.up_proj.weight", {ffn, d}, 0);
        add(p + "mlp.down_proj.weight", {d, ffn}, 0);
    }
    add("model.norm.weight", {d}, 1);
    const QJsonObject config{{"model_type", "llama"},
                             {"hidden_size", d},
                             {"intermediate_size", ffn},
                             {"num_attention_heads", heads},
                             {"num_key_value_heads", kvHeads},
                             {"num_hidden_layers", layers},
                             {"vocab_size", vocab},
                             {"rms_norm_eps", 1e-5},
                             {"rope_theta", 10000.0},
                             {"max_position_embeddings", positions},
                             {"tie_word_embeddings", true},
                             {"hidden_act", "silu"},
                             {"torch_dtype", "float32"}};
    attn::writeCheckpointFolder(folder, config, t);
}

} // namespace testsupport
