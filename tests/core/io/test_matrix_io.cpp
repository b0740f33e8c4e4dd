// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix import: CSV/TSV text, .npy and .npz, on good files (fixtures written by NumPy, see
// tests/data/import/make_fixtures.py) and on bad ones of each kind: wrong dtypes and shapes,
// non-numbers, bad CRCs, corrupt deflate streams, unsupported zip features. A bad file gives
// an error naming it and no matrix. Damaged files (truncated, flipped, random bytes, lying
// headers) are in test_import_robustness.cpp.

#include "io/MatrixImport.h"
#include "io/ZipArchive.h"
#include "support/IoSupport.h"

#include <QTemporaryDir>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;
using attn::importMatrixData;
using attn::Matrix;

class TestMatrixIo : public QObject {
    Q_OBJECT

private slots:
    void csvGood_data();
    void csvGood();
    void csvBad_data();
    void csvBad();
    void npyGood_data();
    void npyGood();
    void npyBad_data();
    void npyBad();
    void npzGood_data();
    void npzGood();
    void npzBad_data();
    void npzBad();
    void npzCoversEveryBlockType();
    void npzListing();
    void fileErrors_data();
    void fileErrors();
};
void TestMatrixIo::csvGood_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<Matrix>("expected");
    QTest::addColumn<QString>("description");
    QTest::addColumn<QString>("note"); // a note that must be there, or "" for no note at all
    const Matrix m22 = matrix(2, 2, {1, 2, 3, 4});
    QTest::newRow("comma") << QByteArray("1,2\n3,4\n") << m22 << "comma"
                           << "";
    QTest::newRow("no final newline") << QByteArray("1,2\n3,4") << m22 << "comma"
                                      << "";
    QTest::newRow("CRLF") << QByteArray("1,2\r\n3,4\r\n") << m22 << "comma"
                          << "";
    QTest::newRow("lone CR") << QByteArray("1,2\r3,4\r") << m22 << "comma"
                             << "";
    QTest::newRow("BOM and header") << QByteArray("\xef\xbb\xbf"
                                                  "a,b\n1,2\n3,4\n")
                                    << m22 << "comma"
                                    << "skipped the header row on line 1: a,b";
    QTest::newRow("tab") << QByteArray("1\t2\n3\t4\n") << m22 << "tab"
                         << "";
    QTest::newRow("tab, decimal comma")
        << QByteArray("1,5\t-2\n") << matrix(1, 2, {1.5, -2}) << "tab"
        << "decimal commas";
    QTest::newRow("semicolon, decimal comma")
        << QByteArray("1,5;-2,25\n0;1e3\n") << matrix(2, 2, {1.5, -2.25, 0, 1000}) << "semicolon"
        << "decimal commas";
    QTest::newRow("semicolon, points")
        << QByteArray("1.5;2\n") << matrix(1, 2, {1.5, 2}) << "semicolon"
        << "";
    QTest::newRow("Excel sep= line") << QByteArray("sep=,\r\n1,2\r\n3,4\r\n") << m22 << "comma"
                                     << "";
    QTest::newRow("whitespace") << QByteArray("  1   2\n3 4  \n") << m22 << "spaces"
                                << "";
    QTest::newRow("tabs and spaces align")
        << QByteArray("1 2\t3\n4\t5  6\n") << matrix(2, 3, {1, 2, 3, 4, 5, 6}) << "spaces"
        << "";
    QTest::newRow("tab with spaces around") << QByteArray("1 \t 2\n3\t  4\n") << m22 << "tab"
                                            << "";
    QTest::newRow("comments and blank lines")
        << QByteArray("# made by hand\n\n1 2\n\n# more\n3 4\n\n") << m22 << "spaces"
        << "";
    QTest::newRow("quoted fields")
        << QByteArray("\"x, y\",\"z\"\n\"1.5\", \"2\"\n") << matrix(1, 2, {1.5, 2}) << "comma"
        << "x, y";
    QTest::newRow("signs and exponents")
        << QByteArray("+1e3,-2.5E-2,.5,5.\n") << matrix(1, 4, {1000, -0.025, 0.5, 5}) << "comma"
        << "";
    QTest::newRow("one column") << QByteArray("1\n2\n3\n") << matrix(3, 1, {1, 2, 3}) << "spaces"
                                << "";
    QTest::newRow("one number") << QByteArray("42") << matrix(1, 1, {42}) << "spaces"
                                << "";
    QTest::newRow("spaces around fields") << QByteArray(" 1 , 2 \n 3,4\n") << m22 << "comma"
                                          << "";
    QTest::newRow("limits") << QByteArray("1e15,-1e15,5e-324\n")
                            << matrix(1, 3, {1e15, -1e15, 5e-324}) << "comma"
                            << "";
    QTest::newRow("header with digits")
        << QByteArray("x1,x2\n1,2\n") << matrix(1, 2, {1, 2}) << "comma"
        << "line 1: x1,x2";
    QTest::newRow("header with empty first field")
        << QByteArray(",a\n1,2\n") << matrix(1, 2, {1, 2}) << "comma"
        << "header";
    const Matrix m = fixtureM();
    auto file = [](const char *name) { return readFixture(name); };
    QTest::newRow("np.savetxt default") << file("savetxt_default.txt") << fixtureP() << "spaces"
                                        << "";
    QTest::newRow("np.savetxt header") << file("savetxt_header.csv") << m << "comma"
                                       << "";
    QTest::newRow("np.savetxt %.17g") << file("savetxt_17g.csv") << fixtureP() << "comma"
                                      << "";
    QTest::newRow("BOM CRLF header file") << file("bom_crlf_header.csv") << m << "comma"
                                          << "line 1: x,y,z,w";
    QTest::newRow("tsv file") << file("tab.tsv") << m << "tab"
                              << "";
    QTest::newRow("semicolon file") << file("semicolon_decimal_comma.csv") << m << "semicolon"
                                    << "decimal commas";
    QTest::newRow("whitespace file") << file("whitespace.txt") << m << "spaces"
                                     << "";
}

