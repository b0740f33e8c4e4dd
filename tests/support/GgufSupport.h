// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The GGUF reference cases of tests/data/reference-gguf (copied from shared/reference-gguf), a
// small GGUF writer for the tests that build files, good or bad, byte by byte, and a Hugging Face
// reference folder written as llama.cpp's converter writes it.

#include "TestSupport.h"
#include "checkpoint/CheckpointWriter.h"
#include "io/Safetensors.h"

#include <QByteArray>
#include <QFile>
#include <QFloat16>
#include <QJsonObject>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QtEndian>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <vector>

namespace testsupport {

inline QString ggufDir(const QString &name) {
    return QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference-gguf/") + name;
}

// Every case and type copied here: {case, type}.
inline const std::vector<std::pair<const char *, const char *>> &ggufCases() {
    static const std::vector<std::pair<const char *, const char *>> all = {
        {"llama-gqa", "F16"},     {"llama-gqa", "Q8_0"},    {"llama-gqa", "Q4_0"},
        {"llama-gqa", "Q4_K"},    {"llama-gqa", "Q6_K"},    {"llama-gqa", "Q4_K_M"},
        {"qwen2-bias", "BF16"},   {"qwen2-bias", "Q4_K_M"}, {"gpt2", "Q4_0"},
        {"llama-spm32k", "Q8_0"}, {"gpt2-bpe50k", "Q8_0"},
    };
    return all;
}

// Writes a GGUF file: metadata, tensor infos and data, each tensor padded to the alignment.
class GgufWriter {
public:
    std::uint32_t version = 3;
    std::uint64_t alignment = 32;

    template <typename T> static void put(QByteArray &out, T v) {
        char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        out.append(b, qsizetype(sizeof(T)));
    }
    static void putString(QByteArray &out, const QByteArray &s) {
        put<std::uint64_t>(out, std::uint64_t(s.size()));
        out += s;
    }
    void key(const QByteArray &k, std::uint32_t type) {
        putString(m_kv, k);
        put<std::uint32_t>(m_kv, type);
        ++m_keys;
    }
    void addU32(const QByteArray &k, std::uint32_t v) {
        key(k, 4);
        put(m_kv, v);
    }
    void addF32(const QByteArray &k, float v) {
        key(k, 6);
        put(m_kv, v);
    }
    void addF64(const QByteArray &k, double v) {
        key(k, 12);
        put(m_kv, v);
    }
    void addBool(const QByteArray &k, bool v) {
        key(k, 7);
        put<std::uint8_t>(m_kv, v ? 1 : 0);
    }
    void addString(const QByteArray &k, const QByteArray &v) {
        key(k, 8);
        putString(m_kv, v);
    }
    // The metadata written so far, for a value the helpers do not write.
    QByteArray &kv() { return m_kv; }
    // An array's type and count without its elements (a bad file's).
    void addArrayHeader(const QByteArray &k, std::uint32_t elementType, std::uint64_t count) {
        key(k, 9);
        put(m_kv, elementType);
        put(m_kv, count);
    }
    void addStrings(const QByteArray &k, const QStringList &v) {
        key(k, 9);
        put<std::uint32_t>(m_kv, 8);
        put<std::uint64_t>(m_kv, std::uint64_t(v.size()));
        for (const QString &s : v)
            putString(m_kv, s.toUtf8());
    }
    // A tensor of ggml type `type` whose bytes are `bytes`, at the next aligned offset (or at
    // `offset` when given).
    void addTensor(const QByteArray &name, const std::vector<std::uint64_t> &dims,
                   std::uint32_t type, const QByteArray &bytes, std::int64_t offset = -1) {
        putString(m_infos, name);
        put<std::uint32_t>(m_infos, std::uint32_t(dims.size()));
        for (std::uint64_t d : dims)
            put(m_infos, d);
        put(m_infos, type);
        while (std::uint64_t(m_data.size()) % alignment)
            m_data += char(0);
        put<std::uint64_t>(m_infos,
                           offset >= 0 ? std::uint64_t(offset) : std::uint64_t(m_data.size()));
        m_data += bytes;
        ++m_tensors;
    }
    // The whole file; `tensorCount` and `keyCount` override the counts written.
    QByteArray bytes(std::int64_t tensorCount = -1, std::int64_t keyCount = -1) const {
        QByteArray out("GGUF");
        put(out, version);
        put<std::uint64_t>(out, tensorCount >= 0 ? std::uint64_t(tensorCount) : m_tensors);
        put<std::uint64_t>(out, keyCount >= 0 ? std::uint64_t(keyCount) : m_keys);
        out += m_kv;
        out += m_infos;
        while (std::uint64_t(out.size()) % alignment)
            out += char(0);
        out += m_data;
        return out;
    }

private:
    QByteArray m_kv, m_infos, m_data;
    std::uint64_t m_keys = 0, m_tensors = 0;
};

// A stored value of a safetensors tensor (F32, BF16 or F16) as a float.
inline float storedFloat(const char *at, const QString &dtype) {
    if (dtype == "F32")
        return std::bit_cast<float>(qFromLittleEndian<std::uint32_t>(at));
    const std::uint16_t bits = qFromLittleEndian<std::uint16_t>(at);
    if (dtype == "BF16")
        return std::bit_cast<float>(std::uint32_t(bits) << 16);
    return float(std::bit_cast<qfloat16>(bits));
}

// A Hugging Face reference folder's config.json and model.safetensors, read whole.
struct FolderTensors {
    QJsonObject config;
    attn::SafetensorsFile header;
    QByteArray bytes;

