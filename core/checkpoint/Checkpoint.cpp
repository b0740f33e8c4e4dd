// SPDX-License-Identifier: GPL-3.0-or-later
#include "Checkpoint.h"

#include "InputError.h"
#include "Limits.h"
#include "ShardIndex.h"
#include "Translate.h"
#include "io/JsonWrite.h"
#include "io/Safetensors.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

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

[[noreturn]] void fail(const QString &message) {
    throw InputError(message);
}

QString shapeOf(const std::vector<std::int64_t> &shape) {
    QStringList parts;
    for (std::int64_t d : shape)
        parts << QString::number(d);
    return shape.empty() ? QStringLiteral("scalar") : parts.join(QChar(0xd7));
}

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

std::optional<TensorDtype> floatDtype(const QString &name) {
    if (name == "F64")
        return TensorDtype::F64;
    if (name == "F32")
        return TensorDtype::F32;
    if (name == "F16")
        return TensorDtype::F16;
    if (name == "BF16")
        return TensorDtype::BF16;
    return std::nullopt;
}

// The tensors of every file by name, and the optional prefix the family's names carry.
class Binder {
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

    bool has(const QString &name) const { return entries.count(name) > 0; }

    // name (after the prefix unless `bare`) with exactly `shape`.
    TensorView require(const QString &name, const std::vector<std::int64_t> &shape,
                       bool bare = false) const {
        const QString full = bare ? name : prefix + name;
        const auto it = entries.find(full);
        if (it == entries.end())
            fail(translate("attn::checkpoint", "%1: the tensor \"%2\" is missing")
                     .arg(indexFile, full));
        return view(it->second, full, shape);
    }

    TensorView optional(const QString &name, const std::vector<std::int64_t> &shape,
                        bool bare = false) const {
        const QString full = bare ? name : prefix + name;
        const auto it = entries.find(full);
        return it == entries.end() ? TensorView{} : view(it->second, full, shape);
    }

private:
    static TensorView view(const Entry &e, const QString &name,
                           const std::vector<std::int64_t> &shape) {
        const std::optional<TensorDtype> dtype = floatDtype(e.tensor->dtype);
        if (!dtype)
            fail(translate("attn::checkpoint",
                           "%1: the tensor \"%2\" is %3, not a float (F64, F32, F16 or BF16)")
                     .arg(e.file, name, e.tensor->dtype));
        std::vector<std::int64_t> found;
        for (std::uint64_t d : e.tensor->shape)
            found.push_back(std::int64_t(d));
        if (found != shape)
            fail(
                translate("attn::checkpoint", "%1: the tensor \"%2\" has the shape %3, expected %4")
                    .arg(e.file, name, shapeOf(found), shapeOf(shape)));
        TensorView v;
        v.name = name;
        v.file = e.file;
        v.dtype = *dtype;
        v.shape = shape;
        v.data = e.data + e.tensor->begin;
        v.fd = e.fd;
        v.offset = e.start + std::int64_t(e.tensor->begin);
        return v;
    }
};

LinearWeights linear(const Binder &b, const QString &name, std::int64_t out, std::int64_t in,
                     bool bias, bool inputMajor = false) {
    LinearWeights l;
    l.inputMajor = inputMajor;
    l.weight = b.require(name + ".weight", inputMajor ? std::vector<std::int64_t>{in, out}
                                                      : std::vector<std::int64_t>{out, in});
    if (bias)
        l.bias = b.require(name + ".bias", {out});
    return l;
}

NormWeights norm(const Binder &b, const QString &name, std::int64_t d, bool bias) {
    NormWeights n;
    n.weight = b.require(name + ".weight", {d});
    if (bias)
        n.bias = b.require(name + ".bias", {d});
    return n;
}

void bindGpt2(const Binder &b, const ModelConfig &c, ModelWeights &w) {
    const std::int64_t d = c.dModel;
    w.tokenEmbedding = b.require("wte.weight", {c.vocab, d});
    w.positionEmbedding = b.require("wpe.weight", {c.maxPositions, d});
    for (std::int64_t i = 0; i < c.layers; ++i) {
        const QString p = QString("h.%1.").arg(i);
        LayerWeights l;
        l.attentionNorm = norm(b, p + "ln_1", d, true);
        l.qkv = linear(b, p + "attn.c_attn", 3 * d, d, true, true);
        l.o = linear(b, p + "attn.c_proj", d, d, true, true);
        l.mlpNorm = norm(b, p + "ln_2", d, true);
        l.up = linear(b, p + "mlp.c_fc", c.ffn, d, true, true);
        l.down = linear(b, p + "mlp.c_proj", d, c.ffn, true, true);
        w.layers.push_back(l);
    }
    w.finalNorm = norm(b, "ln_f", d, true);
    w.lmHead.weight =
        c.tiedEmbeddings ? w.tokenEmbedding : b.require("lm_head.weight", {c.vocab, d}, true);
    w.hasLmHead = true;
}

