// SPDX-License-Identifier: GPL-3.0-or-later
#include "Checkpoint.h"

#include "InputError.h"
#include "Limits.h"
#include "ModelFamilies.h"
#include "ShardIndex.h"
#include "Translate.h"
#include "io/JsonWrite.h"
#include "io/RegularFile.h"
#include "io/Safetensors.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <cmath>
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
    requireRegularFile(path);
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
    if (!info.isDir()) {
        requireRegularFile(folderPath);
        QFile head(folderPath);
        if (isGgufPath(folderPath) ||
            (head.open(QIODevice::ReadOnly) && looksLikeGguf(head.read(4))))
            return fromGguf(GgufFile::open(folderPath));
    }
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
        requireRegularFile(path);
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

    c->collectUsed();
    return c;
}

namespace {

// A tensor's name in a GGUF file (blk.N.attn_q.weight) as Hugging Face's of the family
// (model.layers.N.self_attn.q_proj.weight), or back; a name of neither stays as it is.
QString renameTensor(const GgufLayout &layout, const QString &name, bool toHf) {
    const int dot = name.lastIndexOf(u'.');
    if (dot < 0)
        return name;
    const QString base = name.left(dot), suffix = name.mid(dot);
    for (const GgufLayout::Name &n : layout.globals)
        if (base == QLatin1String(toHf ? n.gguf : n.hf))
            return QLatin1String(toHf ? n.hf : n.gguf) + suffix;
    const QString from = QLatin1String(toHf ? "blk.%1." : layout.layerPrefix);
    const QString to = QLatin1String(toHf ? layout.layerPrefix : "blk.%1.");
    const QString before = from.section(QStringLiteral("%1"), 0, 0),
                  after = from.section(QStringLiteral("%1"), 1);
    if (!base.startsWith(before))
        return name;
    qsizetype i = before.size();
    while (i < base.size() && base[i].isDigit())
        ++i;
    if (i == before.size() || i - before.size() > 6 || !base.mid(i).startsWith(after))
        return name;
    const QString layer = base.mid(before.size(), i - before.size());
    const QString rest = base.mid(i + after.size());
    for (const GgufLayout::Name &n : layout.layer)
        if (rest == QLatin1String(toHf ? n.gguf : n.hf))
            return to.arg(layer) + QLatin1String(toHf ? n.hf : n.gguf) + suffix;
    return name;
}

} // namespace

