#include "Inflate.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <new>

namespace attn {

namespace {

// Thrown inside the decoder; inflateRaw turns it into InflateResult::error.
struct CorruptData {
    const char *message;
};
// Thrown when the output reaches the limit and the caller asked to stop there.
struct LimitReached {};

constexpr int kMaxBits = 15;      // longest Huffman code DEFLATE allows
constexpr int kMaxLitLen = 286;   // literal/length symbols a dynamic block may define
constexpr int kMaxDist = 30;      // distance symbols a dynamic block may define
constexpr int kFixedLitLen = 288; // the fixed code also assigns codes to 286 and 287 (invalid)
constexpr int kFixedDist = 32;    // ... and to distances 30 and 31 (invalid)

// Least significant bit first, as DEFLATE packs its bits. Reading past the end is an error; a
// peek past the end sees zero bits, so a short final code is caught when it is consumed.
class BitReader {
public:
    BitReader(const unsigned char *data, std::size_t size) : data_(data), size_(size) {}

    unsigned peek(int n) {
        if (count_ < n)
            refill();
        return unsigned(buffer_ & ((std::uint64_t(1) << n) - 1));
    }
    void drop(int n) {
        if (n > count_)
            throw CorruptData{"the compressed data ends in the middle of a block"};
        buffer_ >>= n;
        count_ -= n;
    }
    unsigned bits(int n) {
        const unsigned value = peek(n);
        drop(n);
        return value;
    }
    // Stored blocks start at a byte boundary; the buffered whole bytes are given back so that
    // the block can be copied straight from the input.
    void alignToByte() {
        drop(count_ % 8);
        position_ -= std::size_t(count_ / 8);
        buffer_ = 0;
        count_ = 0;
    }
    std::size_t position() const { return position_ - std::size_t(count_ / 8); }
    std::size_t remaining() const { return size_ - position_; }
    const unsigned char *here() const { return data_ + position_; }
    void skip(std::size_t n) { position_ += n; } // after alignToByte, n <= remaining()

private:
    void refill() {
        while (count_ <= 56 && position_ < size_) {
            buffer_ |= std::uint64_t(data_[position_++]) << count_;
            count_ += 8;
        }
    }

    const unsigned char *data_;
    std::size_t size_;
    std::size_t position_ = 0;
    std::uint64_t buffer_ = 0;
    int count_ = 0;
};

// A canonical Huffman code as a lookup table indexed by the next 15 input bits (bit-reversed
// codes, as they arrive): entry = symbol << 4 | code length; length 0 marks an unused pattern.
class HuffmanTable {
public:
    // `lengths[s]` is the code length of symbol s (0 = unused). An over-subscribed set is
    // always corrupt; an incomplete one only when `allowSingle` and at most one code is used
    // (RFC 1951 3.2.7: one distance code, or none, for data that is all literals).
    void build(const std::uint8_t *lengths, int symbols, bool allowSingle, const char *what) {
        std::array<int, kMaxBits + 1> count{};
        for (int s = 0; s < symbols; ++s)
            ++count[lengths[s]];
        int left = 1;
        for (int len = 1; len <= kMaxBits; ++len) {
            left = left * 2 - count[len];
            if (left < 0)
                throw CorruptData{what};
        }
        const int used = symbols - count[0];
        if (left > 0 && !(allowSingle && used <= 1))
            throw CorruptData{what};

        // The first code of each length (RFC 1951 3.2.2); unused symbols take no codes.
        count[0] = 0;
        std::array<unsigned, kMaxBits + 1> next{};
        unsigned code = 0;
        for (int len = 1; len <= kMaxBits; ++len) {
            code = (code + unsigned(count[len - 1])) << 1;
            next[len] = code;
        }
        table_.assign(std::size_t(1) << kMaxBits, 0);
        for (int s = 0; s < symbols; ++s) {
            const int len = lengths[s];
            if (len == 0)
                continue;
            const unsigned reversed = reverse(next[len]++, len);
            const auto entry = std::uint16_t(unsigned(s) << 4 | unsigned(len));
            for (unsigned r = reversed; r < (1u << kMaxBits); r += 1u << len)
                table_[r] = entry;
        }
    }