void bindLlama(const Binder &b, const ModelConfig &c, ModelWeights &w) {
    const std::int64_t d = c.dModel, q = c.heads * c.headDim, kv = c.kvHeads * c.headDim;
    w.tokenEmbedding = b.require("embed_tokens.weight", {c.vocab, d});
    for (std::int64_t i = 0; i < c.layers; ++i) {
        const QString p = QString("layers.%1.").arg(i);
        LayerWeights l;
        l.attentionNorm = norm(b, p + "input_layernorm", d, false);
        l.q = linear(b, p + "self_attn.q_proj", q, d, c.qkvBias);
        l.k = linear(b, p + "self_attn.k_proj", kv, d, c.qkvBias);
        l.v = linear(b, p + "self_attn.v_proj", kv, d, c.qkvBias);
        l.o = linear(b, p + "self_attn.o_proj", d, q, c.outputBias);
        l.mlpNorm = norm(b, p + "post_attention_layernorm", d, false);
        l.gate = linear(b, p + "mlp.gate_proj", c.ffn, d, c.mlpBias);
        l.up = linear(b, p + "mlp.up_proj", c.ffn, d, c.mlpBias);
        l.down = linear(b, p + "mlp.down_proj", d, c.ffn, c.mlpBias);
        w.layers.push_back(l);
    }
    w.finalNorm = norm(b, "norm", d, false);
    w.lmHead.weight =
        c.tiedEmbeddings ? w.tokenEmbedding : b.require("lm_head.weight", {c.vocab, d}, true);
    w.hasLmHead = true;
}

void bindBert(const Binder &b, const ModelConfig &c, ModelWeights &w) {
    const std::int64_t d = c.dModel;
    w.tokenEmbedding = b.require("embeddings.word_embeddings.weight", {c.vocab, d});
    w.positionEmbedding = b.require("embeddings.position_embeddings.weight", {c.maxPositions, d});
    w.typeEmbedding = b.require("embeddings.token_type_embeddings.weight", {c.typeVocab, d});
    w.embeddingNorm = norm(b, "embeddings.LayerNorm", d, true);
    for (std::int64_t i = 0; i < c.layers; ++i) {
        const QString p = QString("encoder.layer.%1.").arg(i);
        LayerWeights l;
        l.q = linear(b, p + "attention.self.query", d, d, true);
        l.k = linear(b, p + "attention.self.key", d, d, true);
        l.v = linear(b, p + "attention.self.value", d, d, true);
        l.o = linear(b, p + "attention.output.dense", d, d, true);
        l.attentionNorm = norm(b, p + "attention.output.LayerNorm", d, true);
        l.up = linear(b, p + "intermediate.dense", c.ffn, d, true);
        l.down = linear(b, p + "output.dense", d, c.ffn, true);
        l.mlpNorm = norm(b, p + "output.LayerNorm", d, true);
        w.layers.push_back(l);
    }
    // The masked-LM head (BertForMaskedLM, BertForPreTraining) is outside the "bert." prefix.
    if (b.has("cls.predictions.transform.dense.weight")) {
        w.mlmTransform.weight = b.require("cls.predictions.transform.dense.weight", {d, d}, true);
        w.mlmTransform.bias = b.require("cls.predictions.transform.dense.bias", {d}, true);
        w.mlmNorm.weight = b.require("cls.predictions.transform.LayerNorm.weight", {d}, true);
        w.mlmNorm.bias = b.require("cls.predictions.transform.LayerNorm.bias", {d}, true);
        w.lmHead.weight = w.tokenEmbedding;
        w.lmHead.bias = b.has("cls.predictions.bias")
                            ? b.require("cls.predictions.bias", {c.vocab}, true)
                            : b.require("cls.predictions.decoder.bias", {c.vocab}, true);
        w.hasLmHead = true;
    }
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
    Binder binder;
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
                     .emplace(t.name,
                              Binder::Entry{&t, path, m->bytes + m->header.dataStart,
                                            m->file.handle(), std::int64_t(m->header.dataStart)})
                     .second)
                fail(translate("attn::checkpoint", "%1: the tensor \"%2\" is in two files")
                         .arg(path, t.name));
        c->m_files.push_back(std::move(m));
    }

    const ModelConfig &config = c->m_config;
    switch (config.family) {
    case ModelFamily::Gpt2:
        binder.prefix = binder.has("transformer.wte.weight") ? "transformer." : "";
        bindGpt2(binder, config, c->m_weights);
        break;
    case ModelFamily::Llama:
    case ModelFamily::Qwen2:
        binder.prefix = binder.has("model.embed_tokens.weight") ? "model." : "";
        bindLlama(binder, config, c->m_weights);
        break;
    case ModelFamily::Bert:
        binder.prefix = binder.has("bert.embeddings.word_embeddings.weight") ? "bert." : "";
        bindBert(binder, config, c->m_weights);
        break;
    }

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
        useNorm(l.attentionNorm);
        for (const LinearWeights *p : {&l.qkv, &l.q, &l.k, &l.v, &l.o, &l.up, &l.gate, &l.down})
            useLinear(*p);
        useNorm(l.mlpNorm);
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
    o.close();
    out += '\n';
    return out;
}

} // namespace attn