std::shared_ptr<const Checkpoint> Checkpoint::fromGguf(std::unique_ptr<GgufFile> file) {
    std::shared_ptr<Checkpoint> c(new Checkpoint);
    const QString path = file->name();
    c->m_folder = path;
    c->m_gguf = std::move(file);
    const GgufFile &g = *c->m_gguf;
    const QString arch = g.string("general.architecture").value_or(QString());
    if (arch.isEmpty())
        fail(g.where("general.architecture") + translate("attn::checkpoint", ": missing"));
    const ModelFamilySpec *family = familyOfGgufArchitecture(arch);
    if (!family) {
        QStringList known;
        for (const ModelFamilySpec *f : modelFamilies())
            if (f->gguf)
                known << QString::fromLatin1(f->gguf->architecture);
        fail(translate("attn::checkpoint", "%1: the architecture \"%2\" is not read (%3 are)")
                 .arg(path, arch.left(40), known.join(", ")));
    }
    const GgufLayout &layout = *family->gguf;

    // The keys as the config.json they stand for, read by the family's own parse.
    QJsonObject config;
    config["model_type"] = QLatin1String(family->modelType);
    const QByteArray prefix = arch.toUtf8() + '.';
    std::vector<std::pair<QString, QString>> keyNames; // config.json's → GGUF's, for messages
    for (const GgufLayout::Key &k : layout.keys) {
        const QByteArray key = prefix + k.gguf;
        keyNames.emplace_back(QLatin1String(k.config), QString::fromUtf8(key));
        const std::optional<double> v = g.number(key);
        if (v)
            config[QLatin1String(k.config)] = *v;
        else if (k.required)
            fail(g.where(key) + translate("attn::checkpoint", ": missing"));
    }
    if (!config.contains("vocab_size")) {
        if (const auto n = g.arrayCount("tokenizer.ggml.tokens"))
            config["vocab_size"] = double(*n);
        else if (const GgufTensor *t = g.tensor("token_embd.weight"); t && t->dims.size() == 2)
            config["vocab_size"] = double(t->dims[1]);
    }
    // Partial RoPE (Phi-4-mini) as the fraction of the head's dimensions that config.json gives.
    if (const auto rot = g.integer(prefix + "rope.dimension_count"); rot && *rot > 0) {
        const auto width = g.integer(prefix + "embedding_length");
        const auto heads = g.integer(prefix + "attention.head_count");
        const auto key = g.integer(prefix + "attention.key_length");
        const std::int64_t headDim =
            key && *key > 0 ? *key : (width && heads && *heads > 0 ? *width / *heads : 0);
        if (headDim > 0 && *rot < headDim)
            config["partial_rotary_factor"] = double(*rot) / double(headDim);
    }
    for (const char *longRope : {"rope_factors_long.weight", "rope_factors_short.weight"})
        if (g.tensor(QLatin1String(longRope)))
            fail(translate("attn::checkpoint", "%1: %2 (Phi-3's longrope scaling) is not read")
                     .arg(path, QLatin1String(longRope)));
    // Linear RoPE scaling as the converter writes it (rope.scaling.type "linear" and its factor;
    // older files: rope.scale_linear); llama.cpp divides the positions by the factor, on Gemma 3's
    // global layers only. YaRN and longrope change more than the frequencies: refused.
    const QByteArray scalingKey = prefix + "rope.scaling.type";
    const QString scaling = g.string(scalingKey).value_or(QStringLiteral("none"));
    if (scaling == "linear" || (scaling == "none" && g.number(prefix + "rope.scale_linear"))) {
        const QByteArray factorKey =
            prefix + (scaling == "linear" ? "rope.scaling.factor" : "rope.scale_linear");
        const double factor = g.number(factorKey).value_or(1.0);
        if (!(factor > 0 && factor <= 1e6))
            fail(g.where(factorKey) + translate("attn::checkpoint",
                                                " is %1, but a factor must be above 0 and at "
                                                "most 1e6")
                                          .arg(QString::number(factor, 'g', 17)));
        if (factor != 1)
            config["rope_scaling"] = QJsonObject{{"rope_type", "linear"}, {"factor", factor}};
    } else if (scaling != "none") {
        fail(g.where(scalingKey) +
             translate("attn::checkpoint", ": RoPE scaling \"%1\" is not read (linear is)")
                 .arg(scaling.left(40)));
    }
    config["tie_word_embeddings"] = g.tensor("output.weight") == nullptr;
    if (g.tensor("blk.0.attn_q.bias")) {
        if (layout.interleavedQk)
            fail(translate("attn::checkpoint", "%1: biases of a Llama's q and k are not read")
                     .arg(path));
        config["attention_bias"] = true;
    }
    if (layout.configure)
        layout.configure(config);
    try {
        c->m_config = parseModelConfig(QJsonDocument(config).toJson(QJsonDocument::Compact));
    } catch (const InputError &e) {
        QString message = QString::fromStdString(e.what());
        for (const auto &[hf, key] : keyNames)
            message.replace(QLatin1Char('"') + hf + QLatin1Char('"'), key);
        fail(path + ": " + message);
    }
    if (layout.normsStoredPlusOne)
        c->m_config.features.norm = NormKind::RmsNorm;
    const ModelConfig &cfg = c->m_config;
    if (const auto rot = g.integer(prefix + "rope.dimension_count");
        rot && cfg.features.rope && *rot != cfg.features.ropes.rotaryDims)
        fail(translate("attn::checkpoint", "%1: %2 is %3, but the heads have %4 dimensions "
                                           "(partial RoPE is not read)")
                 .arg(path, QString::fromUtf8(prefix + "rope.dimension_count"),
                      QString::number(*rot), QString::number(cfg.features.ropes.rotaryDims)));
    // Llama 3's scaled RoPE as llama.cpp's converter stores it: a factor per turned pair, each
    // dividing its inverse frequency (rope_freqs.weight, float32). The converter computes them
    // in float32 from the "llama3" scaling (factor, low 1, high 4, original 8192, as every
    // Llama 3.1 and 3.2 has): when each stored factor is that scaling's to float32's precision,
    // the scaling is computed in double as Hugging Face does, so that the run equals the
    // model's; any other factors divide the frequencies as they are.
    if (const GgufTensor *t = g.tensor("rope_freqs.weight")) {
        const std::int64_t pairs = cfg.features.rope ? cfg.features.ropes.rotaryDims / 2 : 0;
        if (pairs == 0 || t->dims.size() != 1 || t->dims[0] != pairs)
            fail(translate("attn::checkpoint",
                           "%1: rope_freqs.weight has %2 values, but RoPE turns %3 pairs")
                     .arg(path, QString::number(t->dims.empty() ? 0 : t->dims[0]),
                          QString::number(pairs)));
        const RowVector factors = viewOfGgufTensor(g, *t).widenVector();
        for (const double f : factors)
            if (!std::isfinite(f) || f <= 0 || f > 1e6)
                fail(translate("attn::checkpoint", "%1: rope_freqs.weight holds %2, but each "
                                                   "factor must be above 0 and at most 1e6")
                         .arg(path, QString::number(f, 'g', 17)));
        RopeFeatures &ropes = c->m_config.features.ropes;
        if (const double factor = factors.maxCoeff(); factor > 1) {
            Rope llama3 = layerRope(cfg, 0);
            const std::vector<double> plain = ropeInverseFrequencies(llama3, cfg.headDim);
            llama3.scaling = RopeScaling::Llama3;
            llama3.factor = factor;
            const std::vector<double> scaled = ropeInverseFrequencies(llama3, cfg.headDim);
            bool same = plain.size() == std::size_t(factors.size());
            for (std::size_t i = 0; same && i < plain.size(); ++i) {
                const double expected = plain[i] / scaled[i];
                same = std::abs(factors(Eigen::Index(i)) - expected) <= 1e-5 * expected;
            }
            if (same) {
                ropes.llama3Factor = factor;
                ropes.lowFreqFactor = llama3.lowFreqFactor;
                ropes.highFreqFactor = llama3.highFreqFactor;
                ropes.originalMaxPositions = llama3.originalPositions;
            }
        }
        if (ropes.llama3Factor == 0)
            ropes.frequencyFactors.assign(factors.begin(), factors.end());
    }
    // The tokenizer's arrays: one entry per token of the vocabulary.
    if (const auto n = g.arrayCount("tokenizer.ggml.tokens"); n && std::int64_t(*n) != cfg.vocab)
        fail(translate("attn::checkpoint", "%1: tokenizer.ggml.tokens has %2 entries, but the "
                                           "vocabulary has %3 tokens")
                 .arg(path, QString::number(*n), QString::number(cfg.vocab)));

    // The tensors under Hugging Face's names.
    auto m = std::make_unique<Mapped>();
    m->path = path;
    m->header.dataStart = g.dataStart();
    for (const GgufTensor &t : g.tensors()) {
        SafetensorsTensor s;
        s.name = renameTensor(layout, t.name, true);
        s.dtype = ggmlTypeName(std::uint32_t(t.type));
        for (const std::int64_t d : t.shape())
            s.shape.push_back(std::uint64_t(d));
        s.begin = t.offset;
        s.end = t.offset + t.bytes;
        m->header.tensors.push_back(s);
    }
    TensorBinder binder;
    binder.indexFile = path;
    binder.fileName = [&layout](const QString &name) { return renameTensor(layout, name, false); };
    const unsigned char *data =
        g.tensors().empty() ? nullptr : g.tensorData(g.tensors()[0]) - g.tensors()[0].offset;
    for (const SafetensorsTensor &t : m->header.tensors)
        binder.entries.emplace(
            t.name, TensorBinder::Entry{&t, path, data, g.handle(), std::int64_t(g.dataStart())});
    binder.prefix = family->prefix(binder);
    (layout.bind ? layout.bind : family->bind)(binder, cfg, c->m_weights);
    if (layout.interleavedQk)
        for (LayerWeights &l : c->m_weights.layers) {
            l.q.weight.interleavedHeadDim = cfg.headDim;
            l.k.weight.interleavedHeadDim = cfg.headDim;
        }
    c->m_files.push_back(std::move(m));
    c->collectUsed();
    return c;
}

void Checkpoint::collectUsed() {
    // Every tensor used, once.
    std::set<const unsigned char *> seen;
    auto use = [&](const TensorView &t) {
        if (t.present() && seen.insert(t.data).second)
            m_used.push_back(&t);
    };
    const ModelWeights &w = m_weights;
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
    if (m_gguf) {
        o.key("gguf");
        json::Block g(out, o.inner(), json::Block::Object);
        g.key("version");
        out += QByteArray::number(m_gguf->version());
        g.key("alignment");
        out += QByteArray::number(qulonglong(m_gguf->alignment()));
        g.key("tensor_types");
        std::map<QString, std::int64_t> types;
        for (const GgufTensor &t : m_gguf->tensors())
            ++types[ggmlTypeName(std::uint32_t(t.type))];
        json::Block tt(out, g.inner(), json::Block::Object);
        for (const auto &[name, count] : types) {
            tt.key(name);
            out += QByteArray::number(qlonglong(count));
        }
        tt.close();
        g.close();
    }
    o.key("features");
    json::appendValue(out, QJsonValue(describeFeatures(m_config)), 0);
    o.close();
    out += '\n';
    return out;
}

} // namespace attn
