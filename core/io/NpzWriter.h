// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AtomicFile.h"
#include "Matrix.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <functional>
#include <vector>

namespace attn {

// A NumPy .npz archive: a zip of stored (uncompressed) .npy members, as np.savez writes, so
// numpy.load(path, allow_pickle=False) reads it (and ZipArchive does). Members and offsets past
// 4 GiB get ZIP64 fields. Arrays are C order, little-endian: float64 ('<f8'), int64 ('<i8') and
// fixed-width Unicode strings ('<U', UTF-32), never objects.
class NpzWriter {
public:
    // The archive built in memory: finish() returns it.
    NpzWriter() = default;
    // Each member handed to `sink` as soon as it is complete, and the directory by finish(): a
    // long run's archive holds one member in memory at a time, not gigabytes. ok() says whether
    // the sink took every piece (after a refusal nothing more is written).
    explicit NpzWriter(ByteSink sink) : m_sink(std::move(sink)) {}
    bool ok() const { return m_ok; }

    // An array of `shape` whose values `fill` writes in C order into the buffer it is given
    // (as many doubles as the shape's product), so a 3-D array is laid out without a copy.
    void addFloat64(const QString &name, const std::vector<std::int64_t> &shape,
                    const std::function<void(double *)> &fill);
    void addMatrix(const QString &name, const Matrix &m);                        // rows × cols
    void addInt64(const QString &name, const std::vector<std::int64_t> &values); // 1-D
    void addStrings(const QString &name, const std::vector<QString> &values);    // 1-D '<U'
    std::int64_t members() const { return std::int64_t(m_entries.size()); }
    // The whole archive: the members, then the central directory (with a sink: what is left of
    // it goes to the sink, and the result is empty).
    QByteArray finish();

private:
    struct Entry {
        QByteArray name;
        std::uint32_t crc = 0;
        std::uint64_t size = 0, offset = 0;
    };
    // Starts a member named `name`.npy with a .npy header for `descr` and `shape`, and reserves
    // `dataBytes` after it; returns where the data goes.
    char *begin(const QString &name, const std::string &descr,
                const std::vector<std::int64_t> &shape, std::uint64_t dataBytes);
    void end();
    // Where the next byte goes in the archive.
    std::uint64_t position() const { return m_written + std::uint64_t(m_bytes.size()); }
    // Hands what is in m_bytes to the sink (with one).
    void flush();

    ByteSink m_sink;
    bool m_ok = true;
    std::uint64_t m_written = 0; // bytes already handed to the sink
    QByteArray m_bytes;
    std::vector<Entry> m_entries;
    qsizetype m_memberStart = 0; // where the open member's .npy bytes start
    qsizetype m_headerStart = 0; // where its local header starts
};

} // namespace attn
