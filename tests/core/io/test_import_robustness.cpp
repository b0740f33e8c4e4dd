// SPDX-License-Identifier: GPL-3.0-or-later
// Damaged files: every importer on good files truncated at every byte offset, with bytes
// flipped at every offset, on random bytes (behind each signature), and on .npy headers that
// lie about the data. Each must give an error naming the file and no matrix, never a crash;
// a damaged .npz that still reads must give one of its original arrays bit for bit (the
// CRC-32 guards it).

#include "io/MatrixImport.h"
#include "support/IoSupport.h"

#include <QtEndian>

#include <map>
#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;
using attn::importMatrixData;
using attn::Matrix;

class TestImportRobustness : public QObject {
    Q_OBJECT

private slots:
    void npyHeaderLies_data();
    void npyHeaderLies();
    void truncatedAtEveryOffset_data();
    void truncatedAtEveryOffset();
    void flippedBytes_data();
    void flippedBytes();
    void randomBytes_data();
    void randomBytes();
    void npzStricterThanZipfile_data();
    void npzStricterThanZipfile();
};

void TestImportRobustness::npyHeaderLies_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("parts");
    const QByteArray good = readFixture("f8_c.npy");
    QVERIFY(good.contains("(3, 4)"));
    auto with = [&](const char *from, const char *to) {
        return QByteArray(good).replace(from, to);
    };
    QTest::newRow("more rows than data")
        << with("(3, 4)", "(4, 4)") << QStringList{"cut short", "4\u00d74", "128 bytes"};
    QTest::newRow("fewer rows than data")
        << with("(3, 4)", "(2, 4)") << QStringList{"32 bytes more", "2\u00d74"};
    QTest::newRow("1-D of 3") << with("(3, 4)", "(3,  )") << QStringList{"72 bytes more"};
    QTest::newRow("huge shape") << with("(3, 4)", "(9999999999999999999999, 4)")
                                << QStringList{"too large"};
    QTest::newRow("float32 for float64") << with("'<f8'", "'<f4'") << QStringList{"48 bytes more"};
    QTest::newRow("complex64 for float64") << with("'<f8'", "'<c8'") << QStringList{"complex"};
    QTest::newRow("no byte order") << with("'<f8'", "'|f8'") << QStringList{"byte order"};
    QTest::newRow("extra byte") << good + '\0' << QStringList{"1 bytes more"};
    QTest::newRow("missing byte") << good.chopped(1) << QStringList{"cut short"};
    QByteArray longHeader = good;
    longHeader[8] = char(0xff);
    longHeader[9] = char(0xff);
    QTest::newRow("header length beyond the file")
        << longHeader << QStringList{"cut short in its header"};
    QByteArray v4 = good;
    v4[6] = 4;
    QTest::newRow("version 4.0") << v4 << QStringList{"version 4.0"};
    QTest::newRow("missing key") << with("'fortran_order'", "'fortran_ordex'")
                                 << QStringList{"unexpected key 'fortran_ordex'"};
    QTest::newRow("code in header") << with("False", "(1+1)") << QStringList{"header is not valid"};
    QTest::newRow("shape of strings") << with("(3, 4)", "('3',4)") << QStringList{"not a number"};
    QTest::newRow("deep nesting") << with("(3, 4), }", "((((((((((((")
                                  << QStringList{"header is not valid"};
}

void TestImportRobustness::npyHeaderLies() {
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, parts);
    const attn::ImportResult r = importMatrixData(bytes, "lie.npy");
    VERIFY_REFUSED(r, QString("lie.npy"), parts);
}

void TestImportRobustness::truncatedAtEveryOffset_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("array");
    for (const char *f : {"f8_c.npy", "f4_fortran_be.npy", "v3.npy", "vector.npy", "i8_limits.npy"})
        QTest::newRow(f) << f << "";
    QTest::newRow("savez.npz") << "savez.npz"
                               << "v";
    QTest::newRow("savez_compressed.npz") << "savez_compressed.npz"
                                          << "P";
    QTest::newRow("fixed_huffman.npz") << "fixed_huffman.npz"
                                       << "";
    QTest::newRow("zip64.npz") << "zip64.npz"
                               << "P";
    QTest::newRow("level0.npz") << "level0.npz"
                                << "";
    QTest::newRow("commented.npz") << "commented.npz"
                                   << "";
    QTest::newRow("mixed_compressed.npz") << "mixed_compressed.npz"
                                          << "big";
}

void TestImportRobustness::truncatedAtEveryOffset() {
    QFETCH(QString, file);
    QFETCH(QString, array);
    const QByteArray bytes = readFixture(file);
    QVERIFY(bytes.size() > 100);
    QVERIFY(importMatrixData(bytes, file, array).ok());
    for (qsizetype n = 0; n < bytes.size(); ++n) {
        const attn::ImportResult r = importMatrixData(bytes.left(n), file, array);
        QVERIFY2(!r.ok(), qPrintable(QString("%1 bytes of %2 imported").arg(n).arg(bytes.size())));
        QVERIFY(r.matrix.size() == 0);
        QVERIFY(r.error.startsWith(file + ": "));
        if (file.endsWith(".npz"))
            QVERIFY(!attn::listNpzArraysData(bytes.left(n), file).ok());
    }
}

void TestImportRobustness::flippedBytes_data() {
    QTest::addColumn<QString>("file");
    for (const char *f : {"f8_be.npy", "savez.npz", "savez_compressed.npz", "fixed_huffman.npz",
                          "zip64.npz", "level0.npz"})
        QTest::newRow(f) << f;
}

