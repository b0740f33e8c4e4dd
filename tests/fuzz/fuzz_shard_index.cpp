// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: model.safetensors.index.json of a sharded checkpoint. Any input gives an
// index or an InputError; every shard of an index it gives is a plain .safetensors file name
// (no folder, no "..": an index never reaches outside the checkpoint's folder), each listed
// once, and every tensor's shard is among them.

#include "FuzzCheck.h"
#include "InputError.h"
#include "Limits.h"
#include "checkpoint/ShardIndex.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    attn::ShardIndex index;
    try {
        index = attn::parseShardIndex(bytes);
    } catch (const attn::InputError &) {
        return 0;
    }
    if (index.shards.isEmpty() || index.shards.size() > attn::kMaxShards)
        fuzz::finding("an index with no shards or too many was accepted");
    if (index.shards.removeDuplicates() != 0)
        fuzz::finding("a shard is listed twice");
    for (const QString &shard : index.shards)
        if (shard.contains('/') || shard.contains('\\') || shard == ".." ||
            !shard.endsWith(".safetensors"))
            fuzz::finding("a shard name reaches outside the folder");
    for (const auto &[tensor, shard] : index.shardOf)
        if (!index.shards.contains(shard))
            fuzz::finding("a tensor's shard is not among the shards");
    return 0;
}
