// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

// One tensor of a checkpoint to be written, in double as attnviz computes; stored as F32, the
// precision published small models use, so a trained model takes half the room.
struct TensorToWrite {
    std::string name;                // as Hugging Face names it, e.g. "h.0.attn.c_attn.weight"
    std::vector<std::int64_t> shape; // row-major
    std::vector<double> values;      // written as F32 (safetensors dtype "F32")
};

// Writes `folder`/config.json (the object, indented) and `folder`/model.safetensors (F32, the
// tensors in the given order, header with "__metadata__": {"format": "pt"}), each atomically
// (attn::writeFileAtomically). Creates the folder. Throws InputError naming the file on failure:
// a folder that cannot be made, a file that cannot be written, a tensor whose shape does not
// match its values, a name given twice, a value that is not finite or beyond F32's range.
void writeCheckpointFolder(const QString &folder, const QJsonObject &config,
                           const std::vector<TensorToWrite> &tensors);

// The bytes of model.safetensors for `tensors` (what writeCheckpointFolder writes); `file` names
// it in a message.
QByteArray safetensorsBytes(const std::vector<TensorToWrite> &tensors, const QString &file);

} // namespace attn
