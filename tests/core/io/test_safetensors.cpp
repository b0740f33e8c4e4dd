// SPDX-License-Identifier: GPL-3.0-or-later
// safetensors checkpoints (core/io/Safetensors.h) and NumPy slices (ArraySlice.h): files built
// in code with F32, F64, F16 (subnormals, ±0), BF16 and a GPT-2-like fused attention weight,
// every value checked; slices and transposes of every format; the listing `inspect` prints;
// hostile headers refused with a message and without allocating from their sizes; only the
// chosen rows read.

#include "InputError.h"
#include "io/ArrayListing.h"
#include "io/ArraySlice.h"
#include "io/MatrixImport.h"
#include "io/Safetensors.h"
#include "support/IoSupport.h"
#include "support/SafetensorsSupport.h"

#include <QBuffer>
#include <QTemporaryDir>

#include <cmath>
#include <limits>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

attn::ImportResult read(const QByteArray &file, const QString &tensor = {},
                        const QString &slice = {}, bool transpose = false) {
    QTemporaryDir dir;
    const QString path = dir.filePath("model.safetensors");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(file) != file.size())
        return {};
    f.close();
    return attn::importMatrix(path, attn::ImportSelection{tensor, slice, transpose});
}

// A QBuffer that counts the bytes read from it.
class CountingBuffer : public QBuffer {
public:
    qint64 bytesRead = 0;

protected:
    qint64 readData(char *data, qint64 maxSize) override {
        const qint64 n = QBuffer::readData(data, maxSize);
        bytesRead += std::max<qint64>(n, 0);
        return n;
    }
};

} // namespace

