// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ModelWeights.h"
#include "io/GgufFile.h"
#include "io/Safetensors.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

namespace attn {

// The tensors of a checkpoint's files by name, as a family's file binds them to their roles
// (ModelWeights): each is found by name, after the family's prefix ("model.", "transformer."),
// and checked for its dtype and exact shape. Throws InputError "FILE: the tensor "NAME" is
// missing", "… has the shape 3×4, expected 4×3".
class TensorBinder {
public:
    struct Entry {
        const SafetensorsTensor *tensor;
        QString file;
        const unsigned char *data;
        int fd;             // the open file (TensorView::fd)
        std::int64_t start; // where `data` starts in it
    };
    std::map<QString, Entry> entries;
    QString prefix;    // "transformer.", "model.", "bert." or empty
    QString indexFile; // the file a missing tensor is reported against
    // The file's own name of a tensor named as Hugging Face does (a GGUF file's "blk.0.attn_q
    // .weight" for "model.layers.0.self_attn.q_proj.weight"), for messages and views; null:
    // the same.
    std::function<QString(const QString &)> fileName;

    bool has(const QString &name) const { return entries.count(name) > 0; }
    // `name` after the prefix unless `bare`, with exactly `shape`.
    TensorView require(const QString &name, const std::vector<std::int64_t> &shape,
                       bool bare = false) const;
    // The same, or an absent view when there is no such tensor.
    TensorView optional(const QString &name, const std::vector<std::int64_t> &shape,
                        bool bare = false) const;

    // NAME.weight (out × in as nn.Linear, in × out as Conv1D when inputMajor) and NAME.bias.
    LinearWeights linear(const QString &name, std::int64_t out, std::int64_t in, bool bias,
                         bool inputMajor = false) const;
    // NAME.weight and, with `bias`, NAME.bias, of length d.
    NormWeights norm(const QString &name, std::int64_t d, bool bias) const;
};

// A tensor of a GGUF file as it is stored (its shape PyTorch's: the dims reversed), named as the
// file names it.
TensorView viewOfGgufTensor(const GgufFile &file, const GgufTensor &tensor);

// Rows [first, first + count) of a row-major tensor (elements of a 1-D one): one part of a fused
// projection (Phi-3's qkv_proj, gate_up_proj) as a tensor of its own, in place in the file.
TensorView rowSlice(const TensorView &tensor, std::int64_t first, std::int64_t count);

} // namespace attn
