// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the DEFLATE decoder on arbitrary streams (output capped at 1 MiB, also in
// the stop-at-limit mode the .npz listing uses), and a round trip: the input wrapped in stored
// blocks must inflate back to itself with the right CRC-32.

#include "FuzzCheck.h"
#include "io/Inflate.h"

#include <algorithm>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    constexpr std::size_t kLimit = std::size_t(1) << 20;
    const attn::InflateResult r = attn::inflateRaw(data, size, kLimit);
    if (r.ok() && (r.data.size() > kLimit || r.consumed > size))
        fuzz::finding("inflate produced more than allowed or read past its input");
    const attn::InflateResult prefix = attn::inflateRaw(data, size, 64, true);
    if (prefix.data.size() > 64)
        fuzz::finding("inflate ignored the stop-at-limit cap");
    if (r.ok() && prefix.ok() &&
        !std::equal(prefix.data.begin(), prefix.data.end(), r.data.begin()))
        fuzz::finding("the prefix differs from the start of the whole output");

    // Stored blocks of at most 65535 bytes, the last one final.
    std::vector<unsigned char> stored;
    std::size_t at = 0;
    do {
        const std::size_t n = std::min<std::size_t>(size - at, 65535);
        stored.push_back(at + n == size ? 1 : 0);
        for (const unsigned v : {unsigned(n), unsigned(~n & 0xffff)}) {
            stored.push_back(static_cast<unsigned char>(v & 0xff));
            stored.push_back(static_cast<unsigned char>(v >> 8 & 0xff));
        }
        stored.insert(stored.end(), data + at, data + at + n);
        at += n;
    } while (at < size);
    const attn::InflateResult back = attn::inflateRaw(stored.data(), stored.size(), size);
    if (!back.ok() || back.data.size() != size ||
        !std::equal(back.data.begin(), back.data.end(), data))
        fuzz::finding("stored blocks do not inflate back to their content");
    if (attn::crc32(back.data.data(), back.data.size()) != attn::crc32(data, size))
        fuzz::finding("CRC-32 differs for equal bytes");
    return 0;
}