    int decode(BitReader &in) const {
        const std::uint16_t entry = table_[in.peek(kMaxBits)];
        const int len = entry & 15;
        if (len == 0)
            throw CorruptData{"the compressed data is corrupt (a bit pattern that is no code)"};
        in.drop(len);
        return entry >> 4;
    }

private:
    static unsigned reverse(unsigned code, int len) {
        unsigned r = 0;
        for (int i = 0; i < len; ++i, code >>= 1)
            r = r << 1 | (code & 1);
        return r;
    }
    std::vector<std::uint16_t> table_;
};

constexpr std::array<std::uint16_t, 29> kLengthBase = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                                       15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                                       67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<std::uint8_t, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                       2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<std::uint16_t, 30> kDistBase = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<std::uint8_t, 30> kDistExtra = {0, 0, 0,  0,  1,  1,  2,  2,  3,  3,
                                                     4, 4, 5,  5,  6,  6,  7,  7,  8,  8,
                                                     9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

class Inflater {
public:
    Inflater(const unsigned char *input, std::size_t size, std::size_t maxOutput, bool stopAtLimit,
             InflateResult &result)
        : in_(input, size), limit_(maxOutput), stopAtLimit_(stopAtLimit), out_(result.data),
          result_(result) {
        // Deflate expands at most 1032:1, so the input size bounds what is worth reserving.
        const std::size_t plausible = size > (std::size_t(1) << 40) / 1032 ? limit_ : size * 1032;
        out_.reserve(std::min({limit_, plausible + 258, std::size_t(64) << 20}));
    }

    void run() {
        bool last = false;
        while (!last) {
            last = in_.bits(1) == 1;
            switch (in_.bits(2)) {
            case 0:
                stored();
                ++result_.storedBlocks;
                break;
            case 1:
                fixed();
                ++result_.fixedBlocks;
                break;
            case 2:
                dynamic();
                ++result_.dynamicBlocks;
                break;
            default:
                throw CorruptData{"the compressed data is corrupt (invalid block type)"};
            }
        }
        result_.consumed = in_.position();
    }

    std::size_t position() const { return in_.position(); }

private:
    void room(std::size_t n) {
        if (n <= limit_ - out_.size())
            return;
        if (stopAtLimit_)
            throw LimitReached{};
        throw CorruptData{"the compressed data expands beyond its declared size"};
    }

    void stored() {
        in_.alignToByte();
        const unsigned len = in_.bits(16);
        const unsigned nlen = in_.bits(16);
        if ((len ^ 0xffffu) != nlen)
            throw CorruptData{"the compressed data is corrupt (stored block length check)"};
        in_.alignToByte();
        if (len > in_.remaining())
            throw CorruptData{"the compressed data ends in the middle of a block"};
        if (len > limit_ - out_.size() && stopAtLimit_) {
            out_.insert(out_.end(), in_.here(), in_.here() + (limit_ - out_.size()));
            throw LimitReached{};
        }
        room(len);
        out_.insert(out_.end(), in_.here(), in_.here() + len);
        in_.skip(len);
    }

    void fixed() {
        if (!fixedBuilt_) {
            std::array<std::uint8_t, kFixedLitLen> lit{};
            std::fill(lit.begin(), lit.begin() + 144, 8);
            std::fill(lit.begin() + 144, lit.begin() + 256, 9);
            std::fill(lit.begin() + 256, lit.begin() + 280, 7);
            std::fill(lit.begin() + 280, lit.end(), 8);
            std::array<std::uint8_t, kFixedDist> dist{};
            dist.fill(5);
            fixedLit_.build(lit.data(), kFixedLitLen, false, "internal: fixed code");
            fixedDist_.build(dist.data(), kFixedDist, false, "internal: fixed code");
            fixedBuilt_ = true;
        }
        codes(fixedLit_, fixedDist_);
    }

    void dynamic() {
        const int nlit = int(in_.bits(5)) + 257;
        const int ndist = int(in_.bits(5)) + 1;
        const int ncode = int(in_.bits(4)) + 4;
        if (nlit > kMaxLitLen || ndist > kMaxDist)
            throw CorruptData{"the compressed data is corrupt (too many codes in a block)"};

        static constexpr std::array<std::uint8_t, 19> order = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                               11, 4,  12, 3, 13, 2, 14, 1, 15};
        std::array<std::uint8_t, 19> codeLengths{};
        for (int i = 0; i < ncode; ++i)
            codeLengths[order[std::size_t(i)]] = std::uint8_t(in_.bits(3));
        HuffmanTable lengthCode;
        lengthCode.build(codeLengths.data(), 19, false,
                         "the compressed data is corrupt (invalid code length code)");

        std::array<std::uint8_t, kMaxLitLen + kMaxDist> lengths{};
        int index = 0;
        while (index < nlit + ndist) {
            const int symbol = lengthCode.decode(in_);
            if (symbol < 16) {
                lengths[std::size_t(index++)] = std::uint8_t(symbol);
                continue;
            }
            std::uint8_t value = 0;
            int repeat = 0;
            if (symbol == 16) {
                if (index == 0)
                    throw CorruptData{"the compressed data is corrupt (repeat with no length)"};
                value = lengths[std::size_t(index - 1)];
                repeat = 3 + int(in_.bits(2));
            } else if (symbol == 17) {
                repeat = 3 + int(in_.bits(3));
            } else {
                repeat = 11 + int(in_.bits(7));
            }
            if (index + repeat > nlit + ndist)
                throw CorruptData{"the compressed data is corrupt (too many code lengths)"};
            std::fill_n(lengths.begin() + index, repeat, value);
            index += repeat;
        }
        if (lengths[256] == 0)
            throw CorruptData{"the compressed data is corrupt (a block without an end code)"};
        HuffmanTable lit, dist;
        lit.build(lengths.data(), nlit, true,
                  "the compressed data is corrupt (invalid literal/length code)");
        dist.build(lengths.data() + nlit, ndist, true,
                   "the compressed data is corrupt (invalid distance code)");
        codes(lit, dist);
    }

    void codes(const HuffmanTable &lit, const HuffmanTable &dist) {
        for (;;) {
            const int symbol = lit.decode(in_);
            if (symbol < 256) {
                room(1);
                out_.push_back(static_cast<unsigned char>(symbol));
                continue;
            }
            if (symbol == 256)
                return;
            const int l = symbol - 257;
            if (l >= 29)
                throw CorruptData{"the compressed data is corrupt (invalid length symbol)"};
            const std::size_t length =
                kLengthBase[std::size_t(l)] + in_.bits(kLengthExtra[std::size_t(l)]);
            const int d = dist.decode(in_);
            if (d >= 30)
                throw CorruptData{"the compressed data is corrupt (invalid distance symbol)"};
            const std::size_t distance =
                kDistBase[std::size_t(d)] + in_.bits(kDistExtra[std::size_t(d)]);
            if (distance > out_.size())
                throw CorruptData{"the compressed data is corrupt (a distance too far back)"};
            std::size_t n = length;
            if (n > limit_ - out_.size() && stopAtLimit_)
                n = limit_ - out_.size();
            else
                room(n);
            // Byte by byte: the source may overlap what is being written (run-length copies).
            std::size_t from = out_.size() - distance;
            for (std::size_t i = 0; i < n; ++i)
                out_.push_back(out_[from++]);
            if (n < length)
                throw LimitReached{};
        }
    }

    BitReader in_;
    std::size_t limit_;
    bool stopAtLimit_;
    std::vector<unsigned char> &out_;
    InflateResult &result_;
    HuffmanTable fixedLit_, fixedDist_;
    bool fixedBuilt_ = false;
};

constexpr std::array<std::uint32_t, 256> makeCrcTable() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t n = 0; n < 256; ++n) {
        std::uint32_t c = n;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    return table;
}

constexpr std::array<std::uint32_t, 256> kCrcTable = makeCrcTable();

} // namespace

InflateResult inflateRaw(const unsigned char *input, std::size_t size, std::size_t maxOutput,
                         bool stopAtLimit) {
    InflateResult result;
    try {
        Inflater inflater(input, size, maxOutput, stopAtLimit, result);
        try {
            inflater.run();
        } catch (const LimitReached &) {
            result.truncatedAtLimit = true;
            result.consumed = inflater.position();
        }
    } catch (const CorruptData &e) {
        result.error = e.message;
        result.data.clear();
    } catch (const std::bad_alloc &) {
        result.error = "not enough memory to decompress the data";
        result.data.clear();
    }
    return result;
}

std::uint32_t crc32(const unsigned char *data, std::size_t size, std::uint32_t crc) {
    crc = ~crc;
    for (std::size_t i = 0; i < size; ++i)
        crc = kCrcTable[(crc ^ data[i]) & 0xffu] ^ (crc >> 8);
    return ~crc;
}

} // namespace attn
