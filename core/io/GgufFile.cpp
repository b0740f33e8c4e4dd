// SPDX-License-Identifier: GPL-3.0-or-later
#include "GgufFile.h"

#include "InputError.h"
#include "Limits.h"
#include "RegularFile.h"
#include "Translate.h"

#include <QFileInfo>

#include <algorithm>
#include <cstring>
#include <limits>

namespace attn {

namespace {

constexpr std::uint64_t kHeaderBytes = 24; // magic, version, tensor count, metadata count

QString num(std::uint64_t v) {
    return QString::number(v);
}

std::uint32_t swapped(std::uint32_t v) {
    return (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
}

// ggml's names of its types by number, for messages (ggml.c's type_traits).
const char *const kTypeNames[] = {
    "F32",   "F16",        "Q4_0",       "Q4_1",       "Q4_2",     "Q4_3",     "Q5_0",
    "Q5_1",  "Q8_0",       "Q8_1",       "Q2_K",       "Q3_K",     "Q4_K",     "Q5_K",
    "Q6_K",  "Q8_K",       "IQ2_XXS",    "IQ2_XS",     "IQ3_XXS",  "IQ1_S",    "IQ4_NL",
    "IQ3_S", "IQ2_S",      "IQ4_XS",     "I8",         "I16",      "I32",      "I64",
    "F64",   "IQ1_M",      "BF16",       "Q4_0_4_4",   "Q4_0_4_8", "Q4_0_8_8", "TQ1_0",
    "TQ2_0", "IQ4_NL_4_4", "IQ4_NL_4_8", "IQ4_NL_8_8", "MXFP4",
};

int valueSize(GgufValueType t) {
    switch (t) {
    case GgufValueType::U8:
    case GgufValueType::I8:
    case GgufValueType::Bool:
        return 1;
    case GgufValueType::U16:
    case GgufValueType::I16:
        return 2;
    case GgufValueType::U32:
    case GgufValueType::I32:
    case GgufValueType::F32:
        return 4;
    case GgufValueType::U64:
    case GgufValueType::I64:
    case GgufValueType::F64:
        return 8;
    case GgufValueType::String:
        return 8; // at least its length
    case GgufValueType::Array:
        return 12; // at least its type and count
    }
    return 0;
}

const char *valueTypeName(GgufValueType t) {
    switch (t) {
    case GgufValueType::U8:
        return "uint8";
    case GgufValueType::I8:
        return "int8";
    case GgufValueType::U16:
        return "uint16";
    case GgufValueType::I16:
        return "int16";
    case GgufValueType::U32:
        return "uint32";
    case GgufValueType::I32:
        return "int32";
    case GgufValueType::F32:
        return "float32";
    case GgufValueType::Bool:
        return "bool";
    case GgufValueType::String:
        return "string";
    case GgufValueType::Array:
        return "array";
    case GgufValueType::U64:
        return "uint64";
    case GgufValueType::I64:
        return "int64";
    case GgufValueType::F64:
        return "float64";
    }
    return "?";
}

// Reads little-endian values from [bytes, bytes + size), each checked against the end.
class Reader {
public:
    Reader(const unsigned char *bytes, std::uint64_t size, QString name)
        : m_bytes(bytes), m_size(size), m_name(std::move(name)) {}

    [[noreturn]] void fail(const QString &problem) const {
        throw InputError(m_name + QStringLiteral(": ") + problem);
    }
    std::uint64_t pos() const { return m_pos; }
    void seek(std::uint64_t p) { m_pos = p; }
    std::uint64_t left() const { return m_size - m_pos; }
    void need(std::uint64_t n, const QString &what) const {
        if (n > left())
            fail(translate("attn::io", "%1 runs past the end of the file (offset %2 of %3 bytes)")
                     .arg(what, num(m_pos), num(m_size)));
    }
    template <typename T> T read(const QString &what) {
        need(sizeof(T), what);
        T v;
        std::memcpy(&v, m_bytes + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v; // the host is little-endian (as ggml requires of GGUF's readers)
    }
    void skip(std::uint64_t n, const QString &what) {
        need(n, what);
        m_pos += n;
    }
    // A string of at most `limit` bytes.
    QByteArray string(const QString &what, std::int64_t limit) {
        const auto n = read<std::uint64_t>(what);
        if (n > left())
            fail(translate("attn::io", "%1 is %2 bytes long, longer than the rest of the file "
                                       "(%3 bytes)")
                     .arg(what, num(n), num(left())));
        if (n > std::uint64_t(limit))
            fail(translate("attn::io", "%1 is %2 bytes long (at most %3)")
                     .arg(what, num(n), num(std::uint64_t(limit))));
        QByteArray s(reinterpret_cast<const char *>(m_bytes + m_pos), qsizetype(n));
        m_pos += n;
        return s;
    }
    // Skips a string's bytes without keeping them.
    void skipString(const QString &what) {
        const auto n = read<std::uint64_t>(what);
        if (n > left())
            fail(translate("attn::io", "%1 is %2 bytes long, longer than the rest of the file "
                                       "(%3 bytes)")
                     .arg(what, num(n), num(left())));
        if (n > std::uint64_t(kMaxGgufStringBytes))
            fail(translate("attn::io", "%1 is %2 bytes long (at most %3)")
                     .arg(what, num(n), num(std::uint64_t(kMaxGgufStringBytes))));
        m_pos += n;
    }
    const unsigned char *at(std::uint64_t p) const { return m_bytes + p; }

private:
    const unsigned char *m_bytes;
    std::uint64_t m_size;
    std::uint64_t m_pos = 0;
    QString m_name;
};

GgufValueType valueType(Reader &r, const QString &what) {
    const auto t = r.read<std::uint32_t>(what);
    if (t > std::uint32_t(GgufValueType::F64))
        r.fail(translate("attn::io", "%1 has the unknown value type %2").arg(what, num(t)));
    return GgufValueType(t);
}

// Skips (after checking) one array's elements: `count` of type `type`, at nesting `depth`.
void skipElements(Reader &r, GgufValueType type, std::uint64_t count, int depth,
                  const QString &what) {
    const auto size = std::uint64_t(valueSize(type));
    if (count > std::uint64_t(kMaxGgufArrayCount))
        r.fail(translate("attn::io", "%1 has %2 elements (at most %3)")
                   .arg(what, num(count), num(std::uint64_t(kMaxGgufArrayCount))));
    if (count > r.left() / size)
        r.fail(translate("attn::io", "%1 has %2 elements, more than the rest of the file holds")
                   .arg(what, num(count)));
    if (type == GgufValueType::String) {
        for (std::uint64_t i = 0; i < count; ++i)
            r.skipString(what);
    } else if (type == GgufValueType::Array) {
        if (depth >= kMaxGgufArrayDepth)
            r.fail(translate("attn::io", "%1 nests arrays more than %2 deep")
                       .arg(what, num(std::uint64_t(kMaxGgufArrayDepth))));
        for (std::uint64_t i = 0; i < count; ++i) {
            const GgufValueType inner = valueType(r, what);
            const auto n = r.read<std::uint64_t>(what);
            skipElements(r, inner, n, depth + 1, what);
        }
    } else {
        r.skip(count * size, what);
    }
}

GgufValue readValue(Reader &r, GgufValueType type, const QString &what) {
    GgufValue v;
    v.type = type;
    switch (type) {
    case GgufValueType::U8:
        v.integer = r.read<std::uint8_t>(what);
        break;
    case GgufValueType::I8:
        v.integer = r.read<std::int8_t>(what);
        break;
    case GgufValueType::U16:
        v.integer = r.read<std::uint16_t>(what);
        break;
    case GgufValueType::I16:
        v.integer = r.read<std::int16_t>(what);
        break;
    case GgufValueType::U32:
        v.integer = r.read<std::uint32_t>(what);
        break;
    case GgufValueType::I32:
        v.integer = r.read<std::int32_t>(what);
        break;
    case GgufValueType::U64: {
        const auto u = r.read<std::uint64_t>(what);
        v.integer = u > std::uint64_t(std::numeric_limits<std::int64_t>::max())
                        ? std::numeric_limits<std::int64_t>::max()
                        : std::int64_t(u);
        break;
    }
    case GgufValueType::I64:
        v.integer = r.read<std::int64_t>(what);
        break;
    case GgufValueType::F32:
        v.real = double(r.read<float>(what));
        break;
    case GgufValueType::F64:
        v.real = r.read<double>(what);
        break;
    case GgufValueType::Bool: {
        const auto b = r.read<std::uint8_t>(what);
        if (b > 1)
            r.fail(translate("attn::io", "%1 is a bool of value %2 (0 or 1)").arg(what, num(b)));
        v.integer = b;
        break;
    }
    case GgufValueType::String:
        v.text = r.string(what, kMaxGgufStringBytes);
        break;
    case GgufValueType::Array: {
        v.elementType = valueType(r, what);
        v.count = r.read<std::uint64_t>(what);
        v.at = r.pos();
        skipElements(r, v.elementType, v.count, 1, what);
        break;
    }
    }
    if (type != GgufValueType::F32 && type != GgufValueType::F64)
        v.real = double(v.integer);
    return v;
}

} // namespace

QString ggmlTypeName(std::uint32_t type) {
    if (type < std::size(kTypeNames))
        return QString::fromLatin1(kTypeNames[type]);
    return QStringLiteral("type %1").arg(type);
}

bool ggmlTypeKnown(std::uint32_t type) {
    switch (GgmlType(type)) {
    case GgmlType::F32:
    case GgmlType::F16:
    case GgmlType::Q4_0:
    case GgmlType::Q4_1:
    case GgmlType::Q5_0:
    case GgmlType::Q5_1:
    case GgmlType::Q8_0:
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:
    case GgmlType::Q6_K:
    case GgmlType::F64:
    case GgmlType::BF16:
        return true;
    }
    return false;
}

int ggmlBlockValues(GgmlType type) {
    switch (type) {
    case GgmlType::F32:
    case GgmlType::F16:
    case GgmlType::BF16:
    case GgmlType::F64:
        return 1;
    case GgmlType::Q4_0:
    case GgmlType::Q4_1:
    case GgmlType::Q5_0:
    case GgmlType::Q5_1:
    case GgmlType::Q8_0:
        return 32;
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:
    case GgmlType::Q6_K:
        return 256;
    }
    return 1;
}

int ggmlBlockBytes(GgmlType type) {
    switch (type) {
    case GgmlType::F32:
        return 4;
    case GgmlType::F16:
    case GgmlType::BF16:
        return 2;
    case GgmlType::F64:
        return 8;
    case GgmlType::Q4_0:
        return 18; // d, 16 bytes of nibbles
    case GgmlType::Q4_1:
        return 20; // d, m, 16 bytes of nibbles
    case GgmlType::Q5_0:
        return 22; // d, 4 bytes of fifth bits, 16 bytes of nibbles
    case GgmlType::Q5_1:
        return 24; // d, m, 4 bytes of fifth bits, 16 bytes of nibbles
    case GgmlType::Q8_0:
        return 34; // d, 32 int8
    case GgmlType::Q4_K:
        return 144; // d, dmin, 12 bytes of scales, 128 of nibbles
    case GgmlType::Q5_K:
        return 176; // d, dmin, 12 bytes of scales, 32 of fifth bits, 128 of nibbles
    case GgmlType::Q6_K:
        return 210; // 128 low nibbles, 64 of high bits, 16 int8 scales, d
    }
    return 1;
}

bool GgufValue::isInteger() const {
    switch (type) {
    case GgufValueType::U8:
    case GgufValueType::I8:
    case GgufValueType::U16:
    case GgufValueType::I16:
    case GgufValueType::U32:
    case GgufValueType::I32:
    case GgufValueType::U64:
    case GgufValueType::I64:
        return true;
    default:
        return false;
    }
}

bool GgufValue::isNumber() const {
    return isInteger() || type == GgufValueType::F32 || type == GgufValueType::F64;
}

std::vector<std::int64_t> GgufTensor::shape() const {
    return {dims.rbegin(), dims.rend()};
}

std::unique_ptr<GgufFile> GgufFile::open(const QString &path) {
    requireRegularFile(path);
    std::unique_ptr<GgufFile> g(new GgufFile);
    g->m_name = path;
    g->m_file.setFileName(path);
    if (!g->m_file.open(QIODevice::ReadOnly))
        throw InputError(
            translate("attn::io", "%1: cannot read: %2").arg(path, g->m_file.errorString()));
    g->m_size = std::uint64_t(g->m_file.size());
    if (g->m_size < kHeaderBytes)
        throw InputError(translate("attn::io", "%1: %2 bytes, too short for a GGUF file")
                             .arg(path, num(g->m_size)));
    g->m_bytes = g->m_file.map(0, qint64(g->m_size));
    if (!g->m_bytes)
        throw InputError(
            translate("attn::io", "%1: cannot map: %2").arg(path, g->m_file.errorString()));
    g->m_mapped = true;
    g->read();
    return g;
}

std::unique_ptr<GgufFile> GgufFile::parse(const unsigned char *bytes, std::uint64_t size,
                                          const QString &name) {
    std::unique_ptr<GgufFile> g(new GgufFile);
    g->m_name = name;
    g->m_bytes = bytes;
    g->m_size = size;
    g->read();
    return g;
}

GgufFile::~GgufFile() {
    if (m_mapped)
        m_file.unmap(const_cast<unsigned char *>(m_bytes));
}

int GgufFile::handle() const {
    return m_mapped ? m_file.handle() : -1;
}

void GgufFile::read() {
    Reader r(m_bytes, m_size, m_name);
    const QString header = translate("attn::io", "the header");
    if (m_size < 4 || std::memcmp(m_bytes, "GGUF", 4) != 0)
        r.fail(translate("attn::io", "not a GGUF file (it does not begin with \"GGUF\")"));
    r.seek(4);
    m_version = r.read<std::uint32_t>(header);
    if (m_version != 2 && m_version != 3)
        r.fail(swapped(m_version) == 2 || swapped(m_version) == 3
                   ? translate("attn::io", "a big-endian GGUF file: only little-endian files are "
                                           "read")
                   : translate("attn::io", "GGUF version %1: only versions 2 and 3 are read")
                         .arg(num(m_version)));
    const auto tensorCount = r.read<std::uint64_t>(header);
    const auto keyCount = r.read<std::uint64_t>(header);
    if (tensorCount > std::uint64_t(kMaxGgufTensors))
        r.fail(translate("attn::io", "%1 tensors (at most %2)")
                   .arg(num(tensorCount), num(std::uint64_t(kMaxGgufTensors))));
    if (keyCount > std::uint64_t(kMaxGgufKeys))
        r.fail(translate("attn::io", "%1 metadata keys (at most %2)")
                   .arg(num(keyCount), num(std::uint64_t(kMaxGgufKeys))));
    // Each key takes at least 12 bytes, each tensor info at least 24.
    if (keyCount * 12 + tensorCount * 24 > r.left())
        r.fail(translate("attn::io", "%1 metadata keys and %2 tensors do not fit in the file's "
                                     "%3 bytes")
                   .arg(num(keyCount), num(tensorCount), num(m_size)));

    for (std::uint64_t i = 0; i < keyCount; ++i) {
        const QString keyWhat = translate("attn::io", "metadata key %1").arg(num(i));
        const QByteArray key = r.string(keyWhat, kMaxGgufNameBytes);
        const QString what = translate("attn::io", "key %1").arg(QString::fromUtf8(key));
        const GgufValueType type = valueType(r, what);
        GgufValue value = readValue(r, type, what);
        if (!m_metadata.emplace(key, std::move(value)).second)
            r.fail(translate("attn::io", "the key %1 is given twice").arg(QString::fromUtf8(key)));
    }

    if (const GgufValue *a = find("general.alignment")) {
        if (!a->isInteger() || a->integer <= 0 || a->integer > kMaxGgufAlignment ||
            (a->integer & (a->integer - 1)) != 0)
            r.fail(translate("attn::io", "general.alignment must be a power of two up to %1")
                       .arg(num(std::uint64_t(kMaxGgufAlignment))));
        m_alignment = std::uint64_t(a->integer);
    }

    m_tensors.reserve(std::size_t(tensorCount));
    for (std::uint64_t i = 0; i < tensorCount; ++i) {
        const QString infoWhat = translate("attn::io", "tensor info %1").arg(num(i));
        GgufTensor t;
        t.name = QString::fromUtf8(r.string(infoWhat, kMaxGgufNameBytes));
        const QString what = translate("attn::io", "tensor \"%1\"").arg(t.name);
        const auto nDims = r.read<std::uint32_t>(what);
        if (nDims == 0 || nDims > std::uint32_t(kMaxGgufDims))
            r.fail(translate("attn::io", "%1 has %2 dimensions (1 to %3)")
                       .arg(what, num(nDims), num(std::uint64_t(kMaxGgufDims))));
        std::uint64_t values = 1;
        for (std::uint32_t d = 0; d < nDims; ++d) {
            const auto n = r.read<std::uint64_t>(what);
            if (n == 0 || n > std::uint64_t(kMaxGgufTensorValues) ||
                values * n > std::uint64_t(kMaxGgufTensorValues))
                r.fail(translate("attn::io", "%1 has a dimension of %2 (its values must number "
                                             "1 to %3)")
                           .arg(what, num(n), num(std::uint64_t(kMaxGgufTensorValues))));
            values *= n;
            t.dims.push_back(std::int64_t(n));
        }
        const auto type = r.read<std::uint32_t>(what);
        if (!ggmlTypeKnown(type))
            r.fail(translate("attn::io", "%1 is of the type %2, which attnviz does not read (it "
                                         "reads F32, F16, BF16, F64, Q8_0, Q4_0, Q4_1, Q5_0, "
                                         "Q5_1, Q4_K, Q5_K and Q6_K)")
                       .arg(what, ggmlTypeName(type)));
        t.type = GgmlType(type);
        t.offset = r.read<std::uint64_t>(what);
        const auto block = std::uint64_t(ggmlBlockValues(t.type));
        if (std::uint64_t(t.dims[0]) % block != 0)
            r.fail(translate("attn::io", "%1 (%2) has rows of %3 values, not a multiple of its "
                                         "blocks of %4")
                       .arg(what, ggmlTypeName(type), num(std::uint64_t(t.dims[0])), num(block)));
        t.bytes = values / block * std::uint64_t(ggmlBlockBytes(t.type));
        if (t.offset % m_alignment != 0)
            r.fail(translate("attn::io", "%1 starts at offset %2, not a multiple of the "
                                         "alignment %3")
                       .arg(what, num(t.offset), num(m_alignment)));
        if (m_byName.count(t.name))
            r.fail(translate("attn::io", "the tensor \"%1\" is given twice").arg(t.name));
        m_byName.emplace(t.name, m_tensors.size());
        m_tensors.push_back(std::move(t));
    }

    m_dataStart = (r.pos() + m_alignment - 1) / m_alignment * m_alignment;
    if (m_dataStart > m_size && !m_tensors.empty())
        r.fail(translate("attn::io", "the data would start at %1, past the end of the file (%2 "
                                     "bytes)")
                   .arg(num(m_dataStart), num(m_size)));
    const std::uint64_t data = m_dataStart > m_size ? 0 : m_size - m_dataStart;
    std::vector<const GgufTensor *> byOffset;
    for (const GgufTensor &t : m_tensors) {
        if (t.offset > data || t.bytes > data - t.offset)
            r.fail(translate("attn::io", "tensor \"%1\" (bytes %2 to %3 of the data) runs past "
                                         "the end of the file (the data has %4 bytes)")
                       .arg(t.name, num(t.offset), num(t.offset + t.bytes), num(data)));
        byOffset.push_back(&t);
    }
    std::sort(byOffset.begin(), byOffset.end(),
              [](const GgufTensor *a, const GgufTensor *b) { return a->offset < b->offset; });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        if (byOffset[i - 1]->offset + byOffset[i - 1]->bytes > byOffset[i]->offset)
            r.fail(translate("attn::io", "the tensors \"%1\" and \"%2\" overlap")
                       .arg(byOffset[i - 1]->name, byOffset[i]->name));
}

const GgufTensor *GgufFile::tensor(const QString &name) const {
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? nullptr : &m_tensors[it->second];
}

const GgufValue *GgufFile::find(const QByteArray &key) const {
    const auto it = m_metadata.find(key);
    return it == m_metadata.end() ? nullptr : &it->second;
}

QString GgufFile::where(const QByteArray &key) const {
    return m_name + QStringLiteral(": ") + QString::fromUtf8(key);
}

const GgufValue &GgufFile::require(const QByteArray &key, GgufValueType type) const {
    const GgufValue *v = find(key);
    if (!v)
        throw InputError(where(key) + translate("attn::io", ": missing"));
    if (v->type != GgufValueType::Array || v->elementType != type) {
        const bool numeric = type != GgufValueType::String;
        GgufValue element;
        element.type = v->elementType;
        if (!(numeric && v->type == GgufValueType::Array && element.isNumber()))
            throw InputError(where(key) + translate("attn::io", ": not an array of %1")
                                              .arg(QLatin1String(valueTypeName(type))));
    }
    return *v;
}

std::optional<std::int64_t> GgufFile::integer(const QByteArray &key) const {
    const GgufValue *v = find(key);
    if (!v)
        return std::nullopt;
    if (!v->isInteger())
        throw InputError(where(key) + translate("attn::io", ": a %1, not an integer")
                                          .arg(QLatin1String(valueTypeName(v->type))));
    return v->integer;
}

std::optional<double> GgufFile::number(const QByteArray &key) const {
    const GgufValue *v = find(key);
    if (!v)
        return std::nullopt;
    if (!v->isNumber())
        throw InputError(where(key) + translate("attn::io", ": a %1, not a number")
                                          .arg(QLatin1String(valueTypeName(v->type))));
    return v->real;
}

std::optional<bool> GgufFile::flag(const QByteArray &key) const {
    const GgufValue *v = find(key);
    if (!v)
        return std::nullopt;
    if (v->type != GgufValueType::Bool && !v->isInteger())
        throw InputError(
            where(key) +
            translate("attn::io", ": a %1, not a bool").arg(QLatin1String(valueTypeName(v->type))));
    return v->integer != 0;
}

std::optional<QString> GgufFile::string(const QByteArray &key) const {
    const GgufValue *v = find(key);
    if (!v)
        return std::nullopt;
    if (v->type != GgufValueType::String)
        throw InputError(where(key) + translate("attn::io", ": a %1, not a string")
                                          .arg(QLatin1String(valueTypeName(v->type))));
    return QString::fromUtf8(v->text);
}

std::optional<std::uint64_t> GgufFile::arrayCount(const QByteArray &key) const {
    const GgufValue *v = find(key);
    if (!v)
        return std::nullopt;
    if (v->type != GgufValueType::Array)
        throw InputError(where(key) + translate("attn::io", ": a %1, not an array")
                                          .arg(QLatin1String(valueTypeName(v->type))));
    return v->count;
}

std::vector<QString> GgufFile::stringArray(const QByteArray &key) const {
    const GgufValue &v = require(key, GgufValueType::String);
    Reader r(m_bytes, m_size, m_name);
    r.seek(v.at);
    std::vector<QString> out;
    out.reserve(std::size_t(v.count)); // checked against the file when it was read
    for (std::uint64_t i = 0; i < v.count; ++i)
        out.push_back(QString::fromUtf8(r.string(QString::fromUtf8(key), kMaxGgufStringBytes)));
    return out;
}

std::vector<double> GgufFile::numberArray(const QByteArray &key) const {
    const GgufValue &v = require(key, GgufValueType::F32);
    Reader r(m_bytes, m_size, m_name);
    r.seek(v.at);
    std::vector<double> out;
    out.reserve(std::size_t(v.count));
    const QString what = QString::fromUtf8(key);
    for (std::uint64_t i = 0; i < v.count; ++i)
        out.push_back(readValue(r, v.elementType, what).real);
    return out;
}

bool looksLikeGguf(const QByteArray &head) {
    return head.startsWith("GGUF");
}

bool isGgufPath(const QString &path) {
    return path.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive);
}

} // namespace attn