    explicit FolderTensors(const QString &folder) {
        config = readJsonObject(folder + "/config.json");
        QFile f(folder + "/model.safetensors");
        if (!f.open(QIODevice::ReadOnly))
            return;
        header = attn::readSafetensorsHeader(f, std::uint64_t(f.size()));
        f.seek(0);
        bytes = f.readAll();
    }
    QByteArray data(const attn::SafetensorsTensor &t) const {
        return bytes.mid(qsizetype(header.dataStart + t.begin), qsizetype(t.end - t.begin));
    }
    std::vector<float> floats(const attn::SafetensorsTensor &t) const {
        const QByteArray d = data(t);
        const qsizetype width = t.dtype == "F32" ? 4 : 2;
        std::vector<float> out;
        for (qsizetype i = 0; i + width <= d.size(); i += width)
            out.push_back(storedFloat(d.constData() + i, t.dtype));
        return out;
    }
};

// A Hugging Face reference folder written as llama.cpp's convert_hf_to_gguf.py writes it: the
// keys, the tensors renamed, a Llama's q and k rows interleaved per head, the bytes otherwise as
// stored. Gemma (arch gemma2, gemma3) as Gemma2Model and Gemma3Model write it: no lm_head, every
// norm weight stored as float32(1 + w) (the converter widens BF16 to float32 first), the soft
// caps, the window, gemma3's rope.freq_base and linear scaling, gemma2 without rope.freq_base.
// `factorScale` multiplies Llama 3's RoPE factors (1: the converter's own).
inline QByteArray ggufOfFolder(const QString &folder, const QByteArray &arch, bool interleave,
                               float factorScale = 1) {
    const FolderTensors in(folder);
    const QJsonObject &c = in.config;
    if (in.bytes.isEmpty())
        return {};
    const bool gemma = arch.startsWith("gemma");
    GgufWriter w;
    w.addString("general.architecture", arch);
    const auto u = [&](const char *key, const char *field) {
        w.addU32(arch + "." + key, std::uint32_t(c[field].toInt()));
    };
    u("embedding_length", "hidden_size");
    u("block_count", "num_hidden_layers");
    u("attention.head_count", "num_attention_heads");
    u("attention.head_count_kv", "num_key_value_heads");
    u("feed_forward_length", "intermediate_size");
    u("context_length", "max_position_embeddings");
    if (!gemma) // Gemma's converters leave it to the tokenizer's count
        u("vocab_size", "vocab_size");
    if (c.contains("head_dim"))
        u("attention.key_length", "head_dim");
    // Phi-3's and Gemma 2's converters write the window; Gemma 3's unless its pattern is 1.
    if (c["sliding_window"].toInt() > 0 && c["sliding_window_pattern"].toInt() != 1)
        u("attention.sliding_window", "sliding_window");
    for (const char *cap : {"attn_logit_softcapping", "final_logit_softcapping"})
        if (c[cap].toDouble() > 0)
            w.addF32(arch + "." + cap, float(c[cap].toDouble()));
    // float64 (GGUF allows it; llama.cpp writes float32): the config's ε exactly, so that the
    // heads can be compared bit for bit with the safetensors folder's.
    w.addF64(arch + ".attention.layer_norm_rms_epsilon", c["rms_norm_eps"].toDouble());
    if (arch != "gemma2") // Gemma2Model.set_gguf_parameters writes no base: llama.cpp's 10000
        w.addF64(arch + ".rope.freq_base", c["rope_theta"].toDouble());
    const QJsonObject scaling = c["rope_scaling"].toObject();
    if (scaling["rope_type"].toString() == "linear" || scaling["rope_type"].toString() == "yarn") {
        w.addString(arch + ".rope.scaling.type", scaling["rope_type"].toString().toUtf8());
        w.addF32(arch + ".rope.scaling.factor", float(scaling["factor"].toDouble()));
    }
    const int heads = c["num_attention_heads"].toInt(), kv = c["num_key_value_heads"].toInt();
    QList<QPair<QString, QString>> names = {
        {"input_layernorm", "attn_norm"},    {"self_attn.q_proj", "attn_q"},
        {"self_attn.k_proj", "attn_k"},      {"self_attn.v_proj", "attn_v"},
        {"self_attn.o_proj", "attn_output"}, {"self_attn.q_norm", "attn_q_norm"},
        {"self_attn.k_norm", "attn_k_norm"}, {"mlp.gate_proj", "ffn_gate"},
        {"mlp.up_proj", "ffn_up"},           {"mlp.down_proj", "ffn_down"},
        {"self_attn.qkv_proj", "attn_qkv"},  {"mlp.gate_up_proj", "ffn_up"}};
    if (gemma)
        names << QPair<QString, QString>("post_attention_layernorm", "post_attention_norm")
              << QPair<QString, QString>("pre_feedforward_layernorm", "ffn_norm")
              << QPair<QString, QString>("post_feedforward_layernorm", "post_ffw_norm");
    else
        names << QPair<QString, QString>("post_attention_layernorm", "ffn_norm");
    for (const attn::SafetensorsTensor &t : in.header.tensors) {
        QString name = t.name;
        name.remove(QRegularExpression("^model\\."));
        const QString suffix = name.mid(name.lastIndexOf('.'));
        QString base = name.left(name.lastIndexOf('.'));
        int n = 0; // the heads whose rows are interleaved
        if (base == "embed_tokens")
            base = "token_embd";
        else if (base == "norm")
            base = "output_norm";
        else if (base == "lm_head")
            base = "output";
        if (gemma && base == "output")
            continue; // Gemma2Model and Gemma3Model skip lm_head.weight
        const QRegularExpressionMatch m =
            QRegularExpression("^layers\\.(\\d+)\\.(.*)$").match(base);
        if (m.hasMatch())
            for (const auto &[hf, gg] : names)
                if (m.captured(2) == hf) {
                    base = "blk." + m.captured(1) + "." + gg;
                    if (interleave && (gg == "attn_q" || gg == "attn_k"))
                        n = gg == "attn_q" ? heads : kv;
                }
        QByteArray data = in.data(t);
        std::uint32_t type = t.dtype == "BF16" ? 30 : t.dtype == "F16" ? 1 : 0;
        if (gemma && name.endsWith("norm.weight")) {
            // data_torch + 1 in float32, stored as float32 (a 1-D tensor).
            data.clear();
            for (const float v : in.floats(t))
                GgufWriter::put(data, v + 1.0f);
            type = 0;
        }
        if (n > 0) {
            const qsizetype rows = qsizetype(t.shape[0]), row = data.size() / rows;
            const qsizetype dim = rows / n, half = dim / 2;
            QByteArray out(data.size(), 0);
            for (qsizetype h = 0; h < n; ++h)
                for (qsizetype j = 0; j < half; ++j)
                    for (qsizetype k = 0; k < 2; ++k)
                        out.replace((h * dim + 2 * j + k) * row, row,
                                    data.mid((h * dim + k * half + j) * row, row));
            data = out;
        }
        std::vector<std::uint64_t> dims(t.shape.rbegin(), t.shape.rend());
        w.addTensor((base + suffix).toUtf8(), dims, type, data);
    }
    // Llama 3's scaled RoPE as convert_hf_to_gguf.py's LlamaModel.generate_extra_tensors writes
    // it: a float32 factor per turned pair, from float32 frequencies.
    if (scaling["rope_type"].toString() == "llama3") {
        const int dim =
            c.contains("head_dim") ? c["head_dim"].toInt() : c["hidden_size"].toInt() / heads;
        const float base = float(c["rope_theta"].toDouble());
        const float factor = float(scaling["factor"].toDouble(8));
        const float low = float(scaling["low_freq_factor"].toDouble(1));
        const float high = float(scaling["high_freq_factor"].toDouble(4));
        // The converter reads the original context from the config's top level.
        const float context = float(c["original_max_position_embeddings"].toDouble(8192));
        QByteArray factors;
        for (int i = 0; i < dim; i += 2) {
            const float freq = 1.0f / std::pow(base, float(i) / float(dim));
            const float wavelength = float(2 * std::numbers::pi) / freq;
            float r = factor;
            if (wavelength < context / high) {
                r = 1;
            } else if (wavelength <= context / low) {
                const float smooth = (context / wavelength - low) / (high - low);
                r = 1 / ((1 - smooth) / factor + smooth);
            }
            GgufWriter::put(factors, r * factorScale);
        }
        w.addTensor("rope_freqs.weight", {std::uint64_t(dim / 2)}, 0, factors);
    }
    return w.bytes();
}

// Writes `bytes` to `path`; false when it cannot.
inline bool writeBytes(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// A Gemma reference folder (gemma2-tiny, gemma3-tiny) made into the model llama.cpp computes,
// written as an F32 safetensors folder to `out`: each norm weight w replaced by
// float32(1 + w) − 1 (exact), so that Hugging Face's 1 + w is the converter's float32 sum; the
// query scale llama.cpp infers (head_dim, or d_model / heads with the 27B model's
// `largeLayers`); and the layers cycled to `layers` (their weights repeated) so that the
// sliding pattern llama.cpp hard-codes (2, or 6 for Gemma 3) has full layers. `changes` are set
// in the config last.
inline void writeLlamaCppGemmaFolder(const QString &folder, const QString &out, int layers,
                                     int largeLayers, const QJsonObject &changes = {}) {
    const FolderTensors in(folder);
    QJsonObject c = in.config;
    const int stored = c["num_hidden_layers"].toInt();
    c["num_hidden_layers"] = layers;
    c["torch_dtype"] = "float32";
    c["query_pre_attn_scalar"] = layers == largeLayers
                                     ? c["hidden_size"].toInt() / c["num_attention_heads"].toInt()
                                     : c["head_dim"].toInt();
    c.remove("sliding_window_pattern");
    c.remove("layer_types");
    for (auto it = changes.begin(); it != changes.end(); ++it)
        c[it.key()] = it.value();
    std::vector<attn::TensorToWrite> tensors;
    const QRegularExpression layerName("^(model\\.layers\\.)(\\d+)(\\..*)$");
    for (int copy = 0; copy * stored < layers; ++copy)
        for (const attn::SafetensorsTensor &t : in.header.tensors) {
            const QRegularExpressionMatch m = layerName.match(t.name);
            if (!m.hasMatch() && copy > 0)
                continue;
            const int layer = m.hasMatch() ? copy * stored + m.captured(2).toInt() : 0;
            if (layer >= layers)
                continue;
            attn::TensorToWrite w;
            w.name =
                (m.hasMatch() ? m.captured(1) + QString::number(layer) + m.captured(3) : t.name)
                    .toStdString();
            for (const std::uint64_t d : t.shape)
                w.shape.push_back(std::int64_t(d));
            const bool norm = t.name.endsWith("norm.weight");
            for (const float v : in.floats(t))
                w.values.push_back(norm ? double((1.0f + v) - 1.0f) : double(v));
            tensors.push_back(std::move(w));
        }
    attn::writeCheckpointFolder(out, c, tensors);
}

} // namespace testsupport
