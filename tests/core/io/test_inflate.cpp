// SPDX-License-Identifier: GPL-3.0-or-later
// Raw inflate (zlib behind attnviz's limits and messages) on its own (the .npz tests use it
// through the zip reader): streams with
// stored, fixed and dynamic Huffman blocks made by zlib (tests/data/import/deflate_*.bin) cut
// at every byte and with bytes flipped, hand-made corrupt streams for each check the decoder
// makes, output limits, and CRC-32.

#include "io/Inflate.h"
#include "support/IoSupport.h"

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

// Bits for hand-made DEFLATE streams, least significant first as DEFLATE packs them.
class BitWriter {
public:
    void bits(unsigned value, int n) {
        for (int i = 0; i < n; ++i)
            put((value >> i) & 1u);
    }
    // A Huffman code is sent most significant bit first.
    void code(unsigned value, int n) {
        for (int i = n - 1; i >= 0; --i)
            put((value >> i) & 1u);
    }
    void align() {
        while (count_ % 8)
            put(0);
    }
    QByteArray bytes() const { return data_; }

private:
    void put(unsigned bit) {
        if (count_ % 8 == 0)
            data_ += '\0';
        if (bit)
            data_[data_.size() - 1] = char(data_[data_.size() - 1] | (1 << (count_ % 8)));
        ++count_;
    }
    QByteArray data_;
    int count_ = 0;
};

attn::InflateResult inflate(const QByteArray &in, std::size_t limit = 1 << 20, bool stop = false) {
    return attn::inflateRaw(reinterpret_cast<const unsigned char *>(in.constData()),
                            std::size_t(in.size()), limit, stop);
}

QByteArray bytesOf(const attn::InflateResult &r) {
    return QByteArray(reinterpret_cast<const char *>(r.data.data()), qsizetype(r.data.size()));
}

} // namespace

class TestInflate : public QObject {
    Q_OBJECT

private slots:
    void inflateStreams_data();
    void inflateStreams();
    void inflateLimits();
    void inflateCorrupt_data();
    void inflateCorrupt();
    void crc32CheckValue();
};

void TestInflate::inflateStreams_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("blocks"); // which block types must occur
    QTest::newRow("stored") << "deflate_stored.bin"
                            << "stored";
    QTest::newRow("fixed") << "deflate_fixed.bin"
                           << "fixed";
    QTest::newRow("dynamic") << "deflate_dynamic.bin"
                             << "dynamic";
}

void TestInflate::inflateStreams() {
    QFETCH(QString, file);
    QFETCH(QString, blocks);
    const QByteArray plain = readFixture("deflate_plain.bin");
    const QByteArray stream = readFixture(file);
    QVERIFY(plain.size() > 5000 && !stream.isEmpty());
    const attn::InflateResult r = inflate(stream);
    QVERIFY2(r.ok(), r.error.c_str());
    QCOMPARE(bytesOf(r), plain);
    QCOMPARE(r.consumed, std::size_t(stream.size()));
    QCOMPARE(r.storedBlocks > 0, blocks == "stored");
    QCOMPARE(r.fixedBlocks > 0, blocks == "fixed");
    QCOMPARE(r.dynamicBlocks > 0, blocks == "dynamic");
    // Cut anywhere, the stream is incomplete: an error, never a crash or a partial "success".
    for (qsizetype n = 0; n < stream.size(); ++n) {
        const attn::InflateResult cut = inflate(stream.left(n));
        QVERIFY2(!cut.ok(),
                 qPrintable(QString("%1 of %2 bytes decoded").arg(n).arg(stream.size())));
        QVERIFY(cut.data.empty());
    }
    // Any single flipped byte: an error or some output within the limit, never a crash.
    for (qsizetype n = 0; n < stream.size(); n += 3) {
        QByteArray changed = stream;
        changed[n] = char(changed[n] ^ 0x5a);
        const attn::InflateResult flipped = inflate(changed, std::size_t(plain.size()));
        QVERIFY(flipped.data.size() <= std::size_t(plain.size()));
    }
    const attn::InflateResult empty = inflate(readFixture("deflate_empty.bin"));
    QVERIFY2(empty.ok(), empty.error.c_str());
    QVERIFY(empty.data.empty());
}

void TestInflate::inflateLimits() {
    const QByteArray plain = readFixture("deflate_plain.bin");
    for (const char *file : {"deflate_stored.bin", "deflate_fixed.bin", "deflate_dynamic.bin"}) {
        const QByteArray stream = readFixture(file);
        const attn::InflateResult over = inflate(stream, std::size_t(plain.size() - 1));
        QVERIFY(!over.ok());
        QVERIFY2(over.error.find("beyond its declared size") != std::string::npos,
                 over.error.c_str());
        for (std::size_t limit : {std::size_t(0), std::size_t(1), std::size_t(100),
                                  std::size_t(2500), std::size_t(plain.size())}) {
            const attn::InflateResult head = inflate(stream, limit, true);
            QVERIFY2(head.ok(), head.error.c_str());
            QCOMPARE(bytesOf(head), plain.left(qsizetype(limit)));
            QCOMPARE(head.truncatedAtLimit, limit < std::size_t(plain.size()));
        }
    }
}

