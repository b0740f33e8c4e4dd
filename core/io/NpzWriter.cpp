// SPDX-License-Identifier: GPL-3.0-or-later
#include "NpzWriter.h"

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <utility>

namespace attn {

namespace {

static_assert(std::endian::native == std::endian::little,
              "the .npy members are written as little-endian memory images");

constexpr std::uint64_t kZip32Limit = 0xFFFFFFFFu;

void put16(QByteArray &out, std::uint32_t v) {
    out += char(v & 0xff);
    out += char((v >> 8) & 0xff);
}

void put32(QByteArray &out, std::uint32_t v) {
    put16(out, v & 0xffff);
    put16(out, v >> 16);
}

void put64(QByteArray &out, std::uint64_t v) {
    put32(out, std::uint32_t(v & 0xffffffffu));
    put32(out, std::uint32_t(v >> 32));
}

void write32At(QByteArray &out, qsizetype at, std::uint32_t v) {
    for (int b = 0; b < 4; ++b)
        out[at + b] = char((v >> (8 * b)) & 0xff);
}

void write64At(QByteArray &out, qsizetype at, std::uint64_t v) {
    write32At(out, at, std::uint32_t(v & 0xffffffffu));
    write32At(out, at + 4, std::uint32_t(v >> 32));
}

// The .npy 1.0 header (magic, version, length, dictionary) for `descr` and `shape`, padded with
// spaces and a newline so that the data starts on a multiple of 64 bytes, as NumPy pads it.
QByteArray npyHeader(const std::string &descr, const std::vector<std::int64_t> &shape) {
    std::string dims;
    for (std::int64_t d : shape)
        dims += std::to_string(d) + ", ";
    if (shape.size() > 1)
        dims.resize(dims.size() - 2); // (3, 4); a 1-D shape keeps its comma: (5,)
    else if (!shape.empty())
        dims.pop_back();
    std::string header =
        "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + dims + "), }";
    const std::size_t pad = 64 - (10 + header.size() + 1) % 64;
    header.append(pad % 64, ' ');
    header += '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    put16(out, std::uint32_t(header.size()));
    out += QByteArray::fromStdString(header);
    return out;
}

std::uint64_t product(const std::vector<std::int64_t> &shape) {
    std::uint64_t n = 1;
    for (std::int64_t d : shape)
        n *= std::uint64_t(std::max<std::int64_t>(d, 0));
    return n;
}

} // namespace

char *NpzWriter::begin(const QString &name, const std::string &descr,
                       const std::vector<std::int64_t> &shape, std::uint64_t dataBytes) {
    Entry e;
    e.name = (name + ".npy").toUtf8();
    e.offset = position();
    m_headerStart = m_bytes.size();
    // The local header, with a ZIP64 extra field always (sizes filled in by end()): its 20
    // bytes cost nothing, and a member past 4 GiB needs them.
    put32(m_bytes, 0x04034b50);
    put16(m_bytes, 45);   // version needed: ZIP64
    put16(m_bytes, 0);    // flags
    put16(m_bytes, 0);    // stored
    put16(m_bytes, 0);    // time 00:00
    put16(m_bytes, 0x21); // date 1980-01-01
    put32(m_bytes, 0);    // crc, later
    put32(m_bytes, kZip32Limit);
    put32(m_bytes, kZip32Limit);
    put16(m_bytes, std::uint32_t(e.name.size()));
    put16(m_bytes, 20);
    m_bytes += e.name;
    put16(m_bytes, 0x0001);
    put16(m_bytes, 16);
    put64(m_bytes, 0);
    put64(m_bytes, 0);
    m_entries.push_back(e);
    m_memberStart = m_bytes.size();
    m_bytes += npyHeader(descr, shape);
    const qsizetype data = m_bytes.size();
    m_bytes.resize(data + qsizetype(dataBytes));
    return m_bytes.data() + data;
}

void NpzWriter::end() {
    Entry &e = m_entries.back();
    e.size = std::uint64_t(m_bytes.size() - m_memberStart);
    // crc32 takes at most 4 GiB − 1 at a time (its length is an unsigned int).
    uLong crc = ::crc32(0L, Z_NULL, 0);
    const auto *p = reinterpret_cast<const Bytef *>(m_bytes.constData() + m_memberStart);
    for (std::uint64_t left = e.size; left > 0;) {
        const auto chunk = uInt(std::min<std::uint64_t>(left, 1u << 30));
        crc = ::crc32(crc, p, chunk);
        p += chunk;
        left -= chunk;
    }
    e.crc = std::uint32_t(crc);
    write32At(m_bytes, m_headerStart + 14, e.crc);
    const qsizetype extra = m_headerStart + 30 + e.name.size() + 4;
    write64At(m_bytes, extra, e.size);
    write64At(m_bytes, extra + 8, e.size);
    flush();
}

void NpzWriter::flush() {
    if (!m_sink)
        return;
    m_ok = m_ok && m_sink(m_bytes.constData(), m_bytes.size());
    m_written += std::uint64_t(m_bytes.size());
    m_bytes.resize(0); // keeps its capacity for the next member
}