void TestMatrixIo::csvGood() {
    QFETCH(QByteArray, text);
    QFETCH(Matrix, expected);
    QFETCH(QString, description);
    QFETCH(QString, note);
    QVERIFY(!text.isEmpty());
    const attn::ImportResult r = importMatrixData(text, "pasted.csv");
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.format, attn::ImportFormat::Text);
    COMPARE_BITS(r.matrix, expected);
    QVERIFY2(r.description.contains(description), qPrintable(r.description));
    if (note.isEmpty())
        QVERIFY2(r.notes.isEmpty(), qPrintable(r.notes.join("; ")));
    else
        QVERIFY2(r.notes.join("; ").contains(note), qPrintable(r.notes.join("; ")));
}

void TestMatrixIo::csvBad_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("parts");
    QTest::newRow("word") << QByteArray("1,2\n3,abc\n")
                          << QStringList{"line 2, column 2: \"abc\" is not a number"};
    QTest::newRow("ragged") << QByteArray("1,2\n\n3\n")
                            << QStringList{"line 3 has 1 values, but line 1 has 2"};
    QTest::newRow("empty cell") << QByteArray("1,,2\n")
                                << QStringList{"line 1, column 2: an empty cell"};
    QTest::newRow("trailing comma")
        << QByteArray("1,2,\n") << QStringList{"line 1, column 3: an empty cell"};
    QTest::newRow("NaN") << QByteArray("1,2\n3,nan\n")
                         << QStringList{"line 2, column 2", "\"nan\" is not a finite number"};
    QTest::newRow("inf") << QByteArray("inf,2\n")
                         << QStringList{"line 1, column 1", "not a finite number (inf)"};
    QTest::newRow("-inf (exported logits)")
        << QByteArray("1,-inf\n") << QStringList{"column 2", "not a finite number (-inf)"};
    QTest::newRow("beyond 1e15")
        << QByteArray("1\n1.5e15\n")
        << QStringList{"line 2, column 1",
                       "is too large: 1.5e+15 (values must lie within \u00b11e15)"};
    QTest::newRow("overflow") << QByteArray("1e400\n") << QStringList{"beyond the range"};
    QTest::newRow("underflow") << QByteArray("1,1e-400\n")
                               << QStringList{"column 2", "beyond the range"};
    QTest::newRow("header only") << QByteArray("a,b\n") << QStringList{"header row but no numbers"};
    QTest::newRow("empty") << QByteArray("") << QStringList{"no numbers"};
    QTest::newRow("blank lines") << QByteArray("\n \n\t\n") << QStringList{"no numbers"};
    QTest::newRow("BOM only") << QByteArray("\xef\xbb\xbf") << QStringList{"no numbers"};
    QTest::newRow("two headers") << QByteArray("a,b\nc,d\n1,2\n")
                                 << QStringList{"line 2, column 1: \"c\" is not a number"};
    QTest::newRow("label column") << QByteArray("t0,1,2\nt1,3,4\n")
                                  << QStringList{"line 1, column 1: \"t0\""};
    QTest::newRow("NUL byte") << QByteArray("1,2\n3,4\0\n", 9) << QStringList{"NUL"};
    QTest::newRow("open quote") << QByteArray("1,\"2\n")
                                << QStringList{"line 1, column 2", "never closed"};
    QTest::newRow("after quote") << QByteArray("\"1\"x,2\n")
                                 << QStringList{"line 1, column 1", "after a closing quote"};
    QTest::newRow("thousands separator")
        << QByteArray("1,234.5;2\n") << QStringList{"\"1,234.5\" is not a number"};
    QTest::newRow("long field cut") << QByteArray("1," + QByteArray(100, 'x') + "\n")
                                    << QStringList{"\"xxxxxxxxxxxxxxxxxxxxxxxx\u2026\""};
    QTest::newRow("control character") << QByteArray("1,\x01\n") << QStringList{"\"\\x01\""};
    QByteArray wide = "1";
    for (int k = 0; k < 4096; ++k)
        wide += ",1";
    QTest::newRow("4097 columns") << wide << QStringList{"line 1 has more than 4096 values"};
    QTest::newRow("4097 columns, spaces")
        << QByteArray(wide).replace(',', ' ') << QStringList{"more than 4096 values"};
    QTest::newRow("4097 rows") << QByteArray("1\n").repeated(4097)
                               << QStringList{"more than 4096 rows", "line 4097"};
}

