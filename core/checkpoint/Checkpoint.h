// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ModelConfig.h"
#include "ModelWeights.h"
#include "io/GgufFile.h"

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
    //
    // A path ending in .gguf (or a file beginning with "GGUF") is llama.cpp's one-file format
    // instead (io/GgufFile.h): its {arch}.* keys give the config, its tensors keep their stored
    // types (quantized blocks included: Dequantize.h), and a Llama's q and k rows are read in
    // Hugging Face's order. Its messages name the file and the GGUF key or tensor.
    static std::shared_ptr<const Checkpoint> open(const QString &folder);
    // A GGUF file already read (GgufFile::open, or GgufFile::parse of bytes that outlive the
    // checkpoint: the fuzz target's), as open reads a .gguf path.
    static std::shared_ptr<const Checkpoint> fromGguf(std::unique_ptr<GgufFile> file);
    ~Checkpoint();
    Checkpoint(const Checkpoint &) = delete;
    Checkpoint &operator=(const Checkpoint &) = delete;

    // The folder, or the GGUF file.
    const QString &folder() const { return m_folder; }
    // The GGUF file this was read from, or null.
    const GgufFile *gguf() const { return m_gguf.get(); }
    const ModelConfig &config() const { return m_config; }
    const ModelWeights &weights() const { return m_weights; }
    // The stored type of the weights the model uses: "F32", "BF16", … or "mixed".
    QString dtype() const;
    // The numbers of the tensors the model uses, each once (a tied head is the embeddings).
    std::int64_t parameters() const;
    // `model inspect`'s one JSON object: family, layers, heads, kv_heads, d_model, head_dim,
    // vocab, max_positions, dtype, parameters; for a GGUF file also "gguf": version, alignment
    // and the count of tensors of each type.
    QByteArray summaryJson() const;

private:
    struct Mapped;
    Checkpoint();
    void collectUsed();

    QString m_folder;
    ModelConfig m_config;
    ModelWeights m_weights;
    std::vector<std::unique_ptr<Mapped>> m_files;
    std::unique_ptr<GgufFile> m_gguf;
    std::vector<const TensorView *> m_used; // into m_weights, each tensor once
};

} // namespace attn
