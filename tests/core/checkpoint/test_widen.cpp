// SPDX-License-Identifier: GPL-3.0-or-later
// Widening stored weights to double (checkpoint/WidenValues.h, TensorView): every vector path
// this CPU runs gives the portable loop's bits (NaN's payload aside) and range verdict for every
// dtype, on random bit patterns (NaN, ±∞, subnormals and huge values among them) and lengths that
// leave tails; and a large block of whole rows read from the file (pread) equals the same block
// read through the mapping, at an unaligned offset, in every dtype.

#include "InputError.h"
#include "checkpoint/TensorView.h"
#include "checkpoint/WidenValues.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

using attn::TensorDtype;

// Random stored values of `dtype`: mostly ordinary numbers, and every few hundred a raw bit
// pattern (which covers NaN, ±∞, subnormals and, for F32/F64, magnitudes past 1e15).
std::vector<unsigned char> randomValues(TensorDtype dtype, std::int64_t count, bool special,
                                        std::mt19937_64 &rng) {
    const int item = attn::dtypeBytes(dtype);
    std::vector<unsigned char> bytes(std::size_t(count * item) + 1); // +1: unaligned start
    std::normal_distribution<double> normal(0.0, 0.05);
    for (std::int64_t i = 0; i < count; ++i) {
        unsigned char *p = bytes.data() + 1 + i * item;
        const std::uint64_t raw = rng();
        if (special && raw % 251 == 0) {
            std::memcpy(p, &raw, std::size_t(item));
            continue;
        }
        const double v = normal(rng);
        const float f = float(v);
        std::uint32_t fbits;
        std::memcpy(&fbits, &f, 4);
        switch (dtype) {
        case TensorDtype::F64:
            std::memcpy(p, &v, 8);
            break;
        case TensorDtype::F32:
            std::memcpy(p, &f, 4);
            break;
        case TensorDtype::BF16: {
            const auto b = std::uint16_t(fbits >> 16);
            std::memcpy(p, &b, 2);
            break;
        }
        case TensorDtype::F16: {
            // A half of a small normal value: sign, exponent rebiased, 10 mantissa bits (or a
            // subnormal pattern straight from the random bits).
            const int exponent = int((fbits >> 23) & 0xff) - 127 + 15;
            const std::uint16_t sign = std::uint16_t((fbits >> 16) & 0x8000);
            const std::uint16_t h =
                exponent <= 0 ? std::uint16_t(sign | (raw & 0x3ff))
                              : std::uint16_t(sign | (exponent << 10) | ((fbits >> 13) & 0x3ff));
            std::memcpy(p, &h, 2);
            break;
        }
        default: // the quantized types: test_gguf
            break;
        }
    }
    return bytes;
}

} // namespace

class TestWiden : public QObject {
    Q_OBJECT
private slots:
    void everyPathGivesThePortableBits_data() {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<bool>("special");
        for (TensorDtype d :
             {TensorDtype::F64, TensorDtype::F32, TensorDtype::F16, TensorDtype::BF16})
            for (bool special : {false, true})
                QTest::addRow("%s%s", attn::dtypeName(d), special ? ", special values" : "")
                    << int(d) << special;
    }

    void everyPathGivesThePortableBits() {
        QFETCH(int, dtype);
        QFETCH(bool, special);
        const auto d = TensorDtype(dtype);
        std::mt19937_64 rng(std::uint64_t(dtype) * 7 + special);
        for (attn::WidenPath path : {attn::WidenPath::Avx2, attn::WidenPath::Avx512}) {
            if (!attn::widenPathAvailable(path))
                continue;
            for (std::int64_t count : {0, 1, 3, 7, 8, 9, 15, 16, 17, 100, 1000, 4099}) {
                const std::vector<unsigned char> bytes = randomValues(d, count, special, rng);
                std::vector<double> portable(std::size_t(count) + 1), vector(portable.size());
                const bool portableOk = attn::widenValues(attn::WidenPath::Portable, d,
                                                          bytes.data() + 1, count, portable.data());
                const bool vectorOk =
                    attn::widenValues(path, d, bytes.data() + 1, count, vector.data());
                QCOMPARE(vectorOk, portableOk);
                // The same bits, but for NaN's payload (F16's portable conversion gives the
                // canonical NaN): a NaN is refused anyway.
                for (std::int64_t i = 0; i < count; ++i) {
                    const double a = portable[std::size_t(i)], b = vector[std::size_t(i)];
                    QVERIFY2((std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, 8) == 0,
                             qPrintable(QString("value %1 of %2").arg(i).arg(count)));
                }
                if (!special)
                    QVERIFY(portableOk);
            }
        }
    }

    void readingTheFileEqualsTheMapping_data() {
        QTest::addColumn<int>("dtype");
        for (TensorDtype d :
             {TensorDtype::F64, TensorDtype::F32, TensorDtype::F16, TensorDtype::BF16})
            QTest::addRow("%s", attn::dtypeName(d)) << int(d);
    }

    void readingTheFileEqualsTheMapping() {
        QFETCH(int, dtype);
        const auto d = TensorDtype(dtype);
        // 700 × 300 values: blocks of whole rows far above the 64 KB that are read with pread,
        // in several 256 KB reads, and a tail.
        const std::int64_t rows = 700, cols = 300;
        std::mt19937_64 rng(42);
        const std::vector<unsigned char> values = randomValues(d, rows * cols, false, rng);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath("weights.bin"));
        QVERIFY(file.open(QIODevice::ReadWrite));
        const QByteArray before(13, 'x'); // the tensor at an odd offset, as in safetensors
        QVERIFY(file.write(before) == before.size());
        QVERIFY(file.write(reinterpret_cast<const char *>(values.data()) + 1,
                           qint64(values.size()) - 1) == qint64(values.size()) - 1);
        QVERIFY(file.flush());
        const uchar *mapped = file.map(0, file.size());
        QVERIFY(mapped != nullptr);

        attn::TensorView view;
        view.name = "w";
        view.file = file.fileName();
        view.dtype = d;
        view.shape = {rows, cols};
        view.data = mapped + before.size();
        attn::TensorView mappedOnly = view;
        view.fd = file.handle();
        view.offset = before.size();
        for (const auto &[first, count] : std::vector<std::pair<std::int64_t, std::int64_t>>{
                 {0, rows}, {3, 500}, {699, 1}, {100, 250}}) {
            const attn::Matrix read = view.widenRows(first, count);
            const attn::Matrix throughMapping = mappedOnly.widenRows(first, count);
            QVERIFY(std::memcmp(read.data(), throughMapping.data(),
                                std::size_t(read.size()) * sizeof(double)) == 0);
        }
        // A NaN in a block that is read is refused and named as in the mapping.
        if (d == TensorDtype::F32) {
            QVERIFY(file.seek(before.size() + (5 * cols + 7) * 4));
            const std::uint32_t nan = 0x7fc00000u;
            QVERIFY(file.write(reinterpret_cast<const char *>(&nan), 4) == 4);
            QVERIFY(file.flush());
            try {
                view.widenRows(0, rows);
                QFAIL("a NaN weight was accepted");
            } catch (const attn::InputError &e) {
                QVERIFY2(QString(e.what()).contains("[5, 7] is NaN"), e.what());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestWiden)
#include "test_widen.moc"
