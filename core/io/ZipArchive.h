// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace attn {

struct ZipEntry {
    QString name;
    std::uint16_t flags = 0;
    std::uint16_t method = 0; // 0 stored, 8 deflate; others are refused when read
    std::uint32_t crc = 0;
    std::uint64_t compressedSize = 0;
    std::uint64_t size = 0; // uncompressed
    std::uint64_t localHeaderOffset = 0;
    bool encrypted() const { return flags & 1u; }
};

// How a member's DEFLATE stream was coded (the tests check that the fixtures cover all three).
struct DeflateBlockCounts {
    int stored = 0, fixed = 0, dynamic = 0;
};

// A read-only view of a zip archive held in memory, as .npz files are (np.savez writes stored
// members, np.savez_compressed deflated ones, both with ZIP64 extra fields). Everything is
// taken from the central directory and bounds-checked against the archive before use. Errors
// are InputError with a message for the user, without the file name (the caller adds it).
class ZipArchive {
public:
    // Parses the central directory. Throws InputError when `bytes` is not a readable zip.
    explicit ZipArchive(QByteArray bytes);

    const std::vector<ZipEntry> &entries() const { return entries_; }
    const ZipEntry *find(const QString &name) const;

    // The member's contents: decompressed, of exactly the declared size, CRC-32 verified.
    // Members declaring more than `maxSize` bytes are refused before anything is allocated.
    QByteArray read(const ZipEntry &entry, std::uint64_t maxSize,
                    DeflateBlockCounts *counts = nullptr) const;
    // Up to the first `n` bytes of the member, unverified (a preview of an .npy header).
    QByteArray readPrefix(const ZipEntry &entry, std::size_t n) const;

private:
    void parseDirectory();
    // Where the member's data starts, after checking its local header.
    std::uint64_t dataOffset(const ZipEntry &entry) const;
    void checkReadable(const ZipEntry &entry, std::uint64_t maxSize) const;

    QByteArray bytes_;
    std::vector<ZipEntry> entries_;
};

} // namespace attn
