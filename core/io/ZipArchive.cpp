// SPDX-License-Identifier: GPL-3.0-or-later
#include "ZipArchive.h"

#include "Inflate.h"
#include "InputError.h"
#include "Translate.h"

#include <algorithm>
#include <string>

namespace attn {

namespace {

constexpr std::uint32_t kLocalSignature = 0x04034b50;
constexpr std::uint32_t kCentralSignature = 0x02014b50;
constexpr std::uint32_t kEndSignature = 0x06054b50;
constexpr std::uint32_t kZip64EndSignature = 0x06064b50;
constexpr std::uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr std::uint64_t kEndSize = 22;
constexpr std::uint64_t kCentralSize = 46;
constexpr std::uint64_t kLocalSize = 30;
// Deflate cannot expand beyond 1032:1 (258 bytes from a 1-bit length and a 1-bit distance).
constexpr std::uint64_t kMaxDeflateRatio = 1032;

[[noreturn]] void damaged(const QString &what) {
    throw InputError(translate("attn::io", "the zip archive is damaged: %1").arg(what));
}

// Little-endian fields of a byte range whose bounds the caller has checked.
class Fields {
public:
    Fields(const QByteArray &bytes, std::uint64_t offset, std::uint64_t length)
        : bytes_(bytes), offset_(offset), end_(offset + length) {
        if (offset > std::uint64_t(bytes.size()) || length > std::uint64_t(bytes.size()) - offset)
            damaged(translate("attn::io", "a record reaches past the end of the file"));
    }
    std::uint64_t get(std::uint64_t at, int width) const {
        if (at + std::uint64_t(width) > end_ - offset_)
            damaged(translate("attn::io", "a record is shorter than its fields"));
        std::uint64_t value = 0;
        for (int i = width - 1; i >= 0; --i)
            value = value << 8 | static_cast<unsigned char>(bytes_[qsizetype(offset_ + at) + i]);
        return value;
    }
    std::uint16_t u16(std::uint64_t at) const { return std::uint16_t(get(at, 2)); }
    std::uint32_t u32(std::uint64_t at) const { return std::uint32_t(get(at, 4)); }
    std::uint64_t u64(std::uint64_t at) const { return get(at, 8); }

private:
    const QByteArray &bytes_;
    std::uint64_t offset_, end_;
};

QString str(std::uint64_t n) {
    return QString::number(n);
}

} // namespace

ZipArchive::ZipArchive(QByteArray bytes) : bytes_(std::move(bytes)) {
    parseDirectory();
}

void ZipArchive::parseDirectory() {
    const std::uint64_t size = std::uint64_t(bytes_.size());
    if (size < kEndSize)
        throw InputError(translate("attn::io", "not a zip archive (too short for one)"));

    // The end record is the last 22 bytes plus a comment of up to 65535 bytes.
    std::uint64_t end = 0;
    bool found = false;
    const std::uint64_t lowest = size - kEndSize > 0xffff ? size - kEndSize - 0xffff : 0;
    for (std::uint64_t at = size - kEndSize + 1; at-- > lowest;) {
        const Fields f(bytes_, at, kEndSize);
        if (f.u32(0) == kEndSignature && at + kEndSize + f.u16(20) <= size) {
            end = at;
            found = true;
            break;
        }
    }
    if (!found)
        throw InputError(translate(
            "attn::io", "not a zip archive, or one cut short (no end of central directory)"));

    const Fields e(bytes_, end, kEndSize);
    if (e.u16(4) != 0 || e.u16(6) != 0 || e.u16(8) != e.u16(10))
        throw InputError(
            translate("attn::io", "split (multi-part) zip archives are not supported"));
    std::uint64_t count = e.u16(10);
    std::uint64_t directorySize = e.u32(12);
    std::uint64_t directoryOffset = e.u32(16);
    std::uint64_t directoryEnd = end;

    if (count == 0xffff || directorySize == 0xffffffff || directoryOffset == 0xffffffff) {
        // ZIP64: a locator just before the end record points at the 64-bit end record.
        if (end < 20)
            damaged(translate("attn::io", "the ZIP64 end record is missing"));
        const Fields locator(bytes_, end - 20, 20);
        if (locator.u32(0) != kZip64LocatorSignature)
            damaged(translate("attn::io", "the ZIP64 end record is missing"));
        const std::uint64_t at = locator.u64(8);
        if (at > end - 20 || end - 20 - at < 56)
            damaged(translate("attn::io", "the ZIP64 end record is out of place"));
        const Fields z(bytes_, at, 56);
        if (z.u32(0) != kZip64EndSignature)
            damaged(translate("attn::io", "the ZIP64 end record is missing"));
        if (z.u32(16) != 0 || z.u32(20) != 0 || z.u64(24) != z.u64(32))
            throw InputError(
                translate("attn::io", "split (multi-part) zip archives are not supported"));
        count = z.u64(32);
        directorySize = z.u64(40);
        directoryOffset = z.u64(48);
        directoryEnd = at;
    }
    if (directoryOffset > directoryEnd || directorySize > directoryEnd - directoryOffset)
        damaged(translate("attn::io", "the central directory lies outside the file"));
    if (count > directorySize / kCentralSize)
        damaged(translate("attn::io", "the central directory is too small for %1 members")
                    .arg(str(count)));
    // The directory ends where its end record begins. Python's zipfile would take a gap as
    // bytes prepended to the archive and read every member from elsewhere: refused, so that
    // both never read different data from one file.
    if (directoryOffset + directorySize != directoryEnd)
        damaged(
            translate("attn::io", "%1 bytes lie between the central directory and its end record")
                .arg(str(directoryEnd - directoryOffset - directorySize)));

    entries_.reserve(std::size_t(count));
    std::uint64_t at = directoryOffset;
    const std::uint64_t stop = directoryOffset + directorySize;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (stop - at < kCentralSize)
            damaged(translate("attn::io", "the central directory is cut short"));
        const Fields c(bytes_, at, kCentralSize);
        if (c.u32(0) != kCentralSignature)
            damaged(translate("attn::io", "a central directory record is missing"));
        ZipEntry entry;
        entry.flags = c.u16(8);
        entry.method = c.u16(10);
        entry.crc = c.u32(16);
        entry.compressedSize = c.u32(20);
        entry.size = c.u32(24);
        const std::uint64_t nameLength = c.u16(28), extraLength = c.u16(30);
        const std::uint64_t commentLength = c.u16(32);
        entry.localHeaderOffset = c.u32(42);
        const std::uint64_t recordLength = kCentralSize + nameLength + extraLength + commentLength;
        if (recordLength > stop - at)
            damaged(translate("attn::io", "a central directory record reaches past the directory"));
        const QByteArray name = bytes_.mid(qsizetype(at + kCentralSize), qsizetype(nameLength));
        entry.name = (entry.flags & 0x800u) ? QString::fromUtf8(name) : QString::fromLatin1(name);

        // ZIP64 extra field: the 64-bit values of the fields saturated above, in this order.
        const Fields extra(bytes_, at + kCentralSize + nameLength, extraLength);
        for (std::uint64_t x = 0; x + 4 <= extraLength;) {
            const std::uint64_t id = extra.u16(x), length = extra.u16(x + 2);
            if (id == 0x0001) {
                std::uint64_t field = x + 4;
                const std::uint64_t fieldEnd = field + length;
                for (std::uint64_t *value :
                     {&entry.size, &entry.compressedSize, &entry.localHeaderOffset}) {
                    if (*value != 0xffffffff)
                        continue;
                    if (field + 8 > fieldEnd)
                        damaged(translate("attn::io", "a ZIP64 extra field is too short"));
                    *value = extra.u64(field);
                    field += 8;
                }
            }
            x += 4 + length;
        }
        entries_.push_back(entry);
        at += recordLength;
    }
    if (at != stop)
        damaged(
            translate("attn::io",
                      "%1 bytes follow the %2 central directory records the end record declares")
                .arg(str(stop - at), str(count)));
}