void TestMatrixIo::csvBad() {
    QFETCH(QByteArray, text);
    QFETCH(QStringList, parts);
    const attn::ImportResult r = importMatrixData(text, "data.csv");
    VERIFY_REFUSED(r, QString("data.csv"), parts);
}

void TestMatrixIo::npyGood_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<Matrix>("expected");
    QTest::addColumn<QString>("description");
    const Matrix m = fixtureM();
    QTest::newRow("float64 C") << "f8_c.npy" << m << "float64, C order";
    QTest::newRow("float64 Fortran") << "f8_fortran.npy" << m << "float64, Fortran order";
    QTest::newRow("float32") << "f4_c.npy" << m << "float32, C order";
    QTest::newRow("float32 big-endian Fortran")
        << "f4_fortran_be.npy" << m << "float32, big-endian, Fortran order";
    QTest::newRow("float64 big-endian") << "f8_be.npy" << m << "float64, big-endian, C order";
    QTest::newRow("float16") << "f2.npy" << m << "float16";
    QTest::newRow("int32") << "i4.npy" << fixtureM(8) << "int32";
    QTest::newRow("int16 big-endian")
        << "i2_be.npy" << matrix(1, 2, {-300, 300}) << "int16, big-endian";
    QTest::newRow("uint8") << "u1.npy" << matrix(1, 3, {0, 255, 7}) << "uint8";
    QTest::newRow("int64 limits") << "i8_limits.npy" << matrix(2, 2, {1e15, -1e15, 0, 7})
                                  << "int64";
    QTest::newRow("1-D") << "vector.npy" << fixtureVector() << "float64";
    QTest::newRow("17 digits") << "precise.npy" << fixtureP() << "float64";
    QTest::newRow("1x1") << "single.npy" << matrix(1, 1, {42}) << "float64";
    QTest::newRow("format 2.0") << "v2.npy" << m << "format 2.0";
    QTest::newRow("format 3.0") << "v3.npy" << m << "format 3.0";
    QTest::newRow("Python 2 shape (2L, 2L)")
        << "legacy_long.npy" << matrix(2, 2, {1, 2, 3, 4}) << "float64";
}

void TestMatrixIo::npyGood() {
    QFETCH(QString, file);
    QFETCH(Matrix, expected);
    QFETCH(QString, description);
    const attn::ImportResult r = attn::importMatrix(fixture(file));
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.format, attn::ImportFormat::Npy);
    COMPARE_BITS(r.matrix, expected);
    QVERIFY2(r.description.contains(description), qPrintable(r.description));
    QCOMPARE(r.notes.join("").contains("read as one row (1\u00d74)"), file == "vector.npy");
}

