// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace attn {

// GGUF, llama.cpp's model file (ggml's docs/gguf.md), versions 2 and 3, little-endian:
//   "GGUF", version u32, tensor count u64, metadata count u64,
//   metadata: key (string), value type u32, value,
//   tensor infos: name (string), n_dims u32, dims u64 × n_dims (innermost first), type u32,
//                 offset u64 (relative to the data, a multiple of the alignment),
//   padding to general.alignment (default 32), then the data.
// A string is a u64 length and that many bytes; an array an element type u32, a count u64 and
// the elements. Nothing is trusted: every count and length is checked against the bytes left
// and core/Limits.h (kMaxGguf*) before it is used, the tensors must lie inside the data,
// aligned, without overlapping, and be of a type attnviz dequantizes (GgmlType). An array's
// elements stay in the file and are read when asked for.

// The ggml tensor types that attnviz reads, by their numbers in the file.
enum class GgmlType : std::uint32_t {
    F32 = 0,
    F16 = 1,
    Q4_0 = 2,
    Q4_1 = 3,
    Q5_0 = 6,
    Q5_1 = 7,
    Q8_0 = 8,
    Q4_K = 12,
    Q5_K = 13,
    Q6_K = 14,
    F64 = 28,
    BF16 = 30,
};
// "Q4_K", or the name ggml gives a type attnviz does not read ("Q2_K", "IQ4_XS"), or "type N".
QString ggmlTypeName(std::uint32_t type);
// Whether attnviz reads the type; its block's values and bytes (1 and the item size for F32,
// F16, BF16, F64).
bool ggmlTypeKnown(std::uint32_t type);
int ggmlBlockValues(GgmlType type);
int ggmlBlockBytes(GgmlType type);

enum class GgufValueType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

struct GgufValue {
    GgufValueType type = GgufValueType::U8;
    // Integers and bools (U64 above INT64_MAX saturates), floats, strings.
    std::int64_t integer = 0;
    double real = 0;
    QByteArray text;
    // Arrays: the element type, the count and where the first element is in the file.
    GgufValueType elementType = GgufValueType::U8;
    std::uint64_t count = 0;
    std::uint64_t at = 0;

    bool isInteger() const;
    bool isNumber() const;
};

struct GgufTensor {
    QString name;
    std::vector<std::int64_t> dims; // ne: dims[0] is the row length
    GgmlType type = GgmlType::F32;
    std::uint64_t offset = 0; // relative to the data
    std::uint64_t bytes = 0;
    // PyTorch's shape: the dims reversed (rows, cols) for a matrix.
    std::vector<std::int64_t> shape() const;
};

class GgufFile {
public:
    // Reads the header of the file at `path`, which must be a regular file (not a FIFO or a
    // device), and maps it. Throws InputError "PATH: problem", one line.
    static std::unique_ptr<GgufFile> open(const QString &path);
    // Reads the header from `size` bytes at `bytes` (not copied: they must outlive the result);
    // `name` begins every message. Throws InputError.
    static std::unique_ptr<GgufFile> parse(const unsigned char *bytes, std::uint64_t size,
                                           const QString &name);
    ~GgufFile();
    GgufFile(const GgufFile &) = delete;
    GgufFile &operator=(const GgufFile &) = delete;

    const QString &name() const { return m_name; }
    std::uint32_t version() const { return m_version; }
    std::uint64_t alignment() const { return m_alignment; }
    std::uint64_t size() const { return m_size; }
    std::uint64_t dataStart() const { return m_dataStart; }
    const std::vector<GgufTensor> &tensors() const { return m_tensors; }
    const std::map<QByteArray, GgufValue> &metadata() const { return m_metadata; }
    // The open file (for pread) or −1.
    int handle() const;

    const GgufTensor *tensor(const QString &name) const;
    const unsigned char *tensorData(const GgufTensor &t) const {
        return m_bytes + m_dataStart + t.offset;
    }
    const GgufValue *find(const QByteArray &key) const;
    bool has(const QByteArray &key) const { return find(key) != nullptr; }
    // A scalar by key, or nullopt when missing; InputError when it is of another kind.
    std::optional<std::int64_t> integer(const QByteArray &key) const;
    std::optional<double> number(const QByteArray &key) const;
    std::optional<bool> flag(const QByteArray &key) const;
    std::optional<QString> string(const QByteArray &key) const;
    // An array's count (nullopt when missing; InputError when not an array).
    std::optional<std::uint64_t> arrayCount(const QByteArray &key) const;
    // An array's elements, read from the file now; InputError when the key is missing or the
    // elements are of another kind.
    std::vector<QString> stringArray(const QByteArray &key) const;
    std::vector<double> numberArray(const QByteArray &key) const;
    // "FILE: key K: " for messages.
    QString where(const QByteArray &key) const;

private:
    GgufFile() = default;
    void read();
    const GgufValue &require(const QByteArray &key, GgufValueType type) const;

    QString m_name;
    QFile m_file;
    const unsigned char *m_bytes = nullptr;
    bool m_mapped = false;
    std::uint64_t m_size = 0;
    std::uint32_t m_version = 0;
    std::uint64_t m_alignment = 32;
    std::uint64_t m_dataStart = 0;
    std::map<QByteArray, GgufValue> m_metadata;
    std::vector<GgufTensor> m_tensors;
    std::map<QString, std::size_t> m_byName;
};

// Whether `head` (a file's first bytes) is GGUF: the magic "GGUF".
bool looksLikeGguf(const QByteArray &head);
// Whether `path` names a GGUF file by its extension (.gguf).
bool isGgufPath(const QString &path);

} // namespace attn
