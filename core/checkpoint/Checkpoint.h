// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ModelConfig.h"
#include "ModelWeights.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

class QFile;

namespace attn {

// A model folder in the Hugging Face layout: config.json and model.safetensors, or
// model.safetensors.index.json and the shards it names. The safetensors files are memory-mapped
// and every tensor the family needs is found, its name resolved (prefixes such as
// "transformer.", "model." and "bert." are optional), its dtype and shape checked against the
// config; nothing is copied or converted here (see TensorView). Immutable once open, so runs on
// several threads may share it.
class Checkpoint {
public:
    // Throws InputError with one line naming the file and the problem: a missing config.json or
    // weights file, pytorch_model.bin (a pickle, never read: convert to safetensors), a config
    // the family cannot run (ModelConfig.h), a damaged or truncated safetensors file, a shard
    // that is missing, a tensor that is missing (named) or of the wrong shape (expected against
    // found) or not a float.
    static std::shared_ptr<const Checkpoint> open(const QString &folder);
    ~Checkpoint();
    Checkpoint(const Checkpoint &) = delete;
    Checkpoint &operator=(const Checkpoint &) = delete;

    const QString &folder() const { return m_folder; }
    const ModelConfig &config() const { return m_config; }
    const ModelWeights &weights() const { return m_weights; }
    // The stored type of the weights the model uses: "F32", "BF16", … or "mixed".
    QString dtype() const;
    // The numbers of the tensors the model uses, each once (a tied head is the embeddings).
    std::int64_t parameters() const;
    // `model inspect`'s one JSON object: family, layers, heads, kv_heads, d_model, head_dim,
    // vocab, max_positions, dtype, parameters.
    QByteArray summaryJson() const;

private:
    struct Mapped;
    Checkpoint();

    QString m_folder;
    ModelConfig m_config;
    ModelWeights m_weights;
    std::vector<std::unique_ptr<Mapped>> m_files;
    std::vector<const TensorView *> m_used; // into m_weights, each tensor once
};

} // namespace attn
