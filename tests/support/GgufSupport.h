// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The GGUF reference cases of tests/data/reference-gguf (copied from shared/reference-gguf) and
// a small GGUF writer for the tests that build files, good or bad, byte by byte.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <cstring>
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

} // namespace testsupport
