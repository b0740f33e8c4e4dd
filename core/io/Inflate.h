// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace attn {

// Raw DEFLATE (RFC 1951) decoding of the members of .npz archives written by
// np.savez_compressed, by zlib's inflate (which checks every code, length and distance). The
// output grows only as data is produced, never from a size in the file, and stops at a
// caller-given limit; zlib's messages come back in attnviz's words.
struct InflateResult {
    std::vector<unsigned char> data;
    std::string error;        // empty on success; a short description otherwise
    std::size_t consumed = 0; // input bytes used, up to the end of the final block
    int storedBlocks = 0;     // how many blocks of each type were decoded (the tests check
    int fixedBlocks = 0;      // that the fixtures exercise all three)
    int dynamicBlocks = 0;
    bool truncatedAtLimit = false; // stopped at maxOutput with stopAtLimit set
    bool ok() const { return error.empty(); }
};

// Decodes `size` bytes of raw DEFLATE data (no zlib or gzip wrapper). Producing more than
// `maxOutput` bytes is an error, unless `stopAtLimit` is set: then decoding stops there and the
// first maxOutput bytes are returned (used to read just the header of an .npz member).
InflateResult inflateRaw(const unsigned char *input, std::size_t size, std::size_t maxOutput,
                         bool stopAtLimit = false);

// CRC-32 (ISO 3309, the one zip uses) of `size` bytes, continuing from `crc` (0 to start).
std::uint32_t crc32(const unsigned char *data, std::size_t size, std::uint32_t crc = 0);

} // namespace attn