void NpzWriter::addFloat64(const QString &name, const std::vector<std::int64_t> &shape,
                           const std::function<void(double *)> &fill) {
    const std::uint64_t count = product(shape);
    char *data = begin(name, "<f8", shape, count * 8);
    if (count > 0) {
        // The buffer is not aligned for doubles in general (the local header's length varies).
        std::vector<double> values(count);
        fill(values.data());
        std::memcpy(data, values.data(), count * 8);
    }
    end();
}

void NpzWriter::addMatrix(const QString &name, const Matrix &m) {
    addFloat64(name, {std::int64_t(m.rows()), std::int64_t(m.cols())}, [&m](double *out) {
        std::copy(m.data(), m.data() + m.size(), out); // row-major: C order already
    });
}

void NpzWriter::addInt64(const QString &name, const std::vector<std::int64_t> &values) {
    char *data = begin(name, "<i8", {std::int64_t(values.size())}, values.size() * 8);
    if (!values.empty())
        std::memcpy(data, values.data(), values.size() * 8);
    end();
}

void NpzWriter::addStrings(const QString &name, const std::vector<QString> &values) {
    std::vector<std::vector<uint>> codes;
    std::size_t width = 1; // NumPy's '<U0' is legal but odd; an empty list is '<U1'
    for (const QString &v : values) {
        const QList<uint> ucs4 = v.toUcs4();
        codes.emplace_back(ucs4.begin(), ucs4.end());
        width = std::max(width, codes.back().size());
    }
    char *data = begin(name, "<U" + std::to_string(width), {std::int64_t(values.size())},
                       values.size() * width * 4);
    std::memset(data, 0, values.size() * width * 4);
    for (std::size_t i = 0; i < codes.size(); ++i)
        for (std::size_t j = 0; j < codes[i].size(); ++j) {
            const std::uint32_t c = codes[i][j];
            std::memcpy(data + (i * width + j) * 4, &c, 4);
        }
    end();
}

QByteArray NpzWriter::finish() {
    const std::uint64_t directory = position();
    for (const Entry &e : m_entries) {
        put32(m_bytes, 0x02014b50);
        put16(m_bytes, 45 | (3u << 8)); // made by: version 4.5, Unix
        put16(m_bytes, 45);
        put16(m_bytes, 0);
        put16(m_bytes, 0);
        put16(m_bytes, 0);
        put16(m_bytes, 0x21);
        put32(m_bytes, e.crc);
        const bool big = e.size >= kZip32Limit, far = e.offset >= kZip32Limit;
        put32(m_bytes, big ? kZip32Limit : std::uint32_t(e.size));
        put32(m_bytes, big ? kZip32Limit : std::uint32_t(e.size));
        put16(m_bytes, std::uint32_t(e.name.size()));
        put16(m_bytes, (big ? 16u : 0u) + (far ? 8u : 0u) + (big || far ? 4u : 0u));
        put16(m_bytes, 0);           // comment
        put16(m_bytes, 0);           // disk
        put16(m_bytes, 0);           // internal attributes
        put32(m_bytes, 0644u << 16); // external: a regular file, rw-r--r--
        put32(m_bytes, far ? kZip32Limit : std::uint32_t(e.offset));
        m_bytes += e.name;
        if (big || far) {
            put16(m_bytes, 0x0001);
            put16(m_bytes, (big ? 16u : 0u) + (far ? 8u : 0u));
            if (big) {
                put64(m_bytes, e.size);
                put64(m_bytes, e.size);
            }
            if (far)
                put64(m_bytes, e.offset);
        }
    }
    const std::uint64_t size = position() - directory;
    const auto count = std::uint64_t(m_entries.size());
    const bool zip64 = directory >= kZip32Limit || size >= kZip32Limit || count >= 0xFFFF;
    if (zip64) {
        const std::uint64_t record = position();
        put32(m_bytes, 0x06064b50);
        put64(m_bytes, 44);
        put16(m_bytes, 45 | (3u << 8));
        put16(m_bytes, 45);
        put32(m_bytes, 0);
        put32(m_bytes, 0);
        put64(m_bytes, count);
        put64(m_bytes, count);
        put64(m_bytes, size);
        put64(m_bytes, directory);
        put32(m_bytes, 0x07064b50); // its locator
        put32(m_bytes, 0);
        put64(m_bytes, record);
        put32(m_bytes, 1);
    }
    put32(m_bytes, 0x06054b50);
    put16(m_bytes, 0);
    put16(m_bytes, 0);
    put16(m_bytes, zip64 ? 0xFFFFu : std::uint32_t(count));
    put16(m_bytes, zip64 ? 0xFFFFu : std::uint32_t(count));
    put32(m_bytes, zip64 ? kZip32Limit : std::uint32_t(size));
    put32(m_bytes, zip64 ? kZip32Limit : std::uint32_t(directory));
    put16(m_bytes, 0);
    m_entries.clear();
    if (m_sink) {
        flush();
        m_bytes = QByteArray();
        return {};
    }
    return std::exchange(m_bytes, QByteArray());
}

} // namespace attn