void TestImportRobustness::flippedBytes() {
    QFETCH(QString, file);
    const QByteArray bytes = readFixture(file);
    const bool npz = file.endsWith(".npz");
    std::map<QString, Matrix> originals; // array name -> matrix
    if (npz) {
        for (const QString &name : attn::npzArrayNames(fixture(file)))
            originals[name] = attn::importMatrix(fixture(file), name).matrix;
    }
    const Matrix original = importMatrixData(bytes, file).matrix;
    QVERIFY(original.size() > 0);
    int refused = 0, total = 0;
    for (qsizetype at = 0; at < bytes.size(); ++at) {
        for (const char mask : {char(0x01), char(0x80), char(0xff)}) {
            QByteArray changed = bytes;
            changed[at] = char(changed[at] ^ mask);
            const attn::ImportResult r = importMatrixData(changed, file);
            ++total;
            if (!r.ok()) {
                ++refused;
                QVERIFY(r.matrix.size() == 0);
                continue;
            }
            const QString where = QString("byte %1 ^ %2").arg(at).arg(int(uchar(mask)));
            if (npz) {
                // The CRC guards the data: an archive that still reads gives an original array.
                QVERIFY2(originals.count(r.arrayName), qPrintable(where + ": " + r.arrayName));
                QVERIFY2(bitDifference(r.matrix, originals[r.arrayName]).isEmpty(),
                         qPrintable(where));
            } else {
                // .npy has no checksum: a flipped data byte is a different number, but the
                // shape cannot change without the header failing to parse or to match.
                QVERIFY2(r.matrix.rows() == original.rows() && r.matrix.cols() == original.cols(),
                         qPrintable(where));
            }
        }
    }
    QVERIFY(refused > total / 10); // most flips are caught
}

void TestImportRobustness::randomBytes_data() {
    QTest::addColumn<QByteArray>("prefix");
    QTest::addColumn<QString>("name");
    QTest::newRow("no signature") << QByteArray() << "random.bin";
    QTest::newRow("no signature, .csv") << QByteArray() << "random.csv";
    QTest::newRow(".npy magic") << QByteArray("\x93NUMPY") << "random.npy";
    QTest::newRow(".npy 1.0 header")
        << QByteArray("\x93NUMPY\x01\x00\x40\x00{", 11) << "random.npy";
    QTest::newRow("zip local header") << QByteArray("PK\x03\x04") << "random.npz";
    QTest::newRow("zip end record") << QByteArray("PK\x05\x06") << "random.npz";
}

void TestImportRobustness::randomBytes() {
    QFETCH(QByteArray, prefix);
    QFETCH(QString, name);
    std::mt19937 rng(20240611);
    std::uniform_int_distribution<int> byte(0, 255), length(0, 3000);
    for (int trial = 0; trial < 300; ++trial) {
        QByteArray bytes = prefix;
        const int n = length(rng);
        for (int k = 0; k < n; ++k)
            bytes += char(byte(rng));
        // Now and then an end record at the end, so the zip parser gets past its first check.
        if (trial % 3 == 0 && name.endsWith(".npz"))
            bytes += QByteArray("PK\x05\x06", 4) + QByteArray(18, '\0').replace(8, 1, "\x01");
        const attn::ImportResult r = importMatrixData(bytes, name);
        QVERIFY2(!r.ok(), qPrintable(QString("trial %1 imported").arg(trial)));
        QVERIFY(r.error.startsWith(name + ": "));
        QVERIFY(r.matrix.size() == 0);
        if (name.endsWith(".npz"))
            QVERIFY(!attn::listNpzArraysData(bytes, name).ok() ||
                    attn::listNpzArraysData(bytes, name).arrays.empty());
    }
}

// What Python's zipfile would read differently, or not notice: refused, with the reason.
void TestImportRobustness::npzStricterThanZipfile_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    const QByteArray good = readFixture("savez.npz");
    const qsizetype end = good.lastIndexOf(QByteArray("PK\x05\x06", 4));
    QVERIFY(end > 0);
    auto u32At = [](QByteArray &b, qsizetype at, quint32 v) {
        for (int i = 0; i < 4; ++i)
            b[at + i] = char(v >> (8 * i) & 0xff);
    };
    const quint32 directorySize = qFromLittleEndian<quint32>(good.constData() + end + 12);
    // Bytes between the declared directory and its end record (zipfile: "prepended data").
    QTest::newRow("gap before the end record")
        << good.left(end) + "JUNK!" + good.mid(end) << "5 bytes lie between the central";
    // The declared directory is larger than its records: bytes after the last record.
    QByteArray longer = good.left(end) + "JUNK!" + good.mid(end);
    u32At(longer, end + 5 + 12, directorySize + 5);
    QTest::newRow("bytes after the last record") << longer << "5 bytes follow the";
    // A member whose local header names another file than the central directory does.
    QByteArray renamed = good;
    const qsizetype local = renamed.indexOf(QByteArray("PK\x03\x04", 4));
    renamed[local + 30] = char(renamed[local + 30] ^ 0x20); // first letter of the local name
    QTest::newRow("local and central names differ") << renamed << "names another file";
}

void TestImportRobustness::npzStricterThanZipfile() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    QVERIFY(importMatrixData(readFixture("savez.npz"), "a.npz").ok());
    const attn::ImportResult r = importMatrixData(bytes, "a.npz");
    QVERIFY(!r.ok());
    QVERIFY2(r.error.startsWith("a.npz: ") && r.error.contains(message), qPrintable(r.error));
}

QTEST_GUILESS_MAIN(TestImportRobustness)
#include "test_import_robustness.moc"