void TestMatrixIo::npyBad_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("parts");
    QTest::newRow("complex") << "complex.npy" << QStringList{"complex numbers", "complex128"};
    QTest::newRow("object") << "object.npy" << QStringList{"Python objects"};
    QTest::newRow("unicode") << "str.npy" << QStringList{"holds text", "<U3"};
    QTest::newRow("bytes") << "bytes.npy" << QStringList{"holds text", "|S3"};
    QTest::newRow("bool") << "bool.npy" << QStringList{"booleans"};
    QTest::newRow("3-D") << "three_d.npy" << QStringList{"3-D array (2\u00d73\u00d74)"};
    QTest::newRow("0-D") << "scalar.npy" << QStringList{"0-D array"};
    QTest::newRow("empty") << "empty.npy" << QStringList{"empty (shape 0\u00d73)"};
    QTest::newRow("NaN") << "nan.npy" << QStringList{"element [0, 1] is not a finite number (nan)"};
    QTest::newRow("-inf") << "inf.npy"
                          << QStringList{"element [1, 0] is not a finite number (-inf)"};
    QTest::newRow("1e16") << "too_large_value.npy"
                          << QStringList{"element [0, 0] is too large: 1e+16"};
    QTest::newRow("structured") << "structured.npy" << QStringList{"structured records"};
    QTest::newRow("datetime") << "datetime.npy" << QStringList{"dates or times"};
    QTest::newRow("float128") << "longdouble.npy" << QStringList{"float128"};
    QTest::newRow("4097 rows") << "too_many_rows.npy"
                               << QStringList{"too large: 4097\u00d71", "at most 4096"};
    QTest::newRow("uint64 2^63") << "u8_big.npy" << QStringList{"element [0, 0]", "is too large"};
}

void TestMatrixIo::npyBad() {
    QFETCH(QString, file);
    QFETCH(QStringList, parts);
    QVERIFY(QFile::exists(fixture(file)));
    const attn::ImportResult r = attn::importMatrix(fixture(file));
    VERIFY_REFUSED(r, fixture(file), parts);
}

void TestMatrixIo::npzGood_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("array");
    QTest::addColumn<Matrix>("expected");
    QTest::addColumn<QString>("read"); // the array name the result reports
    QTest::addColumn<QString>("description");
    const Matrix m = fixtureM(), p = fixtureP();
    for (const char *file : {"savez.npz", "savez_compressed.npz"}) {
        const QString kind = QString(file) == "savez.npz" ? "stored" : "deflated";
        const QString f(file);
        QTest::addRow("%s X", file) << f << "X" << m << "X"
                                    << "array 'X' (float64, C order, " + kind;
        QTest::addRow("%s X.npy", file) << f << "X.npy" << m << "X" << kind;
        QTest::addRow("%s P", file) << f << "P" << p << "P" << kind;
        QTest::addRow("%s v", file) << f << "v" << fixtureVector() << "v" << kind;
        QTest::addRow("%s first", file) << f << "" << m << "X" << kind;
    }
    QTest::newRow("positional arr_1") << "positional.npz"
                                      << "arr_1" << p << "arr_1"
                                      << "deflated";
    QTest::newRow("level 0 (stored blocks)") << "level0.npz"
                                             << "" << m << "X"
                                             << "deflated";
    QTest::newRow("fixed Huffman X") << "fixed_huffman.npz"
                                     << "X" << m << "X"
                                     << "deflated";
    QTest::newRow("fixed Huffman P") << "fixed_huffman.npz"
                                     << "P" << p << "P"
                                     << "deflated";
    QTest::newRow("ZIP64 deflated") << "zip64.npz"
                                    << "X" << m << "X"
                                    << "deflated";
    QTest::newRow("ZIP64 stored") << "zip64.npz"
                                  << "P" << p << "P"
                                  << "stored";
    QTest::newRow("archive comment") << "commented.npz"
                                     << "X" << m << "X"
                                     << "deflated";
    QTest::newRow("listing good") << "listing.npz"
                                  << "good" << m << "good"
                                  << "deflated";
    Matrix tiny = matrix(1, 1, {1.0});
    QTest::newRow("mixed tiny") << "mixed_compressed.npz"
                                << "tiny" << tiny << "tiny"
                                << "deflated";
}

