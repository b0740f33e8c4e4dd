// SPDX-License-Identifier: GPL-3.0-or-later
#include "ShardIndex.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <set>

namespace attn {

namespace {

bool plainFileName(const QString &name) {
    return !name.isEmpty() && !name.contains('/') && !name.contains('\\') && name != "." &&
           name != ".." && !name.contains(QChar(0)) && name.endsWith(".safetensors");
}

} // namespace

ShardIndex parseShardIndex(const QByteArray &json) {
    checkConfigBytes(json.size(), kMaxShardIndexBytes, "model.safetensors.index.json");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        fail(translate("attn::checkpoint", "not JSON (%1 at byte %2)")
                 .arg(error.errorString(), QString::number(error.offset)));
    if (!doc.isObject() || !doc.object().value("weight_map").isObject())
        fail(translate("attn::checkpoint", "it has no \"weight_map\" object"));
    const QJsonObject map = doc.object().value("weight_map").toObject();
    ShardIndex index;
    std::set<QString> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (!it.value().isString())
            fail(translate("attn::checkpoint", "the shard of tensor \"%1\" is not a file name")
                     .arg(it.key()));
        const QString shard = it.value().toString();
        if (!plainFileName(shard))
            fail(translate("attn::checkpoint",
                           "the shard \"%1\" of tensor \"%2\" is not a .safetensors file in "
                           "the checkpoint's folder")
                     .arg(shard, it.key()));
        if (seen.insert(shard).second) {
            if (std::int64_t(index.shards.size()) >= kMaxShards)
                fail(translate("attn::checkpoint", "more than %1 shards").arg(qs(kMaxShards)));
            index.shards << shard;
        }
        index.shardOf.emplace(it.key(), shard);
    }
    if (index.shardOf.empty())
        fail(translate("attn::checkpoint", "its \"weight_map\" names no tensor"));
    return index;
}

} // namespace attn