const ZipEntry *ZipArchive::find(const QString &name) const {
    for (const ZipEntry &entry : entries_)
        if (entry.name == name)
            return &entry;
    return nullptr;
}

std::uint64_t ZipArchive::dataOffset(const ZipEntry &entry) const {
    const std::uint64_t size = std::uint64_t(bytes_.size());
    if (entry.localHeaderOffset > size || size - entry.localHeaderOffset < kLocalSize)
        damaged(translate("attn::io", "the header of %1 lies outside the file").arg(entry.name));
    const Fields l(bytes_, entry.localHeaderOffset, kLocalSize);
    if (l.u32(0) != kLocalSignature)
        damaged(translate("attn::io", "the header of %1 is missing").arg(entry.name));
    const std::uint64_t nameLength = l.u16(26), extraLength = l.u16(28);
    const std::uint64_t data = entry.localHeaderOffset + kLocalSize + nameLength + extraLength;
    if (data > size || entry.compressedSize > size - data)
        damaged(translate("attn::io", "the data of %1 reaches past the end of the file")
                    .arg(entry.name));
    const QByteArray localName =
        bytes_.mid(qsizetype(entry.localHeaderOffset + kLocalSize), qsizetype(nameLength));
    const QString decoded =
        (l.u16(6) & 0x800u) ? QString::fromUtf8(localName) : QString::fromLatin1(localName);
    if (decoded != entry.name)
        damaged(translate("attn::io", "the header of %1 names another file").arg(entry.name));
    return data;
}