void TestMatrixIo::npzGood() {
    QFETCH(QString, file);
    QFETCH(QString, array);
    QFETCH(Matrix, expected);
    QFETCH(QString, read);
    QFETCH(QString, description);
    const attn::ImportResult r = attn::importMatrix(fixture(file), array);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.format, attn::ImportFormat::Npz);
    QCOMPARE(r.arrayName, read);
    COMPARE_BITS(r.matrix, expected);
    QVERIFY2(r.description.contains(description), qPrintable(r.description));
    // Without a name, the first of several arrays is taken, and the user is told.
    const bool several = file.startsWith("savez");
    QCOMPARE(r.notes.join("").contains("the first of 3 (X, P, v)"), array.isEmpty() && several);
}

void TestMatrixIo::npzBad_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("array");
    QTest::addColumn<QStringList>("parts");
    QTest::newRow("bad CRC, deflated") << "bad_crc.npz"
                                       << "" << QStringList{"X.npy fails its CRC-32"};
    QTest::newRow("bad CRC, stored") << "bad_crc_stored.npz"
                                     << "" << QStringList{"CRC-32"};
    QTest::newRow("corrupt deflate") << "corrupt_deflate.npz"
                                     << "" << QStringList{"array 'X': X.npy: the compressed data"};
    QTest::newRow("encrypted") << "encrypted.npz"
                               << "" << QStringList{"encrypted"};
    QTest::newRow("bzip2") << "bzip2.npz"
                           << "" << QStringList{"method 12"};
    QTest::newRow("no arrays") << "no_arrays.npz"
                               << "" << QStringList{"no .npy arrays"};
    QTest::newRow("empty archive") << "empty.npz"
                                   << "" << QStringList{"holds no arrays"};
    QTest::newRow("text member") << "text_member.npz"
                                 << "" << QStringList{"array 'X': not a NumPy .npy file"};
    QTest::newRow("zip bomb") << "bomb.npz"
                              << "" << QStringList{"more than deflate can produce"};
    QTest::newRow("over 256 MiB") << "oversized.npz"
                                  << "" << QStringList{"too large"};
    QTest::newRow("size too small") << "lying_size.npz"
                                    << "" << QStringList{"expands beyond its declared size"};
    QTest::newRow("unknown name") << "savez.npz"
                                  << "W" << QStringList{"has no array 'W' (it has 'X', 'P', 'v')"};
    QTest::newRow("3-D member") << "listing.npz"
                                << "cube" << QStringList{"array 'cube'", "3-D"};
    QTest::newRow("complex member") << "listing.npz"
                                    << "cplx" << QStringList{"complex"};
    QTest::newRow("array name for .npy") << "f8_c.npy"
                                         << "X" << QStringList{"not an .npz file"};
    QTest::newRow("array name for CSV") << "tab.tsv"
                                        << "X" << QStringList{"not an .npz file"};
}

void TestMatrixIo::npzBad() {
    QFETCH(QString, file);
    QFETCH(QString, array);
    QFETCH(QStringList, parts);
    QVERIFY(QFile::exists(fixture(file)));
    const attn::ImportResult r = attn::importMatrix(fixture(file), array);
    VERIFY_REFUSED(r, fixture(file), parts);
}

void TestMatrixIo::npzCoversEveryBlockType() {
    // The decoder is only tested on all three block types if the fixtures contain them.
    attn::DeflateBlockCounts total;
    for (const char *file :
         {"savez_compressed.npz", "mixed_compressed.npz", "level0.npz", "fixed_huffman.npz"}) {
        const attn::ZipArchive zip(readFixture(file));
        for (const attn::ZipEntry &entry : zip.entries()) {
            attn::DeflateBlockCounts counts;
            const QByteArray data = zip.read(entry, 1 << 20, &counts);
            QVERIFY(data.startsWith("\x93NUMPY"));
            QVERIFY(counts.stored + counts.fixed + counts.dynamic > 0);
            if (QString(file) == "level0.npz")
                QVERIFY(counts.stored > 0 && counts.fixed == 0 && counts.dynamic == 0);
            if (QString(file) == "fixed_huffman.npz")
                QVERIFY(counts.fixed > 0 && counts.stored == 0 && counts.dynamic == 0);
            total.stored += counts.stored;
            total.fixed += counts.fixed;
            total.dynamic += counts.dynamic;
        }
    }
    QVERIFY(total.stored > 0);
    QVERIFY(total.fixed > 0);
    QVERIFY(total.dynamic > 0);
}

