// SPDX-License-Identifier: GPL-3.0-or-later
#include "Inflate.h"

#include "Translate.h"

#include <zlib.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <new>

namespace attn {

namespace {

constexpr std::size_t kChunk = std::size_t(1) << 16;

// The technical detail stays as it is (a reader of the format's specification knows it).
std::string corrupt(std::string_view detail) {
    return translate("attn::io", "the compressed data is corrupt (%1)")
        .arg(qs(detail))
        .toStdString();
}

// zlib's message, in the words attnviz's messages use ("the compressed data is corrupt (…)").
std::string corruptMessage(const char *zlibMessage) {
    static const std::pair<const char *, const char *> kWords[] = {
        {"invalid block type", "invalid block type"},
        {"invalid stored block lengths", "stored block length check"},
        {"invalid distance too far back", "a distance too far back"},
        {"invalid literal/length code", "invalid length symbol"},
        {"invalid distance code", "invalid distance symbol"},
        {"invalid code lengths set", "invalid code length code"},
        // zlib says the same for both.
        {"invalid bit length repeat", "a repeat with no length, or too many code lengths"},
        {"invalid code -- missing end-of-block", "a block without an end code"},
        {"too many length or distance symbols", "too many codes in a block"},
        {"invalid literal/lengths set", "invalid literal/length code"},
        {"invalid distances set", "invalid distance code"},
    };
    const std::string message = zlibMessage ? zlibMessage : "unknown error";
    for (const auto &[zlib, words] : kWords)
        if (message == zlib)
            return corrupt(words);
    return corrupt(message);
}

// Counts the type of the block whose 3-bit header starts `unused` bits before `next` (in the
// last byte zlib took) or at `next` itself: BFINAL, then BTYPE, least significant bit first.
void countBlock(const unsigned char *next, std::size_t available, int unused,
                InflateResult &result) {
    std::uint32_t bits = unused ? std::uint32_t(next[-1]) >> (8 - unused) : 0;
    int have = unused;
    for (std::size_t i = 0; have < 3 && i < available; ++i, have += 8)
        bits |= std::uint32_t(next[i]) << have;
    if (have < 3)
        return; // cut short: inflate reports it
    switch ((bits >> 1) & 3u) {
    case 0:
        ++result.storedBlocks;
        break;
    case 1:
        ++result.fixedBlocks;
        break;
    case 2:
        ++result.dynamicBlocks;
        break;
    default:
        break; // invalid: inflate reports it
    }
}

// Inflates with Z_BLOCK so that it stops at each block boundary, where the next block's type
// is counted. The output grows in chunks as it is produced (never from a size in the file), up
// to one byte past the limit, which tells "exactly the limit" from "more".
void run(z_stream &s, std::size_t size, std::size_t maxOutput, bool stopAtLimit,
         InflateResult &result) {
    std::vector<unsigned char> &out = result.data;
    if (size > 0)
        countBlock(s.next_in, size, 0, result);
    for (;;) {
        if (s.avail_out == 0) {
            const std::size_t used = std::size_t(s.total_out);
            const std::size_t grow = std::min(kChunk, maxOutput + 1 - used);
            out.resize(used + grow);
            s.next_out = out.data() + used;
            s.avail_out = uInt(grow);
        }
        const int ret = inflate(&s, Z_BLOCK);
        if (s.total_out > maxOutput) {
            if (!stopAtLimit)
                throw translate("attn::io", "the compressed data expands beyond its declared size")
                    .toStdString();
            result.truncatedAtLimit = true;
            out.resize(maxOutput);
            return;
        }
        if (ret == Z_STREAM_END) {
            out.resize(std::size_t(s.total_out));
            return;
        }
        if (ret == Z_MEM_ERROR)
            throw std::bad_alloc();
        if (ret == Z_DATA_ERROR || ret == Z_NEED_DICT || ret == Z_STREAM_ERROR)
            throw corruptMessage(s.msg);
        if (ret == Z_BUF_ERROR) // no progress possible: the input ran out
            throw translate("attn::io", "the compressed data ends in the middle of a block")
                .toStdString();
        if (s.data_type & 128) {
            // At the end of a block. After the last one, the next call ends the stream; after
            // another, the next block starts here.
            if (!(s.data_type & 64))
                countBlock(s.next_in, s.avail_in, s.data_type & 7, result);
            continue;
        }
        if (s.avail_in == 0 && s.avail_out > 0)
            throw translate("attn::io", "the compressed data ends in the middle of a block")
                .toStdString();
    }
}

} // namespace

InflateResult inflateRaw(const unsigned char *input, std::size_t size, std::size_t maxOutput,
                         bool stopAtLimit) {
    InflateResult result;
    if (size > UINT_MAX || maxOutput >= SIZE_MAX - kChunk) {
        result.error = translate("attn::io", "the compressed data is too large").toStdString();
        return result;
    }
    z_stream s;
    std::memset(&s, 0, sizeof s);
    if (inflateInit2(&s, -MAX_WBITS) != Z_OK) { // raw DEFLATE: no zlib or gzip wrapper
        result.error =
            translate("attn::io", "not enough memory to decompress the data").toStdString();
        return result;
    }
    s.next_in = const_cast<Bytef *>(input); // zlib's API is not const; it only reads
    s.avail_in = uInt(size);
    try {
        run(s, size, maxOutput, stopAtLimit, result);
        result.consumed = std::size_t(s.total_in);
    } catch (const std::string &message) {
        result.error = message;
        result.data.clear();
    } catch (const std::bad_alloc &) {
        result.error =
            translate("attn::io", "not enough memory to decompress the data").toStdString();
        result.data.clear();
    }
    inflateEnd(&s);
    return result;
}

std::uint32_t crc32(const unsigned char *data, std::size_t size, std::uint32_t crc) {
    uLong value = crc;
    while (size > 0) {
        const auto n = uInt(std::min<std::size_t>(size, UINT_MAX));
        value = ::crc32(value, data, n);
        data += n;
        size -= n;
    }
    return std::uint32_t(value);
}

} // namespace attn
