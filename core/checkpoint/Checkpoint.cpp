// SPDX-License-Identifier: GPL-3.0-or-later
#include "Checkpoint.h"

#include "InputError.h"
#include "Limits.h"
#include "ModelFamilies.h"
#include "ShardIndex.h"
#include "Translate.h"
#include "io/JsonWrite.h"
#include "io/Safetensors.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonValue>

#include <map>
#include <optional>
#include <set>

namespace attn {

struct Checkpoint::Mapped {
    QString path;
    QFile file;
    SafetensorsFile header;
    const unsigned char *bytes = nullptr;
};

namespace {

QByteArray readSmallFile(const QString &path, std::int64_t limit) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        fail(translate("attn::checkpoint", "%1: cannot read: %2").arg(path, file.errorString()));
    try {
        checkConfigBytes(file.size(), limit, QFileInfo(path).fileName().toStdString());
    } catch (const InputError &e) {
        fail(path + ": " + QString::fromStdString(e.what()));
    }
    return file.readAll();
}

} // namespace

Checkpoint::Checkpoint() = default;
Checkpoint::~Checkpoint() {
    for (const auto &m : m_files)
        if (m->bytes)
            m->file.unmap(const_cast<unsigned char *>(m->bytes));
}

std::shared_ptr<const Checkpoint> Checkpoint::open(const QString &folderPath) {
    const QFileInfo info(folderPath);
    if (!info.exists())
        fail(translate("attn::checkpoint", "%1: no such folder").arg(folderPath));
    const QDir dir(info.isDir() ? info.filePath() : info.path());
    std::shared_ptr<Checkpoint> c(new Checkpoint);
    c->m_folder = dir.path();
    const QString configPath = dir.filePath("config.json");
    if (!QFileInfo::exists(configPath))
        fail(translate("attn::checkpoint", "%1: missing (a checkpoint folder has config.json)")
                 .arg(configPath));
    try {
        c->m_config = parseModelConfig(readSmallFile(configPath, kMaxConfigBytes));
    } catch (const InputError &e) {
        const QString message = QString::fromStdString(e.what());
        fail(message.startsWith(configPath) ? message : configPath + ": " + message);
    }

    // Which files hold the weights.
    TensorBinder binder;
    QStringList files;
    const QString single = dir.filePath("model.safetensors");
    const QString indexPath = dir.filePath("model.safetensors.index.json");
    if (QFileInfo::exists(single)) {
        files << single;
        binder.indexFile = single;
    } else if (QFileInfo::exists(indexPath)) {
        ShardIndex index;
        try {
            index = parseShardIndex(readSmallFile(indexPath, kMaxShardIndexBytes));
        } catch (const InputError &e) {
            const QString message = QString::fromStdString(e.what());
            fail(message.startsWith(indexPath) ? message : indexPath + ": " + message);
        }
        for (const QString &shard : index.shards) {
            const QString path = dir.filePath(shard);
            if (!QFileInfo::exists(path))
                fail(translate("attn::checkpoint", "%1: the shard %2 it names is missing")
                         .arg(indexPath, shard));
            files << path;
        }
        binder.indexFile = indexPath;
    } else {
        for (const char *pickle : {"pytorch_model.bin", "pytorch_model.bin.index.json"})
            if (QFileInfo::exists(dir.filePath(pickle)))
                fail(translate("attn::checkpoint",
                               "%1: PyTorch pickles are not read (they can run code); convert "
                               "the checkpoint to safetensors (model.safetensors)")
                         .arg(dir.filePath(pickle)));
        fail(translate("attn::checkpoint",
                       "%1: no model.safetensors or model.safetensors.index.json")
                 .arg(dir.path()));
    }

    // Map each file and list its tensors.
    for (const QString &path : files) {
        auto m = std::make_unique<Mapped>();
        m->path = path;
        m->file.setFileName(path);
        if (!m->file.open(QIODevice::ReadOnly))
            fail(translate("attn::checkpoint", "%1: cannot read: %2")
                     .arg(path, m->file.errorString()));
        try {
            m->header = readSafetensorsHeader(m->file, std::uint64_t(m->file.size()));
        } catch (const InputError &e) {
            fail(path + ": " + QString::fromStdString(e.what()));
        }
        m->bytes = m->file.map(0, m->file.size());
        if (!m->bytes)
            fail(translate("attn::checkpoint", "%1: cannot map: %2")
                     .arg(path, m->file.errorString()));
        for (const SafetensorsTensor &t : m->header.tensors)
            if (!binder.entries
                     .emplace(t.name, TensorBinder::Entry{&t, path, m->bytes + m->header.dataStart,
                                                          m->file.handle(),
                                                          std::int64_t(m->header.dataStart)})
                     .second)
                fail(translate("attn::checkpoint", "%1: the tensor \"%2\" is in two files")
                         .arg(path, t.name));
        c->m_files.push_back(std::move(m));
    }

    const ModelConfig &config = c->m_config;
    const ModelFamilySpec &family = familySpec(config.family);
    binder.prefix = family.prefix(binder);
    family.bind(binder, config, c->m_weights);

    // Every tensor used, once.
    std::set<const unsigned char *> seen;
    auto use = [&](const TensorView &t) {
        if (t.present() && seen.insert(t.data).second)
            c->m_used.push_back(&t);
    };
    const ModelWeights &w = c->m_weights;
    auto useLinear = [&](const LinearWeights &l) {
        use(l.weight);
        use(l.bias);
    };
    auto useNorm = [&](const NormWeights &n) {
        use(n.weight);
        use(n.bias);
    };
    use(w.tokenEmbedding);
    use(w.positionEmbedding);
    use(w.typeEmbedding);
    useNorm(w.embeddingNorm);
    for (const LayerWeights &l : w.layers) {
        for (const NormWeights *n : {&l.attentionNorm, &l.qNorm, &l.kNorm, &l.postAttentionNorm})
            useNorm(*n);
        for (const LinearWeights *p : {&l.qkv, &l.q, &l.k, &l.v, &l.o, &l.up, &l.gate, &l.down})
            useLinear(*p);
        useNorm(l.mlpNorm);
        useNorm(l.postMlpNorm);
    }
    useNorm(w.finalNorm);
    useLinear(w.lmHead);
    useLinear(w.mlmTransform);
    useNorm(w.mlmNorm);
    return c;
}

QString Checkpoint::dtype() const {
    std::set<QString> names;
    for (const TensorView *t : m_used)
        names.insert(dtypeName(t->dtype));
    return names.size() == 1 ? *names.begin() : QStringLiteral("mixed");
}

std::int64_t Checkpoint::parameters() const {
    std::int64_t count = 0;
    for (const TensorView *t : m_used)
        count += t->size();
    return count;
}

QByteArray Checkpoint::summaryJson() const {
    QByteArray out;
    json::Block o(out, 0, json::Block::Object);
    auto number = [&](const char *key, std::int64_t v) {
        o.key(key);
        out += QByteArray::number(v);
    };
    o.key("family");
    out += QByteArray("\"") + familyName(m_config.family) + "\"";
    number("layers", m_config.layers);
    number("heads", m_config.heads);
    number("kv_heads", m_config.kvHeads);
    number("d_model", m_config.dModel);
    number("head_dim", m_config.headDim);
    number("vocab", m_config.vocab);
    number("max_positions", m_config.maxPositions);
    o.key("dtype");
    out += "\"" + dtype().toUtf8() + "\"";
    number("parameters", parameters());
    o.key("features");
    json::appendValue(out, QJsonValue(describeFeatures(m_config)), 0);
    o.close();
    out += '\n';
    return out;
}

} // namespace attn