void TestMatrixIo::npzListing() {
    const attn::NpzListing listing = attn::listNpzArrays(fixture("listing.npz"));
    QVERIFY2(listing.ok(), qPrintable(listing.error));
    QCOMPARE(listing.arrays.size(), std::size_t(4));
    const attn::NpzArrayInfo &good = listing.arrays[0], &cube = listing.arrays[1];
    const attn::NpzArrayInfo &cplx = listing.arrays[2], &vec = listing.arrays[3];
    QCOMPARE(good.name, QString("good"));
    QCOMPARE(good.dtype, QString("float64"));
    QCOMPARE(good.shape, QString("3\u00d74"));
    QVERIFY2(good.problem.isEmpty(), qPrintable(good.problem));
    QCOMPARE(cube.name, QString("cube"));
    QCOMPARE(cube.shape, QString("2\u00d72\u00d72"));
    QVERIFY(cube.problem.contains("3-D"));
    QCOMPARE(cplx.dtype, QString("complex128"));
    QVERIFY(cplx.problem.contains("complex"));
    QCOMPARE(vec.shape, QString("4"));
    QVERIFY(vec.problem.isEmpty());

    QString error;
    QCOMPARE(attn::npzArrayNames(fixture("savez_compressed.npz"), &error),
             QStringList({"X", "P", "v"}));
    QVERIFY(error.isEmpty());
    const attn::NpzListing mixed = attn::listNpzArrays(fixture("mixed_compressed.npz"));
    QCOMPARE(mixed.arrays.size(), std::size_t(3));
    QCOMPARE(mixed.arrays[0].shape, QString("64\u00d764"));
    QCOMPARE(mixed.arrays[1].dtype, QString("uint8"));
    QCOMPARE(mixed.arrays[1].shape, QString("1\u00d74000"));
    // Problems of single members are listed, not fatal; a broken archive is an error.
    QVERIFY(attn::listNpzArrays(fixture("bzip2.npz")).arrays.at(0).problem.contains("method"));
    QVERIFY(attn::npzArrayNames(fixture("f8_c.npy"), &error).isEmpty());
    QVERIFY2(error.startsWith(fixture("f8_c.npy") + ": not a NumPy .npz file"), qPrintable(error));
    QVERIFY(attn::npzArrayNames(fixture("nosuch.npz"), &error).isEmpty());
    QVERIFY(error.contains("cannot open"));
    QCOMPARE(attn::importFormatOf(fixture("listing.npz")), attn::ImportFormat::Npz);
    QCOMPARE(attn::importFormatOf(fixture("f2.npy")), attn::ImportFormat::Npy);
    QCOMPARE(attn::importFormatOf(fixture("tab.tsv")), attn::ImportFormat::Text);
}

void TestMatrixIo::fileErrors_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes"); // written to a temporary file first, unless null
    QTest::addColumn<QStringList>("parts");
    QTest::newRow("missing") << "nosuch.csv" << QByteArray() << QStringList{"cannot open"};
    QTest::newRow("directory") << "adir.csv" << QByteArray() << QStringList{"directory"};
    QTest::newRow("text named .npy")
        << "x.npy" << QByteArray("1,2\n") << QStringList{"not a NumPy .npy file"};
    QTest::newRow("text named .npz")
        << "x.npz" << QByteArray("1,2\n") << QStringList{"not a NumPy .npz file"};
    QTest::newRow("binary named .csv")
        << "x.csv" << QByteArray("\x01\x02\x00\x03", 4) << QStringList{"not a text file"};
}

void TestMatrixIo::fileErrors() {
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, parts);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(name);
    if (name.startsWith("adir"))
        QVERIFY(QDir(dir.path()).mkdir(name));
    else if (!bytes.isNull()) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
    }
    const attn::ImportResult r = attn::importMatrix(path);
    VERIFY_REFUSED(r, path, parts);
}

QTEST_GUILESS_MAIN(TestMatrixIo)
#include "test_matrix_io.moc"