class TestSafetensors : public QObject {
    Q_OBJECT

private slots:
    void float32() {
        const std::vector<float> v = {0.1f, -2.5f, 3e-8f, 1e10f, -0.0f, 7.0f};
        const auto r = read(safetensors({{"w", "F32", {2, 3}, f32Bytes(v)}}));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.format, attn::ImportFormat::Safetensors);
        attn::Matrix expected(2, 3);
        for (int k = 0; k < 6; ++k)
            expected(k / 3, k % 3) = double(v[std::size_t(k)]); // exact: float → double
        COMPARE_BITS(r.matrix, expected);
        QVERIFY(r.description.contains("tensor 'w' (F32, 2\u00d73)"));
    }

    void float64() {
        const std::vector<double> v = {0.1, -1e15, 1e-300, 4.0};
        const auto r = read(safetensors({{"w", "F64", {2, 2}, f64Bytes(v)}}));
        QVERIFY2(r.ok(), qPrintable(r.error));
        COMPARE_BITS(r.matrix, matrix(2, 2, {0.1, -1e15, 1e-300, 4.0}));
    }

    void float16SubnormalsAndSignedZeros() {
        // 1, -2, +0, -0, the smallest subnormal 2^-24, the largest 1023·2^-24, the smallest
        // normal 2^-14, the largest 65504.
        const auto r = read(safetensors(
            {{"h",
              "F16",
              {2, 4},
              u16Bytes({0x3c00, 0xc000, 0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x7bff})}}));
        QVERIFY2(r.ok(), qPrintable(r.error));
        const attn::Matrix expected =
            matrix(2, 4,
                   {1.0, -2.0, 0.0, -0.0, std::ldexp(1.0, -24), 1023 * std::ldexp(1.0, -24),
                    std::ldexp(1.0, -14), 65504.0});
        COMPARE_BITS(r.matrix, expected);
        QVERIFY(std::signbit(r.matrix(0, 3)));
        QVERIFY(!std::signbit(r.matrix(0, 2)));
    }

    void bfloat16() {
        // 1, -5, 2^24, the smallest subnormal 2^-133, -0, 0.1's bfloat16 (0x3dcd).
        const auto r = read(safetensors(
            {{"b", "BF16", {6}, u16Bytes({0x3f80, 0xc0a0, 0x4b80, 0x0001, 0x8000, 0x3dcd})}}));
        QVERIFY2(r.ok(), qPrintable(r.error));
        const attn::Matrix expected =
            matrix(1, 6, {1.0, -5.0, 16777216.0, std::ldexp(1.0, -133), -0.0, 0.10009765625});
        COMPARE_BITS(r.matrix, expected);
        QVERIFY(!r.notes.isEmpty()); // a 1-D tensor, read as one row
    }

    // GPT-2's c_attn.weight (p × 3p): Wq, Wk, Wv side by side, heads of d = p/H inside each.
    void fusedAttentionSlices_data() {
        QTest::addColumn<QString>("slice");
        QTest::addColumn<int>("firstColumn");
        QTest::addColumn<int>("columns");
        QTest::newRow("Wq head 0") << "[:, 0:2]" << 0 << 2;
        QTest::newRow("Wq head 1") << "[:, 2:4]" << 2 << 2;
        QTest::newRow("Wk head 0") << "[:, 4:6]" << 4 << 2;
        QTest::newRow("Wv head 1") << "[:, 10:12]" << 10 << 2;
        QTest::newRow("Wv head 1, from the end") << "[:, -2:]" << 10 << 2;
        QTest::newRow("all of Wk") << "[ : , 4 : 8 ]" << 4 << 4;
        QTest::newRow("whole") << "" << 0 << 12;
    }
    void fusedAttentionSlices() {
        QFETCH(QString, slice);
        QFETCH(int, firstColumn);
        QFETCH(int, columns);
        const attn::Matrix fused = fusedAttention();
        const QByteArray file = safetensors(
            {{"h.0.attn.c_attn.bias", "F32", {12}, f32Bytes(std::vector<float>(12, 0.5f))},
             {"h.0.attn.c_attn.weight", "F32", {4, 12}, f32Matrix(fused)}});
        const auto r = read(file, "h.0.attn.c_attn.weight", slice);
        QVERIFY2(r.ok(), qPrintable(r.error));
        COMPARE_BITS(r.matrix, attn::Matrix(fused.middleCols(firstColumn, columns)));
        QCOMPARE(r.shape, (std::vector<std::uint64_t>{4, 12}));
        // Transposed, as nn.Linear's out × in weights need.
        const auto t = read(file, "h.0.attn.c_attn.weight", slice, true);
        COMPARE_BITS(t.matrix, attn::Matrix(fused.middleCols(firstColumn, columns).transpose()));
        QVERIFY(t.description.contains("transposed"));
    }

    void firstImportableTensorByDefault() {
        const auto r = read(safetensors({{"step", "I64", {1}, QByteArray(8, '\0')},
                                         {"w", "F32", {1, 2}, f32Bytes({1.0f, 2.0f})}}));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.arrayName, QStringLiteral("w"));
        QVERIFY(r.notes.join(' ').contains("took tensor 'w'"));
    }

    void onlyTheChosenRowsAreRead() {
        // 64 rows of 256 F32 (64 KiB); rows 10..11 are 2 KiB of it.
        attn::Matrix big(64, 256);
        for (Eigen::Index i = 0; i < big.size(); ++i)
            big.data()[i] = double(i);
        const QByteArray bytes = safetensors({{"a", "F32", {64, 256}, f32Matrix(big)},
                                              {"b", "F32", {2, 2}, f32Bytes({1, 2, 3, 4})}});
        CountingBuffer device;
        device.setData(bytes);
        QVERIFY(device.open(QIODevice::ReadOnly));
        const attn::SafetensorsFile file = attn::readSafetensorsHeader(device, bytes.size());
        const qint64 header = device.bytesRead;
        QCOMPARE(header, qint64(file.dataStart));
        const auto r = attn::readSafetensorsTensor(device, file, *file.find("a"),
                                                   attn::parseArraySlice("[10:12, 3:5]"));
        COMPARE_BITS(r.matrix, attn::Matrix(big.block(10, 3, 2, 2)));
        QCOMPARE(device.bytesRead - header, qint64(2 * 256 * 4));
    }

    void refusedTensors_data() {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("tensor");
        QTest::addColumn<QString>("slice");
        QTest::addColumn<QString>("message");
        const QByteArray f24 = f32Bytes(std::vector<float>(24, 1.0f));
        QTest::newRow("3-D") << safetensors({{"t", "F32", {2, 3, 4}, f24}}) << "t"
                             << ""
                             << "tensor 't': it is a 3-D tensor (2\u00d73\u00d74); only 1-D and "
                                "2-D tensors can be imported";
        QTest::newRow("integer dtype")
            << safetensors({{"t", "I32", {2}, QByteArray(8, '\0')}}) << "t"
            << ""
            << "its dtype I32 is not a float";
        QTest::newRow("0-D") << safetensors({{"t", "F32", {}, f32Bytes({1.0f})}}) << "t"
                             << ""
                             << "single number (0-D)";
        QTest::newRow("no such tensor") << safetensors({{"t", "F32", {1}, f32Bytes({1.0f})}}) << "q"
                                        << ""
                                        << "has no tensor 'q' (it has 1: 't')";
        QTest::newRow("NaN") << safetensors({{"t", "F32", {2}, f32Bytes({1.0f, std::nanf("")})}})
                             << "t"
                             << ""
                             << "tensor 't' at [1]: NaN";
        QTest::newRow("beyond 1e15")
            << safetensors({{"t", "BF16", {1, 1}, u16Bytes({0x7f7f})}}) << "t"
            << ""
            << "tensor 't' at [0, 0]";
        QTest::newRow("F16 infinity") << safetensors({{"t", "F16", {1}, u16Bytes({0xfc00})}}) << "t"
                                      << ""
                                      << "tensor 't' at [0]: -inf";
        QTest::newRow("slice beyond") << safetensors({{"t", "F32", {4, 6}, f24}}) << "t"
                                      << "[:, 0:64]"
                                      << "0:64 reaches beyond 0:6";
        QTest::newRow("too many rows")
            << safetensors({{"t", "F32", {5000, 1}, QByteArray(20000, '\0')}}) << "t"
            << ""
            << "is 5000\u00d71; at most 4096 rows and columns";
        QTest::newRow("a slice makes it fit")
            << safetensors({{"t", "F32", {5000, 1}, QByteArray(20000, '\0')}}) << "t"
            << "[0:4096, 0]"
            << "";
    }
    void refusedTensors() {
        QFETCH(QByteArray, file);
        QFETCH(QString, tensor);
        QFETCH(QString, slice);
        QFETCH(QString, message);
        const auto r = read(file, tensor, slice);
        if (message.isEmpty()) {
            QVERIFY2(r.ok(), qPrintable(r.error));
            return;
        }
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(message), qPrintable(r.error));
        QVERIFY2(r.error.contains("model.safetensors: "), qPrintable(r.error));
        QCOMPARE(r.matrix.size(), 0);
    }

    // Headers built to make a careless reader allocate, read out of bounds or accept garbage.
    void hostileHeaders_data() {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("message");
        const QByteArray four = f32Bytes({1, 2, 3, 4});
        const auto entry = [](const char *dtype, const char *shape, const char *offsets) {
            return QByteArray("{\"t\":{\"dtype\":\"") + dtype + "\",\"shape\":" + shape +
                   ",\"data_offsets\":" + offsets + "}}";
        };
        QByteArray huge;
        appendLe(huge, ~std::uint64_t(0), 8);
        huge += "{}";
        QTest::newRow("huge header length") << huge << "beyond the format's limit";
        QByteArray longer;
        appendLe(longer, 4096, 8);
        longer += "{\"t\":1}";
        QTest::newRow("header past the end") << longer << "beyond the file's 15 bytes";
        QTest::newRow("not JSON") << safetensorsFile("{not json at all", four)
                                  << "its header is not JSON";
        QTest::newRow("JSON array") << safetensorsFile("[1, 2]", four) << "not a JSON object";
        QTest::newRow("offsets past the end")
            << safetensorsFile(entry("F32", "[4]", "[0, 1000000]"), four) << "past the end";
        QTest::newRow("end before begin")
            << safetensorsFile(entry("F32", "[0]", "[8, 4]"), four) << "ends (4) before";
        QTest::newRow("wrong dtype size") << safetensorsFile(entry("F64", "[4]", "[0, 16]"), four)
                                          << "shape 4 of F64 needs 32 bytes, its data has 16";
        QTest::newRow("shape overflows")
            << safetensorsFile(entry("F32", "[4294967296, 4294967296]", "[0, 16]"), four)
            << "needs more than 2^64 bytes";
        QTest::newRow("unknown dtype")
            << safetensorsFile(entry("F128", "[1]", "[0, 16]"), four) << "unknown dtype 'F128'";
        QTest::newRow("negative dimension")
            << safetensorsFile(entry("F32", "[-4]", "[0, 16]"), four) << "not a whole number";
        QTest::newRow("fractional offset")
            << safetensorsFile(entry("F32", "[4]", "[0, 15.5]"), four) << "not a whole number";
        QTest::newRow("offsets not a pair")
            << safetensorsFile(entry("F32", "[4]", "[0]"), four) << "not a pair";
        QTest::newRow("overlapping ranges")
            << safetensorsFile("{\"a\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[0,12]},"
                               "\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[8,16]}}",
                               four)
            << "overlaps another's";
        QTest::newRow("a gap") << safetensorsFile(entry("F32", "[2]", "[8, 16]"), four)
                               << "gap at bytes [0, 8)";
        QTest::newRow("data left over") << safetensorsFile(entry("F32", "[2]", "[0, 8]"), four)
                                        << "16 data bytes, but its tensors describe 8";
        QTest::newRow("entry not an object")
            << safetensorsFile("{\"t\": 5}", four) << "its entry is not a JSON object";
    }
    void hostileHeaders() {
        QFETCH(QByteArray, file);
        QFETCH(QString, message);
        const auto r = attn::importMatrixData(file, "evil.safetensors");
        QVERIFY(!r.ok());
        QVERIFY2(r.error.startsWith("evil.safetensors: ") && r.error.contains(message),
                 qPrintable(r.error));
        QCOMPARE(r.matrix.size(), 0);
    }

    void slices_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical"); // "" = refused
        QTest::newRow("columns") << "[:, 0:64]"
                                 << "[:, 0:64]";
        QTest::newRow("spaces") << " [ 1 : , -3 ] "
                                << "[1:, -3]";
        QTest::newRow("whole") << ""
                               << "";
        QTest::newRow("step") << "[0:4:2]"
                              << "";
        QTest::newRow("no brackets") << "0:4"
                                     << "";
        QTest::newRow("not a number") << "[a:b]"
                                      << "";
        QTest::newRow("empty entry") << "[, 1]"
                                     << "";
        QTest::newRow("empty brackets") << "[]"
                                        << "";
    }
    void slices() {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        const bool refused = canonical.isEmpty() && !text.isEmpty();
        try {
            const attn::ArraySlice s = attn::parseArraySlice(text);
            QVERIFY2(!refused, "accepted");
            QCOMPARE(attn::sliceText(s), canonical);
        } catch (const attn::InputError &e) {
            QVERIFY2(refused, e.what());
        }
    }

    // The same notation for the other formats (applied after reading).
    void slicesOfCsvAndNpy_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("slice");
        QTest::addColumn<bool>("transpose");
        QTest::addColumn<attn::Matrix>("expected");
        const attn::Matrix m = fixtureM(); // 3×4, as f8_c.npy holds it
        QTest::newRow("npy rows") << "f8_c.npy"
                                  << "[1:]" << false << attn::Matrix(m.bottomRows(2));
        QTest::newRow("npy column as a row")
            << "f8_c.npy"
            << "[:, 2]" << false << attn::Matrix(m.col(2).transpose());
        QTest::newRow("npy row 1") << "f8_c.npy"
                                   << "[1]" << false << attn::Matrix(m.row(1));
        QTest::newRow("npy transposed") << "f8_c.npy"
                                        << "" << true << attn::Matrix(m.transpose());
        QTest::newRow("npy block transposed")
            << "f8_c.npy"
            << "[0:2, -2:]" << true << attn::Matrix(m.block(0, 2, 2, 2).transpose());
    }
    void slicesOfCsvAndNpy() {
        QFETCH(QString, file);
        QFETCH(QString, slice);
        QFETCH(bool, transpose);
        QFETCH(attn::Matrix, expected);
        const auto r =
            attn::importMatrix(fixture(file), attn::ImportSelection{{}, slice, transpose});
        QVERIFY2(r.ok(), qPrintable(r.error));
        COMPARE_BITS(r.matrix, expected);
    }

    void listing() {
        QTemporaryDir dir;
        const QString path = dir.filePath("gpt2.safetensors");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            safetensors({{"wte", "F16", {3, 4}, QByteArray(24, '\0')},
                         {"h.0.attn.c_attn.weight", "F32", {4, 12}, f32Matrix(fusedAttention())},
                         {"cube", "BF16", {1, 1, 2}, QByteArray(4, '\0')}}));
        f.close();
        const attn::ArrayListing listing = attn::listArrays(path);
        QVERIFY2(listing.ok(), qPrintable(listing.error));
        QCOMPARE(QString::fromUtf8(attn::arrayListingJsonLines(listing)),
                 QStringLiteral("{\"name\":\"wte\",\"dtype\":\"F16\",\"shape\":[3,4]}\n"
                                "{\"name\":\"h.0.attn.c_attn.weight\",\"dtype\":\"F32\","
                                "\"shape\":[4,12]}\n"
                                "{\"name\":\"cube\",\"dtype\":\"BF16\",\"shape\":[1,1,2]}\n"));
        QVERIFY(listing.arrays[2].problem.contains("3-D"));

        const attn::ArrayListing npy = attn::listArrays(fixture("f8_c.npy"));
        QCOMPARE(QString::fromUtf8(attn::arrayListingJsonLines(npy)),
                 QStringLiteral("{\"name\":\"\",\"dtype\":\"float64\",\"shape\":[3,4]}\n"));
    }
};

QTEST_GUILESS_MAIN(TestSafetensors)
#include "test_safetensors.moc"