void TestInflate::inflateCorrupt_data() {
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QString>("message");
    {
        BitWriter w; // BFINAL=1, BTYPE=11
        w.bits(1, 1);
        w.bits(3, 2);
        QTest::newRow("block type 3") << w.bytes() << "invalid block type";
    }
    {
        BitWriter w; // stored, LEN=5, NLEN not its complement
        w.bits(1, 1);
        w.bits(0, 2);
        w.align();
        w.bits(5, 16);
        w.bits(5, 16);
        QTest::newRow("stored length check") << w.bytes() << "length check";
    }
    {
        BitWriter w; // stored, LEN=5 but 2 bytes follow
        w.bits(1, 1);
        w.bits(0, 2);
        w.align();
        w.bits(5, 16);
        w.bits(0xfffa, 16);
        w.bits('a', 8);
        w.bits('b', 8);
        QTest::newRow("stored block cut short") << w.bytes() << "ends in the middle";
    }
    {
        BitWriter w; // fixed: length 3 (symbol 257), distance 1, with nothing written yet
        w.bits(1, 1);
        w.bits(1, 2);
        w.code(1, 7);
        w.code(0, 5);
        QTest::newRow("distance before the start") << w.bytes() << "too far back";
    }
    {
        BitWriter w; // fixed: symbol 286 (11000110)
        w.bits(1, 1);
        w.bits(1, 2);
        w.code(0xc6, 8);
        QTest::newRow("length symbol 286") << w.bytes() << "invalid length symbol";
    }
    {
        BitWriter w; // fixed: literal 'a', then length 3 with distance symbol 30
        w.bits(1, 1);
        w.bits(1, 2);
        w.code(0x30 + 'a', 8);
        w.code(1, 7);
        w.code(30, 5);
        QTest::newRow("distance symbol 30") << w.bytes() << "invalid distance symbol";
    }
    {
        BitWriter w; // fixed: a literal, then the data ends without an end-of-block code
        w.bits(1, 1);
        w.bits(1, 2);
        w.code(0x30 + 'a', 8);
        QTest::newRow("no end of block") << w.bytes() << "ends in the middle";
    }
    {
        BitWriter w; // dynamic: 19 code length codes, all of length 1 (over-subscribed)
        w.bits(1, 1);
        w.bits(2, 2);
        w.bits(0, 5);
        w.bits(0, 5);
        w.bits(15, 4);
        for (int i = 0; i < 19; ++i)
            w.bits(1, 3);
        QTest::newRow("over-subscribed code") << w.bytes() << "invalid code length code";
    }
    {
        BitWriter w; // dynamic: one code length code only (incomplete)
        w.bits(1, 1);
        w.bits(2, 2);
        w.bits(0, 5);
        w.bits(0, 5);
        w.bits(0, 4);
        w.bits(1, 3);
        w.bits(0, 3);
        w.bits(0, 3);
        w.bits(0, 3);
        QTest::newRow("incomplete code") << w.bytes() << "invalid code length code";
    }
    {
        BitWriter w; // dynamic: symbols 16 (code 0) and 17 (code 1); 16 first repeats nothing
        w.bits(1, 1);
        w.bits(2, 2);
        w.bits(0, 5);
        w.bits(0, 5);
        w.bits(0, 4); // 4 code length codes: 16, 17, 18, 0
        w.bits(1, 3), w.bits(1, 3), w.bits(0, 3), w.bits(0, 3);
        w.code(0, 1);
        w.bits(0, 2);
        QTest::newRow("repeat without a length") << w.bytes() << "repeat with no length";
    }
    {
        BitWriter w; // dynamic: 17 → 0, 18 → 1; 258 zero lengths, so no end-of-block code
        w.bits(1, 1);
        w.bits(2, 2);
        w.bits(0, 5); // 257 literal/length codes
        w.bits(0, 5); // 1 distance code
        w.bits(0, 4);
        w.bits(0, 3), w.bits(1, 3), w.bits(1, 3), w.bits(0, 3);
        w.code(1, 1);
        w.bits(127, 7); // 138 zeros
        w.code(1, 1);
        w.bits(109, 7); // 120 zeros
        QTest::newRow("no end-of-block code") << w.bytes() << "without an end code";
    }
    {
        BitWriter w; // dynamic: the zeros run past the 258 lengths
        w.bits(1, 1);
        w.bits(2, 2);
        w.bits(0, 5);
        w.bits(0, 5);
        w.bits(0, 4);
        w.bits(0, 3), w.bits(1, 3), w.bits(1, 3), w.bits(0, 3);
        w.code(1, 1);
        w.bits(127, 7);
        w.code(1, 1);
        w.bits(127, 7);
        QTest::newRow("too many lengths") << w.bytes() << "too many code lengths";
    }
    {
        BitWriter w; // dynamic: HLIT = 30 → 287 literal/length codes
        w.bits(1, 1);
        w.bits(2, 2);
        w.bits(30, 5);
        w.bits(0, 5);
        w.bits(0, 4);
        QTest::newRow("287 literal codes") << w.bytes() << "too many codes";
    }
    QTest::newRow("empty input") << QByteArray() << "ends in the middle";
}

void TestInflate::inflateCorrupt() {
    QFETCH(QByteArray, stream);
    QFETCH(QString, message);
    const attn::InflateResult r = inflate(stream);
    QVERIFY(!r.ok());
    QVERIFY(r.data.empty());
    QVERIFY2(QString::fromStdString(r.error).contains(message), r.error.c_str());
}

void TestInflate::crc32CheckValue() {
    const QByteArray check("123456789");
    const auto *p = reinterpret_cast<const unsigned char *>(check.constData());
    QCOMPARE(attn::crc32(p, 9), std::uint32_t(0xcbf43926)); // the standard check value
    QCOMPARE(attn::crc32(p + 4, 5, attn::crc32(p, 4)), std::uint32_t(0xcbf43926));
    QCOMPARE(attn::crc32(p, 0), std::uint32_t(0));
}

QTEST_GUILESS_MAIN(TestInflate)
#include "test_inflate.moc"