void ZipArchive::checkReadable(const ZipEntry &entry, std::uint64_t maxSize) const {
    const QString &name = entry.name;
    if (entry.encrypted())
        throw InputError(translate("attn::io", "%1 is encrypted").arg(name));
    if (entry.method != 0 && entry.method != 8)
        throw InputError(translate("attn::io", "%1 is compressed with method %2; only stored and "
                                               "deflated members are supported")
                             .arg(name, str(entry.method)));
    if (entry.size > maxSize)
        throw InputError(translate("attn::io", "%1 is too large (%2 bytes; at most %3)")
                             .arg(name, str(entry.size), str(maxSize)));
    if (entry.method == 0 && entry.compressedSize != entry.size)
        damaged(
            translate("attn::io", "%1 is stored uncompressed but its two sizes differ").arg(name));
    // (Divided rather than multiplied: a ZIP64 size could overflow the product.)
    if (entry.method == 8 && entry.size > 1024 &&
        (entry.size - 1024) / kMaxDeflateRatio > entry.compressedSize)
        damaged(translate("attn::io",
                          "%1 claims %2 bytes from %3 compressed, more than deflate can produce")
                    .arg(name, str(entry.size), str(entry.compressedSize)));
}

QByteArray ZipArchive::read(const ZipEntry &entry, std::uint64_t maxSize,
                            DeflateBlockCounts *counts) const {
    checkReadable(entry, maxSize);
    const QString &name = entry.name;
    const std::uint64_t data = dataOffset(entry);
    const auto *begin = reinterpret_cast<const unsigned char *>(bytes_.constData()) + data;
    QByteArray out;
    if (entry.method == 0) {
        out = bytes_.mid(qsizetype(data), qsizetype(entry.size));
    } else {
        const InflateResult r =
            inflateRaw(begin, std::size_t(entry.compressedSize), std::size_t(entry.size));
        if (!r.ok())
            throw InputError(name + ": " + qs(r.error));
        if (r.data.size() != entry.size)
            damaged(translate("attn::io", "%1 decompresses to %2 bytes, not the declared %3")
                        .arg(name, str(r.data.size()), str(entry.size)));
        if (counts)
            *counts = {r.storedBlocks, r.fixedBlocks, r.dynamicBlocks};
        out = QByteArray(reinterpret_cast<const char *>(r.data.data()), qsizetype(r.data.size()));
    }
    const std::uint32_t crc =
        crc32(reinterpret_cast<const unsigned char *>(out.constData()), std::size_t(out.size()));
    if (crc != entry.crc)
        damaged(translate("attn::io", "%1 fails its CRC-32 check").arg(name));
    return out;
}

QByteArray ZipArchive::readPrefix(const ZipEntry &entry, std::size_t n) const {
    checkReadable(entry, ~std::uint64_t(0));
    const std::uint64_t data = dataOffset(entry);
    const std::size_t want = std::size_t(std::min<std::uint64_t>(n, entry.size));
    if (entry.method == 0)
        return bytes_.mid(qsizetype(data), qsizetype(want));
    const auto *begin = reinterpret_cast<const unsigned char *>(bytes_.constData()) + data;
    const InflateResult r = inflateRaw(begin, std::size_t(entry.compressedSize), want, true);
    if (!r.ok())
        throw InputError(entry.name.toStdString() + ": " + r.error);
    return QByteArray(reinterpret_cast<const char *>(r.data.data()), qsizetype(r.data.size()));
}

} // namespace attn
