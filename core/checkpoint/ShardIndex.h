// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>

namespace attn {

// model.safetensors.index.json of a sharded checkpoint: {"metadata": {…}, "weight_map":
// {"tensor name": "model-00001-of-00002.safetensors", …}}.
struct ShardIndex {
    std::map<QString, QString> shardOf; // tensor name → shard file name
    QStringList shards;                 // each shard once, in the order first named
};

// Parses the index's bytes. Throws InputError (without the file's name) for text that is not
// such an object, a shard name that is not a plain file name in the checkpoint's folder (no
// folders, no "..": an index must not reach outside it) or not a .safetensors file, and more
// than kMaxShards shards; the size is checked against kMaxShardIndexBytes first.
ShardIndex parseShardIndex(const QByteArray &json);

} // namespace attn
